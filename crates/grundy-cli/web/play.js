// grundy playground: the game against the computer and its board. It
// only defines functions, which call app.js's helpers and share its
// `play` state; it is loaded before app.js, whose start() wires them to
// the page. It calls the JSON API of `grundy serve` (/api/move,
// /api/hint) and puts every text from the server in with textContent,
// never as HTML.
"use strict";
// ------------------------------------------------------------------ play

function setPlayState(state) {
  $("play-panel").dataset.state = state;
  const thinking = state === "thinking";
  for (const b of $("moves").querySelectorAll("button, input")) b.disabled = thinking || state === "over";
  $("hint").disabled = state !== "your-turn";
}

function renderMoves(moves, answer) {
  const box = $("moves");
  box.replaceChildren();
  const from = play.position.slice();
  if (answer && answer.unlisted) box.append(typedMoveForm(answer.unlisted));
  for (const m of moves) {
    const b = el("button", { type: "button", "data-next": m.next.join(";") }, describe(from, m));
    b.addEventListener("click", () => humanMove(from, m));
    box.append(b);
  }
  renderBoard(answer, moves);
}

/** Where the position has too many moves to list: a field to type one
 *  (`3`, or `2:4+6`), which the server checks by the game's rules. */
function typedMoveForm(why) {
  const form = el("form", { id: "typed-move", class: "typed-move" });
  const input = el("input", { type: "text", name: "typed", "aria-label": "your move", placeholder: "e.g. 3 or 2:4+6" });
  const note = el("p", { class: "board-note" }, why);
  form.append(note, input, el("button", { type: "submit" }, "play"));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (input.value.trim()) typedMove(input.value.trim());
  });
  return form;
}

/** The human's move typed at the current position, then the computer's
 *  reply, in one request (`/api/move` with `typed`); a move the rules
 *  refuse is said, and the human types again. */
async function typedMove(text) {
  if (play.over || $("play-panel").dataset.state !== "your-turn") return;
  const gen = play.gen;
  hide($("hint-text"));
  setPlayState("thinking");
  try {
    const r = await callJSON("move", { ...gameParams(play), position: play.position.join(";"), typed: text });
    if (gen !== play.gen) return;
    log(`you: ${describe(play.position, r.played)}`);
    play.position = r.played.next;
    computerMoved(r);
  } catch (e) {
    if (gen !== play.gen) return;
    show($("hint-text"), e.message);
    setPlayState("your-turn");
  }
}

// ------------------------------------------------------------ the board

/** Draws the position the human moves from, when the game draws its
 *  positions: each clickable part carries a `data-key`, and each move the
 *  sets of keys that choose it (`marks`). */
function renderBoard(answer, moves) {
  const board = $("board");
  play.moves = moves;
  play.marks = answer && answer.marks ? answer.marks : null;
  play.picked = [];
  hide($("board-note"));
  if (!answer || !answer.drawing) {
    board.replaceChildren();
    board.hidden = true;
    return;
  }
  const svg = new DOMParser().parseFromString(answer.drawing, "image/svg+xml").documentElement;
  board.replaceChildren(document.adoptNode(svg));
  board.dataset.position = play.position.join(";");
  board.hidden = false;
  for (const part of board.querySelectorAll("[data-key]")) {
    part.addEventListener("click", () => pick(part.dataset.key));
  }
  // A click on what no move touches (a covered square, Chomp's poisoned
  // one) says so rather than nothing.
  board.onclick = (e) => {
    if (e.target.closest("[data-key]") || play.over || $("play-panel").dataset.state !== "your-turn") return;
    show($("board-note"), "no move touches that; pick a part of a move");
  };
}

/** The moves one of whose ways holds every key of `keys`. */
function movesWith(keys) {
  const found = [];
  play.marks.forEach((ways, k) => {
    if (ways.some((way) => keys.every((key) => way.includes(key)))) found.push(k);
  });
  return found;
}

/** A click on the drawing: the keys picked so far choose a move once only
 *  one move holds them all; until then the moves that still fit are the
 *  only buttons left. */
function pick(key) {
  if (play.over || !play.marks || $("play-panel").dataset.state !== "your-turn") return;
  let picked = play.picked.includes(key) ? play.picked.filter((k) => k !== key) : [...play.picked, key];
  let fits = picked.length ? movesWith(picked) : [];
  // A part in no move with those picked before starts a new pick, and
  // the note says why the old one went.
  const restarted = picked.length > 1 && fits.length === 0;
  if (picked.length && fits.length === 0) {
    picked = [key];
    fits = movesWith(picked);
  }
  play.picked = fits.length ? picked : [];
  const note = $("board-note");
  const anew = restarted ? "no move takes that with what you picked before, so it starts a new pick: " : "";
  if (picked.length && fits.length === 0) show(note, "that is part of no move; pick another");
  else if (fits.length > 1) show(note, `${anew}${fits.length} moves fit: pick more, or choose one below`);
  else hide(note);
  for (const part of $("board").querySelectorAll("[data-key]")) {
    part.classList.toggle("picked", play.picked.includes(part.dataset.key));
  }
  const buttons = $("moves").querySelectorAll("button");
  buttons.forEach((b, k) => { b.hidden = play.picked.length > 0 && !fits.includes(k); });
  if (fits.length === 1) humanMove(play.position.slice(), play.moves[fits[0]]);
}

