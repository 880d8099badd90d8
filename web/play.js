// The page of stratagem serve: play any game against the computer with the mouse.
// The server owns the game; this page shows its picture (SVG whose clickable elements carry
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
    if (!r.ok) throw new Error(j.error || ("HTTP " + r.status));
    return j;
  }

  function say(text) { $("message").textContent = text || ""; }

  function setBusy(on) {
    busy = on;
    document.body.classList.toggle("busy", on);
    $("undo").disabled = on;
    $("new").disabled = on;
  }

  // ---- the setup form ----
  function gameInfo(name) { return games.find((g) => g.name === name); }

  function fillSetup(name) {
    const g = gameInfo(name) || games[0];
    $("game").value = g.name;
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
      label.textContent = x.key + " ";
      let input;
      if (x.choices) {
        input = document.createElement("select");
        for (const c of x.choices) {
          const o = document.createElement("option");
          o.value = o.textContent = c;
          input.appendChild(o);
        }
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
    setBusy(true);
    try {
      state = await api("/api/new", form);
      location.hash = "id=" + state.id;
      say("");
      $("said").textContent = "";
      show();
      await computerTurns();
    } catch (e) {
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
      b.addEventListener("click", () => playMove(m.move));
      moves.appendChild(b);
    }
  }

  function show(said) {
    if (!state) return;
    const board = $("board");
    if (state.svg) board.innerHTML = state.svg;
    else {
      board.textContent = "";
      const pre = document.createElement("pre");
      pre.textContent = state.diagram || "";
      board.appendChild(pre);
    }
    let status;
    if (state.status !== "playing") status = "Game over: " + (state.result || state.status) + ".";
    else if (state.your_turn) status = "Your move" + (state.seat_name ? " (" + state.seat_name + ")" : "") + ".";
    else status = "The computer is thinking" + (state.player_name ? " (" + state.player_name + ")" : "") + "…";
    $("status").textContent = status;
    if (said) $("said").textContent = said.join("; ");
    moveButtons(state.moves);
    const hist = $("history");
    hist.textContent = "";
    for (const m of state.history) {
      const li = document.createElement("li");
      li.textContent = m;
      hist.appendChild(li);
    }
    hist.scrollTop = hist.scrollHeight;
    $("info").textContent = state.title + " · seed " + state.seed + " · level " + state.level +
      (state.level_elo ? " (Elo " + state.level_elo + ", " + (state.level_scale || "measured") + ")" : "") +
      (state.variant ? " · " + state.variant : "") + (state.notation ? " · moves: " + state.notation : "");
    $("save").href = "/api/save?id=" + encodeURIComponent(state.id);
    $("replay").href = "/api/replay?id=" + encodeURIComponent(state.id);
    chosen = [];
    mark();
    show3d();
  }

  async function computerTurns() {
    while (state && state.status === "playing" && !state.your_turn) {
      show();
      state = await api("/api/ai", {id: state.id});
      show(state.said);
    }
  }

  async function playMove(move) {
    if (busy || !state || !state.your_turn) return;
    setBusy(true);
    try {
      state = await api("/api/move", {id: state.id, move: move});
      say("");
      show();
      await computerTurns();
    } catch (e) {
      say(e.message);
      chosen = [];
      mark();
    } finally {
      setBusy(false);
      show();
    }
  }

  async function undo() {
    if (busy || !state) return;
    setBusy(true);
    try {
      state = await api("/api/undo", {id: state.id});
      show(state.said);
    } catch (e) {
      say(e.message);
    } finally {
      setBusy(false);
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
    const c = cellAt(ev);
    downCell = c;
    if (c) { ev.preventDefault(); clickCell(c); }
  }
  function onUp(ev) {
    const el = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = el && el.closest ? el.closest("[data-cell]") : null;
    const c = target ? target.getAttribute("data-cell") : null;
    if (downCell && c && c !== downCell) clickCell(c);   // a drag from one cell to another
    downCell = null;
  }

  async function start() {
    try {
      games = await api("/api/games");
    } catch (e) {
      say("The server did not list its games: " + e.message);
      return;
    }
    for (const g of games) {
      const o = document.createElement("option");
      o.value = g.name;
      o.textContent = g.title;
      $("game").appendChild(o);
    }
    for (let l = 1; l <= 10; l++) {
      const o = document.createElement("option");
      o.value = o.textContent = String(l);
      $("level").appendChild(o);
    }
    $("level").value = "4";
    const m = location.pathname.match(/^\/play\/([a-z0-9_]+)$/);
    fillSetup(m ? m[1] : "chess");
    $("game").addEventListener("change", () => fillSetup($("game").value));
    $("setup").addEventListener("submit", newGame);
    $("undo").addEventListener("click", undo);
    $("board").addEventListener("pointerdown", onDown);
    $("board").addEventListener("pointerup", onUp);
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
        show();
        return;
      } catch (e) {
        say(e.message);
      }
    }
    await newGame();
  }

  start();
})();
