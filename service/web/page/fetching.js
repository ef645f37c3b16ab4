// Fetching and the URL: JSON from the service (cached per language), and the
// page's whole state kept in the URL fragment, so a link reproduces a result.
import { $, app } from "./state.js";

export async function getJSON(url) {
  const response = await fetch(url, { headers: { "Accept-Language": app.lang } });
  if (!response.ok) throw new Error(url + " → " + response.status);
  return response.json();
}

export async function cached(url) {
  const key = app.lang + " " + url;
  if (!(key in app.tables)) app.tables[key] = await getJSON(url);
  return app.tables[key];
}

// The served languages: the options of the language menu, which the service writes
// into the page, the first the default; each lists the language ranges it is served for.
export function languages() {
  return [...$("language").options].map((option) => option.value);
}

// The first of the browser's tags that a served range equals or begins (then "-"),
// the most specific range deciding (zh-TW: zh-Hant, not zh's zh-Hans).
export function negotiate(tags) {
  const ranges = [...$("language").options]
    .flatMap((option) => option.dataset.ranges.split(" ").map((range) => [range.toLowerCase(), option.value]))
    .sort((a, b) => b[0].length - a[0].length);
  for (const tag of tags || []) {
    const lower = tag.toLowerCase();
    const found = ranges.find(([range]) => lower === range || lower.startsWith(range + "-"));
    if (found) return found[1];
  }
  return languages()[0];
}

// --- the URL holds the state ----------------------------------------------------

export function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const values = {};
  for (const [key, value] of params) values[key] = value;
  return values;
}

// The shown ruleset's values as they are (`fan=5`), another's behind its name (`<ruleset>~han=3`).
export const OTHER = "~";

export function writeHash() {
  const params = new URLSearchParams();
  params.set("r", app.ruleset);
  params.set("lang", app.lang);
  for (const [name, value] of Object.entries(app.values)) {
    if (value !== (app.defaults[name] ?? "")) params.set(name, value);
  }
  for (const [ruleset, { values, defaults }] of Object.entries(app.saved)) {
    for (const [name, value] of Object.entries(values)) if (value !== (defaults[name] ?? "")) params.set(ruleset + OTHER + name, value);
  }
  history.replaceState(null, "", "#" + params.toString());
}

export function shareUrl() {
  return location.href;
}
