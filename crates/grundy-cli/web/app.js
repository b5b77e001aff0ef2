// grundy playground: the page's script (with api.js, its requests to the
// server, and play.js, the game against the computer, loaded before it). It calls the JSON API of
// `grundy serve` with fetch and builds the page from the answers; every
// text from the server goes in with textContent, never as HTML; drawings
// of positions are SVG, parsed as XML (which runs no script) and adopted.
"use strict";

const $ = (id) => document.getElementById(id);

/** The most sequence values shown in the table (the plot shows them all). */
const SHOWN_VALUES = 1000;

/** Bumped by each new question, so late answers to old ones are dropped. */
let generation = 0;

/** The game being played: name, options, position, and its own counter so
 *  that answers about an abandoned game are dropped. */
const play = { game: "", misere: false, compound: "", sum: false, position: [], over: true, start: [], gen: 0,
  moves: [], marks: null, picked: [], refocus: false };

// ------------------------------------------------------------ page helpers

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function show(node, text) {
  node.textContent = text;
  node.hidden = false;
}

function hide(...nodes) {
  for (const n of nodes) n.hidden = true;
}

function showImage(img, blob) {
  if (img.src.startsWith("blob:")) URL.revokeObjectURL(img.src);
  img.src = URL.createObjectURL(blob);
  img.hidden = false;
}

function valueText(v) {
  if (v === null || v === undefined) return "?";
  // A BigInt is a value beyond 2^53, kept exact by parseJSON.
  if (typeof v === "number" || typeof v === "bigint") return v == 0 ? "0" : v == 1 ? "*" : `*${v}`;
  return String(v);
}

const OUTCOMES = {
  P: "P: the previous player wins (the player to move loses)",
  N: "N: the next player (the one to move) wins",
  D: "D: a draw, play never ends",
};

/** A move as people read it: `7 → 3`, with the component's number when
 *  the position has several. */
function describe(position, m) {
  if (m.component === null || m.component === undefined) {
    return `${position.join(" ")} → ${m.next.join(" ")}`;
  }
  const from = position[m.component];
  const which = position.length > 1 ? `#${m.component + 1}: ` : "";
  return `${which}${from} → ${m.to}${noteText(m)}`;
}

/** What a move does in words (` (cut 1-2)`), when the engine says it. */
function noteText(m) {
  return m.note ? ` (${m.note})` : "";
}

// ---------------------------------------------------------------- reading

function readForm() {
  return {
    game: $("game").value.trim(),
    position: componentsOf($("position").value, $("sum").checked),
    to: $("to").value.trim(),
    misere: $("misere").checked,
    compound: $("compound").value,
    sum: $("sum").checked,
  };
}

/** The game's parameters; a sum of different games names its games in
 *  its components instead. */
function gameParams(q) {
  const common = { misere: q.misere ? "true" : "", compound: q.compound };
  return q.sum ? { ...common, sum: "true" } : { ...common, game: q.game };
}

// ------------------------------------------------------------- the value

/** A compound's answer: its rule, each component's number, the moves. */
function renderCompound(a) {
  const box = $("value");
  box.replaceChildren();
  box.append(el("p", {}, `game: ${a.game} (${a.compound} compound${a.misere ? ", misère" : ""})`));
  box.append(el("p", { class: "theory" }, `rule: ${a.rule}`));
  const table = el("table", { id: "value-table" });
  const head = el("tr");
  head.append(el("th", {}, "#"), el("th", {}, "component"), el("th", {}, "alone"), el("th", {}, "number"));
  table.append(head);
  a.components.forEach((c, i) => {
    const n = a.numbers[i];
    const number = n.remoteness ?? n.suspense ?? n.value ?? n.state ?? "";
    const tr = el("tr");
    tr.append(el("td", {}, String(i + 1)), el("td", {}, c), el("td", {}, n.outcome || "?"), el("td", {}, String(number)));
    table.append(tr);
  });
  box.append(table);
  renderOutcome(box, a, (m) =>
    m.moves.map((mv) => `component ${mv.component + 1}: ${a.components[mv.component]} → ${mv.to}`).join("; "));
}

