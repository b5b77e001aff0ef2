// Boards and positions played by clicking their drawings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { shots, page, pageErrors, boardShot, solved, playState } from "./harness.mjs";

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

export async function startGame(game, position) {
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
  assert.match(await page.textContent("#typed-move"), /too many to list/);
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

test("Kayles is played by clicking the pins knocked down", async () => {
  await startGame("kayles", "6");
  await playState("your-turn");
  // Pin 3 starts three moves (2+3, 2+2, 1+3); pin 4 beside it decides.
  await page.locator('#board [data-key="1:3"]').dispatchEvent("click");
  assert.match(await page.textContent("#board-note"), /3 moves fit/);
  await page.locator('#board [data-key="1:4"]').dispatchEvent("click");
  await page.waitForFunction(() => /you: /.test(document.getElementById("log").textContent));
  assert.match(await page.textContent("#log"), /you: 6 → 2\+2/);
  assert.deepEqual(pageErrors, []);
});

test("a click on what no move takes, or beside the pick, says so", async () => {
  await startGame("cram", "x../.../...");
  await playState("your-turn");
  // A covered square: no move touches it.
  await page.locator("#board rect.taken").dispatchEvent("click");
  assert.match(await page.textContent("#board-note"), /no move touches that/);
  // b1, then c3, which no domino takes with b1: a new pick, said.
  await page.locator('#board [data-key="1:b1"]').dispatchEvent("click");
  await page.locator('#board [data-key="1:c3"]').dispatchEvent("click");
  const note = await page.textContent("#board-note");
  assert.match(note, /^no move takes that with what you picked before, so it starts a new pick: \d+ moves fit/);
  assert.deepEqual(pageErrors, []);
});

test("a move made from the keyboard leaves the focus on the next moves", async () => {
  await startGame("nim", "3;4");
  await playState("your-turn");
  await page.focus("#moves button");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /computer/.test(document.getElementById("log").textContent));
  await playState("your-turn", "over");
  if ((await page.getAttribute("#play-panel", "data-state")) === "your-turn") {
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest("#moves"));
  }
  assert.deepEqual(pageErrors, []);
});
