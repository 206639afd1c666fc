// The page of `mancala serve`: it keeps the game (start and moves) and asks the server to
// read, draw, play and analyse it. No framework, nothing fetched but this server's API.
"use strict";

const $ = (id) => document.getElementById(id);

// The game on the board: its start's position string, every move, and how many are shown.
const game = { name: "toguz", start: null, moves: [], cursor: 0, flipped: false, state: null };
// Raised with every change of position, so that an answer to an older one is dropped.
let generation = 0;
let paused = false;
let analysis = null;
const catalogue = {};

function setBusy(busy) {
  document.body.dataset.busy = busy ? "1" : "0";
}

function say(text) {
  $("message").textContent = text || "";
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({ error: "the server's answer does not read" }));
  if (!response.ok) throw new Error(answer.error || ("HTTP " + response.status));
  return answer;
}

function shown() {
  return game.moves.slice(0, game.cursor);
}

function sideToMove() {
  return game.state && game.state.result === null ? game.state.to_move : null;
}

function strength() {
  return {
    time_ms: Number($("time").value) || 500,
    depth: Number($("depth").value) || 64,
    threads: Number($("threads").value) || 1,
  };
}

async function loadGames() {
  const list = await api("/api/games");
  for (const entry of list) {
    catalogue[entry.name] = entry;
    const option = document.createElement("option");
    option.value = option.textContent = entry.name;
    $("game").appendChild(option);
  }
}

function showRules(name) {
  const entry = catalogue[name];
  $("presets").innerHTML = "";
  for (const preset of entry.presets) {
    const option = document.createElement("option");
    option.value = preset;
    $("presets").appendChild(option);
  }
  $("rules").value = entry.rules;
  $("rules-hint").textContent = entry.rules_hint;
}

// Starts a game from rules, or from a position string, with moves from there.
async function open(name, source, moves) {
  stopAnalysis();
  const request = { game: name, moves: moves || [] };
  if (source.start) request.start = source.start;
  else request.rules = source.rules;
  setBusy(true);
  try {
    const state = await api("/api/state", request);
    game.name = name;
    game.start = state.start;
    game.moves = state.moves;
    game.cursor = state.moves.length;
    $("game").value = name;
    say("");
    await render();
  } catch (error) {
    say(error.message);
    setBusy(false);
  }
}

async function render() {
  const token = ++generation;
  setBusy(true);
  let state;
  try {
    state = await api("/api/state", {
      game: game.name, start: game.start, moves: shown(), flipped: game.flipped,
    });
  } catch (error) {
    say(error.message);
    setBusy(false);
    return;
  }
  if (token !== generation) return;
  game.state = state;
  draw(state);
  if (!maybeEngine()) setBusy(false);
}

function draw(state) {
  $("board").innerHTML = state.svg;
  $("choice").hidden = true;
  const names = state.side_names;
  $("south-name").textContent = names[0];
  $("north-name").textContent = names[1];
  const side = state.to_move === "south" ? names[0] : names[1];
  $("status").textContent = state.result !== null
    ? "Game over: " + state.result
    : side + " to move" + (game.cursor < game.moves.length ? " (move " + game.cursor + " of " + game.moves.length + ")" : "");
  $("position").value = state.position;
  document.body.dataset.ply = String(game.cursor);
  document.body.dataset.over = state.result !== null ? "1" : "0";
  const onHoles = new Set();
  for (const hole of $("board").querySelectorAll("g.hole.movable")) {
    hole.addEventListener("click", () => clickHole(hole));
    for (const move of hole.dataset.moves.split(" ")) onHoles.add(move);
  }
  // Moves that start from no hole (a pass) are buttons, for a person to move.
  const others = state.legal.filter((move) => !onHoles.has(move));
  if (others.length && personMay()) choose(others);
  const list = $("moves");
  list.innerHTML = "";
  game.moves.forEach((move, index) => {
    const item = document.createElement("li");
    item.textContent = (index + 1) + ". " + move;
    if (index === game.cursor - 1) item.className = "current";
    item.addEventListener("click", () => { game.cursor = index + 1; render(); });
    list.appendChild(item);
  });
}