/** The outcome and the first winning moves of `a`, each written by `text`. */
function renderOutcome(box, a, text) {
  box.append(el("p", { class: `outcome ${a.outcome}`, id: "outcome" }, OUTCOMES[a.outcome] || a.outcome));
  if (a.winning_moves.length === 0) return;
  const more = a.moves_truncated ? ", more not listed" : "";
  box.append(el("p", {}, `winning moves (${a.winning_moves.length}${more}):`));
  const list = el("ul");
  for (const m of a.winning_moves.slice(0, 20)) list.append(el("li", {}, text(m)));
  box.append(list);
}

function renderValue(a) {
  if (a.compound) return renderCompound(a);
  const box = $("value");
  box.replaceChildren();
  const how = a.misere ? (a.method ? ` (misère, decided by ${a.method})` : " (misère)") : "";
  box.append(el("p", {}, `game: ${a.game}${how}`));
  if (a.values) {
    const table = el("table", { id: "value-table" });
    const head = el("tr");
    head.append(el("th", {}, "#"), el("th", {}, "component"), el("th", {}, "value"));
    table.append(head);
    a.components.forEach((c, i) => {
      const tr = el("tr");
      tr.append(el("td", {}, String(i + 1)), el("td", {}, c), el("td", {}, valueText(a.values[i])));
      table.append(tr);
    });
    box.append(table, el("p", {}, `total: ${valueText(a.grundy)}`));
  } else {
    box.append(el("p", {}, `position: ${a.components.join(" ")}`));
  }
  renderOutcome(box, a, (m) => (m.component === null
    ? `${a.components.join(" ")} → ${m.to}`
    : `component ${m.component + 1}: ${a.components[m.component]} → ${m.to}${noteText(m)}`));
}

// ------------------------------------------------------- the why? panel

/** The position the value panel shows, for the "why?" panel to explain. */
let explained = null;

/** `G(x)`, the tutorials' name for the value of `x`. */
const g = (x) => `G(${x})`;

/** Why each component has its value, the XOR in binary and why each
 *  winning move wins, as `grundy explain` prints them. */
function renderWhy(w) {
  const box = $("why");
  box.replaceChildren();
  w.components.forEach((c, i) => {
    box.append(el("p", {}, `component ${i + 1}: ${c.component}`));
    if (c.options) {
      const names = c.options.map((o) => g(o.to)).join(", ");
      const set = c.groups.map((gr) => gr.value).join(",");
      const values = c.options.length ? ` = mex{${set}}` : "";
      box.append(el("p", { class: "mex" }, `${g(c.component)} = mex{${names}}${values} = ${c.value}`));
      const list = el("ul");
      for (const gr of c.groups) list.append(el("li", {}, `value ${gr.value}: ${gr.options.map(g).join(", ")}`));
      box.append(list);
    } else {
      box.append(el("p", { class: "mex" }, `${g(c.component)} = ${c.value}`));
    }
    if (c.theory) box.append(el("p", { class: "theory" }, `by theory: ${c.theory.text}`));
  });
  const table = el("table", { id: "why-sum" });
  w.components.forEach((c, i) => {
    const tr = el("tr");
    tr.append(el("td", {}, g(c.component)), el("td", {}, String(c.value)), el("td", { class: "bits" }, w.sum.binary[i]));
    table.append(tr);
  });
  const xor = el("tr", { class: "xor" });
  xor.append(el("td", {}, "XOR"), el("td", { id: "why-total" }, String(w.sum.total)), el("td", { class: "bits" }, w.sum.total_binary));
  table.append(xor);
  box.append(el("p", {}, "sum: the XOR of the values, bit by bit"), table);
  box.append(el("p", {}, w.sum.total === 0
    ? "the XOR is 0, so every move changes one value and makes the XOR nonzero"
    : "the XOR is not 0, so a move can make it 0"));
  const list = el("ul", { id: "why-moves" });
  for (const m of w.winning_moves.slice(0, 20)) {
    list.append(el("li", {},
      `component ${m.component + 1}: ${w.components[m.component].component} → ${m.to}: value ${m.value_before} → ${m.value_after} = ${m.value_before} XOR ${w.sum.total}, so the XOR becomes ${m.total_after}`));
  }
  if (w.winning_moves.length > 0) box.append(el("p", {}, "winning moves: each makes the XOR 0"), list);
}

