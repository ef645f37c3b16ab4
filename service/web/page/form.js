// Building the form: the hand's value, the seats, the table rules, the game
// rules and the pattern checklists, from discovery and the OpenAPI document.
import { $, ITEM_LABELS, PATTERN_VALUES, RULE_LABELS, SEATS, SPECS, VALUE_LABELS, app, el, fuHelperOn, hasValueLabel, recordPath, ruleLabel, seatName, t, tilesAvailable, valueLabel } from "./state.js";
import { cached } from "./fetching.js";

// A field of the ruleset's request schema (or of another: its tiles object is `<Ruleset>Tiles`).
export function schemaField(name, schema) {
  const schemas = (app.schema && app.schema.components && app.schema.components.schemas) || {};
  const component = schemas[schema || SPECS[app.ruleset].schema];
  const field = (component && component.properties && component.properties[name]) || {};
  // a named field type (`Fu`): its keywords, the field's own (description) over them
  const named = field.$ref && schemas[field.$ref.split("/").pop()];
  return named ? { ...named, ...field } : field;
}

// The values a field takes: its `enum`, or an integer's range by `multipleOf`
// less the `not` list (`Fu`: 20, 25, 30, 40 … 130).
export function fieldValues(info) {
  if (info.enum) return info.enum;
  if (info.type !== "integer" || !info.multipleOf || info.maximum === undefined) return null;
  const left = (info.not && info.not.enum) || [];
  const values = [];
  for (let v = info.minimum; v <= info.maximum; v += info.multipleOf) if (!left.includes(v)) values.push(v);
  return values;
}

// A field's text as the request's value.
const NUMBER = "\u0000n:";

export function typed(kind, text) {
  if (kind === "bool" || kind === "boolean") return text === "1";
  if (kind === "int" || kind === "int0" || kind === "integer") return text === "" ? null : Number(text);
  if (kind === "number") return /^-?\d+(\.\d+)?$/.test(text) ? NUMBER + text : text === "" ? null : text;
  return text;
}

// A three-player table (三人麻雀, the spec's `threePlayers`): no north seat, no 2m–8m, no chow.
export function threePlayers() {
  const three = SPECS[app.ruleset].threePlayers;
  return !!three && app.values[three.field] === three.value;
}

function seatsInPlay() {
  return threePlayers() ? SEATS.slice(0, 3) : SEATS;
}

export function control(name, label, kind, def, options) {
  options = options || {};
  app.defaults[name] = def;
  const value = name in app.values ? app.values[name] : def;
  app.values[name] = value;
  const id = "f-" + name.replace(/[^\w-]/g, "_");
  let input;
  if (kind === "bool") {
    input = el("input", { type: "checkbox", id, name });
    input.checked = value === "1";
    const box = el("label", { class: "check", for: id }, input, " ", el("span", { text: label }));
    if (options.help) box.append(el("small", { class: "help", text: options.help }));
    return box;
  }
  if (kind === "seat" || kind === "seat?" || kind === "enum" || kind === "select") {
    input = el("select", { id, name });
    const choices = options.choices || [];
    if (kind === "seat?") input.append(el("option", { value: "", text: options.none ? t(options.none) : t("Nobody") }));
    for (const choice of choices) {
      const [code, text] = Array.isArray(choice) ? choice : [String(choice), kind.startsWith("seat") ? seatName(choice) : valueLabel(choice, name.replace(/^(rules|game)\./, ""))];
      input.append(el("option", { value: code, text }));
    }
    input.value = value;
    if (input.value !== value && choices.length) {
      input.value = input.options[0].value;
      app.values[name] = input.value;
    }
  } else if (kind === "text") {
    input = el("input", { id, name, spellcheck: "false", inputmode: "latin", maxlength: options.max ?? 64 });
    if (options.placeholder) input.placeholder = options.placeholder;
    input.value = value;
  } else {
    const attrs = { id, name, type: "number", inputmode: kind === "number" ? "decimal" : "numeric" };
    if (kind === "number") attrs.step = "any";
    if (options.min !== undefined && options.min !== null) attrs.min = options.min;
    if (options.max !== undefined && options.max !== null) attrs.max = options.max;
    if (options.placeholder) attrs.placeholder = options.placeholder;
    input = el("input", attrs);
    input.value = value;
  }
  const wrap = el("label", { for: id }, el("span", { text: label }), input);
  if (options.help) {
    const help = el("small", { class: "help", id: id + "-help", text: options.help });
    input.setAttribute("aria-describedby", help.id);
    wrap.append(help);
  }
  return wrap;
}

function fieldControl(name, labelKey, kind, def, extra) {
  const info = schemaField(name);
  extra = extra || {};
  if (kind === "bool") return control(name, t(labelKey), "bool", def, extra);
  if (kind === "seat?") return control(name, t(labelKey), "seat?", def, { choices: seatsInPlay(), ...extra });
  if (kind === "enum") {
    // `none`: a first choice that sends nothing (a platform's table: none, the rules as set below)
    const none = extra.none ? [["", t(extra.none)]] : [];
    return control(name, t(labelKey), "enum", def, { ...extra, choices: [...none, ...(fieldValues(info) || [def]).filter((v) => v !== null && v !== "")] });
  }
  const min = kind === "int0" ? 0 : info.minimum;
  return control(name, t(labelKey), "int", def, { min, max: info.maximum, ...extra });
}

