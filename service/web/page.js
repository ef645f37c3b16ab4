// The calculator page: a client of the public API, nothing more.
//
// Tabs, rule options (types, bounds, allowed values, defaults, meanings) come
// from GET /v1/rulesets; bounds and allowed values of the hand's own fields
// from the OpenAPI document; pattern checklists from the catalogue tables;
// the page's words from GET /web/strings/<language> (the API's catalogues).
// The whole state lives in the URL fragment, so a link reproduces a result.
"use strict";

const LANGUAGES = ["en", "zh-Hant", "zh-Hans", "ja"];
const SEATS = ["east", "south", "west", "north"];
const ROUND_NAMES = { east: "East round", south: "South round", west: "West round", north: "North round" };

// The fields of the tiles object (`tilesExtra`: name, label, kind, default,
// options) several rulesets share. A "checks" field is a list of codes, one
// box each; `options.when` shows a field only when the form's values allow it.
const ROUND_WIND = ["round_wind", "Round wind", "wind", "east"];
// number n belongs to seat n counted from east
const FLOWERS = [["f1", "Plum"], ["f2", "Orchid"], ["f3", "Chrysanthemum"], ["f4", "Bamboo"],
  ["s1", "Spring"], ["s2", "Summer"], ["s3", "Autumn"], ["s4", "Winter"]];
const FLOWER_CODES = ["flowers", "Flowers and seasons", "checks", "", { choices: FLOWERS, codes: true }];
const HOW_WON = [["last_tile", "Last tile", "bool", ""], ["after_kong", "After a kong", "bool", ""], ["robbing_kong", "Robbing a kong", "bool", ""]];
const WITH_FLOWERS = [["after_flower", "After a flower", "bool", ""], ["blessing", "Blessing", "bool", ""]];

// What each ruleset asks for besides the table rules. Field names are the
// request's; labels are page msgids; bounds come from the schema. `melds`:
// how many called sets a hand from tiles can hold.
const SPECS = {
  hongkong: {
    schema: "HongKongRequest",
    value: [["fan", "Fan", "int", "3"]],
    extra: [["limit_hand", "Limit hand", "bool", ""], ["liable", "Liable (包)", "seat?", ""]],
    patterns: { url: "/v1/hongkong/fan-table", field: "patterns", replaces: ["fan", "limit_hand"], value: (r) => r.fan },
    tilesReplace: ["fan", "limit_hand"],
    tilesExtra: [ROUND_WIND, FLOWER_CODES, ...HOW_WON, ...WITH_FLOWERS],
    melds: 4,
    reference: "hongkong",
  },
  riichi: {
    schema: "RiichiRequest",
    value: [["han", "Han", "int", "1"], ["fu", "Fu", "enum", "30"], ["yakuman", "Yakuman", "int0", "0"]],
    extra: [["honba", "Honba", "int", "0"], ["riichi_sticks", "Riichi sticks", "int", "0"], ["players", "Players", "enum", "4"]],
    patterns: {
      url: "/v1/riichi/yaku-table", field: "yaku", replaces: ["han", "yakuman"],
      value: (r) => (r.yakuman ? r.yakuman + "× " + t("Yakuman") : r.open_han !== null && r.open_han !== r.han ? r.han + "/" + r.open_han : String(r.han)),
      extra: [["dora", "Dora", "int", "0"], ["aka_dora", "Red fives", "int", "0"], ["ura_dora", "Ura dora", "int", "0"], ["open", "Open hand", "bool", ""]],
    },
    tilesReplace: ["han", "fu", "yakuman"],
    tilesExtra: [["riichi", "Riichi", "bool", ""], ["ippatsu", "Ippatsu", "bool", ""], ["double_riichi", "Double riichi", "bool", ""],
      ["dora_indicators", "Dora indicators", "notation", ""], ["ura_dora_indicators", "Ura dora indicators", "notation", ""],
      ["nukidora", "Nukidora", "count", "0", { when: (v) => v.players === "3" }],
      ROUND_WIND, ...HOW_WON, ["blessing", "Blessing", "bool", ""]],
    melds: 4,
    reference: "riichi",
  },
  mcr: {
    schema: "McrRequest",
    value: [["fan", "Points", "int", "8"], ["flowers", "Flowers", "int", "0"]],
    extra: [],
    tilesReplace: ["fan", "flowers"],
    tilesExtra: [ROUND_WIND, FLOWER_CODES, ["last_of_its_kind", "Last of its kind", "bool", ""], ...HOW_WON],
    melds: 4,
  },
  nmjl: {
    schema: "NmjlRequest",
    value: [["value", "Card value", "int", "25"], ["jokerless", "Jokerless", "bool", ""], ["singles_and_pairs", "Singles and pairs", "bool", ""]],
    extra: [],
    bettors: true,
  },
  taiwan: {
    schema: "TaiwanRequest",
    value: [["tai", "Tai", "int", "1"], ["dealer_streak", "Dealer streak", "int", "0"]],
    extra: [["preset", "Preset", "enum", "default"], ["mode", "Mode", "enum", "standard"]],
    patterns: { url: "/v1/taiwan/tai-table", field: "patterns", replaces: ["tai"], value: (r) => r.cell || String(r.tai) },
    tilesReplace: ["tai"],
    tilesExtra: [ROUND_WIND, FLOWER_CODES, ...HOW_WON, ...WITH_FLOWERS,
      // what only the table knows (the tiles decide the rest)
      ["context", "Declared at the table", "checks", "", {
        choices: [["declared_ready", "Declared ready"], ["heavenly_ready", "Heavenly ready"], ["earthly_ready", "Earthly ready"],
          ["flower_win_from_deal", "Flower win from the deal"], ["earthly_ready_first", "Earthly ready, first tile"],
          ["two_kongs_bloom", "Two kongs in a row, won on the replacement"],
          ["three_kongs_bloom", "Three kongs in a row, won on the replacement"]],
      }],
      // 門風 from the dice: the seat that is east, when it is not the dealer
      ["east_seat", "East seat (from the dice)", "seat?", "", { none: "The dealer" }]],
    melds: 5, // 16 tiles: five sets and a pair
    reference: "taiwan",
  },
};

const app = {
  lang: "en",
  ruleset: null,
  rulesets: {}, // language → discovery
  strings: {}, // language → strings
  schema: null,
  tables: {}, // url → JSON
  values: {}, // control name → string (the state the URL holds)
  defaults: {},
  last: null, // the last settlement shown
  seq: 0,
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function t(text) {
  const strings = app.strings[app.lang];
  return (strings && strings.page[text]) || text;
}

// A code-valued word (a payment role, a tier): its catalogue wording, or in
// English (whose catalogue words are the codes themselves) the code as words.
function word(code) {
  const shown = t(code);
  if (shown !== code) return shown;
  const spaced = String(code).replace(/_/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, name) => params[name]);
}

