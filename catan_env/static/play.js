// The catan_env play page: one seat of a game the server owns (catan_env.play).
// The board is drawn by the replay viewer's own script (viewer.js or
// viewer_ancients.js), run again on the game so far after every move; this
// script adds the seat's legal moves on top of it (spots on the board where a
// move has a place, buttons for the rest), the seat's hand and a log in words.
"use strict";
(function () {
  const errors = [];
  window.catanErrors = errors;
  function trap(text) {
    errors.push(String(text));
    const list = document.getElementById("errors");
    const li = document.createElement("li");
    li.textContent = String(text);
    list.appendChild(li);
    list.hidden = false;
  }
  window.addEventListener("error", (e) => trap(e.message || "error"));
  window.addEventListener("unhandledrejection", (e) => trap(e.reason));

  const seat = parseInt(location.pathname.split("/").pop(), 10);
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;",
    ">": "&gt;", '"': "&quot;" })[c]);
  const SVG = "http://www.w3.org/2000/svg";
  const S = 50; // the Catan viewer's pixels per unit hex
  let token = null;
  let view = null;
  let viewerSource = {};
  let drawn = -1;

  function message(text, kind) {
    const m = $("message");
    m.textContent = text || "";
    m.className = kind || "";
    document.body.dataset.message = text || "";
  }

  async function call(path, payload) {
    const r = await fetch(path, payload === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload) });
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
    return data;
  }

  // --- the board: the viewer's script on the game so far ---------------------------
  async function drawBoard(v) {
    const B = v.board;
    if (!B) {
      $("board-wrap").hidden = true;
      return;
    }
    if (!(v.script in viewerSource)) {
      viewerSource[v.script] = await (await fetch(`/static/${v.script}`)).text();
    }
    $("data").textContent = JSON.stringify(B);
    // Fresh copies of the viewer's controls drop the listeners of its last run.
    const controls = $("viewer-controls");
    controls.replaceWith(controls.cloneNode(true));
    history.replaceState(null, "", `${location.pathname}?step=${B.actions.length}`);
    const add = document.addEventListener;
    document.addEventListener = function (type, ...rest) {
      if (type !== "keydown") add.call(document, type, ...rest); // its step keys: not here
    };
    try {
      const script = document.createElement("script");
      script.textContent = viewerSource[v.script];
      document.body.appendChild(script);
      script.remove();
    } finally {
      document.addEventListener = add;
    }
  }

  // --- where each legal move goes ------------------------------------------------
  function hexShapes() {
    const out = {};
    for (const poly of $("static-layer").querySelectorAll("polygon")) {
      const t = poly.querySelector("title");
      if (t) out[t.textContent.split(" ")[0]] = poly.getAttribute("points");
    }
    return out;
  }

  function placeOf(name, hexes, G) {
    if (G && G.vertices) {
      let m = /\bv(\d+)\b/.exec(name);
      if (m && G.vertices[+m[1]]) return "v" + m[1];
      m = /\be(\d+)\b/.exec(name);
      if (m && G.edges[+m[1]]) return "e" + m[1];
    }
    for (const tok of name.split(/[()\s,]+/)) if (tok in hexes) return "h:" + tok;
    return null;
  }

  function spot(place, hexes, G) {
    let el;
    if (place[0] === "v") {
      const xy = G.vertices[+place.slice(1)];
      el = document.createElementNS(SVG, "circle");
      el.setAttribute("cx", xy[0] * S); el.setAttribute("cy", xy[1] * S);
      el.setAttribute("r", 11);
    } else if (place[0] === "e") {
      const ends = G.edges[+place.slice(1)].map((k) => G.vertices[k]);
      el = document.createElementNS(SVG, "line");
      el.setAttribute("x1", ends[0][0] * S); el.setAttribute("y1", ends[0][1] * S);
      el.setAttribute("x2", ends[1][0] * S); el.setAttribute("y2", ends[1][1] * S);
    } else {
      el = document.createElementNS(SVG, "polygon");
      el.setAttribute("points", hexes[place.slice(2)]);
    }
    el.setAttribute("class", "spot");
    el.dataset.place = place;
    return el;
  }

  function actionButton(a) {
    const b = document.createElement("button");
    b.textContent = a[1];
    b.dataset.action = String(a[0]);
    b.addEventListener("click", () => act(a[0]));
    return b;
  }

  function drawMoves(v) {
    const layer = $("play-layer");
    layer.innerHTML = "";
    $("buttons").innerHTML = "";
    $("choices").hidden = true;
    const G = v.board && v.board.geometry;
    const hexes = v.board ? hexShapes() : {};
    const at = {};
    for (const a of v.legal) {
      const place = v.board ? placeOf(a[1], hexes, G) : null;
      if (place) (at[place] = at[place] || []).push(a);
      else $("buttons").appendChild(actionButton(a));
    }
    for (const [place, moves] of Object.entries(at)) {
      const el = spot(place, hexes, G);
      el.dataset.actions = moves.map((a) => a[0]).join(",");
      const title = document.createElementNS(SVG, "title");
      title.textContent = moves.map((a) => a[1]).join(" / ");
      el.appendChild(title);
      el.addEventListener("click", () => {
        if (moves.length === 1) { act(moves[0][0]); return; }
        const box = $("choices");
        box.innerHTML = "";
        for (const a of moves) box.appendChild(actionButton(a));
        box.hidden = false;
      });
      layer.appendChild(el);
    }
  }

  // --- the side panel ---------------------------------------------------------------
  function who(p) {
    const v = view;
    const label = p === seat ? "you" : v.players[p];
    return `${v.names[p]} (${label})`;
  }

  const words = (name) => name.replace(/_/g, " "); // "build_road(e3)": "build road(e3)"

  function drawText(v) {
    const over = v.done || v.quit_by !== null;
    let line;
    if (v.done) {
      line = v.winner !== null ? `Game over: ${who(v.winner)} wins.` : "Game over (turn limit).";
    } else if (v.quit_by !== null) {
      line = `Game ended: ${who(v.quit_by)} quit.`;
    } else if (v.your_turn) {
      line = `Your move (${v.names[seat]}): ${v.phase}`;
    } else {
      line = `Waiting for ${who(v.current)}: ${v.phase}`;
    }
    if (over && v.record) line += ` Record saved: ${v.record} (catan-env replay ${v.record}).`;
    $("turn").textContent = line;
    $("turn").className = v.your_turn ? "mine" : "";
    $("title").textContent = `${v.board ? v.board.title : "catan_env"}: you are ` +
      `${v.names[seat]}`;
    $("hand").innerHTML = v.private.map((g) => `<div><b>${esc(g.label)}</b>: ` +
      (Object.keys(g.cards).length ? Object.entries(g.cards).map(([k, n]) =>
        `<span>${esc(k)} ${n}</span>`).join("") : "none") + "</div>").join("");
    if (v.board) {
      const B = v.board;
      const log = $("play-log");
      log.innerHTML = B.actions.map((a, i) => `<li>${esc(who(B.actors[i]))}: ${esc(words(a))}</li>`)
        .join("");
      log.scrollTop = log.scrollHeight;
    } else {
      $("status").textContent = v.board_error || "";
      const keys = v.seats.length ? Object.keys(v.seats[0]).filter((k) => k !== "seat" &&
        typeof v.seats[0][k] !== "object") : [];
      $("players").innerHTML = `<tr>${keys.map((k) => `<th>${esc(k)}</th>`).join("")}</tr>` +
        v.seats.map((row) => `<tr>${keys.map((k) => `<td>${esc(row[k])}</td>`).join("")}</tr>`)
          .join("");
      $("play-log").innerHTML = v.log.map((e) => `<li>${esc(who(e[0]))}: ${esc(words(e[1]))}</li>`)
        .join("");
    }
    $("quit").disabled = over;
    document.body.dataset.version = String(v.version);
    document.body.dataset.yourTurn = v.your_turn ? "1" : "0";
    document.body.dataset.done = over ? "1" : "0";
  }

  async function render(v) {
    view = v;
    if (v.version !== drawn || !v.board) await drawBoard(v);
    drawn = v.version;
    drawText(v);
    drawMoves(v);
    document.body.dataset.ready = "1";
  }

  // --- moves and the long poll -----------------------------------------------------
  async function act(action) {
    if (!view || !view.your_turn) return;
    const version = view.version;
    view.your_turn = false; // one move per look: the next comes with the next view
    try {
      await call("/api/act", { seat, token, action, version });
      message(""); // the long poll brings the game after the move
    } catch (e) {
      message(e.message, "error");
      await render(await call(`/api/view?seat=${seat}&token=${token}`));
    }
  }

  async function poll() {
    while (true) {
      let v;
      try {
        v = await call(`/api/view?seat=${seat}&token=${token}&since=${view.version}`);
      } catch (e) {
        message(`lost the game: ${e.message}`, "error");
        return;
      }
      if (v.version !== view.version || v.done !== view.done || v.quit_by !== view.quit_by) {
        await render(v);
      }
      if (v.done || v.quit_by !== null) return;
    }
  }

  async function start() {
    // A seat open in another tab is refused; after a reload the old tab's claim
    // lapses within seconds, so keep asking.
    while (token === null) {
      try {
        token = (await call("/api/claim", { seat })).token;
      } catch (e) {
        message(e.message, "error");
        document.body.dataset.ready = "1";
        if (!e.message.includes("another tab")) return;
        await new Promise((done) => setTimeout(done, 2000));
      }
    }
    message("");
    $("quit").addEventListener("click", async () => {
      try {
        const r = await call("/api/quit", { seat, token });
        message(`record saved: ${r.record}`);
      } catch (e) {
        message(e.message, "error");
      }
    });
    await render(await call(`/api/view?seat=${seat}&token=${token}`));
    poll();
  }

  start();
})();