/** Opens or closes the "why?" panel; opening asks /api/explain. */
async function toggleWhy() {
  const box = $("why");
  const button = $("why-button");
  if (!box.hidden) {
    box.hidden = true;
    button.setAttribute("aria-expanded", "false");
    return;
  }
  const q = explained;
  if (!q) return;
  show(box, "explaining…");
  button.setAttribute("aria-expanded", "true");
  try {
    const w = await callJSON("explain", { ...gameParams(q), components: q.position.join(";") });
    if (q === explained) renderWhy(w);
  } catch (e) {
    if (q === explained) box.replaceChildren(el("p", { class: "panel-error" }, e.message));
  }
}

// ---------------------------------------------------------- the sequence

function periodText(r) {
  if (r.closed_form) return `closed form: ${r.closed_form}`;
  if (r.period === null) return "period: none found";
  const status = r.proven ? "proven" : "not proven";
  return `period ${r.period} from n = ${r.preperiod} (preperiod ${r.preperiod}), ${status}`;
}

function renderSeq(r) {
  const status = $("seq-status");
  status.replaceChildren();
  status.append(el("span", { class: r.proven ? "status-proven" : "", id: "period" }, periodText(r)));
  if (r.proof) status.append(el("br"), el("span", { class: "proof" }, r.proof));
  if (r.stopped) status.append(el("br"), el("span", { class: "status-stopped", id: "stopped" }, `stopped: ${r.stopped}`));

  const table = $("seq-table");
  table.replaceChildren();
  const head = el("tr");
  head.append(el("th", {}, "n"));
  for (let c = 0; c < 10; c++) head.append(el("th", {}, `+${c}`));
  table.append(head);
  const shown = r.values.slice(0, SHOWN_VALUES);
  const inPeriod = (n) => r.period !== null && n >= r.preperiod && n < r.preperiod + r.period;
  for (let row = 0; row * 10 < shown.length; row++) {
    const tr = el("tr");
    tr.append(el("th", {}, String(row * 10)));
    for (let n = row * 10; n < Math.min(shown.length, row * 10 + 10); n++) {
      const classes = [];
      if (shown[n] === 0) classes.push("p");
      if (inPeriod(n)) classes.push("period");
      else if (r.period !== null && n < r.preperiod) classes.push("pre");
      const title = `G(${n}) = ${shown[n]}${shown[n] === 0 ? ": a P-position" : ""}`;
      tr.append(el("td", { class: classes.join(" "), "data-n": String(n), title }, String(shown[n])));
    }
    table.append(tr);
  }
  $("seq-more").textContent = r.values.length > shown.length
    ? `… ${r.values.length - shown.length} more values, up to n = ${r.computed_to} (all in the plot and in /api/seq)`
    : `G(0..=${r.computed_to})`;
}

/** Fills the sequence panel; resolves with the server's refusal (its
 *  message) or null, so that the plot does not say it a second time. */
async function loadSeq(q, gen) {
  hide($("seq-error"));
  $("seq-table").replaceChildren();
  $("seq-status").textContent = "computing…";
  $("seq-more").textContent = "";
  try {
    const r = await callJSON("seq", { game: q.game, to: q.to });
    if (gen !== generation) return null;
    renderSeq(r);
    if (q.misere) {
      $("seq-status").append(el("br"), el("span", {}, "(the sequence is for normal play; misère changes only the position's analysis and play)"));
    }
    return null;
  } catch (e) {
    if (gen !== generation) return e.message;
    $("seq-status").textContent = "";
    // A game without a heap sequence: the panels that show one step aside.
    if (NO_SEQUENCE.test(e.message)) {
      $("seq-panel").hidden = true;
      $("plot-panel").hidden = true;
      return e.message;
    }
    show($("seq-error"), e.message);
    return e.message;
  }
}

/** The server's words for a game that has no heap sequence (a safety
 *  net: the page asks for sequences of heap games only). */
const NO_SEQUENCE = /is not a heap game/;

/** The plot of the sequence. A refusal the sequence panel already shows
 *  (a bad game, a time limit) is said there only: the plot panel then
 *  steps aside. */
