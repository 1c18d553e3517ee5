// The catan_env replay viewer for the standard island (base game, Cities & Knights):
// draws the board and the panels of any step; the controls, the log and the marks
// are viewer_core.js's (window.Viewer). Nothing is fetched.
"use strict";
(function () {
  const { D, field, fmt, pts, esc, text } = Viewer;
  const G = D.geometry;
  const CK = D.variant === "cities_and_knights";
  const S = 50; // pixels per unit hex (centre to corner)

  const TERRAIN = { forest: "#2e7d32", hills: "#c66230", pasture: "#9ccc65",
    fields: "#f2c744", mountains: "#8d8d8d", desert: "#e8d7a1" };
  const RESOURCE_OF = { lumber: "forest", brick: "hills", wool: "pasture", grain: "fields",
    ore: "mountains" };
  const PLAYER = { red: "#d32f2f", white: "#fafafa", orange: "#f57c00", blue: "#1565c0" };
  const TRACK = ["#e6be1e", "#285ac8", "#28a03c"];
  const TRACK_NAMES = ["trade", "politics", "science"];
  const EVENTS = ["ship", "trade", "politics", "science"];

  function seatField(v, name, p) { return field(v, name, p); }

  // --- drawing ----------------------------------------------------------------------
  const px = (xy) => [xy[0] * S, xy[1] * S];

  function hexagon(c) {
    const out = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 2 - k * Math.PI / 3;
      out.push([c[0] + S * Math.cos(a), c[1] - S * Math.sin(a)]);
    }
    return out;
  }

  function drawStatic() {
    const out = [];
    for (const c of G.sea) {
      out.push(`<polygon points="${pts(hexagon(px(c)))}" fill="#3f7fbf" stroke="#346aa0"/>`);
    }
    G.harbors.forEach((h, i) => {
      const sea = px(h.sea);
      const ends = h.ends.map((v) => px(G.vertices[v]));
      const mid = [(ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2];
      const spot = [sea[0] + 0.25 * (mid[0] - sea[0]), sea[1] + 0.25 * (mid[1] - sea[1])];
      for (const e of ends) {
        out.push(`<line x1="${fmt(spot[0])}" y1="${fmt(spot[1])}" x2="${fmt(e[0])}" ` +
          `y2="${fmt(e[1])}" stroke="#785532" stroke-width="4"/>`);
      }
      const kind = D.harbors[i];
      const fill = kind === "generic" ? "#fafafa" : TERRAIN[RESOURCE_OF[kind]];
      out.push(`<circle cx="${fmt(spot[0])}" cy="${fmt(spot[1])}" r="18" fill="${fill}" ` +
        `stroke="#191919" stroke-width="2"><title>harbor: ${esc(kind)}</title></circle>`);
      if (kind === "generic") {
        out.push(text(spot[0], spot[1], "3:1", 12));
      } else {
        out.push(text(spot[0], spot[1] - 5, "2:1", 11));
        out.push(text(spot[0], spot[1] + 7, kind, 8));
      }
    });
    G.hexes.forEach((c, h) => {
      const corners = G.hex_corners[h].map((v) => px(G.vertices[v]));
      out.push(`<polygon points="${pts(corners)}" fill="${TERRAIN[D.terrain[h]]}" ` +
        `stroke="#5a4628" stroke-width="2"><title>${G.hex_labels[h]} ${D.terrain[h]}` +
        `</title></polygon>`);
    });
    return out.join("");
  }

  function token(c, n) {
    const hot = n === 6 || n === 8;
    const ink = hot ? "#c81e1e" : "#191919";
    const out = [`<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="15" fill="#f4e9c8" ` +
      `stroke="#191919"/>`, text(c[0], c[1] - 3, n, hot ? 16 : 14, ink,
      hot ? ' font-weight="700"' : "")];
    const pips = 6 - Math.abs(7 - n);
    for (let k = 0; k < pips; k++) {
      const x = c[0] + (k - (pips - 1) / 2) * 4.2;
      out.push(`<circle cx="${fmt(x)}" cy="${fmt(c[1] + 9)}" r="1.4" fill="${ink}"/>`);
    }
    return out.join("");
  }

  function house(x, y, r) {
    return [[x - r, y + r], [x + r, y + r], [x + r, y - 0.2 * r], [x, y - 1.2 * r],
      [x - r, y - 0.2 * r]];
  }

  const CITY = [[-11, 9], [11, 9], [11, -2], [2, -2], [2, -7], [-4.5, -13], [-11, -7]];

  function city(x, y, tipped) {
    return CITY.map((p) => tipped ? [x - p[1], y + p[0]] : [x + p[0], y + p[1]]);
  }

  function drawPieces(v) {
    const out = [];
    const colour = (p) => PLAYER[D.colours[p]];
    G.hexes.forEach((c, h) => {
      const n = field(v, "hex_number", h);
      if (n > 0) out.push(token(px(c), n));
    });
    G.edges.forEach((ends, e) => {
      const p = field(v, "edge_owner", e);
      if (p < 0) return;
      const a = px(G.vertices[ends[0]]);
      const b = px(G.vertices[ends[1]]);
      const x1 = a[0] + 0.18 * (b[0] - a[0]), y1 = a[1] + 0.18 * (b[1] - a[1]);
      const x2 = b[0] + 0.18 * (a[0] - b[0]), y2 = b[1] + 0.18 * (a[1] - b[1]);
      const line = `x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}"`;
      out.push(`<line ${line} stroke="#191919" stroke-width="10" stroke-linecap="round"/>`);
      out.push(`<line ${line} stroke="${colour(p)}" stroke-width="6" stroke-linecap="round">` +
        `<title>e${e}: ${D.colours[p]} road</title></line>`);
    });
    const metroAt = {};
    if (CK) {
      for (let t = 0; t < 3; t++) {
        if (field(v, "metropolis_holder", t) >= 0) metroAt[field(v, "metropolis_vertex", t)] = t;
      }
    }
    G.vertices.forEach((xy, vx) => {
      const [x, y] = px(xy);
      const owner = field(v, "vertex_owner", vx);
      if (owner >= 0) {
        const kind = field(v, "vertex_building", vx);
        if (CK && field(v, "city_wall", vx) > 0) {
          out.push(`<rect x="${fmt(x - 15)}" y="${fmt(y - 15)}" width="30" height="30" ` +
            `fill="#786e64" stroke="#191919"><title>city wall</title></rect>`);
        }
        const shape = kind === 2 ? city(x, y, false) : kind === 3 ? city(x, y, true)
          : house(x, y, 8);
        const name = ["", "settlement", "city", "tipped city"][kind];
        out.push(`<polygon points="${pts(shape)}" fill="${colour(owner)}" stroke="#191919" ` +
          `stroke-width="2"><title>v${vx}: ${D.colours[owner]} ${name}</title></polygon>`);
        if (vx in metroAt) {
          const cx = x, cy = y - 18;
          const crown = [[cx - 8, cy + 5], [cx - 8, cy - 4], [cx - 4, cy], [cx, cy - 6],
            [cx + 4, cy], [cx + 8, cy - 4], [cx + 8, cy + 5]];
          out.push(`<polygon points="${pts(crown)}" fill="${TRACK[metroAt[vx]]}" ` +
            `stroke="#191919"><title>${TRACK_NAMES[metroAt[vx]]} metropolis</title></polygon>`);
        }
      }
      if (CK && field(v, "knight_owner", vx) >= 0) {
        const q = field(v, "knight_owner", vx);
        const active = field(v, "knight_active", vx) > 0;
        const strength = field(v, "knight_strength", vx);
        out.push(`<circle cx="${fmt(x)}" cy="${fmt(y)}" r="12" fill="${colour(q)}" ` +
          `stroke="#191919" stroke-width="2"><title>v${vx}: ${D.colours[q]} knight, strength ` +
          `${strength}, ${active ? "active" : "inactive"}</title></circle>`);
        if (!active) out.push(`<circle cx="${fmt(x)}" cy="${fmt(y)}" r="7" fill="#cdcdcd"/>`);
        const dark = active && (D.colours[q] === "red" || D.colours[q] === "blue");
        out.push(text(x, y, strength, 13, dark ? "#fff" : "#191919", ' font-weight="700"'));
      }
    });
    const robber = field(v, "robber_hex", 0);
    if (robber >= 0 && robber < G.hexes.length) {
      const [x0, y0] = px(G.hexes[robber]);
      const x = x0 - 27;
      out.push(`<g fill="#2d2d2d" stroke="#e6e6e6"><title>robber</title>` +
        `<circle cx="${fmt(x)}" cy="${fmt(y0 - 10)}" r="6"/>` +
        `<polygon points="${pts([[x - 9, y0 + 12], [x + 9, y0 + 12], [x + 5, y0 - 6],
          [x - 5, y0 - 6]])}"/></g>`);
    }
    if (CK) {
      const m = field(v, "merchant_hex", 0);
      if (m >= 0) {
        const [x0, y0] = px(G.hexes[m]);
        const owner = field(v, "merchant_owner", 0);
        const fill = owner >= 0 ? colour(owner) : "#c8c8c8";
        out.push(`<rect x="${fmt(x0 + 18)}" y="${fmt(y0 - 11)}" width="18" height="22" ` +
          `fill="${fill}" stroke="#191919" stroke-width="2"><title>merchant</title></rect>`);
        out.push(text(x0 + 27, y0, "M", 12));
      }
    }
    return out.join("");
  }

  // --- the side panel ---------------------------------------------------------------
  function playersTable(v) {
    const current = field(v, "current_player", 0);
    const over = field(v, "winner", 0) >= 0 || field(v, "truncated", 0) > 0;
    const head = CK
      ? "<tr><th>seat</th><th>VP</th><th>cards</th><th>progress</th><th>knights</th>" +
        "<th>road</th><th>levels T/P/S</th></tr>"
      : "<tr><th>seat</th><th>VP</th><th>cards</th><th>dev</th><th>army</th><th>road</th></tr>";
    const rows = [head];
    for (let p = 0; p < D.players; p++) {
      const name = D.colours[p];
      const agent = D.agents ? ` <small>(${esc(D.agents[p])})</small>` : "";
      const badges = [];
      if (field(v, "longest_road_holder", 0) === p) badges.push("Longest Road");
      if (!CK && field(v, "largest_army_holder", 0) === p) badges.push("Largest Army");
      let cells;
      if (CK) {
        let knights = 0, strength = 0;
        G.vertices.forEach((_, vx) => {
          if (field(v, "knight_owner", vx) === p) {
            knights++;
            if (field(v, "knight_active", vx) > 0) strength += field(v, "knight_strength", vx);
          }
        });
        let metros = 0;
        for (let t = 0; t < 3; t++) if (field(v, "metropolis_holder", t) === p) metros++;
        if (metros) badges.push(`Metropolis x${metros}`);
        const defender = seatField(v, "defender_vp", p);
        if (defender) badges.push(`Defender x${defender}`);
        const levels = [0, 1, 2].map((t) => {
          const level = field(v, "improvement_level", 3 * p + t);
          let boxes = "";
          for (let k = 0; k < 5; k++) {
            boxes += `<span style="background:${k < level ? TRACK[t] : "#fff"}"></span>`;
          }
          return `<span class="levels" title="${TRACK_NAMES[t]} ${level}">${boxes}</span>`;
        }).join(" ");
        cells = [seatField(v, "cards", p), seatField(v, "progress_cards", p),
          `${knights} <small>(${strength} active)</small>`, seatField(v, "road_length", p), levels];
      } else {
        cells = [seatField(v, "cards", p), seatField(v, "dev_cards", p),
          seatField(v, "army", p), seatField(v, "road_length", p)];
      }
      const cls = !over && p === current ? ' class="current"' : "";
      rows.push(`<tr${cls} data-seat="${p}"><td><span class="swatch" ` +
        `style="background:${PLAYER[name]}"></span>${name}${agent}` +
        (badges.length ? `<br><span class="badge">${badges.join(", ")}</span>` : "") +
        `</td><td><b>${seatField(v, "public_vp", p)}</b></td>` +
        cells.map((c) => `<td>${c}</td>`).join("") + "</tr>");
    }
    return rows.join("");
  }

  function statusLine(v, step) {
    const parts = [`turn ${field(v, "turn", 0)}`];
    parts.push(`dice ${field(v, "dice", 0)} + ${field(v, "dice", 1)}`);
    if (CK && field(v, "event_face", 0) >= 0) parts.push(`event: ${EVENTS[field(v, "event_face", 0)]}`);
    const winner = field(v, "winner", 0);
    if (winner >= 0) parts.push(`winner: ${D.colours[winner]}`);
    else if (field(v, "truncated", 0) > 0) parts.push("truncated by the turn limit");
    else parts.push(`${D.colours[field(v, "current_player", 0)]} decides: ` +
      `${D.phases[field(v, "phase", 0)]}`);
    return parts.join(" \u00b7 ");
  }

  function ckPanel(v) {
    if (!CK) return "";
    const pos = field(v, "barbarian_position", 0);
    let cells = "";
    for (let k = 0; k <= 7; k++) {
      cells += `<span class="${k === pos ? "ship" : k === 7 ? "attack" : ""}"></span>`;
    }
    return `barbarians <span class="track">${cells}</span> ${pos}/7 \u00b7 attacks ` +
      `${field(v, "barbarian_attacks", 0)}, barbarians won ${field(v, "barbarian_wins", 0)}`;
  }

  // --- the page ----------------------------------------------------------------------
  Viewer.start({
    seatName: (p) => D.colours[p],
    seatFill: (p) => PLAYER[D.colours[p]],
    detail: `final VP ${D.summary.vp.join(" / ")}`,
    drawStatic,
    drawPieces,
    players: playersTable,
    status: statusLine,
    extra: ckPanel,
    mark: Viewer.geometryMarks(G, S),
  });
})();
