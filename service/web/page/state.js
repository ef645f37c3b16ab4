// The page's state, its words and the small helpers every module uses:
// the element builder, the catalogue lookup, seat and rule names.

// Marks a page msgid kept in a table (looked up with t() where it is shown).
export const N_ = (text) => text;

export const SEATS = ["east", "south", "west", "north"];
export const ROUND_NAMES = { east: N_("East round"), south: N_("South round"), west: N_("West round"), north: N_("North round") };

// The table rules' names on the page (msgids; a ruleset's spec may name its own, `labels`).
export const RULE_LABELS = {
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
  unvalued_fan: N_("Fan of a pattern printed without one"), dealer_multiplier: N_("Dealer's payments times (莊家 ×)"),
  // a game's own rules (discovery's `game_rules`)
  start_dealer: N_("First dealer"), start_round: N_("First round wind"), rounds: N_("Round winds played"), length: N_("Length"),
  start_points: N_("Starting points (原點)"), return_points: N_("Return points (返點)"), uma: N_("Uma (馬), in thousands"),
  ties: N_("Equal final scores"), bust: N_("A score below 0 ends the game (飛び)"), agari_yame: N_("Dealer first at the last hand ends it (アガリ止め)"),
  triple_ron: N_("Three winners on one discard (三家和)"), nagashi_mangan: N_("Nagashi mangan (流し満貫)"), red_fives: N_("Red fives (赤ドラ)"),
  aka_dora: N_("Red fives"), goal_points: N_("Points that end the game"), abortive_draws: N_("Abortive draws (途中流局)"),
  suukantsu_pao: N_("Suukantsu pao (四槓子の責任払い)"), kokushi_ankan_chankan: N_("Kokushi may rob a concealed kan (国士無双の暗槓搶槓)"),
  extension: N_("Extension round (西入/南入)"), chombo: N_("Chombo (錯和) penalty"), rounding: N_("Results in whole thousands"), draw_keeps_dealer: N_("A draw keeps the dealer"),
};

// An array option's items by name (msgids), where the bare number would not say which.
export const ITEM_LABELS = { uma: [N_("Uma, 2nd and 3rd (馬)"), N_("Uma, 1st and 4th (馬)")] };

// The rules' values, and the codes their meanings quote (msgids).
export const VALUE_LABELS = {
  half_spicy: N_("Half spicy"), full_spicy: N_("Full spicy"), full_gun: N_("Full gun"), half_gun: N_("Half gun"), standard: N_("Standard"),
  per_share: N_("Per share"), classic_self_draw: N_("Classic self-draw"), equal_total: N_("Self-draw equal to a discard"), eight_fan: N_("8 fan"),
  limit: N_("limit"), sanbaiman: N_("sanbaiman"), yakuman: N_("yakuman"), mangan: N_("mangan"), haneman: N_("haneman"), baiman: N_("baiman"), off: N_("Not played"),
  tsumo_loss: N_("Tsumo loss (自摸損)"), thousand_bonus: N_("Thousand bonus (千點加符)"), ron_total_1_2: N_("Ron total, 1:2 (丸取)"),
  ron_total_3_5: N_("Ron total, 3:5 (丸取2)"), ron_total_halves: N_("Ron total, halves (折半支付)"), ron_total_1_3: N_("Ron total, dealer triple (莊家三倍支付)"),
  ron_each: N_("Ron from each (倍取)"), reduced_ron: N_("Reduced ron (榮和收入調整)"), allowed: N_("Allowed"), head_bump: N_("Head bump (頭ハネ)"),
  each: N_("Each winner"), first_only: N_("First winner only"), default: N_("Default (the tai table's column)"), mahjong_master: N_("Mahjong Master app (麻將大師)"),
  mingxing: N_("Mingxing app (明星3缺1)"), shenlaiye: N_("Shenlaiye app (神來也)"), wikibooks: N_("Wikibooks"), xigu: N_("Xigu app (戲谷)"),
  zhaishenye: N_("Zhaishenye app (宅神爺)"), any_flower_any_wind: N_("Any flower, any wind (見花見字)"),
  willoughby: N_("Willoughby's English rules"), chinese_league: N_("Chinese Mahjong League (華人麻將競技聯盟)"),
  singles_and_pairs: N_("Singles and pairs"), quints: N_("Quints (五枚使)"),
  patterns: N_("Patterns"), yaku: N_("Yaku"), value: N_("Card value"), chip_payments: N_("chip payments"), chip_deltas: N_("chip totals"),
  "preset.tenhou": N_("Tenhou (天鳳)"), "preset.mahjong_soul": N_("Mahjong Soul (雀魂)"), "preset.mleague": N_("M.League (Mリーグ)"),
  "preset.wrc": N_("World Riichi Championship (WRC)"), "preset.ema": N_("European Mahjong Association (EMA)"),
  abortive_draw: N_("An abortive draw"), abort: N_("Abort"),
  whole_hand: N_("The whole hand"), as_hand: N_("As without pao"), liable: N_("The liable player"),
  liable_yakuman: N_("the yakuman it answers for"), yue_wikibooks: N_("Wikibooks, its own Cantonese list (粵語維基教科書)"),
  "length.east": N_("East only"), hanchan: N_("Half game"), split: N_("Shared"), seat_order: N_("By seat order"),
  deduct_20000: N_("20,000 off the final result"),
  none: N_("None"), sudden_death: N_("Sudden death"), exact: N_("Exact"), nearest_thousand: N_("Whole thousands"),
  true: N_("on"), false: N_("off"),
};