function seatName(seat) {
  const strings = app.strings[app.lang];
  const name = (strings && strings.seat[seat]) || seat;
  return app.lang === "en" ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

function pretty(code) {
  return String(code).replace(/_/g, " ");
}

// --- fetching ---------------------------------------------------------------

async function getJSON(url) {
  const response = await fetch(url, { headers: { "Accept-Language": app.lang } });
  if (!response.ok) throw new Error(url + " → " + response.status);
  return response.json();
}

async function cached(url) {
  const key = app.lang + " " + url;
  if (!(key in app.tables)) app.tables[key] = await getJSON(url);
  return app.tables[key];
}

function negotiate(tags) {
  for (const tag of tags || []) {
    const parts = tag.toLowerCase().split("-");
    if (parts[0] === "zh") return parts[1] === "hant" || ["tw", "hk", "mo"].includes(parts[1]) ? "zh-Hant" : "zh-Hans";
    if (parts[0] === "ja") return "ja";
    if (parts[0] === "en") return "en";
  }
  return "en";
}

// --- the URL holds the state ----------------------------------------------------

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const values = {};
  for (const [key, value] of params) values[key] = value;
  return values;
}

function writeHash() {
  const params = new URLSearchParams();
  params.set("r", app.ruleset);
  params.set("lang", app.lang);
  for (const [name, value] of Object.entries(app.values)) {
    if (value !== (app.defaults[name] ?? "")) params.set(name, value);
  }
  history.replaceState(null, "", "#" + params.toString());
}

function shareUrl() {
  return location.href;
}

// --- building the form ----------------------------------------------------------

// A field of the ruleset's request schema (or of another: its tiles object is `<Ruleset>Tiles`).
function schemaField(name, schema) {
  const schemas = (app.schema && app.schema.components && app.schema.components.schemas) || {};
  const component = schemas[schema || SPECS[app.ruleset].schema];
  return (component && component.properties && component.properties[name]) || {};
}

// Three-player riichi (三人麻雀): no north seat, no 2m–8m, no chow.
function threePlayers() {
  return app.ruleset === "riichi" && app.values.players === "3";
}

function seatsInPlay() {
  return threePlayers() ? SEATS.slice(0, 3) : SEATS;
}

