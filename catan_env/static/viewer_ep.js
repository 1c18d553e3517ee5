// The catan_env replay viewer for Explorers & Pirates: draws any scenario's frame
// board and the panels of any step, in the picture's colours; the controls, the
// log and the marks are viewer_core.js's (window.Viewer). Nothing is fetched.
"use strict";
(function () {
  const { D, field, fmt, pts, esc, text } = Viewer;
  const G = D.geometry;
  const S = 34; // pixels per unit hex (centre to corner)
  const P = D.max_players;
  const SHIPS = D.ships_per_player;
  const NC = D.num_cargo;

  // The picture's colours (catan_env.games.catan.explorers_and_pirates.render_image).
  const KIND_FILL = { forest: "#2e7d32", hills: "#c66230", pasture: "#9ccc65",
    fields: "#f2c744", mountains: "#8d8d8d", sea: "#3f7fbf", frame_sea: "#3068a0",
    council: "#5ca0c8", gold: "#deb224", fish_shoal: "#46a5aa", spice: "#964b6e" };
  const BACK = "#605478";
  const GOLD_RING = "#966900";
  const PLAYER = { red: "#d32f2f", white: "#fafafa", orange: "#f57c00", blue: "#1565c0" };
  const NEUTRAL = 4;
  const NEUTRAL_FILL = "#808080";
  const CARGO_FILL = { settler: "#fafafa", crew: "#141414", fish: "#fa8c14", spice: "#783c14" };
  const MOD = { crews: 1, pirates: 2, lairs: 4, fish: 8, spices: 16 };
  const LAIR_ACTIVE = 1, LAIR_CAPTURED = 2;
  const HARBOR_SETTLEMENT = 2;
  const ADVANTAGE = ["", "swift", "bonus", "fast gold"];
  const ADVANTAGE_NAMES = ["", "swift voyage", "pirate bonus", "fast gold"];
  const TRACKS = ["lairs", "fish", "spice"];
  const kind = (name) => D.kinds.indexOf(name);
  const GOLD = kind("gold"), COUNCIL = kind("council"), SHOAL = kind("fish_shoal");
  const SPICE = kind("spice");

  const at = (v) => [G.vertices[v][0] * S, G.vertices[v][1] * S];
  const centre = (h) => [G.hexes[h][0] * S, G.hexes[h][1] * S];
  const corners = (h, k) => G.hex_corners[h].map((v) => {
    const [x, y] = at(v), [cx, cy] = centre(h);
    return [cx + (k || 1) * (x - cx), cy + (k || 1) * (y - cy)];
  });
  const colour = (p) => (p >= 0 && p < D.players ? PLAYER[D.colours[p]] : NEUTRAL_FILL);
  const owner = (p) => (p === NEUTRAL ? "neutral" : D.colours[p]);

  // The board's extent, with a frame round the outermost corners.
  const BOUNDS = (function () {
    const xs = G.vertices.map((p) => p[0]), ys = G.vertices.map((p) => p[1]);
    const m = 0.75;
    const x0 = (Math.min(...xs) - m) * S, y0 = (Math.min(...ys) - m) * S;
    return [x0, y0, (Math.max(...xs) + m) * S - x0, (Math.max(...ys) + m) * S - y0];
  })();

  function drawStatic() {
    const [x, y, w, h] = BOUNDS;
    return `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" rx="12" ` +
      `fill="#704e2e" stroke="#191919" stroke-width="2"/>`;
  }

  // --- the pieces' shapes (board and legend alike) ------------------------------------
  function house(x, y, r, fill, title) {
    const shape = [[x - r, y + r], [x + r, y + r], [x + r, y - 0.2 * r], [x, y - 1.2 * r],
      [x - r, y - 0.2 * r]];
    return `<polygon points="${pts(shape)}" fill="${fill}" stroke="#191919" ` +
      `stroke-width="2">${title ? `<title>${esc(title)}</title>` : ""}</polygon>`;
  }

  function dock(x, y) {
    return `<rect x="${fmt(x - 10)}" y="${fmt(y + 3)}" width="20" height="6" fill="#785532" ` +
      `stroke="#191919"/>`;
  }

  function dots(x, y, cargo) { // one dot per piece from (x, y) rightwards
    const out = [];
    cargo.forEach((n, c) => {
      for (let k = 0; k < n; k++) {
        out.push(`<circle cx="${fmt(x + 7 * out.length)}" cy="${fmt(y)}" r="3" ` +
          `fill="${CARGO_FILL[D.cargo[c]]}" stroke="#191919"/>`);
      }
    });
    return out.join("");
  }

  function boat(x, y, fill, w, cargo, title) {
    const hull = [[x - w, y - 2], [x + w, y - 2], [x + 0.6 * w, y + 6], [x - 0.6 * w, y + 6]];
    const m = 1.1 * w;
    const sail = [[x + 1, y - 2 - m], [x + 0.7 * w, y - 2 - 0.45 * m], [x + 1, y - 4]];
    const n = cargo.reduce((a, b) => a + b, 0);
    return `<g><title>${esc(title)}</title><polygon points="${pts(hull)}" fill="${fill}" ` +
      `stroke="#191919" stroke-width="2"/><line x1="${fmt(x)}" y1="${fmt(y - 2)}" ` +
      `x2="${fmt(x)}" y2="${fmt(y - 2 - m)}" stroke="#191919" stroke-width="2"/>` +
      `<polygon points="${pts(sail)}" fill="#f5f5eb" stroke="#191919"/>` +
      dots(x - 3.5 * (n - 1), y + 2, cargo) + "</g>";
  }

  function badge(x, y, s, fill, ink, title) {
    return `<g><title>${esc(title)}</title><circle cx="${fmt(x)}" cy="${fmt(y)}" r="7" ` +
      `fill="${fill}" stroke="#191919"/>${text(x, y, s, 10, ink)}</g>`;
  }

  function crews(x, y, counts, where) {
    const seats = counts.map((n, p) => [n, p]).filter(([n]) => n > 0);
    return seats.map(([n, p], i) => {
      const cx = x + (i - (seats.length - 1) / 2) * 14;
      const dark = D.colours[p] === "red" || D.colours[p] === "blue";
      return `<g><title>${esc(`${owner(p)}: ${n} crew(s) on ${where}`)}</title>` +
        `<rect x="${fmt(cx - 6)}" y="${fmt(y - 6)}" width="12" height="12" fill="${colour(p)}" ` +
        `stroke="#191919"/>${text(cx, y, n, 10, dark ? "#fff" : "#191919")}</g>`;
    }).join("");
  }

  function lair(x, y, captured) {
    const out = [`<line x1="${fmt(x - 9)}" y1="${fmt(y - 13)}" x2="${fmt(x - 9)}" ` +
      `y2="${fmt(y + 6)}" stroke="#191919" stroke-width="2"/>`,
    `<rect x="${fmt(x - 8)}" y="${fmt(y - 13)}" width="17" height="12" fill="#141414" ` +
      `stroke="#f0f0f0"/>`,
    `<path d="M${fmt(x - 4)} ${fmt(y - 11)}L${fmt(x + 5)} ${fmt(y - 3)}M${fmt(x - 4)} ` +
      `${fmt(y - 3)}L${fmt(x + 5)} ${fmt(y - 11)}" stroke="#f0f0f0" stroke-width="2"/>`];
    if (captured) {
      out.push(`<line x1="${fmt(x - 11)}" y1="${fmt(y - 14)}" x2="${fmt(x + 11)}" ` +
        `y2="${fmt(y + 2)}" stroke="#dc2828" stroke-width="3"/>`);
    }
    return `<g><title>${captured ? "captured pirate lair" : "pirate lair"}</title>` +
      out.join("") + "</g>";
  }

  function pirate(x, y, flag) {
    const hull = [[x - 15, y + 1], [x + 15, y + 1], [x + 9, y + 10], [x - 9, y + 10]];
    return `<g><title>pirate ship</title><polygon points="${pts(hull)}" fill="#191919" ` +
      `stroke="#ebebeb" stroke-width="2"/><line x1="${fmt(x)}" y1="${fmt(y + 1)}" ` +
      `x2="${fmt(x)}" y2="${fmt(y - 16)}" stroke="#ebebeb" stroke-width="2"/>` +
      `<rect x="${fmt(x + 1)}" y="${fmt(y - 16)}" width="10" height="7" fill="${flag}" ` +
      `stroke="#ebebeb"/></g>`;
  }

  function plate(x, y, s) {
    const w = 5.2 * s.length + 6;
    return `<rect x="${fmt(x - w / 2)}" y="${fmt(y - 7)}" width="${fmt(w)}" height="14" ` +
      `rx="3" fill="#f5f2e8" stroke="#5a5046"/>${text(x, y, s, 9)}`;
  }

  function token(c, n) {
    const hot = n === 6 || n === 8;
    const ink = hot ? "#c81e1e" : "#191919";
    const out = [`<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="12" fill="#f4e9c8" ` +
      `stroke="#191919"/>`, text(c[0], c[1] - 2, n, hot ? 14 : 13, ink)];
    const pips = 6 - Math.abs(7 - n);
    for (let k = 0; k < pips; k++) {
      const x = c[0] + (k - (pips - 1) / 2) * 3.4;
      out.push(`<circle cx="${fmt(x)}" cy="${fmt(c[1] + 7)}" r="1.1" fill="${ink}"/>`);
    }
    return out.join("");
  }

  // --- the board at one step ----------------------------------------------------------
  const perSeat = (v, name, i) => Array.from({ length: P }, (_, p) => field(v, name, i * P + p));
  const cargoOf = (v, name, i) => Array.from({ length: NC }, (_, c) => field(v, name, i * NC + c));

  function drawHexes(v, out) {
    G.hexes.forEach((_, h) => {
      const k = field(v, "ep_hex_kind", h);
      const [x, y] = centre(h);
      const name = k >= 0 ? D.kinds[k].replace("_", " ") : "face-down hex";
      const fill = k >= 0 ? KIND_FILL[D.kinds[k]] : BACK;
      out.push(`<polygon points="${pts(corners(h))}" fill="${fill}" ` +
        `stroke="#3c3228" stroke-width="2"><title>${G.hex_labels[h]} ${name}</title></polygon>`);
      if (k < 0) out.push(text(x, y, "?", 20, "#c8bedc"));
      if (k === GOLD) {
        out.push(`<polygon points="${pts(corners(h, 0.8))}" fill="none" stroke="${GOLD_RING}" ` +
          `stroke-width="2"/>`);
      }
      if (k === COUNCIL) {
        out.push(`<circle cx="${fmt(x)}" cy="${fmt(y)}" r="21" fill="#ebebdc" stroke="#191919" ` +
          `stroke-width="2"><title>Council of Catan</title></circle>` +
          text(x, y - 5, "Council", 8) + text(x, y + 6, "of Catan", 8));
      }
      const n = field(v, "ep_hex_number", h);
      if (k >= 0 && n >= 2) out.push(token([x, y], n));
    });
  }

  function drawHexPieces(v, out) {
    G.hexes.forEach((_, h) => {
      const k = field(v, "ep_hex_kind", h);
      const [x, y] = centre(h);
      const where = G.hex_labels[h];
      const ls = field(v, "lair_state", h);
      if (k === GOLD && (ls === LAIR_ACTIVE || ls === LAIR_CAPTURED)) {
        out.push(lair(x, y, ls === LAIR_CAPTURED));
      }
      if (k === GOLD && ls !== 0) {
        out.push(crews(x, y + 0.55 * S, perSeat(v, "lair_crews", h), where));
      }
      if (k === SHOAL) {
        const f = field(v, "fish_face", h);
        out.push(`<circle cx="${fmt(x)}" cy="${fmt(y - 3)}" r="11" fill="#fafafa" ` +
          `stroke="#191919"><title>fish shoal: fishing roll ${f}</title></circle>` +
          text(x, y - 3, f || "-", 13));
        if (field(v, "fish_on_shoal", h)) {
          out.push(`<ellipse cx="${fmt(x - 2)}" cy="${fmt(y + 15)}" rx="11" ry="4" ` +
            `fill="${CARGO_FILL.fish}" stroke="#191919"><title>a fish to catch</title></ellipse>`);
        }
      }
      if (k === SPICE) {
        const a = field(v, "village_advantage", h);
        const face = field(v, "pirate_bonus_face", h);
        const sacks = field(v, "village_sacks", h);
        const full = ADVANTAGE_NAMES[a] + (a === 2 && face ? ` on ${face}` : "");
        out.push(house(x - 7, y - 0.45 * S, 8, "#f0dcaa",
          `spice village ${where}: ${full}, ${sacks} sack(s)`));
        if (sacks) {
          out.push(badge(x + 10, y - 0.45 * S, sacks, CARGO_FILL.spice, "#fff",
            `${sacks} spice sack(s)`));
        }
        if (a) out.push(plate(x, y + 2, ADVANTAGE[a] + (a === 2 && face ? ` ${face}` : "")));
        out.push(crews(x, y + 0.5 * S, perSeat(v, "village_crews", h), where));
      }
    });
  }

  function drawRoads(v, out) {
    G.edges.forEach((ends, e) => {
      const p = field(v, "ep_road_owner", e);
      if (p < 0) return;
      const [a, b] = ends.map(at);
      const x1 = a[0] + 0.2 * (b[0] - a[0]), y1 = a[1] + 0.2 * (b[1] - a[1]);
      const x2 = b[0] + 0.2 * (a[0] - b[0]), y2 = b[1] + 0.2 * (a[1] - b[1]);
      const line = `x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}"`;
      out.push(`<line ${line} stroke="#191919" stroke-width="8" stroke-linecap="round"/>`);
      out.push(`<line ${line} stroke="${colour(p)}" stroke-width="5" stroke-linecap="round">` +
        `<title>e${e}: ${owner(p)} road</title></line>`);
    });
  }

  function drawBuildings(v, out) {
    const phase = D.phases[field(v, "phase", 0)];
    if (G.free_setup && (phase === "setup_harbor" || phase === "setup_neutral_harbor")) {
      for (const vx of G.marked) {
        if (field(v, "ep_vertex_owner", vx) >= 0) continue;
        const [x, y] = at(vx);
        out.push(`<circle cx="${fmt(x)}" cy="${fmt(y)}" r="5" fill="none" stroke="#fafafa" ` +
          `stroke-width="2"><title>v${vx}: set-up harbor site</title></circle>`);
      }
    }
    G.vertices.forEach((_, vx) => {
      const p = field(v, "ep_vertex_owner", vx);
      if (p < 0) return;
      const [x, y] = at(vx);
      if (field(v, "ep_vertex_building", vx) === HARBOR_SETTLEMENT) {
        const cargo = cargoOf(v, "ep_storage", vx);
        out.push(dock(x, y) +
          house(x, y - 2, 8, colour(p), `v${vx}: ${owner(p)} harbor settlement`));
        out.push(dots(x + 16, y, cargo));
      } else {
        out.push(house(x, y, 7, colour(p), `v${vx}: ${owner(p)} settlement`));
      }
    });
  }

  function drawShips(v, out) {
    const onRoute = {};
    for (let p = 0; p < D.players; p++) {
      for (let k = 0; k < SHIPS; k++) {
        const e = field(v, "ship_edge", p * SHIPS + k);
        if (e >= 0) (onRoute[e] = onRoute[e] || []).push([p, k]);
      }
    }
    for (const [e, ships] of Object.entries(onRoute)) {
      const [a, b] = G.edges[e].map(at);
      const x = (a[0] + b[0]) / 2, y = (a[1] + b[1]) / 2;
      const w = ships.length > 1 ? 9 : 12;
      ships.forEach(([p, k], i) => {
        const cargo = cargoOf(v, "ship_cargo", p * SHIPS + k);
        const load = cargo.map((n, c) => (n ? `${n} ${D.cargo[c]}` : "")).filter(Boolean);
        out.push(boat(x + (i - (ships.length - 1) / 2) * (2 * w + 3), y + 2, colour(p), w, cargo,
          `e${e}: ${owner(p)} ship s${k}${load.length ? ", carrying " + load.join(", ") : ""}`));
      });
      if (ships.length > 1) {
        out.push(badge(x, y - 20, ships.length, "#fafafa", "#191919",
          `${ships.length} ships on route e${e}`));
      }
    }
    const h = field(v, "pirate_hex", 0);
    if (h >= 0 && h < G.hexes.length) {
      const [x, y] = centre(h);
      const o = field(v, "pirate_owner", 0);
      out.push(pirate(x, y + 3, o >= 0 ? colour(o) : "#191919"));
    }
  }

  function drawPieces(v) {
    const out = [];
    drawHexes(v, out);
    drawHexPieces(v, out);
    drawRoads(v, out);
    drawBuildings(v, out);
    drawShips(v, out);
    return out.join("");
  }

  // --- the side panel -----------------------------------------------------------------
  function players(v) {
    const current = field(v, "current_player", 0);
    const over = field(v, "winner", 0) >= 0 || field(v, "truncated", 0) > 0;
    const tracks = TRACKS.filter((_, t) => G.modules & [MOD.lairs, MOD.fish, MOD.spices][t]);
    const rows = ["<tr><th>seat</th><th>VP</th><th>cards</th><th>gold</th><th>ships</th>" +
      `<th>settlers</th><th>crews</th>${tracks.length ? "<th>missions</th>" : ""}</tr>`];
    for (let p = 0; p < D.players; p++) {
      let ships = 0;
      for (let k = 0; k < SHIPS; k++) if (field(v, "ship_edge", p * SHIPS + k) >= 0) ships++;
      const agent = D.agents ? ` <small>(${esc(D.agents[p])})</small>` : "";
      const missions = TRACKS.map((name, t) => [name, t])
        .filter(([name]) => tracks.includes(name))
        .map(([name, t]) => {
          const cards = field(v, "mission_vp_card", t) === p ? "*" : "";
          return `${name} ${field(v, "track_position", p * TRACKS.length + t)}${cards}`;
        }).join(", ");
      const cls = !over && p === current ? ' class="current"' : "";
      rows.push(`<tr${cls} data-seat="${p}"><td><span class="swatch" ` +
        `style="background:${colour(p)}"></span>${D.colours[p]} (seat ${p})${agent}</td>` +
        `<td><b>${field(v, "public_vp", p)}</b></td><td>${field(v, "cards", p)}</td>` +
        `<td>${field(v, "gold", p)}</td><td>${ships}/${SHIPS}</td>` +
        `<td>${field(v, "settlers_left", p)}</td><td>${field(v, "crews_left", p)}</td>` +
        (tracks.length ? `<td>${missions} <small>(${field(v, "mission_vp", p)} VP)</small>` +
          "</td>" : "") +
        "</tr>");
    }
    return rows.join("");
  }

  function status(v) {
    const parts = [`turn ${field(v, "turn", 0)}`,
      `dice ${field(v, "dice", 0)} + ${field(v, "dice", 1)}`];
    const winner = field(v, "winner", 0);
    if (winner >= 0) parts.push(`winner: ${D.colours[winner]} (seat ${winner})`);
    else if (field(v, "truncated", 0) > 0) parts.push("truncated by the turn limit");
    else {
      const p = field(v, "current_player", 0);
      parts.push(`${D.colours[p]} (seat ${p}) decides: ${D.phases[field(v, "phase", 0)]}`);
    }
    return parts.join(" \u00b7 ");
  }

  // A legend of every mark this scenario's board can show, each drawn as on the board.
  const LEGEND = (function () {
    const icon = (svg) => `<svg width="34" height="26" viewBox="-17 -17 34 26">${svg}</svg>`;
    const swatch = (fill, extra) => `<rect x="-10" y="-9" width="20" height="16" fill="${fill}" ` +
      `stroke="#191919"/>${extra || ""}`;
    const entries = [
      [swatch(BACK, text(0, -1, "?", 12, "#c8bedc")), "face-down hex"],
      [swatch(KIND_FILL.frame_sea), "frame sea"],
      [house(0, 0, 7, NEUTRAL_FILL), "settlement (1 VP)"],
      [dock(0, -1) + house(0, -3, 8, NEUTRAL_FILL), "harbor settlement (2 VP); dots: storage"],
      [boat(0, 0, NEUTRAL_FILL, 12, [0, 0, 0, 0], "ship"), "ship; dots: its cargo"],
      [badge(0, -2, 2, "#fafafa", "#191919", "2 ships"), "2 ships on one route"],
      [dots(-10, -2, D.cargo.map(() => 1)), D.cargo.join(", ")],
    ];
    if (G.free_setup) {
      entries.push([swatch(KIND_FILL.sea, `<circle cx="0" cy="-1" r="5" fill="none" ` +
        `stroke="#fafafa" stroke-width="2"/>`), "set-up harbor site (while placing one)"]);
    }
    if (G.modules & MOD.pirates) {
      entries.push([`<g transform="scale(0.7)">${pirate(0, 2, PLAYER.red)}</g>`,
        "pirate ship (flag: placer)"]);
    }
    if (G.modules & MOD.lairs) {
      entries.push([swatch(KIND_FILL.gold, `<rect x="-7" y="-6" width="14" height="10" ` +
        `fill="none" stroke="${GOLD_RING}" stroke-width="2"/>`), "gold field"]);
      entries.push([lair(2, 2, false), "pirate lair"], [lair(2, 2, true), "captured lair"]);
    }
    if (G.modules & MOD.crews) entries.push([crews(0, -2, [2], "a hex"), "crews of a seat there"]);
    if (G.modules & MOD.fish) {
      entries.push([swatch(KIND_FILL.fish_shoal, text(0, -1, "4", 11)), "fish shoal (die roll)"],
        [`<ellipse cx="0" cy="-2" rx="11" ry="4" fill="${CARGO_FILL.fish}" stroke="#191919"/>`,
          "fish to catch"], [swatch(KIND_FILL.council), "Council of Catan"]);
    }
    if (G.modules & MOD.spices) {
      entries.push([swatch(KIND_FILL.spice, house(0, 0, 6, "#f0dcaa")), "spice village"],
        [badge(0, -2, 3, CARGO_FILL.spice, "#fff", "sacks"), "spice sacks left there"],
        [plate(0, -2, "swift"), "swift voyage"], [plate(0, -2, "bonus 5"), "pirate bonus on 5"],
        [plate(0, -2, "fast"), "fast gold"]);
    }
    return `<div id="legend">` + entries.map(([svg, label]) =>
      `<div>${icon(svg)}${esc(label)}</div>`).join("") + "</div>";
  })();

  function extra(v) {
    const parts = [`discovered ${field(v, "hexes_discovered", 0)}`];
    if (G.modules & MOD.fish) parts.push(`fish supply ${field(v, "fish_supply", 0)}`);
    if (G.modules & MOD.spices) parts.push(`spice supply ${field(v, "spice_supply", 0)}`);
    return parts.join(" \u00b7 ") + LEGEND;
  }

  Viewer.start({
    seatName: (p) => D.colours[p],
    seatFill: colour,
    detail: `final VP ${D.summary.vp.join(" / ")}`,
    drawStatic,
    drawPieces,
    players,
    status,
    extra,
    mark: Viewer.geometryMarks(G, S),
    board: BOUNDS,
  });
})();