// Spoken tile names (msgids): a suit's template takes the number.
export const SUIT_NAMES = { m: N_("{n} Characters"), p: N_("{n} Dots"), s: N_("{n} Bamboo") };
export const RED_NAMES = { m: N_("Red 5 Characters"), p: N_("Red 5 Dots"), s: N_("Red 5 Bamboo") };
export const HONOUR_NAMES = [N_("East wind"), N_("South wind"), N_("West wind"), N_("North wind"), N_("White dragon"), N_("Green dragon"), N_("Red dragon")];

// What each ruleset asks for and shows besides the table rules: its page
// spec, served in GET /v1/rulesets (`page`; docs/page.md), by ruleset name.
// Field names are the request's; labels are page msgids; bounds come from the
// schema. A ruleset without a spec has no tab.
export const SPECS = {};

// What a pattern row of the checklist shows after its name (the spec's `shows`).
export const PATTERN_VALUES = {
  fan: (r) => r.fan,
  han: (r) => (r.yakuman ? r.yakuman + "× " + t("Yakuman") : r.han === null ? word(r.limit || "") : r.open_han !== null && r.open_han !== r.han ? r.han + "/" + r.open_han : String(r.han)),
  cell: (r) => r.cell || String(r.tai),
};

export const app = {
  lang: "en",
  pickInto: -1, // the meld the picker's next tile makes; -1: the tile goes in the hand
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

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs, ...children) {
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

export function t(text) {
  const strings = app.strings[app.lang];
  return (strings && strings.page[text]) || text;
}

// The codes an answer shows through word() or t() (payment roles, tiers the
// value tables do not name), marked for the catalogue.
N_("discarder"); N_("other"); N_("self_draw"); N_("dealer"); N_("non_dealer"); N_("liable"); N_("bettor");
N_("kazoe_yakuman"); N_("double_yakuman"); N_("kazoe_double_yakuman");

// A code-valued word (a payment role, a tier): its catalogue wording, or in
// English (whose catalogue words are the codes themselves) the code as words.
export function word(code) {
  const shown = t(code);
  if (shown !== code) return shown;
  const spaced = String(code).replace(/_/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, name) => params[name]);
}

export function seatName(seat) {
  const strings = app.strings[app.lang];
  const name = (strings && strings.seat[seat]) || seat;
  return app.lang === "en" ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

function pretty(code) {
  return String(code).replace(/_/g, " ");
}

// A rule's name, and a value's (a ruleset's own code, such as a preset, by the API's own name for it).
export function ruleLabel(name) {
  const own = (SPECS[app.ruleset] && SPECS[app.ruleset].labels) || {};
  const key = own[name] || RULE_LABELS[name];
  return key ? t(key) : pretty(name);
}

export function hasValueLabel(code, option) {
  return Boolean(VALUE_LABELS[option + "." + code] || VALUE_LABELS[code]);
}

export function valueLabel(code, option) {
  const strings = app.strings[app.lang];
  const named = strings && strings[option] && strings[option][code];
  if (named && app.lang !== "en") return named;
  const key = VALUE_LABELS[option + "." + code] || VALUE_LABELS[code];
  return key ? word(key) : pretty(code);
}

// A template filled and a list joined in the page's language (CJK punctuation in CJK).
export function joined(parts) {
  return parts.join(t(", "));
}

// The ruleset the page shows, as discovery describes it in the page's language.
export function currentEntry() {
  const discovery = app.rulesets[app.lang];
  return discovery && discovery.rulesets.find((r) => r.name === app.ruleset);
}

// What the chosen ruleset offers: the fu helper switched on, tiles (a hands
// endpoint), a recorded game (a game-records endpoint).
export function fuHelperOn() {
  return !!SPECS[app.ruleset].fuHelper && app.values.fu_helper === "1";
}

export function tilesAvailable() {
  const entry = currentEntry();
  return !!entry && entry.endpoints.includes(`POST /v1/${app.ruleset}/hands`);
}

export function recordPath(entry) {
  const path = `/v1/${entry.name}/game-records`;
  return entry.endpoints.includes("POST " + path) ? path : null;
}

// A value changed: the page registers what follows (the result settled again),
// so that the form's parts below the result can say so.
let onChanged = () => {};

export function onChange(fn) {
  onChanged = fn;
}

export function changed() {
  onChanged();
}
