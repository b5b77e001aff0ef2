// End-to-end tests of the web playground in a real browser.
//
// Usage: node e2e.mjs [PATH/TO/grundy]   (default: ../target/debug/grundy)
//    or: GRUNDY_BIN=PATH/TO/grundy node --test e2e.mjs
// (`node --test` does not pass further arguments to the file: it takes
// them for more test files, so give the binary in GRUNDY_BIN there.)
//
// Builds nothing: it starts the given binary as `grundy serve --port 0`,
// reads the address it prints, drives Debian's Chromium through
// playwright-core (never a downloaded browser), and saves screenshots in
// tests-browser/screenshots/. Runs under node's own test runner.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const binary = resolve(process.argv[2] || process.env.GRUNDY_BIN || join(here, "..", "target", "debug", "grundy"));
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const shots = join(here, "screenshots");
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

let server;
let base;
let context;
let page;
let profile;
const pageErrors = [];
/** Every message the page logged as an error in the console (a failed
 *  request logs "Failed to load resource"). */
const consoleErrors = [];

/** Starts `grundy serve --port 0` and resolves with the printed address. */
function startServer() {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(binary, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`no address from ${binary} in 20 s: ${out}${err}`)), 20000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ child, url: m[1] });
      }
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${binary} exited with ${code}: ${err}`));
    });
  });
}

async function shot(name) {
  await page.screenshot({ path: join(shots, name), fullPage: true });
}

/** A screenshot of the drawn position alone, for the user guide. */
async function boardShot(name) {
  await page.locator("#board").screenshot({ path: join(shots, name) });
}

/** Waits until the page has answered the last question. */
async function solved() {
  await page.waitForFunction(() => document.body.dataset.state === "done", null, { timeout: 30000 });
}

/** Waits until the play panel is in one of `states`, and returns it. */
async function playState(...states) {
  const handle = await page.waitForFunction(
    (wanted) => {
      const s = document.getElementById("play-panel").dataset.state;
      return wanted.includes(s) ? s : false;
    },
    states,
    { timeout: 30000 },
  );
  return handle.jsonValue();
}

async function chooseFromList(patternName) {
  const value = await page.$eval(
    "#game-list",
    (select, name) => [...select.options].find((o) => o.dataset.name === name)?.value,
    patternName,
  );
  assert.ok(value, `${patternName} is in the game list`);
  await page.selectOption("#game-list", value);
  await solved();
}

before(async () => {
  assert.ok(existsSync(binary), `the grundy binary ${binary} exists (build it first)`);
  assert.ok(existsSync(chromiumPath), `Chromium is installed at ${chromiumPath}`);
  mkdirSync(shots, { recursive: true });
  const started = await startServer();
  server = started.child;
  base = started.url;
  profile = mkdtempSync(join(tmpdir(), "grundy-chromium-"));
  // A fresh profile each run: launchPersistentContext passes it to
  // Chromium as --user-data-dir.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1200, height: 900 },
  });
  page = context.pages()[0] || (await context.newPage());
  page.on("pageerror", (e) => pageErrors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
});

after(async () => {
  await context?.close();
  server?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test("the page loads with every game grundy knows", async () => {
  await page.goto(base + "/");
  await solved();
  assert.equal(await page.title(), "grundy playground");
  const games = await (await fetch(base + "/api/games")).json();
  const names = await page.$$eval("#game-list option[data-name]", (os) => os.map((o) => o.dataset.name));
  assert.deepEqual(names, games.map((g) => g.name));
  assert.ok(names.includes("sub:S") && names.includes("0.77, 4.07, 0.F7, ..."));
  assert.deepEqual(pageErrors, []);
});

test("sub:1,3,4: the table, P-positions, the period, the plot and the state graph", async () => {
  await chooseFromList("sub:S");
  assert.equal(await page.inputValue("#game"), "sub:1,3,4");
  const cells = await page.$$eval("#seq-table td[data-n]", (tds) =>
    tds.map((td) => ({ n: Number(td.dataset.n), v: Number(td.textContent), cls: [...td.classList] })),
  );
  const expected = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2];
  assert.deepEqual(cells.slice(0, expected.length).map((c) => c.v), expected);
  for (const c of cells) {
    assert.equal(c.cls.includes("p"), c.v === 0, `G(${c.n}) = ${c.v} is marked P iff 0`);
    assert.equal(c.cls.includes("period"), c.n < 7, `G(${c.n}) is in the highlighted period iff n < 7`);
  }
  const status = await page.textContent("#seq-status");
  assert.match(status, /period 7 from n = 0/);
  assert.match(status, /proven/);
  for (const img of ["#plot", "#graph"]) {
    await page.waitForSelector(`${img}:not([hidden])`);
    const width = await page.$eval(img, async (i) => {
      await i.decode();
      return i.naturalWidth;
    });
    assert.ok(width > 100, `${img} is drawn (${width} px wide)`);
  }
  assert.match(await page.textContent("#outcome"), /^N/);
  await shot("sub-1-3-4.png");
  assert.deepEqual(pageErrors, []);
});

/** Plays to the end, choosing with `pick(buttons)`; returns the winner text. */
async function playToTheEnd(pick) {
  for (let turn = 0; turn < 100; turn++) {
    const state = await playState("your-turn", "over");
    if (state === "over") return page.textContent("#winner");
    const buttons = await page.$$("#moves button");
    assert.ok(buttons.length > 0, "the human has moves while the game is on");
    await (await pick(buttons)).click();
  }
  throw new Error("the game did not end in 100 turns");
}

/** G(n) in the subtraction game {1,3,4}, by a mex written here, apart from the engine. */
function subtraction134(n) {
  const g = [];
  for (let i = 0; i <= n; i++) {
    const options = new Set([1, 3, 4].filter((k) => k <= i).map((k) => g[i - k]));
    let mex = 0;
    while (options.has(mex)) mex++;
    g.push(mex);
  }
  return g[n];
}

test("a whole game against the computer, which wins when the human plays badly", async () => {
  await page.click("#new-game");
  // The human moves to a position with a nonzero value (a bad move)
  // whenever there is one, and otherwise takes the first move listed.
  const winner = await playToTheEnd(async (buttons) => {
    for (const b of buttons) {
      const next = Number(await b.getAttribute("data-next"));
      if (subtraction134(next) !== 0) return b;
    }
    return buttons[0];
  });
  assert.ok(await page.isVisible("#winner"));
  assert.match(winner, /computer wins/);
  const log = await page.$$eval("#log li", (lis) => lis.map((li) => li.textContent));
  assert.ok(log.some((l) => l.startsWith("you: ")) && log.some((l) => l.startsWith("computer: ")));
  assert.match(log[log.length - 1], /^game over/);
  await shot("play-lost.png");
});

test("following the hints from an N-position wins", async () => {
  await page.click("#new-game");
  let hints = 0;
  const winner = await playToTheEnd(async () => {
    await page.click("#hint");
    await page.waitForSelector("#moves button.suggested");
    assert.match(await page.textContent("#hint-text"), /this wins/);
    if (++hints === 2) await shot("hint.png");
    return page.$("#moves button.suggested");
  });
  assert.match(winner, /You win/);
  await shot("play-won.png");
  assert.deepEqual(pageErrors, []);
});

test("the computer can move first", async () => {
  await page.check('input[name="first"][value="computer"]');
  await page.click("#new-game");
  await playState("your-turn", "over");
  const log = await page.$$eval("#log li", (lis) => lis.map((li) => li.textContent));
  assert.match(log[0], /^computer: 10 → (7|9)$/);
  await page.check('input[name="first"][value="human"]');
});

test("a bad game code shows an error", async () => {
  await page.fill("#game", "0.8x");
  await page.click("#go");
  await solved();
  await page.waitForSelector("#error:not([hidden])");
  const message = await page.textContent("#error");
  assert.match(message, /0\.8x/);
  assert.match(message, /not a digit/);
  assert.ok(await page.isHidden("#results"));
  await shot("bad-code.png");
});

test("a bad position shows an error, and a good one clears it", async () => {
  await page.fill("#game", "nim");
  await page.fill("#position", "3 x");
  await page.click("#go");
  await solved();
  assert.match(await page.textContent("#error"), /non-negative integer/);
  await page.fill("#position", "3 4 5");
  await page.click("#go");
  await solved();
  assert.ok(await page.isHidden("#error"));
  assert.match(await page.textContent("#value"), /total: \*2/);
  assert.deepEqual(pageErrors, []);
});

test('the "why?" panel shows the mex of each heap and the XOR of the sum', async () => {
  await page.fill("#game", "sub:1,3,4");
  await page.fill("#position", "7 10");
  await page.click("#go");
  await solved();
  await page.click("#why-button");
  await page.waitForSelector("#why-sum");
  // The numbers, by the mex written here and JavaScript's own XOR.
  const total = subtraction134(7) ^ subtraction134(10);
  assert.equal(Number(await page.textContent("#why-total")), total);
  const mexes = await page.$$eval("#why .mex", (ps) => ps.map((p) => p.textContent));
  const set = [...new Set([6, 4, 3].map(subtraction134))].sort((a, b) => a - b).join(",");
  assert.equal(mexes[0], `G(7) = mex{G(6), G(4), G(3)} = mex{${set}} = ${subtraction134(7)}`);
  const moves = await page.$$eval("#why-moves li", (lis) => lis.map((li) => li.textContent));
  assert.ok(moves.length > 0 && moves.every((m) => m.endsWith("so the XOR becomes 0")), moves.join("\n"));
  await shot("why.png");
  // Closing and a new question hide it again.
  await page.click("#why-button");
  assert.ok(await page.isHidden("#why"));
  assert.deepEqual(pageErrors, []);
});

test("a compound chosen on the page: its rule, each component's remoteness, and play to the end", async () => {
  await page.fill("#game", "sub:1,2");
  await page.fill("#position", "5 4");
  await page.selectOption("#compound", "conjunctive");
  await page.click("#go");
  await solved();
  const text = await page.textContent("#value");
  assert.match(text, /conjunctive compound/);
  assert.match(text, /the least remoteness is odd/);
  // Heap 5 of sub:1,2 wins in 3 moves, heap 4 in 3: the least is odd.
  assert.match(await page.textContent("#outcome"), /^N/);
  const rows = await page.$$eval("#value-table tr", (trs) => trs.slice(1).map((tr) => tr.lastChild.textContent));
  assert.deepEqual(rows, ["3", "3"]);
  // The computer plays the compound's moves: a game ends.
  const winner = await playToTheEnd((buttons) => buttons[0]);
  assert.ok(winner && winner.length > 0);
  await shot("compound.png");
  await page.selectOption("#compound", "");
  assert.deepEqual(pageErrors, []);
});

test("a sum of different games on the page: values, total and play to the end", async () => {
  await page.selectOption("#compound", "");
  await page.check("#sum");
  await page.fill("#position", "kayles 3; nim 4; cram 2x3");
  await page.click("#go");
  await solved();
  assert.ok(await page.isHidden("#error"), await page.textContent("#error"));
  const text = await page.textContent("#value");
  // Kayles 3 is worth 3, Nim 4 is 4, Cram 2x3 is 1: the total is 6.
  assert.match(text, /kayles 3/);
  assert.match(text, /total: \*6/);
  assert.match(text, /nim 4 → nim 2/);
  assert.ok(await page.isHidden("#seq-panel"), "no heap sequence for a sum of games");
  const winner = await playToTheEnd((buttons) => buttons[buttons.length - 1]);
  assert.ok(winner && winner.length > 0);
  await shot("sum.png");
  await page.uncheck("#sum");
  await page.fill("#position", "3 4");
  await page.click("#go");
  await solved();
  assert.ok(await page.isVisible("#seq-panel"), "a game's sequence is back");
  assert.deepEqual(pageErrors, []);
});

test("misère Kayles 3;5;7 is answered on the page as on the command line", async () => {
  await page.selectOption("#compound", "");
  await page.fill("#game", "kayles");
  await page.fill("#position", "3;5;7");
  await page.check("#misere");
  await page.click("#go");
  await solved();
  assert.ok(await page.isHidden("#error"), await page.textContent("#error"));
  assert.match(await page.textContent("#value"), /misère, decided by quotient/);
  assert.match(await page.textContent("#outcome"), /^N/);
  assert.match(await page.textContent("#value"), /component 2: 5 → 4/);
  await page.uncheck("#misere");
  assert.deepEqual(pageErrors, []);
});

test("a game without a heap sequence: its sequence and plot panels step aside, with no red error", async () => {
  await page.fill("#game", "wythoff");
  await page.fill("#position", "3,5");
  await page.click("#go");
  await solved();
  assert.ok(await page.isHidden("#error"));
  await page.waitForFunction(() => document.getElementById("seq-panel").hidden);
  assert.ok(await page.isHidden("#plot-panel"));
  assert.ok(await page.isHidden("#seq-error"));
  // (3, 5) is one of Wythoff's cold pairs.
  assert.match(await page.textContent("#outcome"), /^P/);
  // A heap game brings them back.
  await page.fill("#game", "nim");
  await page.fill("#position", "3 4");
  await page.click("#go");
  await solved();
  assert.ok(await page.isVisible("#seq-panel"));
  assert.deepEqual(pageErrors, []);
});

// ------------------------------------------------------------ drawn boards

/** The keys of the drawing's clickable parts of `selector` (`rect.free`). */
async function drawnKeys(selector) {
  return page.$$eval(`#board ${selector}`, (parts) => parts.map((p) => p.dataset.key).sort());
}