export function buildSeats() {
  const grid = $("seat-grid");
  grid.replaceChildren();
  const seats = seatsInPlay();
  grid.append(control("winner", t("Winner"), "seat", "east", { choices: seats }));
  grid.append(control("dealer", t("Dealer"), "seat", "east", { choices: seats }));
  grid.append(control("win", t("Win"), "select", "discard", { choices: [["discard", t("Discard")], ["self_draw", t("Self-draw")]] }));
  grid.append(control("discarder", t("Discarder"), "seat", "south", { choices: seats }));
  fixDiscarder();
}

export function fixDiscarder() {
  const select = document.querySelector("[name=discarder]");
  if (!select) return;
  const selfDraw = app.values.win === "self_draw";
  select.disabled = selfDraw;
  for (const option of select.options) option.disabled = option.value === app.values.winner;
  if (select.value === app.values.winner) {
    const seats = seatsInPlay();
    select.value = seats[(seats.indexOf(app.values.winner) + 1) % seats.length];
    app.values.discarder = select.value;
  }
}

export function buildValue(spec) {
  const grid = $("value-grid");
  grid.replaceChildren();
  for (const [name, label, kind, def, options] of [...spec.value, ...spec.extra]) {
    if (name === "players") grid.append(control(name, t(label), "enum", def, { choices: schemaField(name).enum || [4, 3] }));
    // the hint under the hand's value, as the table says it
    else grid.append(fieldControl(name, label, kind, def, name === spec.value[0][0] ? { help: t(SPECS[app.ruleset].text.hint) } : { ...(options || {}) }));
  }
}

// A rule's meaning (the API's line, in the page's language) with the codes it
// quotes shown by their names: `half_spicy` → Half spicy, true → on.
function ruleHelp(option) {
  return option.description
    .replace(/`([^`]+)`/g, (_, code) => (hasValueLabel(code, option.name) ? valueLabel(code, option.name) : RULE_LABELS[code] ? ruleLabel(code) : code))
    .replace(/\b(true|false)\b/g, (_, code) => t(VALUE_LABELS[code]))
    // a translated meaning may quote a code bare (`standard`, `patterns`): by its name too
    .replace(/\b[a-z]+(?:_[a-z0-9]+)*\b/g, (code) => (app.lang === "en" ? code : hasValueLabel(code, option.name) ? valueLabel(code, option.name) : RULE_LABELS[code] ? ruleLabel(code) : code))
    // a code's name next to the same name the meaning already gives (`shenlaiye` 神來也): once
    .replace(/(\S+) \1(?=[\s、，,。：:；;）)]|$)/gu, "$1")
    // …and a code's name before the translation's own gloss of it (東風戦（東風戦、一場）): once
    .replace(/([^\s（(]+)（\1、/gu, "$1（");
}

// A platform's table chosen (discovery's `presets`, the form's `preset`) sets rules: by name, the values it sets
// for the table's size. Each field starts at them, so the panel shows the table's rules and sends what differs.
function presetValues(entry) {
  const preset = (entry.presets || []).find((item) => item.name === app.values.preset);
  if (!preset) return {};
  return Object.assign({}, ...Object.values(preset.values[threePlayers() ? "3" : "4"] || {}));
}

// One option of discovery's lists as a form control named `<prefix><option>`
// (an array option: one box per item, `<prefix><option>.<i>`), starting at ``base`` where it says.
function optionControls(prefix, option, base) {
  const name = prefix + option.name;
  const label = ruleLabel(option.name);
  const help = ruleHelp(option);
  if (option.name in base) option = { ...option, default: base[option.name] };
  if (option.type === "array")
    return option.default.map((item, index) => control(`${name}.${index}`, ITEM_LABELS[option.name] ? t(ITEM_LABELS[option.name][index]) : `${label} ${index + 1}`, "int", String(item), {
      min: option.minimum, max: option.maximum, help: index === 0 ? help : null,
    }));
  const def = option.default === null || option.default === undefined ? "" : option.type === "boolean" ? (option.default ? "1" : "") : String(option.default);
  // a rule with no default given (the service's own reading, said in its meaning): a first choice that sends nothing
  const unstated = option.default === null || option.default === undefined ? [["", t("Default")]] : [];
  if (option.type === "boolean" && unstated.length)
    return [control(name, label, "enum", def, { choices: [...unstated, ["1", valueLabel("true", option.name)], ["0", valueLabel("false", option.name)]], help })];
  if (option.type === "boolean") return [control(name, label, "bool", def, { help })];
  if (option.values && option.values.every((value) => SEATS.includes(value))) return [control(name, label, "seat", def, { choices: option.values, help })];
  if (option.values) return [control(name, label, "enum", def, { choices: [...unstated, ...option.values], help })];
  return [control(name, label, option.type === "number" ? "number" : "int", def, {
    min: option.minimum, max: option.maximum, help, placeholder: def === "" ? t("Default") : null,
  })];
}

function buildOptions(list, prefix, options, base) {
  list.replaceChildren();
  for (const option of options) {
    for (const node of optionControls(prefix, option, base)) {
      node.classList.add("rule");
      list.append(node);
    }
  }
}

export function buildRules(entry) {
  buildOptions($("rule-list"), "rules.", entry.rules, presetValues(entry));
}

// A platform's table or the table's size changed: the rule fields left at their starting values start again
// from the new ones.
export function rebaseRules(entry) {
  for (const key of Object.keys(app.values)) if (/^(rules|game)\./.test(key) && app.values[key] === app.defaults[key]) delete app.values[key];
  buildRules(entry);
  buildGameRules(entry);
}

// A game option the hand's form already asks for (the number of players) is the form's.
export function inForm(name) {
  return document.querySelector(`#hand [name="${name}"]`) !== null;
}

