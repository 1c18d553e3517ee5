// The catan_env replay viewer for Command & Colors: Ancients records: draws the
// battlefield of any step. The data (first step, then each step's changes) is
// the JSON in #data, written by catan_env.ancients.viewer; nothing is fetched.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("data").textContent);
  const F = D.fields;
  const N = D.actions.length;
  const R = 34; // pixels, hex centre to corner
  const W = R * Math.sqrt(3);
  const MARGIN = 16;
  const WIDTH = 2 * MARGIN + 13 * W;
  const HEIGHT = 2 * MARGIN + 8 * 1.5 * R + 2 * R;
  const KEY_EVERY = 200; // a full copy of the state every this many steps

  // The colours of the picture (catan_env.ancients.render_image).
  const TERRAIN = { clear: "#cbd696", forest: "#3e7a40", hill: "#b28c5c",
    broken_ground: "#a59676", river: "#3e70be", lake: "#264c96", fordable_river: "#7aa8d4",
    fortified_camp: "#947050", marsh: "#688a70", town: "#c0b2a6" };
  const LABEL = { forest: "forest", hill: "hill", broken_ground: "broken", river: "river",
    lake: "lake", fordable_river: "ford", fortified_camp: "camp", marsh: "marsh", town: "town" };
  const SIDE = ["#1e54b0", "#b22222"];
  const LEADER = "#ecbe28";

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

  // --- drawing ----------------------------------------------------------------------
  const fmt = (x) => Math.round(x * 10) / 10;
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;",
    ">": "&gt;", '"': "&quot;" })[c]);
  const card = (c) => (c >= 0 && c < D.cards.length ? D.cards[c] : "-");

  function centre(h) {
    const r = D.hexes[h][0], c = D.hexes[h][1];
    return [MARGIN + W / 2 + c * W + (r % 2 ? W / 2 : 0), MARGIN + R + r * 1.5 * R];
  }

  function hexagon(c) {
    const out = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 2 + k * Math.PI / 3;
      out.push(fmt(c[0] + R * Math.cos(a)) + "," + fmt(c[1] - R * Math.sin(a)));
    }
    return out.join(" ");
  }

  function text(x, y, s, size, fill, extra) {
    return `<text x="${fmt(x)}" y="${fmt(y)}" font-size="${size}" fill="${fill || "#191919"}" ` +
      `text-anchor="middle" dominant-baseline="central"${extra || ""}>${esc(s)}</text>`;
  }

  function drawStatic() {
    const out = [`<rect x="0" y="0" width="${fmt(WIDTH)}" height="${fmt(HEIGHT)}" ` +
      `fill="#464034"/>`];
    D.terrain.forEach((t, h) => {
      const c = centre(h);
      out.push(`<polygon points="${hexagon(c)}" fill="${TERRAIN[t]}" stroke="#5a503c">` +
        `<title>r${D.hexes[h][0]}c${D.hexes[h][1]} ${t}</title></polygon>`);
      if (LABEL[t]) {
        const ink = ["forest", "river", "lake"].includes(t) ? "#fff" : "#191919";
        out.push(text(c[0], c[1] + 0.68 * R, LABEL[t], 10, ink));
      }
    });
    for (const c of [4, 8]) { // section lines (CCA 2.2)
      const x = fmt(MARGIN + W / 2 + c * W);
      out.push(`<line x1="${x}" y1="${MARGIN / 2}" x2="${x}" y2="${fmt(HEIGHT - MARGIN / 2)}" ` +
        `stroke="#fafaf0" stroke-width="2" stroke-dasharray="6 6"/>`);
    }
    document.getElementById("static-layer").innerHTML = out.join("");
  }

  function drawPieces(v) {
    const out = [];
    D.terrain.forEach((_, h) => {
      const t = field(v, "unit_type", h) - 1;
      const leader = field(v, "leader", h);
      if (t < 0 && !leader) return;
      const [x, y] = centre(h);
      if (t >= 0) {
        const side = field(v, "unit_side", h);
        const blocks = field(v, "unit_blocks", h);
        out.push(`<g class="unit" data-hex="${h}" data-side="${side}">` +
          `<rect x="${fmt(x - 20)}" y="${fmt(y - 14)}" width="40" height="28" rx="4" ` +
          `fill="${SIDE[side]}" stroke="#141414"><title>${esc(D.sides[side])} ` +
          `${esc(D.unit_names[t])}, ${blocks} block(s)</title></rect>` +
          text(x, y - 5, D.units[t], 12, "#fff"));
        for (let k = 0; k < blocks; k++) {
          const bx = x - 3.5 * (blocks - 1) + 7 * k;
          out.push(`<rect x="${fmt(bx - 2)}" y="${fmt(y + 6)}" width="4" height="4" fill="#fff"/>`);
        }
        if (leader) {
          out.push(`<circle cx="${fmt(x + 18)}" cy="${fmt(y - 13)}" r="7" fill="${LEADER}" ` +
            `stroke="#141414"><title>leader</title></circle>` + text(x + 18, y - 13, "L", 10));
        }
        out.push("</g>");
      } else {
        const side = field(v, "leader_side", h);
        out.push(`<circle cx="${fmt(x)}" cy="${fmt(y)}" r="11" fill="${LEADER}" ` +
          `stroke="${SIDE[side]}" stroke-width="3"><title>${esc(D.sides[side])} leader` +
          `</title></circle>` + text(x, y, "L", 12));
      }
    });
    return out.join("");
  }

  function sidesTable(v) {
    const over = field(v, "winner", 0) > 0 || D.phases[field(v, "phase", 0)] === "game over";
    const current = field(v, "current_side", 0);
    const toWin = D.summary.banners_to_win;
    const rows = ["<tr><th>side</th><th>banners</th><th>cards</th><th>last card</th></tr>"];
    for (const side of [1, 0]) { // the top army first, as on the board
      const agent = D.agents ? ` <small>(${esc(D.agents[side])})</small>` : "";
      const won = field(v, "banners", side);
      let boxes = "";
      for (let k = 0; k < Math.max(toWin, won); k++) {
        boxes += `<span style="background:${k < won ? SIDE[side] : "#fff"}"></span>`;
      }
      const cls = !over && side === current ? ' class="current"' : "";
      rows.push(`<tr${cls} data-seat="${side}"><td><span class="swatch" ` +
        `style="background:${SIDE[side]}"></span>${esc(D.sides[side])} ` +
        `(${side ? "top" : "bottom"})${agent}</td>` +
        `<td><span class="levels" title="${won} of ${toWin}">${boxes}</span> ${won}</td>` +
        `<td>${field(v, "cards", side)}</td><td>${esc(card(field(v, "last_card", side)))}</td></tr>`);
    }
    return rows.join("");
  }

  function statusLine(v) {
    const parts = [`turn ${field(v, "turn", 0)}`];
    const winner = field(v, "winner", 0) - 1;
    if (winner >= 0) parts.push(`winner: ${D.sides[winner]}`);
    else if (D.phases[field(v, "phase", 0)] === "game over") parts.push("truncated by the turn limit");
    else parts.push(`${D.sides[field(v, "current_side", 0)]} decides: ` +
      `${D.phases[field(v, "phase", 0)]}`);
    return parts.join(" \u00b7 ");
  }

  function cardLine(v) {
    return `card in play: ${esc(card(field(v, "card_played", 0)))}`;
  }

  // --- controls ---------------------------------------------------------------------
  const slider = document.getElementById("slider");
  const log = document.getElementById("log");
  let step = 0;
  let nowItem = null;
  let timer = null;

  function hash(s) { // djb2: a cheap fingerprint of the drawing, for tests
    let h = 5381;
    for (let i = 0; i < s.length; i++) h = ((h * 33) ^ s.charCodeAt(i)) >>> 0;
    return h.toString(16);
  }

  function show(target) {
    step = Math.max(0, Math.min(N, target | 0));
    const v = stateAt(step);
    const pieces = drawPieces(v);
    document.getElementById("piece-layer").innerHTML = pieces;
    document.getElementById("players").innerHTML = sidesTable(v);
    document.getElementById("status").textContent = statusLine(v);
    document.getElementById("ck").innerHTML = cardLine(v);
    slider.value = String(step);
    const last = step > 0 ? `: ${D.sides[D.actors[step - 1]]} ${D.actions[step - 1]}` : "";
    document.getElementById("step-label").textContent = `step ${step} / ${N}${last}`;
    if (nowItem) nowItem.classList.remove("now");
    nowItem = step > 0 ? log.children[step - 1] : null;
    if (nowItem) {
      nowItem.classList.add("now");
      log.scrollTop = nowItem.offsetTop - log.clientHeight / 2;
    }
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

  function init() {
    document.getElementById("title").textContent = `${D.title} \u2014 replay`;
    const s = D.summary;
    const result = s.winner !== null ? `winner ${D.sides[s.winner]}` :
      s.truncated ? "truncated" : "unfinished";
    const agents = D.agents ? `, agents ${D.agents.join(", ")}` : "";
    document.getElementById("summary").textContent = `seed ${s.seed}${agents}, ${N} ` +
      `decisions, ${s.turns} turns, ${result}, banners ${s.banners.join(" / ")} ` +
      `(catan_env ${s.engine_version || "?"})`;
    const board = document.getElementById("board");
    board.setAttribute("viewBox", `0 0 ${fmt(WIDTH)} ${fmt(HEIGHT)}`);
    board.style.width = `${Math.round(WIDTH)}px`;
    board.style.height = `${Math.round(HEIGHT)}px`;
    drawStatic();
    log.innerHTML = D.actions.map((a, i) => `<li><span class="swatch" style="background:` +
      `${SIDE[D.actors[i]]}"></span>${esc(a)}</li>`).join("");
    log.addEventListener("click", (e) => {
      const li = e.target.closest("li");
      if (li) show(Array.prototype.indexOf.call(log.children, li) + 1);
    });
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
    const wanted = new URLSearchParams(window.location.search).get("step");
    show(wanted === null ? 0 : parseInt(wanted, 10) || 0);
    document.body.dataset.ready = "1";
  }

  init();
})();