/** The position the page says the game is at. */
async function shownPosition() {
  return (await page.textContent("#play-position")).replace(/^position: /, "");
}

/** Free squares of a Cram map (`RxC` or rows `../.x`), as keys `1:b3`,
 *  worked out here from the text the engine prints. */
function cramSquares(text) {
  if (text === "0") return [];
  const rows = /^\d+x\d+$/.test(text)
    ? Array.from({ length: Number(text.split("x")[0]) }, () => ".".repeat(Number(text.split("x")[1])))
    : text.split("/");
  const keys = [];
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === ".") keys.push(`1:${String.fromCharCode(97 + c)}${r + 1}`);
  }));
  return keys.sort();
}

/** Squares of a Chomp bar (`RxC` or row lengths), the poison left out. */
function chompSquares(text) {
  const lengths = /^\d+x\d+$/.test(text)
    ? Array.from({ length: Number(text.split("x")[0]) }, () => Number(text.split("x")[1]))
    : text.split(",").map(Number);
  const keys = [];
  lengths.forEach((len, r) => {
    for (let c = 0; c < len; c++) if (r || c) keys.push(`1:${String.fromCharCode(97 + c)}${r + 1}`);
  });
  return keys.sort();
}

/** Edges of a Hackenbush graph `0-1,1-2` (cut marks `~u-v` left out),
 *  copies of one edge numbered as the drawing numbers them. */