function control(name, label, kind, def, options) {
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
      const [code, text] = Array.isArray(choice) ? choice : [String(choice), kind.startsWith("seat") ? seatName(choice) : pretty(choice)];
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

function fieldControl(name, labelKey, kind, def) {
  const info = schemaField(name);
  if (kind === "bool") return control(name, t(labelKey), "bool", def);
  if (kind === "seat?") return control(name, t(labelKey), "seat?", def, { choices: seatsInPlay() });
  if (kind === "enum") return control(name, t(labelKey), "enum", def, { choices: (info.enum || [def]).filter((v) => v !== null) });
  const min = kind === "int0" ? 0 : info.minimum;
  return control(name, t(labelKey), "int", def, { min, max: info.maximum });
}

function buildSeats() {
  const grid = $("seat-grid");
  grid.replaceChildren();
  const seats = seatsInPlay();
  grid.append(control("winner", t("Winner"), "seat", "east", { choices: seats }));
  grid.append(control("dealer", t("Dealer"), "seat", "east", { choices: seats }));
  grid.append(control("win", t("Win"), "select", "discard", { choices: [["discard", t("Discard")], ["self_draw", t("Self-draw")]] }));
  grid.append(control("discarder", t("Discarder"), "seat", "south", { choices: seats }));
  fixDiscarder();
}

function fixDiscarder() {
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

function buildValue(spec) {
  const grid = $("value-grid");
  grid.replaceChildren();
  for (const [name, label, kind, def] of [...spec.value, ...spec.extra]) {
    if (name === "players") grid.append(control(name, t(label), "enum", def, { choices: schemaField(name).enum || [4, 3] }));
    else grid.append(fieldControl(name, label, kind, def));
  }
}

function ruleHelp(option) {
  return option.description.replace(/`/g, "");
}

function buildRules(entry) {
  const list = $("rule-list");
  list.replaceChildren();
  for (const option of entry.rules) {
    const name = "rules." + option.name;
    const def = option.default === null || option.default === undefined ? "" : option.type === "boolean" ? (option.default ? "1" : "") : String(option.default);
    const help = ruleHelp(option);
    let node;
    if (option.type === "boolean") node = control(name, pretty(option.name), "bool", def, { help });
    else if (option.values) node = control(name, pretty(option.name), "enum", def, { choices: option.values, help });
    else
      node = control(name, pretty(option.name), option.type === "number" ? "number" : "int", def, {
        min: option.minimum, max: option.maximum, help, placeholder: def === "" ? t("Default") : null,
      });
    node.classList.add("rule");
    list.append(node);
  }
}

function patternName(row) {
  if (app.lang === "en") return row.name_en || row.name || row.code;
  if (app.lang === "zh-Hant") return row.name_zh_hant || row.name || row.name_zh || row.name_en;
  if (app.lang === "ja" && row.name_ja_kanji) return row.name_ja_kanji;
  return row.name || row.name_zh || row.name_en;
}

async function buildPatterns(spec) {
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
  if (app.ruleset === "taiwan") url += "?" + new URLSearchParams({ preset: app.values.preset || "default", mode: app.values.mode || "standard" });
  const table = await cached(url);
  let rows = table.rows;
  if (app.ruleset === "taiwan") rows = rows.filter((r) => r.pattern && r.scored_in_mode !== false);
  if (app.ruleset === "riichi") rows = rows.filter((r) => r.played !== false);
  for (const row of rows) {
    const name = "p." + row.code;
    const label = patternName(row) + " · " + spec.patterns.value(row);
    const node = row.max_count > 1
      ? control(name, label, "int", "0", { min: 0, max: row.max_count })
      : control(name, label, "bool", "");
    node.classList.add("pattern");
    list.append(node);
  }
  syncModes();
}

// The value's inputs that the request leaves out are disabled: those the
// chosen patterns replace, and those the tiles replace (requestBody skips the same).
function syncModes() {
  const spec = SPECS[app.ruleset];
  const patterns = !!spec.patterns && app.values.use_patterns === "1";
  const tiles = app.values.use_tiles === "1" && tilesAvailable();
  if (spec.patterns) {
    $("pattern-list").hidden = !patterns || tiles;
    $("pattern-extra").hidden = !patterns || tiles;
  }
  const replaced = new Set([...(patterns ? spec.patterns.replaces : []), ...(tiles ? spec.tilesReplace || [] : [])]);
  for (const name of [...(spec.patterns ? spec.patterns.replaces : []), ...(spec.tilesReplace || [])]) {
    const input = document.querySelector(`#value-grid [name="${name}"]`);
    if (input) input.disabled = replaced.has(name);
  }
}

// --- tiles (when the ruleset has a hands endpoint) ------------------------------------

function tilesAvailable() {
  const entry = currentEntry();
  return !!entry && entry.endpoints.includes(`POST /v1/${app.ruleset}/hands`);
}

function parseTiles(text) {
  const tiles = [];
  let digits = [];
  for (const ch of text.replace(/\s+/g, "")) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else if (/[mpsz]/.test(ch)) { for (const d of digits) tiles.push(d + ch); digits = []; }
    else return null;
  }
  return digits.length ? null : tiles;
}

function writeTiles(tiles) {
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

const tileHistory = [];

function buildTiles() {
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
  pickInto = -1;
  buildMelds();
  const picker = $("tile-picker");
  picker.replaceChildren();
  const suits = [["m", 9], ["p", 9], ["s", 9], ["z", 7]];
  for (const [suit, count] of suits) {
    const row = el("div", { class: "tile-row" });
    for (let n = 1; n <= count; n++) row.append(el("button", { type: "button", class: "tile", "data-tile": n + suit, text: n + suit }));
    if (app.ruleset === "riichi" && suit !== "z") row.append(el("button", { type: "button", class: "tile red", "data-tile": "0" + suit, text: "0" + suit }));
    picker.append(row);
  }
  syncPicker();
  // the tiles object's own fields (how the hand was won, dora, flowers), sent with the tiles as `tiles.<name>`
  const extra = $("tile-extra");
  extra.replaceChildren();
  for (const [name, label, kind, def, options] of SPECS[app.ruleset].tilesExtra || []) {
    const key = "tiles." + name;
    if (options && options.when && !options.when(app.values)) continue;
    if (kind === "wind") extra.append(control(key, t(label), "select", def, { choices: SEATS.map((wind) => [wind, t(ROUND_NAMES[wind])]) }));
    else if (kind === "bool") extra.append(control(key, t(label), "bool", def));
    else if (kind === "checks") extra.append(checkGroup(key, t(label), def, options));
    else if (kind === "seat?") extra.append(control(key, t(label), "seat?", def, { choices: SEATS, none: options.none }));
    else if (kind === "count") extra.append(control(key, t(label), "int", def, { min: 0, max: schemaField(name, SPECS[app.ruleset].schema.replace("Request", "Tiles")).maximum }));
    else extra.append(control(key, t(label), "text", def, { placeholder: "4p", max: 20 }));
  }
}

// A list of codes, one box each (flowers and seasons, Taiwan's table
// declarations): the value is the ticked codes in order (`f1 s3`, as the
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

function tickCheck(target) {
  const group = target.closest("[data-name]");
  const held = [...group.querySelectorAll("[data-check]")].filter((box) => box.checked).map((box) => box.dataset.check);
  app.values[group.dataset.name] = held.join(" ");
  changed();
}

// The tiles object of the request: the notation, and the fields of `tilesExtra` that differ from their default.
function tilesBody(spec, v) {
  const tiles = { concealed: v.tiles_concealed || "", win_tile: v.tiles_win || "" };
  const called = melds().filter((meld) => meld.tiles);
  if (called.length) tiles.melds = called.map(meldBody);
  for (const [name, , kind, def, options] of spec.tilesExtra || []) {
    const value = v["tiles." + name];
    if (value === undefined || value === def || (options && options.when && !options.when(v))) continue;
    if (kind === "bool") tiles[name] = value === "1";
    else if (kind === "checks") tiles[name] = value.split(/[\s,]+/).filter(Boolean);
    else if (kind === "count") tiles[name] = typed("int", value);
    else tiles[name] = value.trim();
  }
  return tiles;
}

function addTile(tile) {
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
function tileCounts(called) {
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
// five a suit; a three-player riichi wall has no 2m–8m), and says how many
// tiles the hand holds of those a whole hand has (14, Taiwan's 17, one more
// for each kong).
function syncPicker() {
  const called = melds();
  const { counts, total } = tileCounts(called);
  const sanma = threePlayers();
  for (const button of $("tile-picker").querySelectorAll("[data-tile]")) {
    const tile = button.dataset.tile;
    const plain = tile[0] === "0" ? "5" + tile[1] : tile;
    const absent = sanma && tile[1] === "m" && plain[0] !== "1" && plain[0] !== "9";
    button.disabled = absent || (counts[plain] || 0) >= 4 || (plain !== tile && (counts[tile] || 0) >= 1);
  }
  const kongs = called.filter((meld) => meld.kind === "kong" || meld.kind === "concealed_kong").length;
  const needed = (app.ruleset === "taiwan" ? 17 : 14) + kongs;
  $("tile-count").textContent = fill(t("{count} of {needed} tiles"), { count: total, needed });
  $("tile-count").classList.toggle("over", total > needed);
}

// A tile picked or a meld made: the hand is now valued from its tiles.
function useTiles() {
  app.values.use_tiles = "1";
  $("use-tiles").checked = true;
  syncModes();
}

// --- melds: called sets and concealed kongs, kept in the URL as
// `tiles_melds=pung:555p;chow:345s`. A concealed kong is the page's kind
// `concealed_kong`, sent as {"kind": "kong", "concealed": true}.

const MELD_KINDS = [["chow", "Chow"], ["pung", "Pung"], ["kong", "Kong"], ["concealed_kong", "Concealed kong"]];
let pickInto = -1; // the meld the picker's next tile makes; -1: the tile goes in the hand

function melds() {
  return (app.values.tiles_melds || "").split(";").filter(Boolean).map((item) => {
    const [kind, tiles] = item.split(":");
    return { kind: MELD_KINDS.some(([code]) => code === kind) ? kind : "pung", tiles: (tiles || "").slice(0, 8) };
  });
}

function setMelds(list) {
  app.values.tiles_melds = list.map((meld) => meld.kind + ":" + meld.tiles).join(";");
}

function meldBody(meld) {
  return meld.kind === "concealed_kong" ? { kind: "kong", tiles: meld.tiles, concealed: true } : { kind: meld.kind, tiles: meld.tiles };
}

// The meld of `kind` one picked tile makes: three of it (a pung), four (a
// kong), or the chow it starts (an 8 or a 9 ends one: 789). A red five stays
// the one red five among the fives. An honour cannot start a chow: it is
// written as picked, and the service says why.
function meldOf(kind, tile) {
  const [digit, suit] = tile;
  const rank = digit === "0" ? 5 : Number(digit);
  if (kind === "chow") {
    if (suit === "z") return tile;
    const low = Math.min(rank, 7);
    return [low, low + 1, low + 2].map((r) => (r === 5 && digit === "0" ? "0" : String(r))).join("") + suit;
  }
  const count = kind === "pung" ? 3 : 4;
  return (digit === "0" ? "0" + "5".repeat(count - 1) : digit.repeat(count)) + suit;
}

function buildMelds() {
  const list = melds();
  const box = $("meld-list");
  box.replaceChildren();
  if (pickInto >= list.length) pickInto = -1;
  list.forEach((meld, index) => {
    const kind = el("select", { id: "meld-kind-" + index, "data-meld": index, "data-part": "kind" });
    for (const [code, label] of MELD_KINDS) if (code !== "chow" || !threePlayers()) kind.append(el("option", { value: code, text: t(label) }));
    kind.value = meld.kind;
    const tiles = el("input", {
      id: "meld-tiles-" + index, "data-meld": index, "data-part": "tiles", maxlength: 8, spellcheck: "false", inputmode: "latin", placeholder: "555p",
    });
    tiles.value = meld.tiles;
    const remove = el("button", { type: "button", "data-remove-meld": index, text: t("Remove") });
    box.append(el("div", { class: "meld", id: "meld-" + index },
      el("label", { for: kind.id }, el("span", { text: fill(t("Meld {number}"), { number: index + 1 }) }), kind),
      el("label", { for: tiles.id }, el("span", { text: t("Tiles") }), tiles), remove));
  });
  $("add-meld").disabled = list.length >= (SPECS[app.ruleset].melds || 4);
  setPickInto(pickInto);
}

// Where the picker's next tile goes: a meld (outlined, with a hint) or the hand.
function setPickInto(index) {
  pickInto = index;
  document.querySelectorAll("#meld-list .meld").forEach((row, at) => row.classList.toggle("picking", at === index));
  $("pick-into").hidden = index < 0;
}

function fillMeld(index, tile) {
  const list = melds();
  list[index].tiles = meldOf(list[index].kind, tile);
  setMelds(list);
  pickInto = -1;
  buildMelds();
  useTiles();
  changed();
}

function editMeld(target) {
  const list = melds();
  const meld = list[Number(target.dataset.meld)];
  if (!meld) return;
  if (target.dataset.part === "kind") {
    meld.kind = target.value;
    // a pung made a kong (or a chow a pung) is made again from its first tile
    const first = (parseTiles(meld.tiles) || [])[0];
    if (first) meld.tiles = meldOf(meld.kind, first);
    $("meld-tiles-" + target.dataset.meld).value = meld.tiles;
  } else {
    meld.tiles = target.value.replace(/[;:]/g, "").slice(0, 8);
  }
  setMelds(list);
  changed();
}

// --- bettors (NMJL) ------------------------------------------------------------------

function bettors() {
  return (app.values.bettors || "").split(";").filter(Boolean).map((item) => {
    const at = item.lastIndexOf(":");
    return { id: decodeURIComponent(item.slice(0, at)), bet_on: item.slice(at + 1) };
  });
}

function setBettors(list) {
  app.values.bettors = list.map((b) => encodeURIComponent(b.id) + ":" + b.bet_on).join(";");
}

function buildBettors(spec) {
  $("bettor-fields").hidden = !spec.bettors;
  app.defaults.bettors = "";
  if (!spec.bettors) return;
  if (!("bettors" in app.values)) app.values.bettors = "";
  const box = $("bettor-list");
  box.replaceChildren();
  const maxLength = (schemaField("bettors").maxItems) || 8;
  bettors().forEach((bettor, index) => {
    const nameInput = el("input", { id: "bettor-id-" + index, "data-bettor": index, "data-part": "id", maxlength: 32 });
    nameInput.value = bettor.id;
    const seat = el("select", { id: "bettor-seat-" + index, "data-bettor": index, "data-part": "bet_on" });
    for (const s of SEATS) seat.append(el("option", { value: s, text: seatName(s) }));
    seat.value = bettor.bet_on;
    const remove = el("button", { type: "button", "data-remove": index, text: t("Remove") });
    box.append(el("div", { class: "bettor" },
      el("label", { for: nameInput.id }, el("span", { text: t("Bettor name") }), nameInput),
      el("label", { for: seat.id }, el("span", { text: t("Bets on") }), seat), remove));
  });
  $("add-bettor").disabled = bettors().length >= maxLength;
}

// --- the request ---------------------------------------------------------------------

const NUMBER = "\u0000n:";

function typed(kind, text) {
  if (kind === "bool" || kind === "boolean") return text === "1";
  if (kind === "int" || kind === "int0" || kind === "integer") return text === "" ? null : Number(text);
  if (kind === "number") return /^-?\d+(\.\d+)?$/.test(text) ? NUMBER + text : text === "" ? null : text;
  return text;
}

function requestBody() {
  const spec = SPECS[app.ruleset];
  const v = app.values;
  const body = { winner: v.winner, dealer: v.dealer };
  body.win = v.win === "self_draw" ? { type: "self_draw" } : { type: "discard", discarder: v.discarder };
  const tiles = tilesAvailable() && v.use_tiles === "1";
  const patterns = !tiles && spec.patterns && v.use_patterns === "1";
  const skip = new Set();
  if (tiles) for (const name of spec.tilesReplace || []) skip.add(name);
  if (patterns) for (const name of spec.patterns.replaces) skip.add(name);
  if (app.ruleset === "riichi" && Number(v.yakuman) > 0) { skip.add("han"); skip.add("fu"); }
  for (const [name, , kind] of [...spec.value, ...spec.extra]) {
    if (skip.has(name)) continue;
    const value = v[name];
    if (kind === "bool") { if (value === "1") body[name] = true; continue; }
    if (kind === "seat?") { if (value) body[name] = value; continue; }
    if (kind === "int0" && (value === "0" || value === "")) continue;
    if (kind === "enum") { body[name] = (schemaField(name).enum || []).some((e) => typeof e === "number") ? Number(value) : value; continue; }
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
  const rules = {};
  for (const option of currentEntry().rules) {
    const value = v["rules." + option.name];
    if (value === undefined || value === app.defaults["rules." + option.name] || value === "") {
      if (!(option.type === "boolean" && value !== app.defaults["rules." + option.name])) continue;
    }
    rules[option.name] = option.values ? option.values.find((x) => String(x) === value) : typed(option.type, value);
  }
  if (Object.keys(rules).length) body.rules = rules;
  return JSON.stringify(body).replace(/"\\u0000n:([-0-9.]+)"/g, "$1");
}

// --- the result ------------------------------------------------------------------------

function signed(amount) {
  const n = Number(amount);
  return n > 0 ? "+" + amount : n < 0 ? "−" + String(amount).slice(1) : String(amount);
}

function who(seat) {
  return SEATS.includes(seat) ? seatName(seat) : seat;
}

function items(result) {
  if (result.fan_items) return result.fan_items.map((i) => [i.name || i.name_en, i.count, i.fan]);
  if (result.yaku_items) return result.yaku_items.map((i) => [i.name || i.name_en, i.count, i.yakuman ? i.yakuman + "× " + t("Yakuman") : i.han]);
  if (result.tai_breakdown) return result.tai_breakdown.items.map((i) => [i.name || (app.lang === "en" ? i.name_en : i.name_zh), i.count, i.tai]);
  // MCR from tiles: its fan are itemised only in the evaluation
  if (result.evaluation && result.evaluation.items) return result.evaluation.items.map((i) => [i.name || i.name_en, i.count, i.fan]);
  return [];
}

// A hand valued from its tiles: the split the service chose (called sets
// marked) and the tiles it waited on.
function showShape(evaluation) {
  $("hand-shape").hidden = !evaluation;
  if (!evaluation) return;
  $("arrangement").replaceChildren(...evaluation.arrangement.map((set) =>
    el("span", { class: set.concealed ? "set" : "set called" }, set.tiles, set.concealed ? null : el("small", { text: " " + t("called") }))));
  $("waits").textContent = evaluation.waits || "–";
}

// The same in one line of text, for the copied summary and the image card.
function shapeText(evaluation) {
  const sets = evaluation.arrangement.map((set) => set.tiles + (set.concealed ? "" : " (" + t("called") + ")"));
  return t("Arrangement") + ": " + sets.join(" ") + " · " + t("Waits") + ": " + (evaluation.waits || "–");
}

function valueText(result) {
  const r = app.ruleset;
  if (r === "hongkong") return (result.fan_paid ?? "") + " " + t("Fan");
  if (r === "riichi") return result.yakuman ? result.yakuman + " × " + t("Yakuman") : result.han + " " + t("Han") + (result.fu ? " " + result.fu + " " + t("Fu") : "");
  if (r === "mcr") return result.hand_points + " " + t("Points");
  if (r === "nmjl") return app.values.value + " " + t("Card value");
  if (r === "taiwan") return result.tai_paid + " " + t("Tai");
  return "";
}

function headline(result) {
  const how = app.values.win === "self_draw" ? t("self-drawn") : fill(t("on {seat}'s discard"), { seat: seatName(app.values.discarder) });
  return fill(t("{winner} wins {value}"), { winner: seatName(result.winner), value: valueText(result) }) + ", " + how + " · " +
    fill(t("{winner} receives {amount}"), { winner: seatName(result.winner), amount: result.winner_receives });
}

function showResult(result) {
  app.last = result;
  $("problem").hidden = true;
  markInvalid(null);
  $("headline").textContent = headline(result);
  const pay = $("payments").tBodies[0];
  pay.replaceChildren(...result.payments.map((p) => el("tr", { class: Number(p.amount) === 0 ? "zero" : null },
    el("td", { text: who(p.payer) }), el("td", { text: who(p.payee) }), el("td", { class: "num", text: String(p.amount) }), el("td", { text: word(p.role) }))));
  const deltas = $("deltas").tBodies[0];
  deltas.replaceChildren(...Object.entries(result.deltas).map(([seat, amount]) =>
    el("tr", { class: Number(amount) > 0 ? "up" : Number(amount) < 0 ? "down" : null }, el("th", { scope: "row", text: who(seat) }), el("td", { class: "num", text: signed(amount) }))));
  $("pre-payout").textContent = String(result.pre_payout_total);
  $("tier").textContent = result.tier ? t(result.tier) : "–";
  $("warnings").replaceChildren(...result.warnings.map((w) => el("li", { "data-code": w.code, text: w.message })));
  $("warnings-box").hidden = result.warnings.length === 0;
  const rows = items(result);
  $("items").hidden = rows.length === 0;
  $("items").tBodies[0].replaceChildren(...rows.map(([name, count, value]) => el("tr", {}, el("td", { text: name }), el("td", { class: "num", text: String(count ?? 1) }), el("td", { class: "num", text: String(value) }))));
  showShape(result.evaluation);
  document.body.dataset.state = "ready";
}

// The form control a problem's pointer names (#/tiles/concealed → tiles_concealed), if the form has one.
function controlAt(pointer) {
  const [first, second, index, part] = pointer.replace(/^#?\//, "").split("/");
  if (first === "tiles" && second === "melds") {
    return index === undefined ? null : document.querySelector(`#meld-list [data-meld="${CSS.escape(index)}"][data-part="${part === "kind" ? "kind" : "tiles"}"]`);
  }
  const name = first === "tiles" ? { concealed: "tiles_concealed", win_tile: "tiles_win" }[second] || (second && "tiles." + second)
    : first === "win" ? (second === "discarder" ? "discarder" : "win")
    : first === "rules" ? "rules." + second
    : first;
  return name ? document.querySelector(`#hand [name="${CSS.escape(name)}"], #hand [data-name="${CSS.escape(name)}"]`) : null;
}

function markInvalid(problem) {
  for (const control of document.querySelectorAll('#hand [aria-invalid="true"]')) control.removeAttribute("aria-invalid");
  for (const error of (problem && problem.errors) || []) {
    const control = error.pointer ? controlAt(error.pointer) : null;
    if (control) control.setAttribute("aria-invalid", "true");
  }
}

function showProblem(problem) {
  app.last = null;
  // the detail already says every error (the API joins them): each is not repeated; its field is marked instead
  $("problem").textContent = (problem.title || "") + (problem.detail ? " — " + problem.detail : "");
  $("problem").hidden = false;
  markInvalid(problem);
  $("headline").textContent = "";
  for (const id of ["payments", "deltas", "items"]) $(id).tBodies[0].replaceChildren();
  $("pre-payout").textContent = "–";
  $("tier").textContent = "–";
  $("warnings-box").hidden = true;
  showShape(null);
  document.body.dataset.state = "problem";
}

async function settle() {
  const seq = ++app.seq;
  document.body.dataset.state = "busy";
  const body = requestBody();
  try {
    const response = await fetch(`/v1/${app.ruleset}/settlements`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": app.lang },
      body,
    });
    const answer = await response.json();
    if (seq !== app.seq) return;
    if (response.ok) showResult(answer);
    else showProblem(answer);
  } catch (error) {
    if (seq === app.seq) showProblem({ title: t("The service could not be reached.") });
  }
}

let timer = null;
function changed() {
  if (!$("tile-fields").hidden) syncPicker();
  writeHash();
  clearTimeout(timer);
  timer = setTimeout(settle, 120);
}

// --- the game: the hands so far, replayed by POST /v1/<ruleset>/games ------------------

const DERIVED = ["dealer", "rules", "honba", "riichi_sticks", "players", "dealer_streak"];

function gameHands() {
  try {
    return app.values.game ? JSON.parse(app.values.game) : [];
  } catch (error) {
    return [];
  }
}

function setGameHands(hands) {
  app.values.game = hands.length ? JSON.stringify(hands) : "";
}

function addToGame(hand) {
  setGameHands([...gameHands(), hand]);
  writeHash();
  playGame();
}

function formHand() {
  const body = JSON.parse(requestBody());
  for (const name of DERIVED) delete body[name];
  return body;
}

async function playGame() {
  const hands = gameHands();
  $("game-clear").disabled = hands.length === 0;
  const table = $("game-hands");
  if (!hands.length) {
    table.hidden = true;
    table.tBodies[0].replaceChildren();
    $("game-next").textContent = "–";
    $("game-settle").replaceChildren();
    $("game-problem").hidden = true;
    return;
  }
  const form = JSON.parse(requestBody());
  const game = app.ruleset === "riichi" && form.players ? { players: form.players } : {};
  const body = JSON.stringify({ rules: form.rules || {}, game, hands });
  const response = await fetch(`/v1/${app.ruleset}/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": app.lang },
    body,
  });
  const answer = await response.json();
  if (!response.ok) {
    $("game-problem").textContent = (answer.title || "") + (answer.detail ? " — " + answer.detail : "");
    $("game-problem").hidden = false;
    return;
  }
  $("game-problem").hidden = true;
  const seats = Object.keys(answer.scores);
  table.tHead.replaceChildren(el("tr", {}, el("th", { scope: "col", text: t("Hand") }), el("th", { scope: "col", text: t("Round") }),
    el("th", { scope: "col", text: t("Dealer") }), ...seats.map((seat) => el("th", { scope: "col", class: "num", text: who(seat) }))));
  table.tBodies[0].replaceChildren(...answer.hands.map((hand, index) => el("tr", { "data-type": hand.type },
    el("td", { text: String(index + 1) + (hand.type === "win" ? "" : " · " + t(hand.type === "draw" ? "Draw" : "Abort")) }),
    el("td", { text: seatName(hand.round) + " " + hand.hand_number }),
    el("td", { text: seatName(hand.dealer) + (hand.dealer_streak ? " ×" + hand.dealer_streak : hand.honba ? " +" + hand.honba : "") }),
    ...seats.map((seat) => el("td", { class: "num", text: String(hand.scores[seat]) })))));
  table.hidden = false;
  $("game-next").textContent = answer.next ? seatName(answer.next.dealer) + " (" + seatName(answer.next.round) + " " + answer.next.hand_number + ")" : t("Game over");
  $("game-settle").replaceChildren(...answer.settle_up.map((move) => el("li", { text: `${who(move.payer)} → ${who(move.payee)} ${move.amount}` })));
}

// --- share ---------------------------------------------------------------------------------

function summary() {
  const result = app.last;
  const entry = currentEntry();
  if (!result) return shareUrl();
  const lines = [(entry.names[app.lang] || entry.names.en) + " — " + headline(result)];
  if (result.evaluation) lines.push(shapeText(result.evaluation));
  for (const p of result.payments) if (Number(p.amount) !== 0) lines.push(`${who(p.payer)} → ${who(p.payee)} ${p.amount} (${word(p.role)})`);
  lines.push(t("Net change") + ": " + Object.entries(result.deltas).map(([s, a]) => who(s) + " " + signed(a)).join(", "));
  lines.push(t("Pre-payout total") + ": " + result.pre_payout_total + (result.tier ? " · " + t("Tier") + ": " + t(result.tier) : ""));
  for (const w of result.warnings) lines.push("⚠ " + w.message);
  lines.push(shareUrl());
  return lines.join("\n");
}

async function copyText(text, done) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    const area = el("textarea", { class: "offscreen", "aria-hidden": "true" });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  $("share-status").textContent = t(done);
  document.body.dataset.copied = text;
}

function cardCanvas() {
  const result = app.last;
  const entry = currentEntry();
  const scale = 2;
  const width = 560;
  const font = 'system-ui, "Noto Sans CJK JP", "Noto Sans CJK TC", sans-serif';
  const lines = [];
  lines.push(["title", entry.names[app.lang] || entry.names.en]);
  lines.push(["head", result ? headline(result) : ""]);
  if (result && result.evaluation) lines.push(["fact", shapeText(result.evaluation)]);
  if (result) {
    for (const p of result.payments) lines.push(["pay", `${who(p.payer)} → ${who(p.payee)}`, String(p.amount)]);
    lines.push(["gap"]);
    for (const [seat, amount] of Object.entries(result.deltas)) lines.push(["delta", who(seat), signed(amount)]);
    lines.push(["gap"]);
    lines.push(["fact", t("Pre-payout total"), String(result.pre_payout_total)]);
    if (result.tier) lines.push(["fact", t("Tier"), t(result.tier)]);
    for (const w of result.warnings) lines.push(["warn", "⚠ " + w.message]);
  }
  const height = 40 + lines.reduce((h, l) => h + (l[0] === "title" ? 40 : l[0] === "gap" ? 10 : 28), 0) + 30;
  const canvas = document.createElement("canvas");
  canvas.width = width * scale;
  canvas.height = height * scale;
  const g = canvas.getContext("2d");
  g.scale(scale, scale);
  g.fillStyle = "#fbf8f1";
  g.fillRect(0, 0, width, height);
  g.fillStyle = "#0f5132";
  g.fillRect(0, 0, width, 8);
  let y = 24;
  for (const [kind, a, b] of lines) {
    if (kind === "gap") { y += 10; continue; }
    y += kind === "title" ? 40 : 28;
    g.font = (kind === "title" ? "bold 24px " : kind === "head" ? "bold 16px " : "16px ") + font;
    g.fillStyle = kind === "warn" ? "#8a4b00" : "#1d1d1d";
    g.textAlign = "left";
    g.fillText(a, 24, y, b === undefined ? width - 48 : width - 140); // a line without a figure takes the whole width
    if (b !== undefined) {
      g.textAlign = "right";
      g.fillStyle = kind === "delta" && b.startsWith("+") ? "#0f5132" : kind === "delta" && b.startsWith("−") ? "#a12622" : "#1d1d1d";
      g.fillText(b, width - 24, y);
    }
  }
  g.font = "12px " + font;
  g.fillStyle = "#666";
  g.textAlign = "left";
  g.fillText(location.host, 24, height - 14);
  return canvas;
}

function saveImage() {
  const canvas = cardCanvas();
  canvas.toBlob((blob) => {
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: `mahjong-${app.ruleset}.png` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    $("share-status").textContent = t("Image saved");
    document.body.dataset.imageBytes = String(blob.size);
  }, "image/png");
}

// --- reference tables for print ---------------------------------------------------------------

function ruleQuery(names) {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = app.values["rules." + name];
    if (value !== undefined && value !== "" && value !== app.defaults["rules." + name]) params.set(name, value === "1" ? "true" : value);
    else if (value === "" && app.defaults["rules." + name] === "1") params.set(name, "false");
  }
  return params;
}

function table(caption, heads, rows) {
  return el("table", { class: "reference" }, el("caption", { text: caption }),
    el("thead", {}, el("tr", {}, ...heads.map((h, i) => el("th", { scope: "col", class: i ? "num" : null, text: h })))),
    el("tbody", {}, ...rows.map((r) => el("tr", {}, ...r.map((c, i) => el(i ? "td" : "th", { class: i ? "num" : null, scope: i ? null : "row", text: c === null || c === undefined ? "–" : String(c) }))))));
}

async function buildReference() {
  const spec = SPECS[app.ruleset];
  const box = $("reference");
  const holder = $("reference-table");
  document.body.classList.toggle("has-reference", !!spec.reference);
  box.hidden = !spec.reference;
  if (!spec.reference) { holder.replaceChildren(); return; }
  const ruleset = app.ruleset;
  let node;
  if (spec.reference === "hongkong") {
    const params = ruleQuery(["table", "fan_cap", "min_fan", "discard_payment", "payment_scheme", "point_value"]);
    const data = await getJSON("/v1/hongkong/points-table?" + params);
    const r = data.rules;
    node = table(`${t("Hong Kong points table")} · ${pretty(r.table)} · ${pretty(r.discard_payment)} · ${pretty(r.payment_scheme)} · ≤${r.fan_cap} · ×${r.point_value}`,
      [t("Fan"), t("Half spicy"), t("Full spicy"), t("Self-draw, each"), t("Discarder pays"), t("Others pay")],
      data.rows.map((row) => [row.fan, row.half_spicy, row.full_spicy, row.self_draw_each, row.discarder_pays, row.others_pay]));
  } else if (spec.reference === "riichi") {
    const params = ruleQuery(["kiriage", "kazoe", "sanma_tsumo"]);
    params.set("players", app.values.players || "4");
    const data = await getJSON("/v1/riichi/score-table?" + params);
    const rows = [...data.rows, ...data.limits].map((row) => [
      row.han_max && row.han_max !== row.han ? `${row.han}–${row.han_max}` : row.han + (row.han_max === null ? "+" : ""),
      row.fu ?? t(row.tier || ""), row.non_dealer_ron, `${row.non_dealer_tsumo_non_dealer_pays}/${row.non_dealer_tsumo_dealer_pays}`, row.dealer_ron, row.dealer_tsumo_each]);
    node = table(`${t("Riichi score table")} · ${data.players}P`, [t("Han"), t("Fu"), t("Non-dealer ron"), t("Non-dealer tsumo"), t("Dealer ron"), t("Dealer tsumo, each")], rows);
  } else {
    const params = new URLSearchParams({ preset: app.values.preset || "default", mode: app.values.mode || "standard" });
    const data = await getJSON("/v1/taiwan/tai-table?" + params);
    node = table(`${t("Taiwan tai table")} · ${data.preset} · ${data.mode}`, [t("Name"), "台", t("How counted")],
      data.rows.map((row) => [patternName(row), row.cell, row.how_zh || row.description_zh || ""]));
    node.classList.add("wide-text");
  }
  if (ruleset !== app.ruleset) return;
  holder.replaceChildren(node, el("p", { class: "print-only", text: t("Printed on A4 from the settlement service.") + " " + shareUrl() }));
}

// --- tabs, language, start --------------------------------------------------------------------

function currentEntry() {
  const discovery = app.rulesets[app.lang];
  return discovery && discovery.rulesets.find((r) => r.name === app.ruleset);
}

function buildTabs() {
  const nav = $("tabs");
  nav.replaceChildren();
  for (const entry of app.rulesets[app.lang].rulesets) {
    if (!SPECS[entry.name]) continue;
    const selected = entry.name === app.ruleset;
    const tab = el("button", {
      type: "button", role: "tab", id: "tab-" + entry.name, "data-ruleset": entry.name,
      "aria-selected": selected ? "true" : "false", "aria-controls": "panel", tabindex: selected ? "0" : "-1",
    }, el("span", { class: "tab-name", text: entry.names[app.lang] || entry.names.en }), el("span", { class: "tab-unit", text: entry.unit }));
    nav.append(tab);
  }
  $("panel").setAttribute("aria-labelledby", "tab-" + app.ruleset);
}

function translateStatic() {
  document.documentElement.lang = app.lang;
  document.title = t("Mahjong settlement calculator");
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  $("language").value = app.lang;
}

async function loadLanguage(lang) {
  app.lang = lang;
  const [strings, discovery] = await Promise.all([
    app.strings[lang] || getJSON("/web/strings/" + encodeURIComponent(lang)),
    app.rulesets[lang] || getJSON("/v1/rulesets"),
  ]);
  app.strings[lang] = strings;
  app.rulesets[lang] = discovery;
}

async function render() {
  const spec = SPECS[app.ruleset];
  const entry = currentEntry();
  app.defaults = {};
  translateStatic();
  buildTabs();
  buildValue(spec);
  buildSeats();
  buildBettors(spec);
  buildTiles();
  buildRules(entry);
  await buildPatterns(spec);
  syncModes();
  writeHash();
  await settle();
  await playGame();
  await buildReference();
  $("status").hidden = true;
  document.body.dataset.loaded = "true";
}

async function selectRuleset(name, focus) {
  if (name === app.ruleset) return;
  app.ruleset = name;
  app.values = {};
  await render();
  if (focus) $("tab-" + name).focus();
}

function onInput(event) {
  const target = event.target;
  if (target.dataset.bettor !== undefined) {
    const list = bettors();
    list[Number(target.dataset.bettor)][target.dataset.part] = target.value.slice(0, 32);
    setBettors(list);
    changed();
    return;
  }
  if (target.dataset.meld !== undefined) {
    // a select fires both events, a text box "change" again on leaving: each edit is read once
    if (event.type === (target.tagName === "SELECT" ? "change" : "input")) editMeld(target);
    return;
  }
  if (target.dataset.check !== undefined) {
    if (event.type === "change") tickCheck(target);
    return;
  }
  const name = target.name;
  if (!name) return;
  if (name === "tiles_concealed" || name === "tiles_win") tileHistory.length = 0;
  app.values[name] = target.type === "checkbox" ? (target.checked ? "1" : "") : target.value;
  if (name === "winner" || name === "win") fixDiscarder();
  if (name === "use_patterns" || name === "use_tiles") syncModes();
  if (name === "players") { buildSeats(); buildTiles(); buildReference(); }
  if (name === "preset" || name === "mode") { buildPatterns(SPECS[app.ruleset]).then(buildReference); }
  if (name.startsWith("rules.") && event.type === "change") buildReference();
  changed();
}

// A row of a list the form keeps in one value (bettors, melds) removed, and the list redrawn.
function removeRow(read, write, index, redraw) {
  const list = read();
  list.splice(index, 1);
  write(list);
  redraw();
  changed();
}

function wire() {
  const form = $("hand");
  form.addEventListener("input", onInput);
  form.addEventListener("change", onInput);
  form.addEventListener("submit", (event) => event.preventDefault());
  $("tabs").addEventListener("click", (event) => {
    const tab = event.target.closest("[role=tab]");
    if (tab) selectRuleset(tab.dataset.ruleset, false);
  });
  $("tabs").addEventListener("keydown", (event) => {
    const tabs = [...$("tabs").querySelectorAll("[role=tab]")];
    const index = tabs.findIndex((tab) => tab.dataset.ruleset === app.ruleset);
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[(moves[event.key] + tabs.length) % tabs.length];
    selectRuleset(next.dataset.ruleset, true);
  });
  $("language").addEventListener("change", async (event) => {
    await loadLanguage(event.target.value);
    await render();
  });
  $("reset-rules").addEventListener("click", () => {
    for (const name of Object.keys(app.values)) if (name.startsWith("rules.")) delete app.values[name];
    buildRules(currentEntry());
    buildReference();
    changed();
  });
  $("add-bettor").addEventListener("click", () => {
    const list = bettors();
    list.push({ id: "", bet_on: app.values.winner || "east" });
    setBettors(list);
    buildBettors(SPECS[app.ruleset]);
    $("bettor-id-" + (list.length - 1)).focus();
    changed();
  });
  $("bettor-list").addEventListener("click", (event) => {
    const index = event.target.dataset.remove;
    if (index !== undefined) removeRow(bettors, setBettors, Number(index), () => buildBettors(SPECS[app.ruleset]));
  });
  $("tile-picker").addEventListener("click", (event) => {
    const tile = event.target.dataset.tile;
    if (!tile) return;
    if (pickInto >= 0) fillMeld(pickInto, tile);
    else addTile(tile);
  });
  $("add-meld").addEventListener("click", () => {
    const list = melds();
    list.push({ kind: "pung", tiles: "" });
    setMelds(list);
    pickInto = list.length - 1;
    buildMelds();
    $("meld-kind-" + pickInto).focus();
    writeHash();
  });
  $("meld-list").addEventListener("click", (event) => {
    const index = event.target.dataset.removeMeld;
    if (index === undefined) return;
    pickInto = -1;
    removeRow(melds, setMelds, Number(index), buildMelds);
  });
  // a meld's fields take the picker's next tile; the hand's take it back
  form.addEventListener("focusin", (event) => {
    const meld = event.target.dataset.meld;
    if (meld !== undefined) setPickInto(Number(meld));
    else if (event.target.id === "tiles-concealed" || event.target.id === "tiles-win") setPickInto(-1);
  });
  $("tiles-undo").addEventListener("click", () => {
    const tiles = parseTiles(app.values.tiles_concealed || "") || [];
    const last = tileHistory.pop() || tiles[tiles.length - 1];
    const at = tiles.lastIndexOf(last);
    if (at >= 0) tiles.splice(at, 1);
    app.values.tiles_concealed = writeTiles(tiles);
    app.values.tiles_win = tileHistory[tileHistory.length - 1] || "";
    $("tiles-concealed").value = app.values.tiles_concealed;
    $("tiles-win").value = app.values.tiles_win;
    changed();
  });
  $("tiles-clear").addEventListener("click", () => {
    tileHistory.length = 0;
    app.values.tiles_concealed = "";
    app.values.tiles_win = "";
    setMelds([]);
    pickInto = -1;
    buildMelds();
    $("tiles-concealed").value = "";
    $("tiles-win").value = "";
    changed();
  });
  $("copy").addEventListener("click", () => copyText(summary(), "Copied"));
  $("copy-link").addEventListener("click", () => copyText(shareUrl(), "Link copied"));
  $("save-image").addEventListener("click", saveImage);
  $("print").addEventListener("click", () => window.print());
  $("game-add").addEventListener("click", () => addToGame(formHand()));
  $("game-draw").addEventListener("click", () => addToGame({ type: "draw" }));
  $("game-clear").addEventListener("click", () => {
    setGameHands([]);
    writeHash();
    playGame();
  });
  window.addEventListener("hashchange", async () => {
    const state = readHash();
    if (state.r === app.ruleset && state.lang === app.lang && sameState(state)) return;
    await start();
  });
}

function sameState(state) {
  for (const [name, value] of Object.entries(app.values)) if ((state[name] ?? app.defaults[name] ?? "") !== value) return false;
  return true;
}

async function start() {
  const state = readHash();
  const lang = LANGUAGES.includes(state.lang) ? state.lang : negotiate(navigator.languages || [navigator.language]);
  if (!app.schema) app.schema = await getJSON("/schema/openapi.json");
  await loadLanguage(lang);
  const names = app.rulesets[lang].rulesets.map((r) => r.name).filter((n) => SPECS[n]);
  app.ruleset = names.includes(state.r) ? state.r : names[0];
  app.values = {};
  for (const [name, value] of Object.entries(state)) if (name !== "r" && name !== "lang") app.values[name] = value;
  await render();
}

document.addEventListener("DOMContentLoaded", () => {
  wire();
  start().catch(() => {
    $("status").hidden = false;
    $("status").textContent = t("The service could not be reached.");
  });
});