// Whether a person may move now: the engine is not to move.
function personMay() {
  const side = sideToMove();
  return !(side && playerOf(side) === "engine" && !paused);
}

function clickHole(hole) {
  if (!personMay()) {
    say("the engine is to move");
    return;
  }
  const moves = hole.dataset.moves.split(" ").filter((m) => m);
  if (moves.length === 1) {
    play(moves[0]);
    return;
  }
  choose(moves);
}

// Offers `moves` as buttons.
function choose(moves) {
  const choice = $("choice");
  choice.innerHTML = "";
  for (const move of moves) {
    const button = document.createElement("button");
    button.textContent = move;
    button.className = "move-choice";
    button.addEventListener("click", () => { if (personMay()) play(move); else say("the engine is to move"); });
    choice.appendChild(button);
  }
  choice.hidden = false;
}

function play(move) {
  stopAnalysis();
  game.moves = shown();
  game.moves.push(move);
  game.cursor = game.moves.length;
  say("");
  render();
}

function playerOf(side) {
  return $("player-" + side).value;
}

// Asks the engine for its move when it is to move; returns whether it was asked.
function maybeEngine() {
  const side = sideToMove();
  if (!side || paused || playerOf(side) !== "engine" || game.cursor !== game.moves.length) return false;
  const token = generation;
  api("/api/engine", Object.assign({ game: game.name, start: game.start, moves: shown() }, strength()))
    .then((answer) => { if (token === generation) play(answer.move); })
    .catch((error) => { if (token === generation) { say(error.message); setBusy(false); } });
  return true;
}

// Takes back the last move and, against the engine, the engine's moves before it, back to a
// position where a person is to move.
async function takeBack() {
  stopAnalysis();
  game.moves = shown();
  const token = ++generation;
  setBusy(true);
  while (game.moves.length > 0) {
    game.moves.pop();
    let state;
    try {
      state = await api("/api/state", { game: game.name, start: game.start, moves: game.moves });
    } catch (error) {
      say(error.message);
      break;
    }
    if (token !== generation) return;
    if (!state.to_move || paused || playerOf(state.to_move) === "person") break;
  }
  game.cursor = game.moves.length;
  render();
}

function stopAnalysis() {
  if (analysis) {
    analysis.abort();
    analysis = null;
  }
  $("stop").disabled = true;
  $("analyse").disabled = false;
  for (const hole of $("board").querySelectorAll("g.hole.best")) hole.classList.remove("best");
}

async function analyse() {
  stopAnalysis();
  const controller = new AbortController();
  analysis = controller;
  $("lines").innerHTML = "";
  $("exact").textContent = "";
  $("stop").disabled = false;
  $("analyse").disabled = true;
  document.body.dataset.analysis = "running";
  const query = new URLSearchParams({
    game: game.name, start: game.start, moves: shown().join(" "),
    time_ms: String(1000 * (Number($("analysis-time").value) || 5)),
    threads: $("threads").value,
  });
  try {
    const response = await fetch("/api/analyse?" + query, { signal: controller.signal });
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      throw new Error(answer.error || ("HTTP " + response.status));
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        event(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  } catch (error) {
    if (error.name !== "AbortError") say(error.message);
  }
  if (analysis === controller) {
    analysis = null;
    $("stop").disabled = true;
    $("analyse").disabled = false;
  }
  document.body.dataset.analysis = "done";
}

// One server-sent event of the analysis.
function event(block) {
  let name = "message";
  let data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) name = line.slice(6).trim();
    else if (line.startsWith("data:")) data += line.slice(5).trim();
  }
  if (!data) return;
  const report = JSON.parse(data);
  if (name === "info") {
    const item = document.createElement("li");
    item.className = "line";
    item.textContent = "depth " + report.depth + "  " + report.score + "  " + report.pv.join(" ");
    $("lines").prepend(item);
    best(report.pv[0]);
  } else if (name === "exact") {
    const text = !report.solved ? "not solved: " + report.why
      : report.exact !== null
        ? "exact: " + (report.exact > 0 ? "+" : "") + report.exact + " (perfect moves: " + report.best.join(", ") + ")"
        : "exact: between " + report.low + " and " + report.high + " (repetition convention)";
    $("exact").textContent = text;
    $("exact").dataset.solved = report.solved ? "1" : "0";
    if (report.solved && report.best.length) best(report.best[0]);
  }
}

