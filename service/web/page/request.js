// The request: the form's values as the settlement body the service takes.
import { SPECS, app, fuHelperOn, tilesAvailable } from "./state.js";
import { fieldValues, inForm, schemaField, typed } from "./form.js";
import { tilesBody } from "./tiles.js";
import { bettors } from "./melds.js";
import { currentEntry } from "./state.js";

export function requestBody() {
  const spec = SPECS[app.ruleset];
  const v = app.values;
  const body = { winner: v.winner, dealer: v.dealer };
  body.win = v.win === "self_draw" ? { type: "self_draw" } : { type: "discard", discarder: v.discarder };
  const tiles = tilesAvailable() && v.use_tiles === "1";
  const patterns = !tiles && spec.patterns && v.use_patterns === "1";
  const skip = new Set();
  if (tiles) for (const name of spec.tilesReplace || []) skip.add(name);
  if (patterns) for (const name of spec.patterns.replaces) skip.add(name);
  for (const [field, names] of Object.entries(spec.skipWhen || {})) if (Number(v[field]) > 0) for (const name of names) skip.add(name);
  if (fuHelperOn() && !tiles && !skip.has("fu") && app.fuCount) { skip.add("fu"); body.fu = app.fuCount.fu; }
  for (const [name, , kind] of [...spec.value, ...spec.extra]) {
    if (skip.has(name)) continue;
    const value = v[name];
    if (kind === "bool") { if (value === "1") body[name] = true; continue; }
    if (kind === "seat?") { if (value) body[name] = value; continue; }
    if (kind === "int0" && (value === "0" || value === "")) continue;
    if (kind === "enum") {
      if (value !== "") body[name] = (fieldValues(schemaField(name)) || []).some((e) => typeof e === "number") ? Number(value) : value;
      continue;
    }
    body[name] = typed(kind, value);
  }
  if (patterns) {
    const chosen = [];
    for (const [name, value] of Object.entries(v)) {
      if (!name.startsWith("p.") || !(name in app.defaults) || !value || value === "0") continue;
      const code = name.slice(2);
      chosen.push(value === "1" || Number(value) === 1 ? code : { code, count: Number(value) });
    }
    if (spec.patterns.field === "yaku") {
      body.yaku = chosen.map((c) => (typeof c === "string" ? c : c.code));
      for (const [name, , kind] of spec.patterns.extra) {
        if (kind === "bool") { if (v[name] === "1") body[name] = true; } else if (Number(v[name]) > 0) body[name] = Number(v[name]);
      }
    } else {
      body.patterns = chosen.map((c) => (typeof c === "string" ? { code: c } : c));
    }
  }
  if (tiles) body.tiles = tilesBody(spec, v);
  if (spec.bettors) {
    const list = bettors().filter((b) => b.id);
    if (list.length) body.bettors = list;
  }
  placeRules(body);
  return asJSON(body);
}

// The table rules that differ from their defaults, each where the request
// carries it (discovery's `rule_groups`): `rules`, `yaku_options`, the top
// level. Fu rules (`/hand/rules`) go with a hand's structure, which the fu
// helper sends to its own endpoint.
export function placeRules(body) {
  const entry = currentEntry();
  for (const group of entry.rule_groups) {
    const names = new Set(group.options);
    const chosen = changedOptions(entry.rules.filter((option) => names.has(option.name)), "rules.");
    if (!Object.keys(chosen).length) continue;
    if (group.pointer === "") Object.assign(body, chosen);
    else if (group.pointer.split("/").length === 2) body[group.pointer.slice(1)] = chosen;
  }
}

// Exact decimals typed by hand are sent as JSON numbers, digit for digit.
export function asJSON(body) {
  return JSON.stringify(body).replace(/"\\u0000n:([-0-9.]+)"/g, "$1");
}

// The options (discovery's) whose form values differ from their defaults, by name.
export function changedOptions(options, prefix) {
  const v = app.values;
  const chosen = {};
  for (const option of options) {
    const key = prefix + option.name;
    if (option.type === "array") {
      const items = option.default.map((item, index) => (v[`${key}.${index}`] ?? "") === "" ? item : Number(v[`${key}.${index}`]));
      if (items.some((item, index) => String(item) !== (app.defaults[`${key}.${index}`] ?? String(option.default[index])))) chosen[option.name] = items;
      continue;
    }
    const value = v[key];
    if (value === undefined || value === app.defaults[key] || value === "") {
      if (!(option.type === "boolean" && value !== app.defaults[key])) continue;
    }
    chosen[option.name] = option.values ? option.values.find((x) => String(x) === value) : typed(option.type, value);
  }
  return chosen;
}

// The table rules that differ from their defaults, as the request's `rules`.
export function tableRules() {
  const entry = currentEntry();
  const group = entry.rule_groups.find((g) => g.pointer === "/rules");
  const names = new Set(group ? group.options : []);
  return changedOptions(entry.rules.filter((option) => names.has(option.name)), "rules.");
}

// A game's `game` object: the game rules changed on the page, and those the form asks for.
export function gameOptions(form) {
  const entry = currentEntry();
  const game = changedOptions(entry.game_rules || [], "game.");
  for (const option of entry.game_rules || []) if (inForm(option.name) && form[option.name] !== undefined) game[option.name] = form[option.name];
  return game;
}
