// The catan_env replay viewer's controls, shared by every game's page: the state at
// any step (the data in #data: the first step, then each step's changes, written by
// catan_env.viewer), the slider, buttons and keys, the action log, and the marks
// that show on the board the places a log line names. A game's script draws its
// board and panels and calls Viewer.start(game); nothing is fetched.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("data").textContent);
  const F = D.fields;
  const N = D.actions.length;
  const KEY_EVERY = 200; // a full copy of the state every this many steps

  // --- the state at any step --------------------------------------------------------
  const keyframes = [];
  (function build() {
    const v = Int32Array.from(D.start);
    keyframes.push(v.slice());
    for (let i = 0; i < N; i++) {
      apply(v, i);
      if ((i + 1) % KEY_EVERY === 0) keyframes.push(v.slice());
    }
  })();

  function apply(v, i) {
    const d = D.deltas[i];
    for (let k = 0; k < d.length; k += 2) v[d[k]] = d[k + 1];
  }

  function stateAt(step) {
    const k = Math.floor(step / KEY_EVERY);
    const v = keyframes[k].slice();
    for (let i = k * KEY_EVERY; i < step; i++) apply(v, i);
    return v;
  }

  function field(v, name, i) {
    const f = F[name];
    return f === undefined ? undefined : v[f[0] + (i || 0)];
  }

  // --- drawing helpers --------------------------------------------------------------
  const fmt = (x) => Math.round(x * 10) / 10;
  const pts = (list) => list.map((p) => fmt(p[0]) + "," + fmt(p[1])).join(" ");
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;",
    ">": "&gt;", '"': "&quot;" })[c]);

  function text(x, y, s, size, fill, extra) {
    return `<text x="${fmt(x)}" y="${fmt(y)}" font-size="${size}" fill="${fill || "#191919"}" ` +
      `text-anchor="middle" dominant-baseline="central"${extra || ""}>${esc(s)}</text>`;
  }

  // Marks on a board drawn from vertex / edge / hex-corner tables in unit hex size,
  // scaled by s: a ring round an intersection, a band along a path, a hex outline.
  function geometryMarks(G, s) {
    const at = (v) => [G.vertices[v][0] * s, G.vertices[v][1] * s];
    return function (kind, id) {
      const tag = ` class="mark" data-kind="${kind}" data-id="${id}"`;
      if (kind === "v" && G.vertices[id]) {
        const [x, y] = at(id);
        return `<circle${tag} cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(0.36 * s)}"/>`;
      }
      if (kind === "e" && G.edges[id]) {
        const [a, b] = G.edges[id].map(at);
        return `<line${tag} x1="${fmt(a[0])}" y1="${fmt(a[1])}" x2="${fmt(b[0])}" ` +
          `y2="${fmt(b[1])}"/>`;
      }
      if (kind === "h" && G.hex_corners[id]) {
        return `<polygon${tag} points="${pts(G.hex_corners[id].map(at))}"/>`;
      }
      return "";
    };
  }

  function hash(s) { // djb2: a cheap fingerprint of the drawing, for tests
    let h = 5381;
    for (let i = 0; i < s.length; i++) h = ((h * 33) ^ s.charCodeAt(i)) >>> 0;
    return h.toString(16);
  }

  // The header's line: seed, seats, agents, length and result, then the game's detail.
  function summaryLine(seatName, detail) {
    const s = D.summary;
    const result = s.winner !== null ? `winner ${seatName(s.winner)}` :
      s.truncated ? "truncated" : "unfinished";
    const players = D.players ? `, ${D.players} players` : "";
    const agents = D.agents ? `, agents ${D.agents.join(", ")}` : "";
    return `seed ${s.seed}${players}${agents}, ${N} decisions, ${s.turns} turns, ${result}, ` +
      `${detail} (catan_env ${s.engine_version || "?"})`;
  }

  // --- the page -----------------------------------------------------------------------
  // game: seatName(p), seatFill(p) (CSS colour), detail (the summary's last part), drawStatic() and
  // drawPieces(v) (SVG), players(v) (table rows), status(v) (text), extra(v) (HTML),
  // and optionally mark(kind, id) (SVG marking "v"/"e"/"h" place id) and board
  // [x, y, width, height] (the SVG's viewBox and size, when not the template's).
  function start(game) {
    window.Viewer.game = game; // the drawing, for a page that adds to it (catan-env play)
    const slider = document.getElementById("slider");
    const log = document.getElementById("log");
    const marks = document.getElementById("mark-layer");
    const logText = (i) => (D.log ? D.log[i] : D.actions[i]);
    let step = 0;
    let nowItem = null;
    let timer = null;

    function mark(i) {
      const names = D.places && i >= 0 && i < N ? D.places[i].split(" ").filter(Boolean) : [];
      marks.innerHTML = game.mark ? names.map((p) => game.mark(p[0], +p.slice(1))).join("") : "";
      document.body.dataset.marked = names.join(" ");
    }

    function show(target) {
      step = Math.max(0, Math.min(N, target | 0));
      const v = stateAt(step);
      const pieces = game.drawPieces(v);
      document.getElementById("piece-layer").innerHTML = pieces;
      document.getElementById("players").innerHTML = game.players(v);
      document.getElementById("status").textContent = game.status(v);
      document.getElementById("ck").innerHTML = game.extra(v);
      slider.value = String(step);
      const last = step > 0 ? `: ${game.seatName(D.actors[step - 1])} ${logText(step - 1)}` : "";
      document.getElementById("step-label").textContent = `step ${step} / ${N}${last}`;
      if (nowItem) nowItem.classList.remove("now");
      nowItem = step > 0 ? log.children[step - 1] : null;
      if (nowItem) {
        nowItem.classList.add("now");
        log.scrollTop = nowItem.offsetTop - log.clientHeight / 2;
      }
      mark(step - 1);
      document.body.dataset.step = String(step);
      document.body.dataset.board = hash(pieces);
    }

    function play() {
      const button = document.getElementById("play");
      if (timer) {
        clearInterval(timer);
        timer = null;
        button.textContent = "play";
        return;
      }
      if (step >= N) show(0);
      button.textContent = "pause";
      timer = setInterval(() => {
        if (step >= N) { play(); return; }
        show(step + 1);
      }, 60);
    }

    document.getElementById("title").textContent = `${D.title} \u2014 replay`;
    document.getElementById("summary").textContent = summaryLine(game.seatName, game.detail);
    if (game.board) {
      const [x, y, w, h] = game.board;
      const board = document.getElementById("board");
      board.setAttribute("viewBox", `${fmt(x)} ${fmt(y)} ${fmt(w)} ${fmt(h)}`);
      board.style.width = `${Math.round(w)}px`;
      board.style.height = `${Math.round(h)}px`;
    }
    document.getElementById("static-layer").innerHTML = game.drawStatic();
    log.innerHTML = D.actions.map((a, i) => {
      const places = D.places && D.places[i] ? ` data-places="${esc(D.places[i])}"` : "";
      return `<li title="${esc(game.seatName(D.actors[i]))}: ${esc(a)}"${places}>` +
        `<span class="swatch" style="background:${game.seatFill(D.actors[i])}"></span>` +
        `${esc(logText(i))}</li>`;
    }).join("");
    const itemIndex = (e) => {
      const li = e.target.closest("li");
      return li ? Array.prototype.indexOf.call(log.children, li) : -1;
    };
    log.addEventListener("click", (e) => {
      const i = itemIndex(e);
      if (i >= 0) show(i + 1);
    });
    log.addEventListener("mouseover", (e) => {
      const i = itemIndex(e);
      if (i >= 0) mark(i);
    });
    log.addEventListener("mouseleave", () => mark(step - 1));
    slider.max = String(N);
    slider.addEventListener("input", () => show(+slider.value));
    document.getElementById("first").addEventListener("click", () => show(0));
    document.getElementById("prev").addEventListener("click", () => show(step - 1));
    document.getElementById("next").addEventListener("click", () => show(step + 1));
    document.getElementById("last").addEventListener("click", () => show(N));
    document.getElementById("play").addEventListener("click", play);
    document.addEventListener("keydown", (e) => {
      if (e.target === slider) return; // the slider handles its own arrows
      const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: N };
      if (e.key in moves) { show(moves[e.key]); e.preventDefault(); }
      if (e.key === " ") { play(); e.preventDefault(); }
    });
    const query = new URLSearchParams(window.location.search);
    const wanted = query.get("step");
    show(wanted === null ? 0 : parseInt(wanted, 10) || 0);
    const hover = query.get("hover");
    if (hover !== null && log.children[parseInt(hover, 10)]) {
      log.children[parseInt(hover, 10)].dispatchEvent(new MouseEvent("mouseover",
        { bubbles: true }));
    }
    document.body.dataset.ready = "1";
  }

  window.Viewer = { D, N, field, stateAt, fmt, pts, esc, text, geometryMarks, start };
})();