async function loadPlot(q, seqDone, gen) {
  hide($("plot"), $("plot-error"));
  let blob = null;
  let error = null;
  try {
    blob = await callBlob("plot", { game: q.game, to: q.to });
  } catch (e) {
    error = e.message;
  }
  const seqError = await seqDone;
  if (gen !== generation) return;
  if (blob) showImage($("plot"), blob);
  else if (NO_SEQUENCE.test(error) || error === seqError) $("plot-panel").hidden = true;
  else show($("plot-error"), error);
}

async function loadPicture(route, params, img, error, gen) {
  hide(img, error);
  try {
    const blob = await callBlob(route, params);
    if (gen === generation) showImage(img, blob);
  } catch (e) {
    if (gen !== generation) return;
    show(error, e.message);
  }
}

// ------------------------------------------------------ what a game has

/** The list of `/api/games` once it came (null until then, or if it did
 *  not come); `gamesLoaded` resolves when it is known either way. */
let games = null;
let gamesLoaded = null;

/** The entry of `/api/games` for a canonical game name (`sub:1,3,4` is
 *  `sub:S`, `0.137` the codes' entry), or undefined. */
function entryOf(name) {
  if (!games) return undefined;
  return games.find((g) => g.name === name)
    // a pattern with a parameter: `sub:S`, `coins:any:S`, `product:G,H`
    || games.find((g) => /:[A-Z]/.test(g.name) && name.startsWith(g.name.slice(0, g.name.search(/:[A-Z]/) + 1)))
    // a take-and-break code: `0.137`, `4!.0`
    || (/^[0-9A-F]*[.!]/.test(name) ? games.find((g) => /^[0-9]\.[0-9]/.test(g.name)) : undefined);
}

/** Whether the question's game has a Grundy sequence to show, as the
 *  game list says (`sequence`); never a sum of different games. Unknown
 *  games (the list did not come) are asked. */
function hasSequence(q, canonical) {
  if (q.sum) return false;
  if (!games) return true;
  const entry = entryOf(canonical);
  return !!entry && entry.sequence === true;
}

/** Whether the why? panel can explain the answer `a` to `q`: the XOR of
 *  the components' values, so normal play, not a compound, and a game
 *  whose components have values (not Moore's Nim or the staircase). */
function explainable(q, a) {
  return !q.misere && !q.compound && Array.isArray(a.values);
}

// ------------------------------------------------------------ the whole

/** The largest "Sequence up to n" the server computes. */
const MAX_TO = 100000;

/** "Sequence up to n" is digits or nothing (auto): `1e3`, `-1` or `5.5`
 *  are refused here, by the field's label, before any request. */
function checkTo(to) {
  if (to === "") return;
  if (!/^[0-9]+$/.test(to) || Number(to) > MAX_TO) {
    throw new Error(`\u201cSequence up to n\u201d takes a whole number from 0 to ${MAX_TO}, written in digits (or nothing, for auto), not \u201c${to}\u201d`);
  }
}

/** The address's hash for question `q`: reloading or sharing it asks
 *  the same question. */
function hashOf(q) {
  return `#${query({ game: q.game, position: q.position.join(";"), to: q.to, misere: q.misere ? "true" : "", compound: q.compound, sum: q.sum ? "true" : "" })}`;
}

/** The hash the page last answered (or is answering), so that a
 *  `hashchange` and a `popstate` for the same change solve once. */
let shownHash = null;

/** Answers the question in the form. `how` is "push" when the person
 *  asked it (Solve, the game list): a new question gets its own history
 *  entry, so Back returns to the one before; "replace" when the address
 *  asked it (loading the page, Back, an edited hash). */
