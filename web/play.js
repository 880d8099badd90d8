// The page of stratagem serve: play any game against the computer with the mouse.
// At / it shows the games (a card each); at /play/GAME it starts that game; #id=ID in the
// address is a game going on (reloading the page goes back to it).  The server owns the game; this page shows its picture (SVG whose clickable elements carry
// data-cell="NAME"), the legal moves with the cells each one is made by clicking, and sends
// the chosen move.  Click a cell then the next, or drag from one to the other; every legal
// move is also a button.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let games = [];          // GET /api/games
  let state = null;        // the session's last state
  let chosen = [];         // the cells clicked so far toward a move
  let busy = false;
  window.sgErrors = [];    // script errors, for the browser tests
  window.addEventListener("error", (e) => window.sgErrors.push(String(e.message)));
  window.addEventListener("unhandledrejection", (e) => window.sgErrors.push(String(e.reason)));

  const token = (document.querySelector('meta[name="stratagem-token"]') || {}).content || "";

  async function api(path, form) {
    const opts = form === undefined ? {} : {
      method: "POST",
      // X-Stratagem: the server takes POSTs only with its token, which it put in this page
      // (a page of another site can neither send the header nor know the token)
      headers: {"Content-Type": "application/x-www-form-urlencoded", "X-Stratagem": token},
      body: new URLSearchParams(form).toString(),
    };
    const r = await fetch(path, opts);
    let j;
    try { j = await r.json(); } catch (e) {
      throw new Error("the server's answer is not JSON (HTTP " + r.status + ")");
    }
    if (!r.ok) {
      const err = new Error(j.error || ("HTTP " + r.status));
      err.gone = j.gone;                    // a game the server no longer has, and why
      err.minutes = j.expire_minutes;
      throw err;
    }
    return j;
  }

  function say(text) { $("message").textContent = text || ""; }

  // Which part of the page shows: "loading", "start" (the games), "expired" or "play".
  function view(name) {
    for (const v of ["loading", "start", "expired", "play"]) $(v).hidden = v !== name;
    // the setup shows with a game (not on the start page, nor while the games load there)
    $("setup").hidden = name === "start" ||
      (name === "loading" && !location.pathname.startsWith("/play/"));
  }

  // While a request is out: a visible "Loading…"/"Thinking…" and no move controls.
  function setBusy(on, what) {
    busy = on;
    document.body.classList.toggle("busy", on);
    document.body.setAttribute("aria-busy", on ? "true" : "false");
    $("undo").disabled = on;
    $("new").disabled = on;
    $("add").disabled = on;
    $("finish").disabled = on;
    for (const b of $("moves").querySelectorAll("button")) b.disabled = on;
    for (const b of $("composer").querySelectorAll("button, input")) b.disabled = on;
    if (on) $("status").textContent = what || "Loading…";
  }

  // A game the server no longer has: say so, with a button for a new one (never replaced
  // silently).
  function expired(e) {
    let text;
    if (e.gone === "expired") {
      text = "This game has expired (no move for " + e.minutes + " minute" +
        (e.minutes === 1 ? "" : "s") + "); start a new one.";
    } else if (e.gone === "evicted") {
      text = "This game is gone: it was the oldest of too many games on the server; start a new one.";
    } else {
      text = "This game is not on the server (it restarted, or the game is too old); start a new one.";
    }
    $("expired-text").textContent = text;
    state = null;
    view("expired");
  }

  // ---- the setup form ----
  function gameInfo(name) { return games.find((g) => g.name === name); }

  function fillSetup(name) {
    const g = gameInfo(name) || games[0];
    $("game").value = g.name;
    // one player (patience): no seat to choose, no computer's level
    $("seat-box").hidden = g.players === 1;
    $("level-box").hidden = g.players === 1;
    $("level").value = String(g.level || 4);   // the game's default level on the page
    const seat = $("seat");
    seat.textContent = "";
    for (let p = 1; p <= g.players; p++) {
      const o = document.createElement("option");
      o.value = String(p);
      o.textContent = (g.names && g.names[p - 1] ? g.names[p - 1] : "player " + p) +
        (p === 1 && g.players > 1 ? " (first)" : "");
      seat.appendChild(o);
    }
    const v = $("variant");
    v.textContent = "";
    for (const x of g.variant) {
      const label = document.createElement("label");
      label.textContent = x.label + " ";
      if (x.help) label.title = x.help;
      let input;
      if (x.choices) {
        input = document.createElement("select");
        x.choices.forEach((c, i) => {
          const o = document.createElement("option");
          o.value = c;
          o.textContent = x.shown ? x.shown[i] : c;
          input.appendChild(o);
        });
      } else {
        input = document.createElement("input");
        input.size = 8;
      }
      input.name = "variant." + x.key;
      input.value = x.default;
      label.appendChild(input);
      v.appendChild(label);
    }
  }

  async function newGame(ev) {
    if (ev) ev.preventDefault();
    if (busy) return;
    const form = {};
    for (const el of $("setup").elements) {
      if (el.name && el.value !== "") form[el.name] = el.value;
    }
    if (!state) view("loading");
    setBusy(true, "Starting a game…");
    try {
      state = await api("/api/new", form);
      // the address names the game and the session: a reload comes back to it
      history.replaceState(null, "", "/play/" + state.game + "#id=" + state.id);
      say("");
      $("said").textContent = "";
      view("play");
      show();
      await computerTurns();
    } catch (e) {
      view("play");   // the setup stays, with what was wrong
      say(e.message);
    } finally {
      setBusy(false);
      show();
    }
  }

  // ---- Qubic's board in three dimensions (the picture shows the four layers side by side) ----
  const TINTS = ["#f6d6d6", "#d6f0d6", "#d6dcf6", "#f6ecc8"];
  function show3d() {
    const box = $("view3d");
    if (!state || state.game !== "qubic" || !state.position) { box.hidden = true; return; }
    box.hidden = false;
    const layers = state.position.split(" ")[0].split("/");
    const cube = $("cube");
    cube.textContent = "";
    const files = "abcd";
    layers.forEach((row, L) => {
      const layer = document.createElement("div");
      layer.className = "layer";
      layer.style.background = TINTS[L];
      layer.style.transform = "translateZ(" + (L - 1.5) * 70 + "px)";
      // rank 4 at the top, as in the picture
      for (let r = 4; r >= 1; r--) {
        for (let f = 1; f <= 4; f++) {
          const ch = row.charAt((r - 1) * 4 + (f - 1));
          const c = document.createElement("div");
          c.className = "c3" + (ch === "x" || ch === "o" ? " " + ch : "");
          c.textContent = ch === "x" || ch === "o" ? ch : "";
          c.dataset.cell3d = String(L + 1) + files.charAt(f - 1) + String(r);
          layer.appendChild(c);
        }
      }
      cube.appendChild(layer);
    });
    turn3d();
  }
  function turn3d() {
    $("cube").style.transform = "rotateX(" + $("tilt").value + "deg) rotateZ(" + $("turn").value + "deg)";
  }

  // ---- the game ----
  // The moves as buttons under "Your moves" (all the legal moves, or those the clicks fit).
  function moveButtons(ms) {
    const moves = $("moves");
    moves.textContent = "";
    for (const m of ms) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m.shown;
      b.dataset.move = m.move;
      b.disabled = busy;
      b.addEventListener("click", () => playMove(m.move));
      moves.appendChild(b);
    }
  }

  function show(said) {
    if (!state) return;
    const board = $("board");
    const shown = starchess() ? turnView() : state;   // Star Chess: after the listed commands
    if (shown.svg) board.innerHTML = shown.svg;
    else {
      board.textContent = "";
      const pre = document.createElement("pre");
      pre.textContent = state.diagram || "";
      board.appendChild(pre);
    }
    let status;
    if (state.status !== "playing") status = "Game over: " + (state.result || state.status) + ".";
    else if (state.word) status = "Find words: 3 letters or more, each die next to the last.";
    else if (state.your_turn) {
      status = "Your move" + (state.seat_name && state.players > 1 ? " (" + state.seat_name + ")" : "") + ".";
    }
    else status = "The computer is thinking" + (state.player_name ? " (" + state.player_name + ")" : "") + "…";
    $("status").textContent = status;
    if (said) $("said").textContent = said.join("; ");
    moveButtons(starchess() ? [] : state.moves);   // Star Chess: the turn's composer instead
    showComposer();
    showTurns();
    const hist = $("history");
    hist.textContent = "";
    // the moves as the buttons write them (SAN in chess); chess numbers full moves (1. e4 e5)
    const plies = state.history_shown || state.history;
    const per = state.game === "chess" ? 2 : 1;
    for (let i = 0; i < plies.length; i += per) {
      const li = document.createElement("li");
      for (let j = i; j < Math.min(i + per, plies.length); j++) {
        const span = document.createElement("span");
        span.className = "ply";
        span.textContent = plies[j];
        if (j > i) li.append(" ");
        li.appendChild(span);
      }
      hist.appendChild(li);
    }
    hist.scrollTop = hist.scrollHeight;
    const discs = $("discs");
    discs.textContent = "";
    for (const d of state.discs || []) {
      const span = document.createElement("span");
      span.className = "count " + d.name;
      span.textContent = d.name + " " + d.discs;
      discs.appendChild(span);
    }
    const alone = state.players === 1;
    $("info").textContent = state.title + " · seed " + state.seed +
      (alone ? "" : " · level " + state.level) +
      (state.level_elo ? " (Elo " + state.level_elo + ", " + (state.level_scale || "measured") + ")" : "") +
      (state.variant ? " · " + variantText(state) : "") + (state.notation ? " · moves: " + state.notation : "");
    $("save").href = "/api/save?id=" + encodeURIComponent(state.id);
    $("replay").href = "/api/replay?id=" + encodeURIComponent(state.id);
    chosen = [];
    if (starchess()) starMark(); else mark();
    legalDots();
    show3d();
    showWords();
  }

  // ---- the word game: words typed (or letters clicked) against the clock ----
  let clockTimer = null, deadline = 0;
  function showWords() {
    const word = !!state.word;
    $("wordform").hidden = !word || state.status !== "playing";
    for (const id of ["moves", "moves-title", "undo", "replay"]) $(id).hidden = word;
    $("moves-title").hidden = word || starchess();   // Star Chess: the composer instead
    $("history-title").textContent = word ? "Your words" : "Game";
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    $("clock").textContent = "";
    if (!word) return;
    if (state.status === "playing") {
      deadline = Date.now() + state.time_left * 1000;
      tick();
      clockTimer = setInterval(tick, 250);
    } else if (state.words) {
      const w = state.words;
      $("said").textContent = "The computer's words: " + (w.computer.join(", ") || "none") +
        ". Found by both (no points): " + (w.both.join(", ") || "none") +
        ". Nobody found: " + (w.neither.join(", ") || "none") + ".";
    }
  }
  function tick() {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    $("clock").textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") + " left";
    if (left === 0 && clockTimer) {
      clearInterval(clockTimer);
      clockTimer = null;
      refresh();   // the server ends the game when its time is up
    }
  }
  async function refresh() {
    if (busy || !state) return;
    setBusy(true, "Counting the words…");
    try {
      state = await api("/api/state?id=" + state.id);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      show();
    }
  }
  async function addWord(ev) {
    ev.preventDefault();
    const w = $("word").value.trim();
    if (busy || !state || !w) return;
    setBusy(true, "Checking…");
    try {
      state = await api("/api/word", {id: state.id, word: w});
      say("");
      $("word").value = "";
      show(state.said);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      show();
      $("word").focus();
    }
  }
  async function finishWords() {
    if (busy || !state) return;
    setBusy(true, "Counting the words…");
    try {
      state = await api("/api/finish", {id: state.id});
      say("");
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      show();
    }
  }

  // The variant as the setup's fields word it ("Split runs: no"), not as key=value.
  function variantText(st) {
    const g = gameInfo(st.game);
    return st.variant.split(",").map((kv) => {
      const [k, v] = kv.split("=");
      const x = g && g.variant.find((y) => y.key === k);
      if (!x) return kv;
      const i = x.choices ? x.choices.indexOf(v) : -1;
      return x.label + ": " + (i >= 0 && x.shown ? x.shown[i] : v);
    }).join(", ");
  }

  // Othello: a dot on each square the player may play.
  const DOTS = {othello: true};
  function legalDots() {
    const board = $("board");
    const svg = board.querySelector("svg");
    if (!svg || !DOTS[state.game] || !state.your_turn) return;
    const ns = "http://www.w3.org/2000/svg";
    for (const m of state.moves) {
      if (!m.cells || m.cells.length !== 1) continue;
      const el = board.querySelector('[data-cell="' + m.cells[0] + '"]');
      if (!el || el.tagName.toLowerCase() !== "rect") continue;
      const x = +el.getAttribute("x"), y = +el.getAttribute("y");
      const w = +el.getAttribute("width"), h = +el.getAttribute("height");
      const dot = document.createElementNS(ns, "circle");
      dot.setAttribute("class", "sg-legal");
      dot.setAttribute("cx", x + w / 2);
      dot.setAttribute("cy", y + h / 2);
      dot.setAttribute("r", Math.min(w, h) * 0.12);
      dot.setAttribute("pointer-events", "none");
      el.parentNode.insertBefore(dot, el.nextSibling);
    }
  }

  async function computerTurns() {
    while (state && state.status === "playing" && !state.your_turn) {
      show();
      setBusy(true, "Thinking" + (state.player_name ? " (" + state.player_name + ")" : "") + "…");
      state = await api("/api/ai", {id: state.id});
      show(state.said);
    }
  }

  // A failed request: a game gone from the server says so; anything else is a message.
  function failed(e) {
    if (e.gone) { expired(e); return; }
    say(e.message);
  }

  async function playMove(move) {
    if (busy || !state || !state.your_turn) return;
    setBusy(true, "Playing…");
    try {
      state = await api("/api/move", {id: state.id, move: move});
      say("");
      show();
      await computerTurns();
    } catch (e) {
      failed(e);
      chosen = [];
      if (state) mark();
    } finally {
      setBusy(false);
      show();
    }
  }

  async function undo() {
    if (busy || !state) return;
    setBusy(true, "Taking back…");
    try {
      state = await api("/api/undo", {id: state.id});
      show(state.said);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      show();
    }
  }

  // ---- Star Chess: a turn composed by mouse (#33 item 5) ----
  // Click a sector with your ships, then a sector they may go to (outlined), and choose how
  // many; or use the sector's buttons (build, colonise, terraform, scrap: offered only where
  // the command is legal).  The commands are listed, each removable, until "End turn" sends
  // them (POST /api/turn).  The board and the commands offered are those after the listed
  // commands, which the server plays on a copy of the game (POST /api/preview): the game
  // itself changes only at "End turn".
  let turn = {base: null, pending: [], view: null, from: null, to: null};
  function starchess() { return !!state && state.game === "starchess"; }
  // The state the turn is composed on: the preview after the listed commands, or the game's.
  function turnView() {
    if (turn.base !== state) turn = {base: state, pending: [], view: null, from: null, to: null};
    return turn.view || state;
  }
  // The sector's legal commands: {targets: Map(sector -> most ships), build, scrap (most),
  // colonise, terraform (booleans)}.
  function sectorCommands(sector) {
    const c = {targets: new Map(), build: 0, scrap: 0, colonise: false, terraform: false};
    for (const m of turnView().moves) {
      const w = m.move.split(" ");
      if (w[1] !== sector) continue;
      const n = Number(w[w.length - 1]);
      if (w[0] === "move") c.targets.set(w[2], Math.max(c.targets.get(w[2]) || 0, n));
      else if (w[0] === "build") c.build = Math.max(c.build, n);
      else if (w[0] === "scrap") c.scrap = Math.max(c.scrap, n);
      else if (w[0] === "colonise") c.colonise = true;
      else if (w[0] === "terraform") c.terraform = true;
    }
    c.any = c.targets.size > 0 || c.build > 0 || c.scrap > 0 || c.colonise || c.terraform;
    return c;
  }
  function starMark() {
    const targets = turn.from ? sectorCommands(turn.from).targets : new Map();
    for (const el of $("board").querySelectorAll("[data-cell]")) {
      const c = el.getAttribute("data-cell");
      el.classList.toggle("sg-chosen", c === turn.from || c === turn.to);
      el.classList.toggle("sg-target", targets.has(c) && c !== turn.to);
      // the sectors take the keyboard too: Tab to one, Enter or Space clicks it
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", "sector " + c + (targets.has(c) ? ", a target" : ""));
    }
  }
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // A number field (and a slider when ranged) from 1 to max, a button that adds the command
  // made of its value.
  function countedCommand(box, label, max, make, slider) {
    const row = el("div", {class: "sc-row"});
    const field = el("input", {type: "number", min: "1", max: String(max), value: String(max),
                               "aria-label": label + ": how many (1 to " + max + ")"});
    field.className = "sc-count";
    const add = el("button", {type: "button"}, label);
    add.dataset.command = make("N").split(" ")[0];
    if (slider) {
      const range = el("input", {type: "range", min: "1", max: String(max), value: String(max),
                                 "aria-label": "ships"});
      range.className = "sc-range";
      range.addEventListener("input", () => { field.value = range.value; });
      field.addEventListener("input", () => { range.value = field.value; });
      row.append(range);
    }
    row.append(field, el("span", {}, " of " + max + " "), add);
    add.addEventListener("click", () => {
      const n = Number(field.value);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        say("Choose a whole number from 1 to " + max + ".");
        return;
      }
      addCommand(make(n));
    });
    field.addEventListener("keydown", (ev) => { if (ev.key === "Enter") add.click(); });
    box.appendChild(row);
  }
  function showComposer() {
    const box = $("composer");
    const on = starchess() && state.your_turn && state.status === "playing";
    box.hidden = !on;
    if (!on) return;
    turnView();
    const act = $("sector-actions");
    act.textContent = "";
    if (!turn.from) {
      act.appendChild(el("p", {}, "Click a sector with your ships or colony (or Tab to it and press Enter)."));
    } else {
      const c = sectorCommands(turn.from);
      act.appendChild(el("p", {class: "sc-title"}, "Sector " + turn.from +
        (turn.to ? " to " + turn.to : c.targets.size ? ": click an outlined sector to move ships there" : "")));
      if (turn.to && c.targets.has(turn.to)) {
        const to = turn.to;
        countedCommand(act, "Move", c.targets.get(to), (n) => "move " + turn.from + " " + to + " " + n, true);
      } else {
        if (c.build > 0) countedCommand(act, "Build", c.build, (n) => "build " + turn.from + " " + n);
        if (c.scrap > 0) countedCommand(act, "Scrap", c.scrap, (n) => "scrap " + turn.from + " " + n);
        const row = el("div", {class: "sc-row"});
        for (const verb of ["colonise", "terraform"]) {
          if (!c[verb]) continue;
          const b = el("button", {type: "button"}, verb.charAt(0).toUpperCase() + verb.slice(1));
          b.dataset.command = verb;
          b.addEventListener("click", () => addCommand(verb + " " + turn.from));
          row.appendChild(b);
        }
        if (row.childNodes.length) act.appendChild(row);
      }
    }
    const list = $("turn-list");
    list.textContent = "";
    turn.pending.forEach((cmd, i) => {
      const li = el("li");
      li.append(el("span", {class: "sc-command"}, cmd), " ");
      const x = el("button", {type: "button", "aria-label": "remove " + cmd, title: "remove"}, "\u2715");
      x.addEventListener("click", () => removeCommand(i));
      li.appendChild(x);
      list.appendChild(li);
    });
    $("turn-empty").hidden = turn.pending.length > 0;
    for (const b of box.querySelectorAll("button, input")) b.disabled = busy;
  }
  function clickSector(cell) {
    if (busy || !starchess() || !state.your_turn) return;
    say("");
    if (turn.from && cell !== turn.from && sectorCommands(turn.from).targets.has(cell)) {
      turn.to = cell;
    } else if (cell === turn.from && !turn.to) {
      turn.from = null;
    } else if (sectorCommands(cell).any) {
      turn.from = cell;
      turn.to = null;
    } else {
      turn.from = turn.to = null;
      say("You have nothing to command at " + cell + ".");
    }
    starMark();
    showComposer();
    const first = $("sector-actions").querySelector("input, button");
    if (first && turn.to) first.focus();
  }
  // The listed commands become `pending` if the server plays them all on a copy (else the
  // list stays as it was, with the reason).
  async function setPending(pending, what) {
    setBusy(true, what);
    try {
      const view = pending.length ? await api("/api/preview", {id: state.id, commands: pending.join("\n")}) : null;
      turnView();
      turn.pending = pending;
      turn.view = view;
      turn.from = turn.to = null;   // the next command starts with a click on a sector
      say("");
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      show();
    }
  }
  function addCommand(cmd) { return setPending(turn.pending.concat([cmd]), "Checking " + cmd + "…"); }
  function removeCommand(i) {
    return setPending(turn.pending.filter((_, j) => j !== i), "Taking out " + turn.pending[i] + "…");
  }
  async function endTurn() {
    if (busy || !starchess() || !state.your_turn) return;
    const cmds = turn.pending.slice();
    setBusy(true, "Ending the turn…");
    try {
      state = await api("/api/turn", {id: state.id, commands: cmds.join("\n")});
      say("");
      show(state.said);
      await computerTurns();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      show();
    }
  }
  // The other players' turns since yours, as the terminal's play says them.
  function showTurns() {
    const box = $("turns");
    box.textContent = "";
    box.hidden = !state.turns || state.turns.length === 0;
    if (!box.hidden) box.appendChild(el("h3", {}, "Since your last turn"));
    for (const t of state.turns || []) {
      const div = el("div", {class: "sc-turn player" + t.player});
      div.appendChild(el("p", {class: "sc-head"}, t.lines[0]));
      if (t.lines.length > 1) {
        const ul = el("ul");
        for (const line of t.lines.slice(1)) ul.appendChild(el("li", {}, line));
        div.appendChild(ul);
      }
      box.appendChild(div);
    }
  }

  // ---- clicking and dragging on the board ----
  function startsWith(cells, prefix) {
    if (!cells || cells.length < prefix.length) return false;
    for (let i = 0; i < prefix.length; i++) if (cells[i] !== prefix[i]) return false;
    return true;
  }

  function candidates(prefix) {
    return state.moves.filter((m) => startsWith(m.cells, prefix));
  }

  function mark() {
    const board = $("board");
    const next = new Set();
    if (chosen.length > 0 && state) {
      for (const m of candidates(chosen)) {
        if (m.cells.length > chosen.length) next.add(m.cells[chosen.length]);
      }
    }
    for (const el of board.querySelectorAll("[data-cell]")) {
      const c = el.getAttribute("data-cell");
      el.classList.toggle("sg-chosen", chosen.includes(c));
      el.classList.toggle("sg-target", next.has(c));
    }
  }

  function chooseAmong(ms) {
    say("Several moves fit: choose one.");
    moveButtons(ms);
  }

  function clickCell(cell) {
    if (busy || !state || !state.your_turn) return;
    let prefix = chosen.concat([cell]);
    let ms = candidates(prefix);
    if (ms.length === 0 && chosen.length > 0) {   // a fresh start from this cell
      prefix = [cell];
      ms = candidates(prefix);
    }
    if (ms.length === 0) {
      chosen = [];
      mark();
      say("No move of yours starts at " + cell + ".");
      return;
    }
    say("");
    chosen = prefix;
    const complete = ms.filter((m) => m.cells.length === prefix.length);
    const longer = ms.length - complete.length;
    if (complete.length === 1 && longer === 0) { playMove(complete[0].move); return; }
    if (complete.length > 1 && longer === 0) chooseAmong(complete);
    mark();
  }

  let downCell = null;
  function cellAt(ev) {
    const el = ev.target && ev.target.closest ? ev.target.closest("[data-cell]") : null;
    return el ? el.getAttribute("data-cell") : null;
  }
  function onDown(ev) {
    if (state && state.word) return;   // the word game's dice take no clicks: words are typed
    const c = cellAt(ev);
    if (starchess()) {   // a sector: its commands, or the target of a move
      if (c) { ev.preventDefault(); clickSector(c); }
      return;
    }
    downCell = c;
    if (c) { ev.preventDefault(); clickCell(c); }
  }
  function onUp(ev) {
    const el = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = el && el.closest ? el.closest("[data-cell]") : null;
    const c = target ? target.getAttribute("data-cell") : null;
    if (downCell && c && c !== downCell) {   // a drag from one cell to another
      if (starchess()) clickSector(c); else clickCell(c);
    }
    downCell = null;
  }

  // The start page: a card per game (its start position and its one line), each a link to
  // /play/GAME.
  // A game's name as a person says it: its title up to a colon or bracket ("Chess").
  function shortTitle(g) { return g.title.replace(/[:(].*$/, "").trim() || g.name; }

  function cards() {
    const box = $("cards");
    box.textContent = "";
    for (const g of games) {
      const a = document.createElement("a");
      a.className = "card";
      a.href = "/play/" + g.name;
      a.dataset.game = g.name;
      const img = document.createElement("img");
      img.src = g.picture;
      img.alt = "";
      img.width = 180;
      const name = document.createElement("strong");
      name.textContent = shortTitle(g);
      // the line without the name the card already shows ("Chess: the full rules" -> "the full rules")
      const line = document.createElement("span");
      const rest = g.title.startsWith(name.textContent + ":") ?
        g.title.slice(name.textContent.length + 1).trim() : g.title;
      line.textContent = rest.charAt(0).toUpperCase() + rest.slice(1);
      a.append(img, name, line);
      box.appendChild(a);
    }
  }

  async function start() {
    view("loading");
    try {
      games = await api("/api/games");
    } catch (e) {
      $("loading").textContent = "The server did not list its games: " + e.message;
      return;
    }
    for (const g of games) {
      const o = document.createElement("option");
      o.value = g.name;
      o.textContent = shortTitle(g);
      o.title = g.title;
      $("game").appendChild(o);
    }
    for (let l = 1; l <= 10; l++) {
      const o = document.createElement("option");
      o.value = o.textContent = String(l);
      $("level").appendChild(o);
    }
    $("level").value = "4";
    cards();
    const m = location.pathname.match(/^\/play\/([a-z0-9_]+)$/);
    fillSetup(m ? m[1] : "chess");
    $("game").addEventListener("change", () => fillSetup($("game").value));
    $("setup").addEventListener("submit", newGame);
    $("restart").addEventListener("click", () => newGame());
    $("undo").addEventListener("click", undo);
    $("wordform").addEventListener("submit", addWord);
    $("finish").addEventListener("click", finishWords);
    $("board").addEventListener("pointerdown", onDown);
    $("board").addEventListener("pointerup", onUp);
    $("board").addEventListener("keydown", (ev) => {
      const c = cellAt(ev);
      if (c && starchess() && (ev.key === "Enter" || ev.key === " ")) {
        ev.preventDefault();
        clickSector(c);
        const again = $("board").querySelector('[data-cell="' + c + '"]');
        if (again && !turn.to) again.focus();   // the board was drawn anew: back to the sector
      }
    });
    $("end-turn").addEventListener("click", endTurn);
    $("cube").addEventListener("click", (ev) => {
      const el = ev.target.closest("[data-cell3d]");
      if (el) clickCell(el.dataset.cell3d);
    });
    $("turn").addEventListener("input", turn3d);
    $("tilt").addEventListener("input", turn3d);
    const id = (location.hash.match(/id=([0-9a-f]+)/) || [])[1];
    if (id) {
      try {
        state = await api("/api/state?id=" + id);
        fillSetup(state.game);
        view("play");
        show();
      } catch (e) {
        if (e.gone) expired(e);
        else { view("expired"); $("expired-text").textContent = e.message; }
      }
      return;
    }
    if (!m) { view("start"); return; }   // the start page
    await newGame();
  }

  start();
})();
