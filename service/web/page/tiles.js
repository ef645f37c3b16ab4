// Tiles, when the ruleset has a hands endpoint: the picker, the hand as faces,
// the counts and the tiles part of the request.
import { $, ROUND_NAMES, SEATS, SPECS, app, changed, el, fill, t, tilesAvailable } from "./state.js";
import { parseTiles, tileButton, tileName } from "./faces.js";
import { control, schemaField, threePlayers, typed, useTiles } from "./form.js";
import { buildMelds, meldBody, melds } from "./melds.js";

export function writeTiles(tiles) {
  const order = { m: 0, p: 1, s: 2, z: 3 };
  const rank = (tile) => (tile[0] === "0" ? 5.5 : Number(tile[0]));
  const sorted = [...tiles].sort((a, b) => order[a[1]] - order[b[1]] || rank(a) - rank(b));
  let text = "";
  for (let i = 0; i < sorted.length; i++) {
    text += sorted[i][0];
    if (i === sorted.length - 1 || sorted[i + 1][1] !== sorted[i][1]) text += sorted[i][1];
  }
  return text;
}

export const tileHistory = [];

export function buildTiles() {
  const box = $("tile-fields");
  box.hidden = !tilesAvailable();
  if (box.hidden) return;
  for (const [name, def] of [["use_tiles", ""], ["tiles_concealed", ""], ["tiles_win", ""], ["tiles_melds", ""]]) {
    app.defaults[name] = def;
    if (!(name in app.values)) app.values[name] = def;
  }
  $("use-tiles").checked = app.values.use_tiles === "1";
  $("tiles-concealed").value = app.values.tiles_concealed;
  $("tiles-win").value = app.values.tiles_win;
  app.pickInto = -1;
  buildMelds();
  const picker = $("tile-picker");
  picker.replaceChildren();
  const suits = [["m", 9], ["p", 9], ["s", 9], ["z", 7]];
  for (const [suit, count] of suits) {
    const row = el("div", { class: "tile-row" });
    for (let n = 1; n <= count; n++) row.append(tileButton(n + suit, { "data-tile": n + suit }));
    if (SPECS[app.ruleset].redFives && suit !== "z") row.append(tileButton("0" + suit, { "data-tile": "0" + suit }));
    picker.append(row);
  }
  syncPicker();
  // the tiles object's own fields (how the hand was won, dora, flowers), sent with the tiles as `tiles.<name>`
  const extra = $("tile-extra");
  extra.replaceChildren();
  for (const [name, label, kind, def, options] of SPECS[app.ruleset].tilesExtra || []) {
    const key = "tiles." + name;
    if (!shownWhen(options, app.values)) continue;
    if (kind === "wind") extra.append(control(key, t(label), "select", def, { choices: SEATS.map((wind) => [wind, t(ROUND_NAMES[wind])]) }));
    else if (kind === "bool") extra.append(control(key, t(label), "bool", def));
    else if (kind === "checks") extra.append(checkGroup(key, t(label), def, options));
    else if (kind === "seat?") extra.append(control(key, t(label), "seat?", def, { choices: SEATS, none: options.none }));
    else if (kind === "count") extra.append(control(key, t(label), "int", def, { min: 0, max: schemaField(name, SPECS[app.ruleset].schema.replace("Request", "Tiles")).maximum }));
    else extra.append(control(key, t(label), "text", def, { placeholder: "4p", max: 20 }));
  }
}

// A tiles field shown only `when` the form's values are so (`{players: "3"}`).
function shownWhen(options, values) {
  return !(options && options.when) || Object.entries(options.when).every(([field, value]) => values[field] === value);
}

// A list of codes, one box each (flowers and seasons, what the table
// declared): the value is the ticked codes in order (`f1 s3`, as the
// request's list and the link write them).
function checkGroup(name, label, def, options) {
  app.defaults[name] = def;
  if (!(name in app.values)) app.values[name] = def;
  const held = new Set(app.values[name].split(/[\s,]+/));
  const group = el("div", { class: "checks", role: "group", "aria-label": label, "data-name": name }, el("span", { text: label }));
  for (const [code, msgid] of options.choices) {
    const box = el("input", { type: "checkbox", id: "check-" + code, "data-check": code });
    box.checked = held.has(code);
    group.append(el("label", { class: "check", for: box.id }, box, " ", el("span", { text: t(msgid) + (options.codes ? " " + code : "") })));
  }
  return group;
}

