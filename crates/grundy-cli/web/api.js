// grundy playground: talking to `grundy serve` (loaded first, before
// play.js and app.js, which call these). Every request is a GET of
// /api/ROUTE; answers are JSON read with their big integers kept exact,
// and the server's refusals come back in the page's words.
"use strict";

/** Components as the API wants them: separated by `;`. The box also takes
 *  spaces when there is no `;` (so `3 4 5` works for Nim). */
function componentsOf(text, sum) {
  const parts = text.includes(";") || sum ? text.split(";") : text.trim().split(/\s+/);
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

function query(params) {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("&");
}

/** What the page says when the server does not answer at all. */
const UNREACHABLE = "the grundy server cannot be reached (is `grundy serve` still running?)";

/** GET /api/ROUTE; a failure throws an Error with the server's message,
 *  in the page's words (see userMessage). */
async function call(route, params) {
  let res;
  try {
    res = await fetch(`/api/${route}?${query(params)}`);
  } catch (_) {
    // fetch rejects only when no answer came: the server is gone.
    throw new Error(UNREACHABLE);
  }
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      message = parseJSON(await res.text()).error || message;
    } catch (_) {
      // not JSON: keep the status line
    }
    throw new Error(userMessage(message));
  }
  return res;
}

/** JSON.parse, except that an integer too large for a JavaScript number
 *  (beyond 2^53) becomes a BigInt with its exact digits, not a rounded
 *  number: a Nim heap of 9007199254740993 stays 9007199254740993. Safe
 *  integers stay numbers, so `=== 0` and the like still hold for them;
 *  every place that shows a value goes through String() or a template,
 *  which print a BigInt's digits. */
function parseJSON(text) {
  return JSON.parse(text, (_key, v, context) => {
    if (typeof v === "number" && !Number.isSafeInteger(v) && context && typeof context.source === "string"
      && /^-?\d+$/.test(context.source)) {
      return BigInt(context.source);
    }
    return v;
  });
}

async function callJSON(route, params) {
  const res = await call(route, params);
  let text;
  try {
    text = await res.text();
  } catch (_) {
    throw new Error(UNREACHABLE);
  }
  return parseJSON(text);
}

/** GET /api/ROUTE's picture as a Blob. */
async function callBlob(route, params) {
  const res = await call(route, params);
  try {
    return await res.blob();
  } catch (_) {
    throw new Error(UNREACHABLE);
  }
}

/** The server's messages speak of the API (its parameters and routes);
 *  on the page, the same things are fields and lists. Each entry turns
 *  one API phrase into the page's words. */
const PAGE_WORDS = [
  [/\s*\(\/api\/games lists them all\)/g, " (the list \u201cGames grundy knows\u201d above has them all)"],
  [/\/api\/games lists them all/g, "the list \u201cGames grundy knows\u201d above has them all"],
  [/see \/api\/games/g, "see the list \u201cGames grundy knows\u201d above"],
  [/for who wins in misère play, use \/api\/value with `misere=true`/g,
    "who wins in misère play is the outcome shown above, with its winning moves"],
  [/; use \/api\/value for its outcome and winning moves/g, "; its outcome and winning moves are shown above"],
  [/; use \/api\/value\b/g, ""],
  [/\/api\/\w+ needs the parameter `components` \(or its alias `position`\)/g, "the Position field is empty"],
  [/`components` or its alias `position`/g, "the Position field"],
  [/`components`/g, "the Position field"],
  [/`misere=true`/g, "misère play (the misère box)"],
  [/`to`/g, "\u201cSequence up to n\u201d"],
];

function userMessage(message) {
  return PAGE_WORDS.reduce((m, [api, page]) => m.replace(api, page), message);
}
