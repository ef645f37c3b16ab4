// The fu helper: the fu from the hand's shape, by the spec's `fuHelper.url`.
import { $, N_, SPECS, app, el, fill, fuHelperOn, t } from "./state.js";
import { control } from "./form.js";

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

// The msgid of a pair or wait choice (`pair_plain`, `wait_edge`, …).
function fuItem(kind, code) {
  return FU_ITEMS[kind + "_" + code];
}

const FU_KINDS = [["sequence", N_("Sequence")], ["triplet", N_("Triplet")], ["kan", N_("Kan")]];

export function buildFuHelper() {
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
    choices: ["plain", "dragon", "seat_wind", "round_wind", "double_wind"].map((code) => [code, t(fuItem("pair", code))]),
  }));
  grid.append(control("fu.wait", t("Wait"), "select", "two_sided", {
    choices: ["two_sided", "edge", "closed", "pair", "shanpon"].map((code) => [code, t(fuItem("wait", code))]),
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
export async function countFu() {
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
