// The browser tests' common ground: the grundy server and Chromium they
// drive (started once, before every test of every file, and stopped
// after), and the helpers the tests share. See e2e.mjs.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

export const here = dirname(fileURLToPath(import.meta.url));
export const binary = resolve(process.argv[2] || process.env.GRUNDY_BIN || join(here, "..", "target", "debug", "grundy"));
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
export const shots = join(here, "screenshots");
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

let server;
export let base;
export let context;
export let page;
let profile;
export const pageErrors = [];
/** Every message the page logged as an error in the console (a failed
 *  request logs "Failed to load resource"). */
export const consoleErrors = [];

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

export async function shot(name) {
  await page.screenshot({ path: join(shots, name), fullPage: true });
}

/** A screenshot of the drawn position alone, for the user guide. */
export async function boardShot(name) {
  await page.locator("#board").screenshot({ path: join(shots, name) });
}

/** Waits until the page has answered the last question. */
export async function solved() {
  await page.waitForFunction(() => document.body.dataset.state === "done", null, { timeout: 30000 });
}

/** Waits until the play panel is in one of `states`, and returns it. */
export async function playState(...states) {
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

export async function chooseFromList(patternName) {
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