async function solve(how = "push") {
  const gen = ++generation;
  const q = readForm();
  hide($("error"));
  $("go").disabled = true;
  document.body.dataset.state = "solving";
  try {
    if (q.position.length === 0) throw new Error("the position is empty; give components separated by ; or spaces");
    checkTo(q.to);
    const value = await callJSON("value", { ...gameParams(q), components: q.position.join(";") });
    if (gen !== generation) return;
    $("results").hidden = false;
    renderValue(value);
    explained = q;
    hide($("why"));
    $("why-button").setAttribute("aria-expanded", "false");
    // The why? panel explains the XOR of a sum in normal play; misère
    // play and compounds have none, and the outcome and winning moves
    // shown are their whole answer.
    $("why-button").hidden = !explainable(q, value);
    const hash = hashOf(q);
    if (hash !== location.hash) {
      if (how === "push") history.pushState(null, "", hash);
      else history.replaceState(null, "", hash);
    }
    shownHash = location.hash;
    play.game = q.game;
    play.misere = q.misere;
    play.compound = q.compound;
    play.sum = q.sum;
    play.start = q.position;
    newGame();
    // Only a heap game has a sequence to show (and to plot): for other
    // games, sums of different games and the like, those panels step
    // aside without asking the server.
    await gamesLoaded;
    if (gen !== generation) return;
    const sequence = hasSequence(q, value.game);
    $("seq-panel").hidden = !sequence;
    $("plot-panel").hidden = !sequence;
    const seqDone = sequence ? loadSeq(q, gen) : null;
    await Promise.all([
      seqDone,
      sequence ? loadPlot(q, seqDone, gen) : null,
      loadPicture("graph", { ...gameParams(q), position: q.position.join(";"), drawings: "true" }, $("graph"), $("graph-error"), gen),
    ]);
  } catch (e) {
    if (gen !== generation) return;
    $("results").hidden = true;
    show($("error"), e.message);
  } finally {
    if (gen === generation) {
      $("go").disabled = false;
      document.body.dataset.state = "done";
    }
  }
}

async function loadGames() {
  const select = $("game-list");
  try {
    games = await callJSON("games", {});
    select.replaceChildren(el("option", { value: "" }, "choose a game…"));
    games.forEach((g, i) => {
      const label = g.example_game ? `${g.name} — ${g.about}` : `${g.name} — command line only (reads a file)`;
      const option = el("option", { value: String(i) }, label);
      if (!g.example_game) option.disabled = true;
      option.dataset.name = g.name;
      select.append(option);
    });
    select.addEventListener("change", () => {
      const g = games[Number(select.value)];
      if (!select.value || !g || !g.example_game) return;
      $("game").value = g.example_game;
      $("position").value = g.example_position;
      $("about").textContent = `${g.about}. Components: ${g.components}.`;
      solve();
    });
  } catch (e) {
    select.replaceChildren(el("option", { value: "" }, `cannot list the games: ${e.message}`));
  }
}

/** Fills the form from the address's hash (`#game=nim&position=7`). */
function readHash() {
  const saved = new URLSearchParams(location.hash.slice(1));
  const before = $("game").value;
  if (saved.get("game")) $("game").value = saved.get("game");
  if (saved.get("position")) $("position").value = saved.get("position");
  $("to").value = saved.get("to") || "";
  $("misere").checked = saved.get("misere") === "true";
  $("compound").value = saved.get("compound") || "";
  $("sum").checked = saved.get("sum") === "true";
  sumChanged();
  // A game from the address is no longer the one chosen from the list.
  if ($("game").value !== before) {
    $("game-list").value = "";
    $("about").textContent = "";
  }
}

/** A sum of different games names its games in the Position field: the
 *  Game field is not needed then. */
function sumChanged() {
  $("game").required = !$("sum").checked;
}

/** The address changed (Back, Forward, an edited or followed hash): its
 *  question is asked, once for the `popstate` and `hashchange` of one
 *  change. */
function hashChanged() {
  if (location.hash === shownHash) return;
  shownHash = location.hash;
  readHash();
  solve("replace");
}

function start() {
  readHash();
  $("choose").addEventListener("submit", (e) => {
    e.preventDefault();
    solve();
  });
  // A typed name is no longer the one chosen from the list.
  $("game").addEventListener("input", () => {
    $("game-list").value = "";
    $("about").textContent = "";
  });
  $("sum").addEventListener("change", sumChanged);
  window.addEventListener("hashchange", hashChanged);
  window.addEventListener("popstate", hashChanged);
  $("new-game").addEventListener("click", newGame);
  $("hint").addEventListener("click", hint);
  $("why-button").addEventListener("click", toggleWhy);
  gamesLoaded = loadGames();
  shownHash = location.hash;
  solve("replace");
}

start();