export function tickCheck(target) {
  const group = target.closest("[data-name]");
  const held = [...group.querySelectorAll("[data-check]")].filter((box) => box.checked).map((box) => box.dataset.check);
  app.values[group.dataset.name] = held.join(" ");
  changed();
}

// The tiles object of the request: the notation, and the fields of `tilesExtra` that differ from their default.
export function tilesBody(spec, v) {
  const tiles = { concealed: v.tiles_concealed || "", win_tile: v.tiles_win || "" };
  const called = melds().filter((meld) => meld.tiles);
  if (called.length) tiles.melds = called.map(meldBody);
  for (const [name, , kind, def, options] of spec.tilesExtra || []) {
    const value = v["tiles." + name];
    if (value === undefined || value === def || !shownWhen(options, v)) continue;
    if (kind === "bool") tiles[name] = value === "1";
    else if (kind === "checks") tiles[name] = value.split(/[\s,]+/).filter(Boolean);
    else if (kind === "count") tiles[name] = typed("int", value);
    else tiles[name] = value.trim();
  }
  return tiles;
}

export function addTile(tile) {
  const tiles = parseTiles(app.values.tiles_concealed || "") || [];
  tiles.push(tile);
  tileHistory.push(tile);
  app.values.tiles_concealed = writeTiles(tiles);
  app.values.tiles_win = tile;
  $("tiles-concealed").value = app.values.tiles_concealed;
  $("tiles-win").value = tile;
  useTiles();
  changed();
}

// How many of each tile the hand and its melds hold; a red five (0p) is
// also one of the four fives (5p).
export function tileCounts(called) {
  const held = [...(parseTiles(app.values.tiles_concealed || "") || []), ...called.flatMap((meld) => parseTiles(meld.tiles) || [])];
  const counts = {};
  for (const tile of held) {
    const plain = tile[0] === "0" ? "5" + tile[1] : tile;
    counts[plain] = (counts[plain] || 0) + 1;
    if (plain !== tile) counts[tile] = (counts[tile] || 0) + 1;
  }
  return { counts, total: held.length };
}

// The picker offers only the tiles the set still has (four of each, one red
// five a suit; a three-player wall has no 2m–8m), and says how many
// tiles the hand holds of those a whole hand has (14 or the spec's
// `handTiles`, one more for each kong).
export function syncPicker() {
  const called = melds();
  const { counts, total } = tileCounts(called);
  const sanma = threePlayers();
  for (const button of $("tile-picker").querySelectorAll("[data-tile]")) {
    const tile = button.dataset.tile;
    const plain = tile[0] === "0" ? "5" + tile[1] : tile;
    const absent = sanma && tile[1] === "m" && plain[0] !== "1" && plain[0] !== "9";
    button.disabled = absent || (counts[plain] || 0) >= 4 || (plain !== tile && (counts[tile] || 0) >= 1);
  }
  const needed = tilesNeeded(called);
  $("tile-count").textContent = fill(t("{count} of {needed} tiles"), { count: total, needed });
  $("tile-count").classList.toggle("over", total > needed);
  // the hand as faces: a tap takes that tile out again
  const hand = parseTiles(app.values.tiles_concealed || "") || [];
  $("hand-tiles").replaceChildren(...hand.map((tile, index) => {
    return tileButton(tile, { "data-hand-index": index }, fill(t("Take out {tile}"), { tile: tileName(tile) }));
  }));
}

// How many tiles a whole hand holds: 14 (or the spec's `handTiles`), one more for each kong.
function tilesNeeded(called) {
  const kongs = called.filter((meld) => meld.kind === "kong" || meld.kind === "concealed_kong").length;
  return (SPECS[app.ruleset].handTiles || 14) + kongs;
}

// How many tiles the hand from tiles still lacks (0: whole, or the notation
// cannot be read and the service is to say where).
export function tilesShort() {
  if (!(tilesAvailable() && app.values.use_tiles === "1")) return 0;
  const called = melds();
  if (parseTiles(app.values.tiles_concealed || "") === null || called.some((meld) => parseTiles(meld.tiles) === null)) return 0;
  const { total } = tileCounts(called);
  return Math.max(0, tilesNeeded(called) - total);
}

