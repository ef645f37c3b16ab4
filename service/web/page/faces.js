// Tile faces: each tile drawn as SVG (hidden from assistive technology), its
// code a small label, its name spoken; the picker's and the hand's buttons.
import { HONOUR_NAMES, RED_NAMES, SUIT_NAMES, el, fill, t } from "./state.js";

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

export function tileName(tile) {
  const [digit, suit] = tile;
  if (suit === "z") return t(HONOUR_NAMES[Number(digit) - 1]);
  if (digit === "0") return t(RED_NAMES[suit]);
  return fill(t(SUIT_NAMES[suit]), { n: digit });
}

// A tile button: its face (drawn, hidden from assistive technology), its code
// as a small label and its spoken name after it, visually hidden. The name
// comes from that content ("1m 1 Characters"), so it always contains the
// visible label (WCAG 2.5.3 Label in Name). `spoken` replaces the name
// ("Take out 1 Characters") where the button does something else with it.
export function tileButton(tile, attrs, spoken) {
  const button = el("button", { type: "button", class: "tile" + (tile[0] === "0" ? " red" : ""), title: tileName(tile), ...attrs });
  button.append(tileFace(tile), el("span", { class: "code", text: tile }), el("span", { class: "visually-hidden", text: " " + (spoken || tileName(tile)) }));
  return button;
}

// The tile notation (`123m55z`) read as tile codes; null when it cannot be read.
export function parseTiles(text) {
  const tiles = [];
  let digits = [];
  for (const ch of text.replace(/\s+/g, "")) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else if (/[mpsz]/.test(ch)) { for (const d of digits) tiles.push(d + ch); digits = []; }
    else return null;
  }
  return digits.length ? null : tiles;
}
