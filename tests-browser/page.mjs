// The page as a whole: exact big values, the URL hash and history, the
// form's checks, its words, an absent server, a narrow screen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { base, page, pageErrors, consoleErrors, shot, solved, playState } from "./harness.mjs";
import { startGame } from "./clicks.mjs";

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
