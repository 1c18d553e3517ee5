// The catan_env replay viewer for Command & Colors: Ancients records: draws the
// battlefield and the panels of any step; the controls and the log are
// viewer_core.js's (window.Viewer). Nothing is fetched.
"use strict";
(function () {
  const { D, field, fmt, esc, text } = Viewer;
  const R = 34; // pixels, hex centre to corner
  const W = R * Math.sqrt(3);
  const MARGIN = 16;
  const WIDTH = 2 * MARGIN + 13 * W;
  const HEIGHT = 2 * MARGIN + 8 * 1.5 * R + 2 * R;

  // The colours of the picture (catan_env.ancients.render_image).
  const TERRAIN = { clear: "#cbd696", forest: "#3e7a40", hill: "#b28c5c",
    broken_ground: "#a59676", river: "#3e70be", lake: "#264c96", fordable_river: "#7aa8d4",
    fortified_camp: "#947050", marsh: "#688a70", town: "#c0b2a6" };
  const LABEL = { forest: "forest", hill: "hill", broken_ground: "broken", river: "river",
    lake: "lake", fordable_river: "ford", fortified_camp: "camp", marsh: "marsh", town: "town" };
  const SIDE = ["#1e54b0", "#b22222"];
  const LEADER = "#ecbe28";

  // --- drawing ----------------------------------------------------------------------
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
    return out.join("");
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

  // --- the page ----------------------------------------------------------------------
  Viewer.start({
    seatName: (p) => D.sides[p],
    seatFill: (p) => SIDE[p],
    detail: `banners ${D.summary.banners.join(" / ")}`,
    drawStatic,
    drawPieces,
    players: sidesTable,
    status: statusLine,
    extra: cardLine,
    board: [0, 0, WIDTH, HEIGHT],
  });
})();
