// The page's questions and answers: values, sequences, the why? panel,
// compounds, sums and play through the move buttons.
import { test } from "node:test";
import assert from "node:assert/strict";
import { base, page, pageErrors, shot, solved, playState, chooseFromList } from "./harness.mjs";

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
