// Reference tables for print: the ruleset's value tables under the page's rules.
import { $, N_, SPECS, app, el, t, valueLabel } from "./state.js";
import { cached, getJSON, shareUrl } from "./fetching.js";
import { formQuery, patternName } from "./form.js";
import { asJSON, tableRules } from "./request.js";

function ruleQuery(names) {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = app.values["rules." + name];
    if (value !== undefined && value !== "" && value !== app.defaults["rules." + name]) params.set(name, value === "1" ? "true" : value);
    else if (value === "" && app.defaults["rules." + name] === "1") params.set(name, "false");
  }
  return params;
}

export function table(caption, heads, rows) {
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

export async function buildReference() {
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
      row.fu ?? (row.tier ? t(row.tier) : ""), row.non_dealer_ron, `${row.non_dealer_tsumo_non_dealer_pays}/${row.non_dealer_tsumo_dealer_pays}`, row.dealer_ron, row.dealer_tsumo_each]);
    node = table(`${t(reference.caption)} · ${data.players}P`, [t("Han"), t("Fu"), t("Non-dealer ron"), t("Non-dealer tsumo"), t("Dealer ron"), t("Dealer tsumo, each")], rows);
  } else if (reference.kind === "batch") {
    node = await batchTable(ruleset, reference);
  } else {
    const data = await cached(reference.url + "?" + formQuery(reference.query));
    // the rows' Chinese explanations on a Chinese page; elsewhere how each row is counted, in words
    const chinese = app.lang.startsWith("zh");
    node = table(`${t(reference.caption)} · ${valueLabel(data.preset, "preset")} · ${valueLabel(data.mode, "mode")}`, [t("Name"), t("Tai"), t("How counted")],
      data.rows.map((row) => [patternName(row), row.cell, chinese ? row.how_zh || row.description_zh || "" : t(TAI_UNITS[row.unit] || TAI_UNITS.per_hand)]));
    node.classList.add("wide-text");
  }
  if (ruleset !== app.ruleset) return;
  holder.replaceChildren(node, el("p", { class: "print-only", text: t("Printed on A4 from the settlement service.") + " " + shareUrl() }));
}