export function buildGameRules(entry) {
  buildOptions($("game-rule-list"), "game.", (entry.game_rules || []).filter((option) => !inForm(option.name)), presetValues(entry));
  $("record-box").hidden = !recordPath(entry);
  // a game whose options say how a chombo is paid takes a chombo hand: the seat that committed it
  $("game-chombo-box").hidden = !(entry.game_rules || []).some((option) => option.name === "chombo");
  const chosen = $("game-chombo-seat").value || "east";
  $("game-chombo-seat").replaceChildren(...SEATS.map((seat) => el("option", { value: seat, text: seatName(seat) })));
  $("game-chombo-seat").value = chosen;
}

export function patternName(row) {
  // `name`: the row's name in the language asked for (the API's, from the catalogue); none in English
  return row.name || row.name_en || row.code;
}

export async function buildPatterns(spec) {
  const box = $("pattern-fields");
  const list = $("pattern-list");
  const extra = $("pattern-extra");
  list.replaceChildren();
  extra.replaceChildren();
  box.hidden = !spec.patterns;
  if (!spec.patterns) return;
  app.defaults.use_patterns = "";
  if (!("use_patterns" in app.values)) app.values.use_patterns = "";
  $("use-patterns").checked = app.values.use_patterns === "1";
  for (const [name, label, kind, def] of spec.patterns.extra || []) extra.append(fieldControl(name, label, kind, def));
  let url = spec.patterns.url;
  if (spec.patterns.query) url += "?" + formQuery(spec.patterns.query);
  const table = await cached(url);
  const shown = spec.patterns.rows || {};
  const hide = Object.entries(shown.hide || {});
  const rows = table.rows.filter((r) => (!shown.require || r[shown.require]) && hide.every(([field, value]) => r[field] !== value));
  for (const row of rows) {
    const name = "p." + row.code;
    const label = patternName(row) + " · " + PATTERN_VALUES[spec.patterns.shows](row);
    const node = row.max_count > 1
      ? control(name, label, "int", "0", { min: 0, max: row.max_count })
      : control(name, label, "bool", "");
    node.classList.add("pattern");
    list.append(node);
  }
  syncModes();
}

// Form values by name, each with its default when unset (`{preset: "default"}`), as a query.
export function formQuery(defaults) {
  return new URLSearchParams(Object.fromEntries(Object.entries(defaults).map(([name, def]) => [name, app.values[name] || def])));
}

// The value's inputs that the request leaves out are disabled: those the
// chosen patterns replace, and those the tiles replace (requestBody skips the same).
export function syncModes() {
  const spec = SPECS[app.ruleset];
  const patterns = !!spec.patterns && app.values.use_patterns === "1";
  const tiles = app.values.use_tiles === "1" && tilesAvailable();
  if (spec.patterns) {
    $("pattern-list").hidden = !patterns || tiles;
    $("pattern-extra").hidden = !patterns || tiles;
  }
  const helper = fuHelperOn() && !tiles;
  const replaced = new Set([...(patterns ? spec.patterns.replaces : []), ...(tiles ? spec.tilesReplace || [] : []), ...(helper ? ["fu"] : [])]);
  for (const name of [...(spec.patterns ? spec.patterns.replaces : []), ...(spec.tilesReplace || []), ...(spec.fuHelper ? ["fu"] : [])]) {
    const input = document.querySelector(`#value-grid [name="${name}"]`);
    if (!input) continue;
    const was = input.disabled;
    input.disabled = replaced.has(name);
    // enabled again, a box shows what was typed into it
    if (was && !input.disabled && name in app.values) input.value = app.values[name];
  }
  if (spec.fuHelper) {
    $("fu-fields").hidden = !fuHelperOn();
    $("fu-helper").hidden = tiles;
    if (!helper) { app.fuCount = null; $("fu-card").hidden = true; }
  }
}

// A tile picked or a meld made: the hand is now valued from its tiles.
export function useTiles() {
  app.values.use_tiles = "1";
  $("use-tiles").checked = true;
  syncModes();
}
