// The result: who pays whom, the value's items, the hand's split and the
// warnings, as the service answered them.
import { $, SPECS, app, el, fill, fuHelperOn, joined, seatName, t, word } from "./state.js";
import { writeHash } from "./fetching.js";
import { headline, items, signed, who } from "./format.js";
import { countFu } from "./fu_helper.js";
import { syncPicker, tileCounts, tilesShort } from "./tiles.js";
import { melds } from "./melds.js";
import { requestBody } from "./request.js";
import { shareLinks } from "./share.js";

// A hand valued from its tiles: the split the service chose (called sets
// marked) and the tiles it waited on.
function showShape(evaluation) {
  $("hand-shape").hidden = !evaluation;
  if (!evaluation) return;
  $("arrangement").replaceChildren(...evaluation.arrangement.map((set) =>
    el("span", { class: set.concealed ? "set" : "set called" }, set.tiles, set.concealed ? null : el("small", { text: " " + t("called") }))));
  $("waits").textContent = evaluation.waits || "–";
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

export async function settle() {
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

// A value changed: the picker and the URL follow at once, the result a moment later.
let timer = null;
export function refresh() {
  if (!$("tile-fields").hidden) syncPicker();
  writeHash();
  clearTimeout(timer);
  timer = setTimeout(settle, 120);
}
