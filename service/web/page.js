// The calculator page: a client of the public API, nothing more.
//
// Tabs, rule options (types, bounds, allowed values, defaults, meanings) come
// from GET /v1/rulesets; bounds and allowed values of the hand's own fields
// from the OpenAPI document; pattern checklists from the catalogue tables;
// the page's words from GET /web/strings/<language> (the API's catalogues).
// The whole state lives in the URL fragment, so a link reproduces a result.
//
// This module starts the page (tabs, language, events); the others, in
// page/, are loaded as ES modules, no build step: state (words, helpers),
// faces (tile faces), fetching (requests, the URL), form, fu_helper, tiles,
// melds (and bettors), request, result, game (and recorded games), share
// and print.

import { $, app, changed, currentEntry, el, N_, onChange, SPECS, t } from "./page/state.js";
import { OTHER, getJSON, languages, negotiate, readHash, shareUrl, writeHash } from "./page/fetching.js";
import { buildGameRules, buildPatterns, buildRules, buildSeats, buildValue, fixDiscarder, rebaseRules, syncModes } from "./page/form.js";
import { buildFuHelper } from "./page/fu_helper.js";
import { parseTiles } from "./page/faces.js";
import { addTile, buildTiles, tickCheck, tileHistory, writeTiles } from "./page/tiles.js";
import { bettors, buildBettors, buildMelds, editMeld, fillMeld, melds, setBettors, setMelds, setPickInto } from "./page/melds.js";
import { refresh, settle } from "./page/result.js";
import { addToGame, formHand, onGameRule, openRecordFile, playGame, replayRecord, setGameHands } from "./page/game.js";
import { copyText, saveImage, summary, summaryText } from "./page/share.js";
import { buildReference } from "./page/print.js";

// A value changed anywhere on the form: the result follows.
onChange(refresh);

// --- tabs, language, start --------------------------------------------------------------------

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
  if (name === "preset" || name === "players") rebaseRules(currentEntry());
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
    if (app.pickInto >= 0) fillMeld(app.pickInto, tile);
    else addTile(tile);
  });
  $("add-meld").addEventListener("click", () => {
    const list = melds();
    list.push({ kind: "pung", tiles: "" });
    setMelds(list);
    app.pickInto = list.length - 1;
    buildMelds();
    $("meld-kind-" + app.pickInto).focus();
    writeHash();
  });
  $("meld-list").addEventListener("click", (event) => {
    const index = event.target.dataset.removeMeld;
    if (index === undefined) return;
    app.pickInto = -1;
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
    app.pickInto = -1;
    buildMelds();
    $("tiles-concealed").value = "";
    $("tiles-win").value = "";
    changed();
  });
  $("copy").addEventListener("click", () => copyText(summary(), N_("Copied")));
  $("copy-link").addEventListener("click", () => copyText(shareUrl(), N_("Link copied")));
  $("save-image").addEventListener("click", saveImage);
  $("print").addEventListener("click", () => window.print());
  $("game-add").addEventListener("click", () => addToGame(formHand()));
  $("game-rules-box").addEventListener("input", onGameRule);
  $("game-rules-box").addEventListener("change", onGameRule);
  $("record-replay").addEventListener("click", replayRecord);
  $("record-file").addEventListener("change", openRecordFile);
  $("game-draw").addEventListener("click", () => addToGame({ type: "draw" }));
  $("game-chombo").addEventListener("click", () => addToGame({ type: "chombo", seat: $("game-chombo-seat").value }));
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
