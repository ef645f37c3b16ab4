// The calculator page: a client of the public API, nothing more.
//
// Tabs, rule options (types, bounds, allowed values, defaults, meanings) come
// from GET /v1/rulesets; bounds and allowed values of the hand's own fields
// from the OpenAPI document; pattern checklists from the catalogue tables;
// the page's words from GET /web/strings/<language> (the API's catalogues).
// The whole state lives in the URL fragment, so a link reproduces a result.
"use strict";

// Marks a page msgid kept in a table (looked up with t() where it is shown).
const N_ = (text) => text;

const SEATS = ["east", "south", "west", "north"];
const ROUND_NAMES = { east: "East round", south: "South round", west: "West round", north: "North round" };

// The table rules' names on the page (msgids; a ruleset's spec may name its own, `labels`).
const RULE_LABELS = {
  table: N_("Conversion table"), fan_cap: N_("Fan cap"), min_fan: N_("Minimum to win"), discard_payment: N_("On a discard"),
  payment_scheme: N_("Payment scheme"), point_value: N_("Point value"), eight_immortals: N_("Eight immortals (八仙過海)"),
  kiriage: N_("Round up to mangan (切上滿貫)"), kazoe: N_("13 han and more"), multiple_yakuman: N_("Several yakuman add up"),
  honba_value: N_("Points per honba"), sanma_tsumo: N_("Three-player payments"), multiple_ron: N_("Several winners on one discard"),
  multi_ron_honba: N_("Honba on a multiple ron"), noten_payment: N_("Noten payments in all"), noten_with_nagashi: N_("Noten payments beside nagashi mangan"),
  shugi: N_("Chips (祝儀)"), shugi_yakuman_ron: N_("Chips for a yakuman ron"), shugi_yakuman_tsumo: N_("Chips for a yakuman tsumo"),
  shugi_kazoe: N_("Chips for a counted yakuman"), shugi_per_yakuman: N_("Chips for each yakuman"), double_yakuman: N_("Double yakuman count twice"),
  renhou: N_("Blessing of man (人和)"), open_tanyao: N_("Open all simples (喰いタン)"), double_wind_pair_fu: N_("Fu for a double wind pair"),
  rinshan_tsumo_fu: N_("Tsumo fu after a kan"), pinfu_tsumo_fu: N_("Tsumo fu on a pinfu"),
  unit: N_("Per tai (單位)"), dealer_tai: N_("Dealer's tai (莊家台)"),
  streak_tai_per: N_("Tai per streak"), tai_cap: N_("Tai cap"), preset: N_("Tai table"), mode: N_("Mode"), min_value: N_("Lowest card value"),
  players: N_("Players"),
  kazoe_double: N_("26 han and more count double (累計雙倍役滿)"), pao_scope: N_("What a liable player pays (包牌)"),
  pao_honba: N_("Honba under pao"), rinshan_pao: N_("Rinshan paid by the kan's discarder (嶺上開花包牌)"),
  nukidora_rinshan: N_("A win on a north's replacement is rinshan"), mixed_kong_fan: N_("A melded and a concealed kong (明暗槓)"),
  round_flower: N_("The round's flower counts too (正花)"),
  // a game's own rules (discovery's `game_rules`)
  start_dealer: N_("First dealer"), start_round: N_("First round wind"), rounds: N_("Round winds played"), length: N_("Length"),
  start_points: N_("Starting points (原點)"), return_points: N_("Return points (返點)"), uma: N_("Uma (馬), in thousands"),
  ties: N_("Equal final scores"), bust: N_("A score below 0 ends the game (飛び)"), agari_yame: N_("Dealer first at the last hand ends it (アガリ止め)"),
  extension: N_("Extension round (西入/南入)"), rounding: N_("Results in whole thousands"), draw_keeps_dealer: N_("A draw keeps the dealer"),
};

// An array option's items by name (msgids), where the bare number would not say which.
const ITEM_LABELS = { uma: [N_("Uma, 2nd and 3rd (馬)"), N_("Uma, 1st and 4th (馬)")] };

// The rules' values, and the codes their meanings quote (msgids).
const VALUE_LABELS = {
  half_spicy: N_("Half spicy"), full_spicy: N_("Full spicy"), full_gun: N_("Full gun"), half_gun: N_("Half gun"), standard: N_("Standard"),
  per_share: N_("Per share"), classic_self_draw: N_("Classic self-draw"), equal_total: N_("Self-draw equal to a discard"), eight_fan: N_("8 fan"),
  limit: N_("limit"), sanbaiman: N_("sanbaiman"), yakuman: N_("yakuman"), mangan: N_("mangan"), haneman: N_("haneman"), baiman: N_("baiman"), off: N_("Not played"),
  tsumo_loss: N_("Tsumo loss (自摸損)"), thousand_bonus: N_("Thousand bonus (千點加符)"), ron_total_1_2: N_("Ron total, 1:2 (丸取)"),
  ron_total_3_5: N_("Ron total, 3:5 (丸取2)"), ron_total_halves: N_("Ron total, halves (折半支付)"), ron_total_1_3: N_("Ron total, dealer triple (莊家三倍支付)"),
  ron_each: N_("Ron from each (倍取)"), reduced_ron: N_("Reduced ron (榮和收入調整)"), allowed: N_("Allowed"), head_bump: N_("Head bump (頭ハネ)"),
  each: N_("Each winner"), first_only: N_("First winner only"), default: N_("Default (the tai table's column)"), mahjong_master: N_("Mahjong Master app (麻將大師)"),
  mingxing: N_("Mingxing app (明星3缺1)"), shenlaiye: N_("Shenlaiye app (神來也)"), wikibooks: N_("Wikibooks"), xigu: N_("Xigu app (戲谷)"),
  zhaishenye: N_("Zhaishenye app (宅神爺)"), any_flower_any_wind: N_("Any flower, any wind (見花見字)"),
  patterns: N_("Patterns"), yaku: N_("Yaku"), value: N_("Card value"), chip_payments: N_("chip payments"), chip_deltas: N_("chip totals"),
  whole_hand: N_("The whole hand"), as_hand: N_("As without pao"), liable: N_("The liable player"),
  liable_yakuman: N_("the yakuman it answers for"), yue_wikibooks: N_("Wikibooks, its own Cantonese list (粵語維基教科書)"),
  "length.east": N_("East only"), hanchan: N_("Half game"), split: N_("Shared"), seat_order: N_("By seat order"),
  none: N_("None"), sudden_death: N_("Sudden death"), exact: N_("Exact"), nearest_thousand: N_("Whole thousands"),
  true: N_("on"), false: N_("off"),
};

