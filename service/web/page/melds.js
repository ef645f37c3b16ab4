// Called melds and concealed kongs (kept in the URL as
// `tiles_melds=pung:555p;chow:345s`), and the bettors of the spec's `bettors`.
import { $, app, changed, el, fill, N_, seatName, SEATS, SPECS, t } from "./state.js";
import { parseTiles } from "./faces.js";
import { schemaField, threePlayers, useTiles } from "./form.js";

// --- melds: called sets and concealed kongs, kept in the URL as
// `tiles_melds=pung:555p;chow:345s`. A concealed kong is the page's kind
// `concealed_kong`, sent as {"kind": "kong", "concealed": true}.

const MELD_KINDS = [["chow", N_("Chow")], ["pung", N_("Pung")], ["kong", N_("Kong")], ["concealed_kong", N_("Concealed kong")]];

export function melds() {
  return (app.values.tiles_melds || "").split(";").filter(Boolean).map((item) => {
    const [kind, tiles] = item.split(":");
    return { kind: MELD_KINDS.some(([code]) => code === kind) ? kind : "pung", tiles: (tiles || "").slice(0, 8) };
  });
}

export function setMelds(list) {
  app.values.tiles_melds = list.map((meld) => meld.kind + ":" + meld.tiles).join(";");
}

export function meldBody(meld) {
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

export function buildMelds() {
  const list = melds();
  const box = $("meld-list");
  box.replaceChildren();
  if (app.pickInto >= list.length) app.pickInto = -1;
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
  setPickInto(app.pickInto);
}

// Where the picker's next tile goes: a meld (outlined, with a hint) or the hand.
export function setPickInto(index) {
  app.pickInto = index;
  document.querySelectorAll("#meld-list .meld").forEach((row, at) => row.classList.toggle("picking", at === index));
  $("pick-into").hidden = index < 0;
}

export function fillMeld(index, tile) {
  const list = melds();
  list[index].tiles = meldOf(list[index].kind, tile);
  setMelds(list);
  app.pickInto = -1;
  buildMelds();
  useTiles();
  changed();
}

export function editMeld(target) {
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

export function bettors() {
  return (app.values.bettors || "").split(";").filter(Boolean).map((item) => {
    const at = item.lastIndexOf(":");
    return { id: decodeURIComponent(item.slice(0, at)), bet_on: item.slice(at + 1) };
  });
}

export function setBettors(list) {
  app.values.bettors = list.map((b) => encodeURIComponent(b.id) + ":" + b.bet_on).join(";");
}

export function buildBettors(spec) {
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
