// The catan_env play page: one seat of a game the server owns (catan_env.play).
// The board is drawn by the replay viewer's own scripts (viewer_core.js, then the
// game's viewer.js, viewer_ep.js or viewer_ancients.js), run again on the game so
// far after every move; this script adds the seat's legal moves on top of it
// (spots on the board where a move has a place, buttons for the rest), the seat's
// hand and a log in words.
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
  let token = null;
  let view = null;
  const sources = {};
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

  // --- the board: the viewer's scripts on the game so far ---------------------------
  async function source(name) {
    if (!(name in sources)) sources[name] = await (await fetch(`/static/${name}`)).text();
    return sources[name];
  }

  async function drawBoard(v) {
    const B = v.board;
    const scripts = [await source("viewer_core.js"), await source(v.script)];
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
      // viewer_core.js reads #data and makes window.Viewer; the game's script draws.
      for (const text of scripts) {
        const script = document.createElement("script");
        script.textContent = text;
        document.body.appendChild(script);
        script.remove();
      }
    } finally {
      document.addEventListener = add;
    }
  }

  // --- where each legal move goes ------------------------------------------------
  // Hex outlines by the first word of their titles ("r3c4 clear", "R1a forest"): the
  // places of a board drawn without geometry tables (Ancients).
  function hexShapes() {
    const out = {};
    for (const poly of $("static-layer").querySelectorAll("polygon")) {
      const t = poly.querySelector("title");
      if (t) out[t.textContent.split(" ")[0]] = poly.getAttribute("points");
    }
    return out;
  }

  // The place a move names: "v31" / "e12" / "h5" (an intersection, path or hex of
  // the geometry tables), or "p:r3c4" (a hex outline by its title); null for none.
  function placeOf(name, hexes, G) {
    if (G) {
      for (const [kind, table] of [["v", G.vertices], ["e", G.edges], ["h", G.hex_corners]]) {
        const m = new RegExp(`\\b${kind}(\\d+)\\b`).exec(name);
        if (m && table[+m[1]]) return kind + m[1];
      }
      const labels = G.hex_labels || [];
      for (const tok of name.split(/[()\s,]+/)) {
        if (tok && labels.includes(tok)) return "h" + labels.indexOf(tok);
      }
    }
    for (const tok of name.split(/[()\s,]+/)) if (tok in hexes) return "p:" + tok;
    return null;
  }

  // A clickable shape over a place: the viewer's own mark of it (so it sits where the
  // viewer draws, at the viewer's scale), or the titled hex outline.
  function spot(place, hexes) {
    let el;
    if (place.startsWith("p:")) {
      el = document.createElementNS(SVG, "polygon");
      el.setAttribute("points", hexes[place.slice(2)]);
    } else {
      const holder = document.createElementNS(SVG, "g");
      holder.innerHTML = Viewer.game.mark(place[0], +place.slice(1));
      el = holder.firstElementChild;
      el.removeAttribute("data-kind");
      el.removeAttribute("data-id");
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
    const G = Viewer.game.mark ? v.board.geometry : null;
    const hexes = hexShapes();
    const at = {};
    for (const a of v.legal) {
      const place = placeOf(a[1], hexes, G);
      if (place) (at[place] = at[place] || []).push(a);
      else $("buttons").appendChild(actionButton(a));
    }
    for (const [place, moves] of Object.entries(at)) {
      const el = spot(place, hexes);
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

  // "build_road(e3)": "build road(e3)"; "steal(blue)" (the viewer's log names seats).
  const words = (name) => name.replace(/_/g, " ");

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
    $("title").textContent = `${v.board.title}: you are ${v.names[seat]}`;
    $("hand").innerHTML = v.private.map((g) => `<div><b>${esc(g.label)}</b>: ` +
      (Object.keys(g.cards).length ? Object.entries(g.cards).map(([k, n]) =>
        `<span>${esc(k)} ${n}</span>`).join("") : "none") + "</div>").join("");
    const B = v.board;
    const log = $("play-log");
    log.innerHTML = B.actions.map((a, i) => `<li>${esc(who(B.actors[i]))}: ` +
      `${esc(words(B.log ? B.log[i] : a))}</li>`).join("");
    log.scrollTop = log.scrollHeight;
    $("quit").disabled = over;
    document.body.dataset.version = String(v.version);
    document.body.dataset.yourTurn = v.your_turn ? "1" : "0";
    document.body.dataset.done = over ? "1" : "0";
  }

  async function render(v) {
    view = v;
    if (v.version !== drawn) await drawBoard(v);
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