/** Marks on the drawing the parts that choose move `k` (a hint). */
function showOnBoard(k) {
  const keys = play.marks && k >= 0 ? play.marks[k][0] || [] : [];
  for (const part of $("board").querySelectorAll("[data-key]")) {
    part.classList.toggle("hinted", keys.includes(part.dataset.key));
  }
}

function showPosition() {
  $("play-position").textContent = `position: ${play.position.join(" ")}`;
}

function log(text) {
  const list = $("log");
  list.append(el("li", {}, text));
  list.scrollTop = list.scrollHeight;
}

function announce(winner) {
  play.over = true;
  $("moves").replaceChildren();
  hide($("hint-text"));
  show($("winner"), winner === "human" ? "You win!" : "The computer wins.");
  log(winner === "human" ? "game over: you win" : "game over: the computer wins");
  setPlayState("over");
}

function playFailed(e) {
  show($("play-error"), e.message);
  setPlayState("over");
}

/** The human's turn at the current position: list the moves. */
async function humanTurn(gen) {
  setPlayState("thinking");
  try {
    const h = await callJSON("hint", { ...gameParams(play), position: play.position.join(";") });
    if (gen !== play.gen) return;
    showPosition();
    if (h.over) {
      renderBoard(h, []);
      return announce(h.winner);
    }
    renderMoves(h.moves, h);
    setPlayState("your-turn");
  } catch (e) {
    if (gen === play.gen) playFailed(e);
  }
}

/** The computer's turn: it moves, then the human's moves are listed. */
async function computerTurn(gen) {
  setPlayState("thinking");
  try {
    const r = await callJSON("move", { ...gameParams(play), position: play.position.join(";") });
    if (gen !== play.gen) return;
    computerMoved(r);
  } catch (e) {
    if (gen === play.gen) playFailed(e);
  }
}

/** The computer's move of an `/api/move` answer, then the human's turn. */
function computerMoved(r) {
  if (r.move) {
    // A move found when the time ran out is a guess, and says so.
    log(`computer${r.unsolved && !r.outcome ? " (a guess)" : ""}: ${describe(play.position, r.move)}`);
    play.position = r.after;
  }
  showPosition();
  if (r.over) {
    renderBoard(r, []);
    return announce(r.winner);
  }
  renderMoves(r.moves, r);
  setPlayState("your-turn");
  if (play.refocus) {
    play.refocus = false;
    const first = $("moves").querySelector("button, input");
    if (first) first.focus();
  }
}

function humanMove(from, m) {
  if (play.over || $("play-panel").dataset.state !== "your-turn") return;
  // A move made from the keyboard keeps the keyboard in the moves: the
  // next list's first move gets the focus (the buttons are rebuilt).
  play.refocus = $("moves").contains(document.activeElement);
  log(`you: ${describe(from, m)}`);
  play.position = m.next;
  hide($("hint-text"));
  showPosition();
  computerTurn(play.gen);
}

async function hint() {
  const gen = play.gen;
  try {
    const h = await callJSON("hint", { ...gameParams(play), position: play.position.join(";") });
    if (gen !== play.gen || !h.move) return;
    // Only a solved state graph knows the slowest loss.
    const why = {
      N: "this wins",
      P: h.exact ? "every move loses against perfect play; this one loses slowest" : "every move loses against perfect play",
      D: "this keeps the draw",
    }[h.outcome] || `a guess: ${h.unsolved}`;
    show($("hint-text"), `hint: ${describe(play.position, h.move)} (${why})`);
    const target = h.move.next.join(";");
    for (const b of $("moves").querySelectorAll("button")) {
      b.classList.toggle("suggested", b.dataset.next === target);
    }
    showOnBoard(play.moves.findIndex((m) => m.next.join(";") === target));
  } catch (e) {
    if (gen === play.gen) show($("hint-text"), e.message);
  }
}

function newGame() {
  play.gen += 1;
  play.position = play.start.slice();
  play.over = false;
  $("log").replaceChildren();
  $("moves").replaceChildren();
  renderBoard(null, []);
  hide($("winner"), $("hint-text"), $("play-error"));
  showPosition();
  const first = document.querySelector('input[name="first"]:checked').value;
  if (first === "computer") computerTurn(play.gen);
  else humanTurn(play.gen);
}
