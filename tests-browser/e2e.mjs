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
//
// This file runs them all, in this order: harness.mjs starts the server
// and the browser; basics.mjs, clicks.mjs and page.mjs hold the tests.
import "./harness.mjs";
import "./basics.mjs";
import "./clicks.mjs";
import "./page.mjs";
