// Share: the result as text, a link, an image, and the share targets.
import { $, SPECS, app, el, fill, joined, t, word } from "./state.js";
import { shareUrl } from "./fetching.js";
import { headline, shapeText, signed, who } from "./format.js";
import { currentEntry } from "./state.js";

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

export function summaryText() {
  return summaryLines().join("\n");
}

export function summary() {
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

export function shareLinks() {
  const text = summaryText() || t("Mahjong settlement calculator");
  const url = shareUrl();
  for (const link of document.querySelectorAll("[data-share]")) link.href = SHARE[link.dataset.share](text, url);
  $("web-share").hidden = typeof navigator.share !== "function";
}

export async function copyText(text, done) {
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

export function saveImage() {
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