// Marks the hole the best move starts from.
function best(move) {
  for (const hole of $("board").querySelectorAll("g.hole")) {
    const moves = hole.dataset.moves ? hole.dataset.moves.split(" ") : [];
    hole.classList.toggle("best", moves.includes(move));
  }
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  say(what + " copied");
}

function link() {
  const url = new URL(window.location.href);
  url.search = new URLSearchParams({ game: game.name, position: game.state.position }).toString();
  return url.toString();
}

async function loadRecord(index) {
  stopAnalysis();
  setBusy(true);
  const name = $("game").value;
  try {
    const answer = await api("/api/record", {
      game: name, text: $("record").value, index: index, flipped: game.flipped,
    });
    game.name = name;
    game.start = answer.start;
    game.moves = answer.moves;
    game.cursor = 0;
    $("record-index").value = String(index + 1);
    $("record-note").textContent = "game " + (index + 1) + " of " + answer.games + ", " + answer.moves.length + " moves"
      + (answer.replay_error ? "; replay stopped: " + answer.replay_error : "");
    const select = $("record-games");
    select.innerHTML = "";
    select.hidden = answer.titles.length < 2;
    answer.titles.forEach((title, at) => {
      const option = document.createElement("option");
      option.value = String(at);
      option.textContent = (at + 1) + ". " + title;
      select.appendChild(option);
    });
    select.value = String(index);
    $("player-south").value = "person";
    $("player-north").value = "person";
    say("");
    await render();
  } catch (error) {
    say(error.message);
    setBusy(false);
  }
}

function step(cursor) {
  stopAnalysis();
  game.cursor = Math.max(0, Math.min(game.moves.length, cursor));
  render();
}

async function main() {
  setBusy(true);
  await loadGames();
  const params = new URLSearchParams(window.location.search);
  const name = catalogue[params.get("game")] ? params.get("game") : "toguz";
  $("game").value = name;
  showRules(name);
  const moves = (params.get("moves") || "").split(/\s+/).filter((m) => m);
  if (params.get("position")) await open(name, { start: params.get("position") }, moves);
  else await open(name, { rules: params.get("rules") || catalogue[name].rules }, moves);

  $("game").addEventListener("change", () => { showRules($("game").value); open($("game").value, { rules: $("rules").value }); });
  $("new").addEventListener("click", () => open($("game").value, { rules: $("rules").value }));
  $("back").addEventListener("click", takeBack);
  $("flip").addEventListener("click", () => { game.flipped = !game.flipped; render(); });
  $("first").addEventListener("click", () => step(0));
  $("prev").addEventListener("click", () => step(game.cursor - 1));
  $("next").addEventListener("click", () => step(game.cursor + 1));
  $("last").addEventListener("click", () => step(game.moves.length));
  $("pause").addEventListener("click", () => {
    paused = !paused;
    $("pause").textContent = paused ? "Resume engine" : "Pause engine";
    if (!paused) render();
  });
  for (const side of ["south", "north"]) $("player-" + side).addEventListener("change", () => render());
  $("analyse").addEventListener("click", analyse);
  $("stop").addEventListener("click", stopAnalysis);
  $("open-position").addEventListener("click", () => open($("game").value, { start: $("position").value.trim() }));
  $("copy-position").addEventListener("click", () => copy(game.state.position, "position string"));
  $("copy-link").addEventListener("click", () => copy(link(), "link"));
  $("copy-record").addEventListener("click", () => copy(game.state.record || "", "record"));
  $("load-record").addEventListener("click", () => loadRecord(Math.max(0, (Number($("record-index").value) || 1) - 1)));
  $("record-games").addEventListener("change", () => loadRecord(Number($("record-games").value)));
  $("record-file").addEventListener("change", async () => {
    const file = $("record-file").files[0];
    if (file) $("record").value = await file.text();
  });
}

main();