function hackenbushEdges(text) {
  const seen = {};
  const keys = [];
  for (const item of text.split(",")) {
    if (!item.includes("-") || item.startsWith("~")) continue;
    const [u, v] = item.split("-");
    const pair = [u, v].sort().join("-");
    seen[pair] = (seen[pair] || 0) + 1;
    keys.push(seen[pair] === 1 ? `1:${item}` : `1:${item}(${seen[pair]})`);
  }
  return keys.sort();
}

/** Plays a game on the drawing to the end, clicking only: `choose()`
 *  gives the keys to click for the human's move; after every move the
 *  drawn parts are checked against the position the engine reports. */
async function playByClicks(selector, expected, choose) {
  for (let turn = 0; turn < 60; turn++) {
    const state = await playState("your-turn", "over");
    const position = await shownPosition();
    assert.equal(await page.getAttribute("#board", "data-position"), position);
    assert.deepEqual(await drawnKeys(selector), expected(position), `drawn: ${position}`);
    if (state === "over") return page.textContent("#winner");
    const keys = await choose();
    assert.ok(keys.length > 0, `a move to click at ${position}`);
    for (const key of keys) {
      const now = await page.$eval("#play-panel", (p) => p.dataset.state);
      if (now !== "your-turn" || (await shownPosition()) !== position) break;
      await page.locator(`#board [data-key="${key}"]`).dispatchEvent("click");
    }
    await page.waitForFunction(
      (before) => document.getElementById("play-position").textContent !== `position: ${before}`,
      position,
      { timeout: 30000 },
    );
  }
  throw new Error("the game did not end in 60 turns");
}