// Spoken tile names (msgids): a suit's template takes the number.
const SUIT_NAMES = { m: N_("{n} Characters"), p: N_("{n} Dots"), s: N_("{n} Bamboo") };
const RED_NAMES = { m: N_("Red 5 Characters"), p: N_("Red 5 Dots"), s: N_("Red 5 Bamboo") };
const HONOUR_NAMES = [N_("East wind"), N_("South wind"), N_("West wind"), N_("North wind"), N_("White dragon"), N_("Green dragon"), N_("Red dragon")];

// What each ruleset asks for and shows besides the table rules: its page
// spec, served in GET /v1/rulesets (`page`; docs/page.md), by ruleset name.
// Field names are the request's; labels are page msgids; bounds come from the
// schema. A ruleset without a spec has no tab.
const SPECS = {};

// What a pattern row of the checklist shows after its name (the spec's `shows`).
const PATTERN_VALUES = {
  fan: (r) => r.fan,
  han: (r) => (r.yakuman ? r.yakuman + "× " + t("Yakuman") : r.han === null ? word(r.limit || "") : r.open_han !== null && r.open_han !== r.han ? r.han + "/" + r.open_han : String(r.han)),
  cell: (r) => r.cell || String(r.tai),
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
  saved: {}, // ruleset → { values, defaults } of the rulesets not shown
  fuCount: null, // the fu helper's last answer
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

// A rule's name, and a value's (a ruleset's own code, such as a preset, by the API's own name for it).
function ruleLabel(name) {
  const own = (SPECS[app.ruleset] && SPECS[app.ruleset].labels) || {};
  const key = own[name] || RULE_LABELS[name];
  return key ? t(key) : pretty(name);
}

function hasValueLabel(code, option) {
  return Boolean(VALUE_LABELS[option + "." + code] || VALUE_LABELS[code]);
}

function valueLabel(code, option) {
  const strings = app.strings[app.lang];
  const named = strings && strings[option] && strings[option][code];
  if (named && app.lang !== "en") return named;
  const key = VALUE_LABELS[option + "." + code] || VALUE_LABELS[code];
  return key ? word(key) : pretty(code);
}

// A template filled and a list joined in the page's language (CJK punctuation in CJK).
function joined(parts) {
  return parts.join(t(", "));
}

// --- tile faces: drawn as SVG, the code a small label, the name spoken ------------------

const SVG = "http://www.w3.org/2000/svg";
const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const HONOUR_FACES = ["東", "南", "西", "北", "", "發", "中"];
// dot and stick positions on a 30 × 40 face, per rank
const DOTS = {
  1: [[15, 20]], 2: [[15, 11], [15, 29]], 3: [[8, 9], [15, 20], [22, 31]], 4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]], 6: [[9, 8], [21, 8], [9, 20], [21, 20], [9, 32], [21, 32]],
  7: [[7, 7], [15, 10], [23, 13], [9, 24], [21, 24], [9, 33], [21, 33]],
  8: [[9, 6], [21, 6], [9, 15.3], [21, 15.3], [9, 24.6], [21, 24.6], [9, 34], [21, 34]],
  9: [[7, 8], [15, 8], [23, 8], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
};
const STICKS = {
  1: [[15, 20]], 2: [[15, 11], [15, 29]], 3: [[15, 11], [9, 29], [21, 29]], 4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[8, 11], [22, 11], [15, 20], [8, 29], [22, 29]], 6: [[7, 11], [15, 11], [23, 11], [7, 29], [15, 29], [23, 29]],
  7: [[15, 7], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
  8: [[5, 11], [11.7, 11], [18.3, 11], [25, 11], [5, 29], [11.7, 29], [18.3, 29], [25, 29]],
  9: [[7, 8], [15, 8], [23, 8], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
};

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function glyph(text, x, y, size, colour) {
  const node = svg("text", { x, y, "font-size": size, fill: colour, "text-anchor": "middle", "font-family": "Noto Serif CJK TC, Noto Sans CJK TC, serif" });
  node.textContent = text;
  return node;
}

// One tile's face: characters write their number over 萬, dots and bamboo
// draw their pips, honours their character (white: an empty frame). A red
// five draws its pips in red.
function tileFace(tile) {
  const [digit, suit] = tile;
  const rank = digit === "0" ? 5 : Number(digit);
  const red = digit === "0";
  const face = svg("svg", { viewBox: "0 0 30 40", class: "face", "aria-hidden": "true", focusable: "false" });
  face.append(svg("rect", { x: 0.75, y: 0.75, width: 28.5, height: 38.5, rx: 4, fill: "#fffdf6", stroke: "#8c8576", "stroke-width": 1.5 }));
  if (suit === "m") {
    face.append(glyph(NUMERALS[rank], 15, 18, 15, red ? "#c0231f" : "#1d2a5a"), glyph("萬", 15, 35, 15, "#c0231f"));
  } else if (suit === "p") {
    const r = { 1: 8, 2: 5.5, 3: 4.6, 4: 4.8, 5: 4.4, 6: 4.2 }[rank] || 3.6;
    for (const [x, y] of DOTS[rank]) {
      const colour = red || (rank === 1) || (rank === 5 && x === 15) ? "#c0231f" : rank % 2 ? "#1d6b3a" : "#1d2a5a";
      face.append(svg("circle", { cx: x, cy: y, r, fill: "none", stroke: colour, "stroke-width": 1.8 }), svg("circle", { cx: x, cy: y, r: r / 2.6, fill: colour }));
    }
  } else if (suit === "s") {
    const h = rank >= 7 ? 9 : rank === 1 ? 26 : 14;
    for (const [x, y] of STICKS[rank]) {
      const colour = red || (rank === 1) || ((rank === 5 || rank === 7) && x === 15 && y !== 32) ? "#c0231f" : "#1d6b3a";
      face.append(svg("rect", { x: x - 1.8, y: y - h / 2, width: 3.6, height: h, rx: 1.6, fill: colour }),
        svg("line", { x1: x - 1.8, x2: x + 1.8, y1: y, y2: y, stroke: "#fffdf6", "stroke-width": 0.8 }));
    }
  } else {
    if (rank === 5) face.append(svg("rect", { x: 6, y: 7, width: 18, height: 26, rx: 2, fill: "none", stroke: "#1d4fa0", "stroke-width": 2 }));
    else face.append(glyph(HONOUR_FACES[rank - 1], 15, 28, 20, rank === 6 ? "#1d6b3a" : rank === 7 ? "#c0231f" : "#1d2a5a"));
  }
  return face;
}

function tileName(tile) {
  const [digit, suit] = tile;
  if (suit === "z") return t(HONOUR_NAMES[Number(digit) - 1]);
  if (digit === "0") return t(RED_NAMES[suit]);
  return fill(t(SUIT_NAMES[suit]), { n: digit });
}

// A tile button: its face, its code as a small label, its spoken name.
function tileButton(tile, attrs) {
  const button = el("button", { type: "button", class: "tile" + (tile[0] === "0" ? " red" : ""), "aria-label": tileName(tile), title: tileName(tile), ...attrs });
  button.append(tileFace(tile), el("span", { class: "code", "aria-hidden": "true", text: tile }));
  return button;
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

// The served languages: the options of the language menu, which the service writes
// into the page, the first the default; each lists the language ranges it is served for.
function languages() {
  return [...$("language").options].map((option) => option.value);
}

// The first of the browser's tags that a served range equals or begins (then "-"),
// the most specific range deciding (zh-TW: zh-Hant, not zh's zh-Hans).
function negotiate(tags) {
  const ranges = [...$("language").options]
    .flatMap((option) => option.dataset.ranges.split(" ").map((range) => [range.toLowerCase(), option.value]))
    .sort((a, b) => b[0].length - a[0].length);
  for (const tag of tags || []) {
    const lower = tag.toLowerCase();
    const found = ranges.find(([range]) => lower === range || lower.startsWith(range + "-"));
    if (found) return found[1];
  }
  return languages()[0];
}

// --- the URL holds the state ----------------------------------------------------

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const values = {};
  for (const [key, value] of params) values[key] = value;
  return values;
}

// The shown ruleset's values as they are (`fan=5`), another's behind its name (`<ruleset>~han=3`).
const OTHER = "~";

function writeHash() {
  const params = new URLSearchParams();
  params.set("r", app.ruleset);
  params.set("lang", app.lang);
  for (const [name, value] of Object.entries(app.values)) {
    if (value !== (app.defaults[name] ?? "")) params.set(name, value);
  }
  for (const [ruleset, { values, defaults }] of Object.entries(app.saved)) {
    for (const [name, value] of Object.entries(values)) if (value !== (defaults[name] ?? "")) params.set(ruleset + OTHER + name, value);
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

// A three-player table (三人麻雀, the spec's `threePlayers`): no north seat, no 2m–8m, no chow.
function threePlayers() {
  const three = SPECS[app.ruleset].threePlayers;
  return !!three && app.values[three.field] === three.value;
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
  if (kind === "enum") return control(name, t(labelKey), "enum", def, { choices: (info.enum || [def]).filter((v) => v !== null), ...extra });
  const min = kind === "int0" ? 0 : info.minimum;
  return control(name, t(labelKey), "int", def, { min, max: info.maximum, ...extra });
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
    // the hint under the hand's value, as the table says it
    else grid.append(fieldControl(name, label, kind, def, name === spec.value[0][0] ? { help: t(SPECS[app.ruleset].text.hint) } : {}));
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

// One option of discovery's lists as a form control named `<prefix><option>`
// (an array option: one box per item, `<prefix><option>.<i>`).
function optionControls(prefix, option) {
  const name = prefix + option.name;
  const label = ruleLabel(option.name);
  const help = ruleHelp(option);
  if (option.type === "array")
    return option.default.map((item, index) => control(`${name}.${index}`, ITEM_LABELS[option.name] ? t(ITEM_LABELS[option.name][index]) : `${label} ${index + 1}`, "int", String(item), {
      min: option.minimum, max: option.maximum, help: index === 0 ? help : null,
    }));
  const def = option.default === null || option.default === undefined ? "" : option.type === "boolean" ? (option.default ? "1" : "") : String(option.default);
  if (option.type === "boolean") return [control(name, label, "bool", def, { help })];
  if (option.values && option.values.every((value) => SEATS.includes(value))) return [control(name, label, "seat", def, { choices: option.values, help })];
  if (option.values) return [control(name, label, "enum", def, { choices: option.values, help })];
  return [control(name, label, option.type === "number" ? "number" : "int", def, {
    min: option.minimum, max: option.maximum, help, placeholder: def === "" ? t("Default") : null,
  })];
}

function buildOptions(list, prefix, options) {
  list.replaceChildren();
  for (const option of options) {
    for (const node of optionControls(prefix, option)) {
      node.classList.add("rule");
      list.append(node);
    }
  }
}

function buildRules(entry) {
  buildOptions($("rule-list"), "rules.", entry.rules);
}

// A game option the hand's form already asks for (the number of players) is the form's.
function inForm(name) {
  return document.querySelector(`#hand [name="${name}"]`) !== null;
}

function buildGameRules(entry) {
  buildOptions($("game-rule-list"), "game.", (entry.game_rules || []).filter((option) => !inForm(option.name)));
  $("record-box").hidden = !recordPath(entry);
}

function patternName(row) {
  // `name`: the row's name in the language asked for (the API's, from the catalogue); none in English
  return row.name || row.name_en || row.code;
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
function formQuery(defaults) {
  return new URLSearchParams(Object.fromEntries(Object.entries(defaults).map(([name, def]) => [name, app.values[name] || def])));
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

// --- the fu helper: the fu from the hand's shape, by the spec's `fuHelper.url` ------------

const FU_ITEMS = {
  base: N_("Base (副底)"), closed_ron: N_("Closed ron (門前榮和)"), tsumo: N_("Tsumo (自摸)"), pinfu_tsumo: N_("Pinfu tsumo (平和自摸)"),
  rinshan_tsumo: N_("Tsumo after a kan (嶺上)"), seven_pairs: N_("Seven pairs (七對子)"), sequence: N_("Sequence"),
  open_simple_triplet: N_("Open triplet of simples"), concealed_simple_triplet: N_("Concealed triplet of simples"),
  open_terminal_triplet: N_("Open triplet of terminals or honours"), concealed_terminal_triplet: N_("Concealed triplet of terminals or honours"),
  open_simple_kan: N_("Open kan of simples"), concealed_simple_kan: N_("Concealed kan of simples"),
  open_terminal_kan: N_("Open kan of terminals or honours"), concealed_terminal_kan: N_("Concealed kan of terminals or honours"),
  pair_plain: N_("Plain pair"), pair_dragon: N_("Dragon pair"), pair_seat_wind: N_("Seat wind pair"), pair_round_wind: N_("Round wind pair"),
  pair_double_wind: N_("Double wind pair"), wait_two_sided: N_("Two-sided wait"), wait_edge: N_("Edge wait"), wait_closed: N_("Closed wait"),
  wait_pair: N_("Pair wait"), wait_shanpon: N_("Shanpon wait"), open_pinfu: N_("Open pinfu shape"),
};
const FU_KINDS = [["sequence", N_("Sequence")], ["triplet", N_("Triplet")], ["kan", N_("Kan")]];

function fuHelperOn() {
  return !!SPECS[app.ruleset].fuHelper && app.values.fu_helper === "1";
}

function buildFuHelper() {
  const box = $("fu-helper");
  box.hidden = !SPECS[app.ruleset].fuHelper;
  app.fuCount = null;
  $("fu-card").hidden = true;
  if (box.hidden) return;
  app.defaults.fu_helper = "";
  if (!("fu_helper" in app.values)) app.values.fu_helper = "";
  $("f-fu_helper").checked = fuHelperOn();
  const grid = $("fu-fields");
  grid.hidden = !fuHelperOn();
  grid.replaceChildren();
  const sevenPairs = app.values["fu.seven_pairs"] === "1";
  grid.append(control("fu.seven_pairs", t("Seven pairs (七對子)"), "bool", ""));
  for (let i = 0; i < 4; i++) {
    const set = el("div", { class: "fu-set", role: "group", "aria-label": fill(t("Set {number}"), { number: i + 1 }), hidden: sevenPairs });
    set.append(el("span", { class: "fu-set-title", text: fill(t("Set {number}"), { number: i + 1 }) }),
      control(`fu.m${i}.kind`, t("Kind"), "select", "sequence", { choices: FU_KINDS.map(([code, label]) => [code, t(label)]) }),
      control(`fu.m${i}.open`, t("Called (open)"), "bool", ""),
      control(`fu.m${i}.terminal`, t("Terminals or honours"), "bool", ""));
    grid.append(set);
  }
  grid.append(control("fu.pair", t("Pair"), "select", "plain", {
    choices: ["plain", "dragon", "seat_wind", "round_wind", "double_wind"].map((code) => [code, t(FU_ITEMS["pair_" + code])]),
  }));
  grid.append(control("fu.wait", t("Wait"), "select", "two_sided", {
    choices: ["two_sided", "edge", "closed", "pair", "shanpon"].map((code) => [code, t(FU_ITEMS["wait_" + code])]),
  }));
  grid.append(control("fu.rinshan", t("After a kan"), "bool", ""));
}

function fuBody() {
  const v = app.values;
  const sevenPairs = v["fu.seven_pairs"] === "1";
  const body = { wait: sevenPairs ? "pair" : v["fu.wait"] || "two_sided", pair: v["fu.pair"] || "plain", tsumo: v.win === "self_draw", seven_pairs: sevenPairs };
  body.melds = sevenPairs ? [] : [0, 1, 2, 3].map((i) => ({
    kind: v[`fu.m${i}.kind`] || "sequence", open: v[`fu.m${i}.open`] === "1", terminal_or_honor: v[`fu.m${i}.terminal`] === "1",
  }));
  if (v["fu.rinshan"] === "1") body.rinshan = true;
  const rules = {};
  for (const name of ["double_wind_pair_fu", "rinshan_tsumo_fu", "pinfu_tsumo_fu"]) {
    const value = v["rules." + name];
    if (value === undefined || value === app.defaults["rules." + name]) continue;
    rules[name] = name === "double_wind_pair_fu" ? Number(value) : value === "1";
  }
  if (Object.keys(rules).length) body.rules = rules;
  return JSON.stringify(body);
}

// The fu counted and shown on its card; the settlement then takes that fu.
async function countFu() {
  const response = await fetch(SPECS[app.ruleset].fuHelper.url, {
    method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": app.lang }, body: fuBody(),
  });
  const answer = await response.json();
  if (!response.ok) { app.fuCount = null; $("fu-card").hidden = true; return { ok: false, answer }; }
  app.fuCount = answer;
  const fuBox = document.querySelector('#value-grid [name="fu"]');
  if (fuBox) fuBox.value = String(answer.fu);
  $("fu-total").textContent = answer.raw_fu !== answer.fu ? fill(t("{fu} fu (counted {raw}, rounded up)"), { fu: answer.fu, raw: answer.raw_fu }) : fill(t("{fu} fu"), { fu: answer.fu });
  $("fu-items").replaceChildren(...answer.items.filter((item) => item.fu !== 0 || item.code === "base").map((item) =>
    el("li", { "data-code": item.code, text: `${t(FU_ITEMS[item.code] || item.code)} ${item.fu}` })));
  $("fu-card").hidden = false;
  return { ok: true, answer };
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
    if (value === undefined || value === def || !shownWhen(options, v)) continue;
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
// five a suit; a three-player wall has no 2m–8m), and says how many
// tiles the hand holds of those a whole hand has (14 or the spec's
// `handTiles`, one more for each kong).
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
  const needed = tilesNeeded(called);
  $("tile-count").textContent = fill(t("{count} of {needed} tiles"), { count: total, needed });
  $("tile-count").classList.toggle("over", total > needed);
  // the hand as faces: a tap takes that tile out again
  const hand = parseTiles(app.values.tiles_concealed || "") || [];
  $("hand-tiles").replaceChildren(...hand.map((tile, index) => {
    const button = tileButton(tile, { "data-hand-index": index });
    button.setAttribute("aria-label", fill(t("Take out {tile}"), { tile: tileName(tile) }));
    return button;
  }));
}

// How many tiles a whole hand holds: 14 (or the spec's `handTiles`), one more for each kong.
function tilesNeeded(called) {
  const kongs = called.filter((meld) => meld.kind === "kong" || meld.kind === "concealed_kong").length;
  return (SPECS[app.ruleset].handTiles || 14) + kongs;
}

// How many tiles the hand from tiles still lacks (0: whole, or the notation
// cannot be read and the service is to say where).
function tilesShort() {
  if (!(tilesAvailable() && app.values.use_tiles === "1")) return 0;
  const called = melds();
  if (parseTiles(app.values.tiles_concealed || "") === null || called.some((meld) => parseTiles(meld.tiles) === null)) return 0;
  const { total } = tileCounts(called);
  return Math.max(0, tilesNeeded(called) - total);
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

// --- bettors (the spec's `bettors`) --------------------------------------------------------------

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
  for (const [field, names] of Object.entries(spec.skipWhen || {})) if (Number(v[field]) > 0) for (const name of names) skip.add(name);
  if (fuHelperOn() && !tiles && !skip.has("fu") && app.fuCount) { skip.add("fu"); body.fu = app.fuCount.fu; }
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
  placeRules(body);
  return asJSON(body);
}

// The table rules that differ from their defaults, each where the request
// carries it (discovery's `rule_groups`): `rules`, `yaku_options`, the top
// level. Fu rules (`/hand/rules`) go with a hand's structure, which the fu
// helper sends to its own endpoint.
function placeRules(body) {
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
function asJSON(body) {
  return JSON.stringify(body).replace(/"\\u0000n:([-0-9.]+)"/g, "$1");
}

// The options (discovery's) whose form values differ from their defaults, by name.
function changedOptions(options, prefix) {
  const v = app.values;
  const chosen = {};
  for (const option of options) {
    const key = prefix + option.name;
    if (option.type === "array") {
      const items = option.default.map((item, index) => (v[`${key}.${index}`] ?? "") === "" ? item : Number(v[`${key}.${index}`]));
      if (items.some((item, index) => item !== option.default[index])) chosen[option.name] = items;
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
function tableRules() {
  const entry = currentEntry();
  const group = entry.rule_groups.find((g) => g.pointer === "/rules");
  const names = new Set(group ? group.options : []);
  return changedOptions(entry.rules.filter((option) => names.has(option.name)), "rules.");
}

// A game's `game` object: the game rules changed on the page, and those the form asks for.
function gameOptions(form) {
  const entry = currentEntry();
  const game = changedOptions(entry.game_rules || [], "game.");
  for (const option of entry.game_rules || []) if (inForm(option.name) && form[option.name] !== undefined) game[option.name] = form[option.name];
  return game;
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
  if (result.tai_breakdown) return result.tai_breakdown.items.map((i) => [i.name || i.name_en, i.count, i.tai]);
  // a hand from tiles whose settlement does not itemise its fan: the evaluation does
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

// The result's value in words: the spec's first `valueText` whose `when` the
// result has, its params read from the result (`form.<name>`: from the form).
function valueText(result) {
  const chosen = (SPECS[app.ruleset].valueText || []).find((alternative) => !alternative.when || result[alternative.when]);
  if (!chosen) return "";
  const params = {};
  for (const [name, from] of Object.entries(chosen.params)) {
    params[name] = from.startsWith("form.") ? app.values[from.slice(5)] : result[from] ?? "";
  }
  return fill(t(chosen.text), params);
}

function headline(result) {
  const how = app.values.win === "self_draw" ? t("self-drawn") : fill(t("on {seat}'s discard"), { seat: seatName(app.values.discarder) });
  return fill(t("{winner} wins {value}, {how}"), { winner: seatName(result.winner), value: valueText(result), how }) + " · " +
    fill(t("{winner} receives {amount}"), { winner: seatName(result.winner), amount: result.winner_receives });
}

// What the winner's own payers pay, in the order of the payments table.
function toWinner(result) {
  return result.payments.filter((p) => p.payee === result.winner);
}

// One sentence of who pays: one payer pays it all, each pays the same, or each their share.
function whoPays(result) {
  const lines = toWinner(result).filter((p) => Number(p.amount) !== 0);
  if (!lines.length) return t("Nobody pays anything.");
  if (lines.length === 1 && toWinner(result).length > 1) return fill(t("{payer} alone pays all {amount}."), { payer: who(lines[0].payer), amount: lines[0].amount });
  if (lines.every((p) => String(p.amount) === String(lines[0].amount)) && lines.length > 1) {
    return fill(t("Each of the {count} pays {amount}."), { count: lines.length, amount: lines[0].amount });
  }
  return fill(t("{list}."), { list: joined(lines.map((p) => fill(t("{payer} pays {amount}"), { payer: who(p.payer), amount: p.amount }))) });
}

function showResult(result) {
  app.last = result;
  $("problem").hidden = true;
  $("counting").hidden = true;
  markInvalid(null);
  $("headline").textContent = headline(result);
  $("receives").textContent = String(result.winner_receives);
  $("unit").textContent = t(SPECS[app.ruleset].text.receives);
  $("who-pays").textContent = whoPays(result);
  $("each-pays").textContent = toWinner(result).map((p) => String(p.amount)).join(" / ");
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
  showDecided(result);
  showSummary(result);
  shareLinks();
  document.body.dataset.state = "ready";
}

// The value boxes a hand from tiles leaves out show what the tiles were worth
// (not what was typed before): fan, han and fu, points and flowers, tai.
function showDecided(result) {
  const evaluation = result && result.evaluation;
  const spec = SPECS[app.ruleset];
  const decided = {
    fan: evaluation && evaluation.fan,
    han: evaluation && evaluation.han, fu: evaluation && evaluation.fu, yakuman: evaluation && evaluation.yakuman,
    flowers: evaluation && evaluation.flowers, tai: evaluation && evaluation.tai,
  };
  for (const name of spec.tilesReplace || []) {
    const input = document.querySelector(`#value-grid [name="${name}"]`);
    if (!input || !input.disabled || app.values.use_tiles !== "1") continue;
    const value = decided[name];
    if (input.tagName === "SELECT") {
      if (value !== undefined && value !== null && [...input.options].some((o) => o.value === String(value))) input.value = String(value);
    } else {
      input.value = value === undefined || value === null ? "" : String(value);
    }
  }
}

function clearResult() {
  app.last = null;
  $("headline").textContent = "";
  for (const id of ["payments", "deltas", "items"]) $(id).tBodies[0].replaceChildren();
  for (const id of ["receives", "each-pays", "pre-payout", "tier"]) $(id).textContent = "–";
  $("unit").textContent = "";
  $("who-pays").textContent = "";
  $("warnings-box").hidden = true;
  showShape(null);
  showDecided(null);
  shareLinks();
}

function showProblem(problem) {
  // the detail already says every error (the API joins them): each is not repeated; its field is marked instead
  const text = (problem.title || "") + (problem.detail ? " — " + problem.detail : "");
  $("problem").textContent = text;
  $("problem").hidden = false;
  $("counting").hidden = true;
  markInvalid(problem);
  clearResult();
  showSummary(null, problem.title || text);
  document.body.dataset.state = "problem";
}

// A hand from tiles still being picked: no request, the count instead.
function showCounting(short) {
  const { total } = tileCounts(melds());
  const text = fill(t("Pick {short} more tiles: {count} of {needed}."), { short, count: total, needed: total + short });
  $("problem").hidden = true;
  markInvalid(null);
  clearResult();
  $("counting").textContent = text;
  $("counting").hidden = false;
  showSummary(null, text);
  document.body.dataset.state = "counting";
}

// The bar a phone keeps at the bottom of the screen: who pays whom, always in view.
function showSummary(result, message) {
  if (!result) {
    $("summary-head").textContent = message || "";
    $("summary-lines").replaceChildren();
    return;
  }
  $("summary-head").textContent = fill(t("{winner} receives {amount}"), { winner: seatName(result.winner), amount: result.winner_receives }) +
    " " + t(SPECS[app.ruleset].text.receives);
  const lines = result.payments.filter((p) => Number(p.amount) !== 0);
  $("summary-lines").replaceChildren(...lines.map((p) => el("li", { text: `${who(p.payer)} → ${who(p.payee)} ${p.amount}` })));
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

async function settle() {
  const seq = ++app.seq;
  const short = tilesShort();
  if (short > 0) { showCounting(short); return; }
  document.body.dataset.state = "busy";
  try {
    if (fuHelperOn()) {
      const fu = await countFu();
      if (seq !== app.seq) return;
      if (!fu.ok) { showProblem(fu.answer); return; }
    }
    const response = await fetch(`/v1/${app.ruleset}/settlements`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": app.lang },
      body: requestBody(),
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

// What the game derives, left out of each hand: the dealer, the rules, and the spec's `derived` fields.
const DERIVED = ["dealer", "rules"];

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
  for (const name of [...DERIVED, ...(SPECS[app.ruleset].derived || [])]) delete body[name];
  return body;
}

async function playGame() {
  const hands = gameHands();
  $("game-clear").disabled = hands.length === 0;
  const table = $("game-hands");
  $("game-state").hidden = hands.length === 0;
  $("game-empty").hidden = hands.length > 0;
  if (!hands.length) {
    table.hidden = true;
    table.tBodies[0].replaceChildren();
    $("game-next").textContent = "–";
    $("game-settle").replaceChildren();
    $("game-problem").hidden = true;
    return;
  }
  const form = JSON.parse(requestBody());
  const body = JSON.stringify({ rules: form.rules || {}, game: gameOptions(form), hands });
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
  $("game-settle-box").hidden = answer.settle_up.length === 0;
}

// The game's own rules, kept with the form's values (and the link): a change replays the game.
let gameTimer = null;
function onGameRule(event) {
  const target = event.target;
  if (!target.name) return;
  app.values[target.name] = target.type === "checkbox" ? (target.checked ? "1" : "") : target.value;
  writeHash();
  clearTimeout(gameTimer);
  gameTimer = setTimeout(playGame, 120);
}

// --- a recorded game: a ruleset that answers POST /v1/<ruleset>/game-records ----------------

function recordPath(entry) {
  const path = `/v1/${entry.name}/game-records`;
  return entry.endpoints.includes("POST " + path) ? path : null;
}

function recordProblem(text) {
  $("record-problem").textContent = text;
  $("record-problem").hidden = false;
  $("record-state").hidden = true;
}

// The log's hands replayed and settled under the page's rules: the table
// rules and game rules changed on the page, the log's own for the others.
// A record's format told apart by its content (docs/games.md): a JSON
// object with `log` is a tenhou.net/6 log, text starting `<mjloggm` (or an
// XML declaration) Tenhou's mjlog, a JSON array or one JSON object a line
// MJAI events. Returns [format, record] or null.
function readRecord(text, chosen) {
  const trimmed = text.trim();
  if (chosen === "mjlog" || (!chosen && trimmed.startsWith("<"))) return trimmed.startsWith("<") ? ["mjlog", trimmed] : null;
  let value;
  try {
    value = JSON.parse(trimmed);
  } catch {
    const lines = trimmed.split(/\r?\n/).filter((line) => line.trim());
    try {
      value = lines.map((line) => JSON.parse(line));
    } catch {
      return null;
    }
    if (!value.every((event) => event && typeof event === "object" && !Array.isArray(event))) return null;
  }
  if (chosen) return [chosen, value];
  if (Array.isArray(value)) return ["mjai", value];
  if (value && typeof value === "object" && "log" in value) return ["tenhou6", value];
  return null;
}

async function replayRecord() {
  const entry = currentEntry();
  const path = recordPath(entry);
  const read = readRecord($("record-text").value, $("record-format").value);
  if (!read) {
    recordProblem(t("The record is none of the three formats: a tenhou.net/6 log is a JSON object with `log`, an mjlog starts with `<mjloggm`, MJAI events are a JSON array or one JSON object a line."));
    return;
  }
  const [format, record] = read;
  const placed = {};
  placeRules(placed);
  const body = { format, record };
  for (const [name, value] of Object.entries(placed)) if (value && typeof value === "object") body[name] = value;
  const game = changedOptions(entry.game_rules || [], "game.");
  if (Object.keys(game).length) body.game = game;
  $("record-replay").disabled = true;
  try {
    const response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": app.lang }, body: asJSON(body),
    });
    const answer = await response.json();
    if (!response.ok) recordProblem((answer.title || "") + (answer.detail ? " — " + answer.detail : ""));
    else showRecord(answer);
  } finally {
    $("record-replay").disabled = false;
  }
}

// A record opened as a file: its text in the box, then replayed.
async function openRecordFile() {
  const file = $("record-file").files[0];
  if (!file) return;
  if (file.size > 1048576) {
    recordProblem(t("The file is larger than a record may be (1 MiB)."));
    return;
  }
  $("record-text").value = await file.text();
  await replayRecord();
}

function recordResult(hand) {
  if (hand.type === "draw") return t("Draw");
  if (hand.type === "abort") return t("Abort");
  const result = hand.settlement;
  const winners = result.winners && result.winners.length > 1 ? result.winners.map((w) => who(w.winner)) : [who(result.winner)];
  return joined(winners) + " · " + valueText(result);
}

function showRecord(answer) {
  $("record-problem").hidden = true;
  const seats = Object.keys(answer.scores);
  const table = $("record-hands");
  table.tHead.replaceChildren(el("tr", {}, el("th", { scope: "col", text: t("Hand") }), el("th", { scope: "col", text: t("Round") }),
    el("th", { scope: "col", text: t("Result") }), ...seats.map((seat) => el("th", { scope: "col", class: "num", text: who(seat) })),
    el("th", { scope: "col", text: t("The log") })));
  let before = Object.fromEntries(seats.map((seat) => [seat, answer.standings.start_points]));
  table.tBodies[0].replaceChildren(...answer.hands.map((hand, index) => {
    const row = el("tr", { "data-matches": String(hand.matches) },
      el("td", { text: String(index + 1) }),
      el("td", { text: seatName(hand.round) + " " + hand.hand_number + (hand.honba ? " +" + hand.honba : "") }),
      el("td", { text: recordResult(hand) }),
      ...seats.map((seat) => el("td", { class: "num", text: signed(hand.scores[seat] - before[seat]) })),
      el("td", { text: hand.matches ? t("Agrees") : fill(t("Differs: {deltas}"), { deltas: seats.map((seat) => signed(hand.recorded_deltas[seat] ?? 0)).join(" / ") }) }));
    before = hand.scores;
    return row;
  }));
  const mismatches = answer.mismatches;
  $("record-summary").textContent = fill(t(mismatches ? "{hands} hands replayed; {mismatches} differ from the log." : "{hands} hands replayed; every one agrees with the log."),
    { hands: answer.hands.length, mismatches });
  $("record-standings").replaceChildren(...answer.standings.standings.map((standing) =>
    el("li", { text: `${who(standing.seat)} ${standing.score} (${signed(standing.result)})` })));
  $("record-state").hidden = false;
}

// --- share ---------------------------------------------------------------------------------

// The result as a few lines of text, for a chat (the link is added after them).
function summaryLines() {
  const result = app.last;
  const entry = currentEntry();
  if (!result) return [];
  const lines = [(entry.names[app.lang] || entry.names.en) + " — " + headline(result)];
  if (result.evaluation) lines.push(shapeText(result.evaluation));
  for (const p of result.payments) if (Number(p.amount) !== 0) lines.push(`${who(p.payer)} → ${who(p.payee)} ${p.amount} (${word(p.role)})`);
  lines.push(fill(t("{label}: {value}"), { label: t("Net change"), value: joined(Object.entries(result.deltas).map(([s, a]) => who(s) + " " + signed(a))) }));
  lines.push(fill(t("{label}: {value}"), { label: t(SPECS[app.ruleset].text.pre), value: result.pre_payout_total }) +
    (result.tier ? " · " + fill(t("{label}: {value}"), { label: t("Tier"), value: t(result.tier) }) : ""));
  for (const w of result.warnings) lines.push("⚠ " + w.message);
  return lines;
}

function summaryText() {
  return summaryLines().join("\n");
}

function summary() {
  return [...summaryLines(), shareUrl()].join("\n");
}

// Share links: each service's own share address, carrying the summary and the page's link.
const SHARE = {
  whatsapp: (text, url) => "https://wa.me/?text=" + encodeURIComponent(text + "\n" + url),
  telegram: (text, url) => "https://t.me/share/url?url=" + encodeURIComponent(url) + "&text=" + encodeURIComponent(text),
  x: (text, url) => "https://x.com/intent/post?text=" + encodeURIComponent(text.split("\n")[0]) + "&url=" + encodeURIComponent(url),
  facebook: (text, url) => "https://www.facebook.com/sharer/sharer.php?u=" + encodeURIComponent(url) + "&quote=" + encodeURIComponent(text),
  reddit: (text, url) => "https://www.reddit.com/submit?url=" + encodeURIComponent(url) + "&title=" + encodeURIComponent(text.split("\n")[0]),
};

function shareLinks() {
  const text = summaryText() || t("Mahjong settlement calculator");
  const url = shareUrl();
  for (const link of document.querySelectorAll("[data-share]")) link.href = SHARE[link.dataset.share](text, url);
  $("web-share").hidden = typeof navigator.share !== "function";
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
    lines.push(["fact", t(SPECS[app.ruleset].text.pre), String(result.pre_payout_total)]);
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

const TAI_UNITS = { per_hand: N_("Once a hand"), per_dealer_payment: N_("On each payment the dealer is part of"), per_streak: N_("For each hand of the streak"), per_set: N_("For each set"), per_tile: N_("For each tile") };

// A `batch` reference: a few hands settled in one batch (POST /v1/settlements/batch)
// under the table's rules, east winning, south discarding; the spec gives the
// rows' values (`rows`, into `field`), the hands of each row (`hands`; `self`: a
// self-draw) and what each column shows (`columns`: a payer's payment or what the
// winner receives, of the row's hand at that index).
async function batchTable(ruleset, layout) {
  const rules = tableRules();
  const items = layout.rows.flatMap((n) => layout.hands.map(({ self, ...value }) => ({
    ruleset, winner: "east", win: self ? { type: "self_draw" } : { type: "discard", discarder: "south" }, [layout.field]: n, ...value, rules,
  })));
  const response = await fetch("/v1/settlements/batch", {
    method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": app.lang }, body: asJSON({ items }),
  });
  const answer = await response.json();
  const results = response.ok ? answer.results.map((entry) => entry.result) : [];
  const paid = (result, payer) => (result ? String(result.payments.find((p) => p.payer === payer).amount) : "–");
  const rows = layout.rows.map((n, i) => {
    const per = layout.hands.length;
    const hands = results.slice(i * per, i * per + per);
    return [n, ...layout.columns.map(([what, index, payer]) => (what === "paid" ? paid(hands[index], payer) : hands[index] && hands[index].winner_receives))];
  });
  const head = layout.head.map((h) => (Array.isArray(h) ? `${t(h[0])} (${t(h[1])})` : t(h)));
  return table(t(layout.caption), head, rows);
}

async function buildReference() {
  const spec = SPECS[app.ruleset];
  const box = $("reference");
  const holder = $("reference-table");
  const reference = spec.reference;
  document.body.classList.toggle("has-reference", !!reference);
  box.hidden = !reference;
  if (!reference) { holder.replaceChildren(); return; }
  const ruleset = app.ruleset;
  let node;
  if (reference.kind === "points") {
    const params = ruleQuery(reference.rules);
    const data = await getJSON(reference.url + "?" + params);
    const r = data.rules;
    node = table(`${t(reference.caption)} · ${valueLabel(r.table, "table")} · ${valueLabel(r.discard_payment, "discard_payment")} · ${valueLabel(r.payment_scheme, "payment_scheme")} · ≤${r.fan_cap} · ×${r.point_value}`,
      [t("Fan"), t("Half spicy"), t("Full spicy"), t("Self-draw, each"), t("Discarder pays"), t("Others pay")],
      data.rows.map((row) => [row.fan, row.half_spicy, row.full_spicy, row.self_draw_each, row.discarder_pays, row.others_pay]));
  } else if (reference.kind === "score") {
    const params = ruleQuery(reference.rules);
    for (const [name, value] of formQuery(reference.query)) params.set(name, value);
    const data = await getJSON(reference.url + "?" + params);
    const rows = [...data.rows, ...data.limits].map((row) => [
      row.han_max && row.han_max !== row.han ? `${row.han}–${row.han_max}` : row.han + (row.han_max === null ? "+" : ""),
      row.fu ?? t(row.tier || ""), row.non_dealer_ron, `${row.non_dealer_tsumo_non_dealer_pays}/${row.non_dealer_tsumo_dealer_pays}`, row.dealer_ron, row.dealer_tsumo_each]);
    node = table(`${t(reference.caption)} · ${data.players}P`, [t("Han"), t("Fu"), t("Non-dealer ron"), t("Non-dealer tsumo"), t("Dealer ron"), t("Dealer tsumo, each")], rows);
  } else if (reference.kind === "batch") {
    node = await batchTable(ruleset, reference);
  } else {
    const data = await cached(reference.url + "?" + formQuery(reference.query));
    // the rows' Chinese explanations on a Chinese page; elsewhere how each row is counted, in words
    const chinese = app.lang.startsWith("zh");
    node = table(`${t(reference.caption)} · ${valueLabel(data.preset, "preset")} · ${valueLabel(data.mode, "mode")}`, [t("Name"), t("Tai"), t("How counted")],
      data.rows.map((row) => [patternName(row), row.cell, chinese ? row.how_zh || row.description_zh || "" : t(TAI_UNITS[row.unit] || "per hand")]));
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
    }, el("span", { class: "tab-name", text: entry.names[app.lang] || entry.names.en }), el("span", { class: "tab-unit", text: t(SPECS[entry.name].text.unit) }));
    nav.append(tab);
  }
  $("panel").setAttribute("aria-labelledby", "tab-" + app.ruleset);
  showActiveTab();
}

// The strip scrolls sideways on a phone: the chosen tab is scrolled into the middle of it.
function showActiveTab() {
  const nav = $("tabs");
  const tab = $("tab-" + app.ruleset);
  if (!tab) return;
  nav.scrollLeft = Math.max(0, tab.offsetLeft - nav.offsetLeft - (nav.clientWidth - tab.offsetWidth) / 2);
}

// A static text's msgid: its data-i18n, or (left empty) its English text as the page was served.
function msgidOf(node) {
  if (node.dataset.i18n) return node.dataset.i18n;
  if (!node.dataset.msgid) node.dataset.msgid = node.textContent.replace(/\s+/g, " ").trim();
  return node.dataset.msgid;
}

// The "which ruleset are you playing" table: a row per tab, its name a button to it.
function buildWhich() {
  const rows = app.rulesets[app.lang].rulesets.filter((entry) => SPECS[entry.name]).map((entry) => {
    const text = SPECS[entry.name].text;
    const go = el("button", { type: "button", class: "link", "data-ruleset": entry.name, text: entry.names[app.lang] || entry.names.en });
    return el("tr", { class: entry.name === app.ruleset ? "current" : null }, el("th", { scope: "row" }, go),
      el("td", { text: t(text.where) }), el("td", { text: t(text.unit) }), el("td", { text: t(text.enter) }));
  });
  $("which-table").tBodies[0].replaceChildren(...rows);
}

function translateStatic() {
  document.documentElement.lang = app.lang;
  document.title = t("Mahjong settlement calculator");
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(msgidOf(node));
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of document.querySelectorAll("[data-i18n-content]")) node.setAttribute("content", t(node.dataset.i18nContent));
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
  for (const entry of discovery.rulesets) if (entry.page && Object.keys(entry.page).length) SPECS[entry.name] = entry.page;
}

// Lets the browser breathe between building steps: no one long task holds a phone's main thread.
function breathe() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function render() {
  const spec = SPECS[app.ruleset];
  const entry = currentEntry();
  app.defaults = {};
  translateStatic();
  buildTabs();
  buildValue(spec);
  buildFuHelper();
  buildSeats();
  buildBettors(spec);
  await breathe();
  buildTiles();
  await breathe();
  buildRules(entry);
  buildGameRules(entry);
  buildWhich();
  $("pre-label").textContent = t(SPECS[app.ruleset].text.pre);
  await buildPatterns(spec);
  syncModes();
  writeHash();
  await Promise.all([settle(), playGame(), buildReference()]);
  $("status").hidden = true;
  document.body.dataset.loaded = "true";
}

async function selectRuleset(name, focus) {
  if (name === app.ruleset) return;
  // each ruleset keeps what was entered into it (and the link carries it)
  app.saved[app.ruleset] = { values: app.values, defaults: app.defaults };
  app.ruleset = name;
  app.values = (app.saved[name] && app.saved[name].values) || {};
  delete app.saved[name];
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
  if (name === "use_patterns" || name === "use_tiles" || name === "fu_helper") syncModes();
  if (name === "fu.seven_pairs") for (const set of document.querySelectorAll(".fu-set")) set.hidden = app.values[name] === "1";
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
  $("which-table").addEventListener("click", (event) => {
    const go = event.target.closest("[data-ruleset]");
    if (go) selectRuleset(go.dataset.ruleset, true).then(() => window.scrollTo(0, 0));
  });
  $("hand-tiles").addEventListener("click", (event) => {
    const button = event.target.closest("[data-hand-index]");
    if (!button) return;
    const tiles = parseTiles(app.values.tiles_concealed || "") || [];
    const [gone] = tiles.splice(Number(button.dataset.handIndex), 1);
    app.values.tiles_concealed = writeTiles(tiles);
    if (app.values.tiles_win === gone && !tiles.includes(gone)) app.values.tiles_win = tiles[tiles.length - 1] || "";
    $("tiles-concealed").value = app.values.tiles_concealed;
    $("tiles-win").value = app.values.tiles_win;
    changed();
  });
  $("web-share").addEventListener("click", () => {
    navigator.share({ title: t("Mahjong settlement calculator"), text: summaryText(), url: shareUrl() }).catch(() => {});
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
    const button = event.target.closest("[data-tile]");
    if (!button) return;
    const tile = button.dataset.tile;
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
  $("game-rules-box").addEventListener("input", onGameRule);
  $("game-rules-box").addEventListener("change", onGameRule);
  $("record-replay").addEventListener("click", replayRecord);
  $("record-file").addEventListener("change", openRecordFile);
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
  const lang = languages().includes(state.lang) ? state.lang : negotiate(navigator.languages || [navigator.language]);
  // the schema, the words and the rulesets at once: the first result waits for all three
  const schema = app.schema || getJSON("/schema/openapi.json");
  await loadLanguage(lang);
  app.schema = await schema;
  const names = app.rulesets[lang].rulesets.map((r) => r.name).filter((n) => SPECS[n]);
  app.ruleset = names.includes(state.r) ? state.r : names[0];
  app.values = {};
  app.saved = {};
  for (const [name, value] of Object.entries(state)) {
    if (name === "r" || name === "lang") continue;
    const at = name.indexOf(OTHER);
    const ruleset = at > 0 ? name.slice(0, at) : null;
    if (ruleset && SPECS[ruleset] && ruleset !== app.ruleset) {
      app.saved[ruleset] = app.saved[ruleset] || { values: {}, defaults: {} };
      app.saved[ruleset].values[name.slice(at + 1)] = value;
    } else if (!ruleset) app.values[name] = value;
  }
  await render();
}

document.addEventListener("DOMContentLoaded", () => {
  wire();
  start().catch(() => {
    $("status").hidden = false;
    $("status").textContent = t("The service could not be reached.");
  });
});
