// A whole game (the hands so far, replayed by POST /v1/<ruleset>/games) and a
// recorded game (POST /v1/<ruleset>/game-records), shown as a ledger.
import { $, SPECS, app, el, fill, joined, recordPath, seatName, t } from "./state.js";
import { writeHash } from "./fetching.js";
import { asJSON, changedOptions, gameOptions, placeRules, requestBody } from "./request.js";
import { signed, valueText, who } from "./format.js";
import { currentEntry } from "./state.js";

// What the game derives, left out of each hand: the dealer, the rules, and the spec's `derived` fields.
const DERIVED = ["dealer", "rules"];

// A hand nobody won, in words: a draw, an abortive draw, or a chombo and its seat.
function handKind(hand) {
  if (hand.type === "chombo") return t("Chombo") + " " + seatName(hand.chombo.seat);
  return t(hand.type === "draw" ? "Draw" : "Abort");
}

function gameHands() {
  try {
    return app.values.game ? JSON.parse(app.values.game) : [];
  } catch (error) {
    return [];
  }
}

export function setGameHands(hands) {
  app.values.game = hands.length ? JSON.stringify(hands) : "";
}

export function addToGame(hand) {
  setGameHands([...gameHands(), hand]);
  writeHash();
  playGame();
}

export function formHand() {
  const body = JSON.parse(requestBody());
  for (const name of [...DERIVED, ...(SPECS[app.ruleset].derived || [])]) delete body[name];
  return body;
}

export async function playGame() {
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
  // a platform's table the spec names among the game's own fields (`preset`) goes once at the top, not in each hand
  const top = form.preset && (SPECS[app.ruleset].derived || []).includes("preset") ? { preset: form.preset } : {};
  const body = JSON.stringify({ rules: form.rules || {}, game: gameOptions(form), hands, ...top });
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
    el("td", { text: String(index + 1) + (hand.type === "win" ? "" : " · " + handKind(hand)) }),
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
export function onGameRule(event) {
  const target = event.target;
  if (!target.name) return;
  app.values[target.name] = target.type === "checkbox" ? (target.checked ? "1" : "") : target.value;
  writeHash();
  clearTimeout(gameTimer);
  gameTimer = setTimeout(playGame, 120);
}

// --- a recorded game: a ruleset that answers POST /v1/<ruleset>/game-records ----------------

function recordProblem(text) {
  $("record-problem").textContent = text;
  $("record-problem").hidden = false;
  $("record-state").hidden = true;
}

// A record's format told apart by its content (docs/games.md): a JSON
// object with `log` is a tenhou.net/6 log, text starting `<mjloggm` (or an
// XML declaration) Tenhou's mjlog, a JSON array or one JSON object a line
// MJAI events. Returns [format, record] or null.
export function readRecord(text, chosen) {
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

// The log's hands replayed and settled under the page's rules: the table
// rules and game rules changed on the page, the log's own for the others.
export async function replayRecord() {
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
export async function openRecordFile() {
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
  $("record-summary").textContent = fill(mismatches ? t("{hands} hands replayed; {mismatches} differ from the log.") : t("{hands} hands replayed; every one agrees with the log."),
    { hands: answer.hands.length, mismatches });
  $("record-standings").replaceChildren(...answer.standings.standings.map((standing) =>
    el("li", { text: `${who(standing.seat)} ${standing.score} (${signed(standing.result)})` })));
  $("record-state").hidden = false;
}