/** The keys of the move the hint suggests, as marked on the drawing. */
async function hintedKeys() {
  await page.click("#hint");
  await page.waitForSelector("#board .hinted", { timeout: 30000 });
  return page.$$eval("#board .hinted", (parts) => parts.map((p) => p.dataset.key));
}

async function startGame(game, position) {
  await page.selectOption("#compound", "");
  await page.uncheck("#misere");
  await page.uncheck("#sum");
  await page.fill("#game", game);
  await page.fill("#position", position);
  await page.click("#go");
  await solved();
  assert.ok(await page.isHidden("#error"), await page.textContent("#error"));
}

test("a Nim heap too large to list: the move is typed, checked, and answered", async () => {
  await startGame("nim", "1000000000000;5");
  await playState("your-turn");
  assert.match(await page.textContent("#typed-move"), /too many moves to list/);
  assert.equal((await page.$$("#moves button:not([type=submit])")).length, 0);
  // A move the rules refuse is said, and it is still the human's turn.
  await page.fill("#typed-move input", "1:2000000000000");
  await page.click("#typed-move button");
  await page.waitForSelector("#hint-text:not([hidden])");
  assert.match(await page.textContent("#hint-text"), /is not a move from/);
  assert.equal(await playState("your-turn"), "your-turn");
  // Heap 1 down to 7: the computer takes it to 5, the mirror of heap 2,
  // and the position is small enough to list again.
  await page.fill("#typed-move input", "1:7");
  await page.click("#typed-move button");
  await playState("your-turn");
  const log = await page.$$eval("#log li", (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(log.slice(-2), ["you: #1: 1000000000000 → 7", "computer: #1: 7 → 5"]);
  assert.equal(await page.$("#typed-move"), null);
  assert.equal((await page.$$("#moves button")).length, 10);
  assert.deepEqual(pageErrors, []);
});

test("Cram 3x4 played to the end by clicking squares, following the hints", async () => {
  await startGame("cram", "3x4");
  await playState("your-turn");
  assert.equal((await drawnKeys("rect.free")).length, 12);
  await boardShot("cram-3x4.png");
  await page.click("#hint");
  await page.waitForSelector("#board .hinted");
  await page.locator("#play-panel").screenshot({ path: join(shots, "cram-hint.png") });
  const winner = await playByClicks("rect.free", cramSquares, hintedKeys);
  assert.equal(winner, "You win!");
  assert.ok(await page.isHidden("#play-error"));
  assert.deepEqual(pageErrors, []);
});

test("a click that is half a domino narrows the moves to those that cover it", async () => {
  await startGame("cram", "2x3");
  await playState("your-turn");
  const before = (await page.$$("#moves button")).length;
  await page.click('#board [data-key="1:b1"]');
  const shown = await page.$$eval("#moves button", (bs) => bs.filter((b) => !b.hidden).length);
  assert.ok(shown > 1 && shown < before, `${shown} of ${before} moves still fit`);
  assert.match(await page.textContent("#board-note"), /moves fit/);
  await page.click('#board [data-key="1:b2"]');
  await page.waitForFunction(() => document.getElementById("log").textContent.includes("you:"));
  assert.deepEqual(pageErrors, []);
});

test("Chomp 4x4 played to the end by clicking the squares bitten", async () => {
  await startGame("chomp", "4x4");
  await playState("your-turn");
  await boardShot("chomp-4x4.png");
  const winner = await playByClicks("rect.free", chompSquares, hintedKeys);
  assert.equal(winner, "You win!");
  assert.deepEqual(pageErrors, []);
});

test("Hackenbush played to the end by clicking the edges cut", async () => {
  await startGame("hackenbush", "0-1,1-2,1-3,0-4,4-5,4-5,5-6");
  await playState("your-turn");
  await boardShot("hackenbush.png");
  // The human cuts the first edge drawn, whatever it is worth.
  const winner = await playByClicks("path.edge", hackenbushEdges, async () => [
    (await drawnKeys("path.edge"))[0],
  ]);
  assert.match(winner, /You win!|The computer wins\./);
  assert.deepEqual(pageErrors, []);
});

test("Node Kayles, coins and heaps are drawn to click too", async () => {
  for (const [game, position, selector, count, name] of [
    ["node-kayles", "cycle:7", "circle.vertex", 7, "node-kayles.png"],
    ["turtles", "THTTH", "circle.coin", 5, "turtles.png"],
    ["kayles", "3 5", "rect.token", 8, "kayles.png"],
  ]) {
    await startGame(game, position);
    await playState("your-turn");
    assert.equal((await drawnKeys(selector)).length, count, game);
    await boardShot(name);
  }
  // One click on a Node Kayles vertex is a whole move.
  const before = await shownPosition();
  await startGame("node-kayles", "cycle:7");
  await playState("your-turn");
  await page.locator('#board [data-key="1:1"]').dispatchEvent("click");
  await page.waitForFunction((b) => document.getElementById("play-position").textContent !== `position: ${b}`, before);
  assert.match(await page.textContent("#log"), /you: /);
  assert.deepEqual(pageErrors, []);
});

// ------------------------------------------------- the sweep's defects

/** Waits until the page shows an answer whose value text matches `re`. */
async function shownValue(re) {
  await page.waitForFunction(
    (source) => document.body.dataset.state === "done"
      && new RegExp(source).test(document.getElementById("value").textContent),
    re.source,
    { timeout: 30000 },
  );
}

test("values beyond 2^53 are shown exactly, in the value and in the why? panel", async () => {
  for (const heap of ["9007199254740993", "9223372036854775807"]) {
    await startGame("nim", heap);
    const text = await page.textContent("#value");
    assert.ok(text.includes(`total: *${heap}`), text);
    const cells = await page.$$eval("#value-table td", (tds) => tds.map((td) => td.textContent));
    assert.deepEqual(cells, ["1", heap, `*${heap}`]);
    await page.click("#why-button");
    await page.waitForSelector("#why-sum");
    assert.equal(await page.textContent("#why-total"), heap);
    const why = await page.textContent("#why");
    assert.ok(why.includes(`G(${heap}) = ${heap}`), why);
    assert.ok(!/9007199254740992|9223372036854776000/.test(why + text), "no rounded number is shown");
    await page.click("#why-button");
  }
  assert.deepEqual(pageErrors, []);
});

test("a new hash asks its question, and Back returns to the question before", async () => {
  await page.evaluate(() => { location.hash = "#game=cram&position=2x3"; });
  await shownValue(/game: cram/);
  assert.equal(await page.inputValue("#game"), "cram");
  await page.evaluate(() => { location.hash = "#game=nim&position=7"; });
  await shownValue(/game: nim[\s\S]*total: \*7/);
  assert.equal(await page.inputValue("#game"), "nim");
  assert.equal(await page.inputValue("#position"), "7");
  // Two questions asked with Solve: Back shows the first, Forward the second.
  await startGame("nim", "3 4");
  await startGame("nim", "5 6");
  assert.match(await page.textContent("#value"), /total: \*3/);
  await page.goBack();
  await shownValue(/total: \*7/);
  assert.equal(await page.inputValue("#position"), "3;4");
  assert.ok(page.url().startsWith(base), "Back stays on the page");
  await page.goForward();
  await shownValue(/total: \*3/);
  assert.equal(await page.inputValue("#position"), "5;6");
  assert.deepEqual(pageErrors, []);
});

test("a sum of different games needs no Game", async () => {
  await page.selectOption("#compound", "");
  await page.uncheck("#misere");
  await page.check("#sum");
  await page.fill("#game", "");
  await page.fill("#position", "kayles 3;nim 4");
  await page.click("#go");
  await shownValue(/total: \*7/);
  assert.ok(await page.isHidden("#error"), await page.textContent("#error"));
  await page.uncheck("#sum");
  assert.ok(await page.$eval("#game", (i) => i.required), "one game needs its name");
  await page.fill("#game", "nim");
  assert.deepEqual(pageErrors, []);
});

test('"Sequence up to n" takes digits only, and a refusal is said once', async () => {
  await startGame("nim", "3 4");
  for (const bad of ["1e3", "-1", "2.5", "100001"]) {
    await page.fill("#to", bad);
    await page.click("#go");
    await solved();
    await page.waitForSelector("#error:not([hidden])");
    const message = await page.textContent("#error");
    assert.match(message, /Sequence up to n/, message);
    assert.ok(!message.includes("`to`"), message);
    const shown = await page.$$eval(".error, .panel-error", (ps) => ps.filter((p) => p.offsetParent !== null).length);
    assert.equal(shown, 1, `one message for ${bad}`);
  }
  await page.fill("#to", "20");
  await page.click("#go");
  await solved();
  assert.ok(await page.isHidden("#error"));
  assert.equal(await page.$$eval("#seq-table td[data-n]", (tds) => tds.length), 21);
  await page.fill("#to", "");
  assert.deepEqual(pageErrors, []);
});

test("no console error while loading a game without a sequence, nor over the whole game list", async () => {
  consoleErrors.length = 0;
  await page.goto("about:blank");
  await page.goto(base + "/#game=chomp&position=3x4");
  await solved();
  await playState("your-turn", "over");
  await page.waitForSelector("#graph:not([hidden])");
  assert.ok(await page.isHidden("#seq-panel") && await page.isHidden("#plot-panel"));
  assert.deepEqual(consoleErrors, []);
  const games = await (await fetch(base + "/api/games")).json();
  for (const g of games.filter((e) => e.example_game)) {
    await page.evaluate((h) => { location.hash = h; },
      `#game=${encodeURIComponent(g.example_game)}&position=${encodeURIComponent(g.example_position)}`);
    await page.waitForFunction((name) => document.body.dataset.state === "done"
      && document.getElementById("game").value === name, g.example_game, { timeout: 30000 });
    await playState("your-turn", "over");
    assert.ok(await page.isHidden("#error"), `${g.name}: ${await page.textContent("#error")}`);
  }
  assert.deepEqual(consoleErrors, []);
  assert.deepEqual(pageErrors, []);
});

test("the page speaks of its fields and lists, not of the API's parameters", async () => {
  await startGame("kayles", "3;5;7");
  assert.ok(await page.isVisible("#why-button"), "normal play has a why?");
  await page.check("#misere");
  await page.click("#go");
  await solved();
  assert.ok(await page.isHidden("#why-button"), "misère play's answer is the outcome shown");
  await page.uncheck("#misere");
  await page.selectOption("#compound", "conjunctive");
  await page.click("#go");
  await solved();
  assert.ok(await page.isHidden("#why-button"), "a compound's answer is the outcome shown");
  await page.selectOption("#compound", "");
  await page.fill("#game", "nimm");
  await page.click("#go");
  await solved();
  const message = await page.textContent("#error");
  assert.match(message, /unknown game `nimm`/);
  assert.match(message, /Games grundy knows/);
  assert.ok(!message.includes("/api/"), message);
  await page.fill("#game", "nim");
  assert.deepEqual(pageErrors, []);
});

test("a server that does not answer is said in words", async () => {
  await page.route("**/api/**", (route) => route.abort("connectionrefused"));
  try {
    await page.fill("#game", "nim");
    await page.fill("#position", "3 4");
    await page.click("#go");
    await solved();
    await page.waitForSelector("#error:not([hidden])");
    const message = await page.textContent("#error");
    assert.match(message, /grundy server cannot be reached/);
    assert.match(message, /grundy serve/);
  } finally {
    await page.unroute("**/api/**");
  }
  assert.deepEqual(pageErrors, []);
});

test("375 px wide: nothing overflows sideways", async () => {
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await page.goto("about:blank");
    await page.goto(base + "/#game=sub%3A1%2C3%2C4&position=10");
    await solved();
    await page.waitForSelector("#game-list option[data-name]", { state: "attached" });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `the page is ${width} px wide`);
    await shot("narrow.png");
  } finally {
    await page.setViewportSize({ width: 1200, height: 900 });
  }
  assert.deepEqual(pageErrors, []);
});
