// The result in words: the seats, signed amounts, the value's items, the
// hand's split and the headline, for the result, the summary and the game.
import { SEATS, SPECS, app, fill, seatName, t } from "./state.js";

export function signed(amount) {
  const n = Number(amount);
  return n > 0 ? "+" + amount : n < 0 ? "−" + String(amount).slice(1) : String(amount);
}

export function who(seat) {
  return SEATS.includes(seat) ? seatName(seat) : seat;
}

export function items(result) {
  if (result.fan_items) return result.fan_items.map((i) => [i.name || i.name_en, i.count, i.fan]);
  if (result.yaku_items) return result.yaku_items.map((i) => [i.name || i.name_en, i.count, i.yakuman ? i.yakuman + "× " + t("Yakuman") : i.han]);
  if (result.tai_breakdown) return result.tai_breakdown.items.map((i) => [i.name || i.name_en, i.count, i.tai]);
  // a hand from tiles whose settlement does not itemise its fan: the evaluation does
  if (result.evaluation && result.evaluation.items) return result.evaluation.items.map((i) => [i.name || i.name_en, i.count, i.fan]);
  return [];
}

// The same in one line of text, for the copied summary and the image card.
export function shapeText(evaluation) {
  const sets = evaluation.arrangement.map((set) => set.tiles + (set.concealed ? "" : " (" + t("called") + ")"));
  return t("Arrangement") + ": " + sets.join(" ") + " · " + t("Waits") + ": " + (evaluation.waits || "–");
}

// The result's value in words: the spec's first `valueText` whose `when` the
// result has, its params read from the result (`form.<name>`: from the form).
export function valueText(result) {
  const chosen = (SPECS[app.ruleset].valueText || []).find((alternative) => !alternative.when || result[alternative.when]);
  if (!chosen) return "";
  const params = {};
  for (const [name, from] of Object.entries(chosen.params)) {
    params[name] = from.startsWith("form.") ? app.values[from.slice(5)] : result[from] ?? "";
  }
  return fill(t(chosen.text), params);
}

export function headline(result) {
  const how = app.values.win === "self_draw" ? t("self-drawn") : fill(t("on {seat}'s discard"), { seat: seatName(app.values.discarder) });
  return fill(t("{winner} wins {value}, {how}"), { winner: seatName(result.winner), value: valueText(result), how }) + " · " +
    fill(t("{winner} receives {amount}"), { winner: seatName(result.winner), amount: result.winner_receives });
}
