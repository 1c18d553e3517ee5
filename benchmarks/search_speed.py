"""Speed of the value search (``agents.value_search``): positions scored a second, and
self-play decisions an hour.

* **scored positions / s**: the kernel's ``search_values`` over 8 determinizations of
  mid-game positions from heuristic games, depth 1 and depth 2; a scored position is a
  copy of the state, an engine step and the value net's forward pass from the seat's
  observation (the leaf).
* **decisions / h**: whole games in which every seat is a ``ValueSearchAgent`` of
  ``--seconds`` CPU seconds a decision (one core), counting every decision (a decision
  with one legal action is not searched).

CPU time of this process. With ``--value PATH`` the nets are that checkpoint's size;
by default a 256-256 net of the shipped shape, untrained (speed does not depend on
the weights).

    python benchmarks/search_speed.py --json
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", default="base")
    p.add_argument("--value", default=None, help="a value checkpoint (default: untrained 256-256)")
    p.add_argument("--positions", type=int, default=40, help="positions timed per depth")
    p.add_argument("--games", type=int, default=2, help="self-play games timed")
    p.add_argument("--seconds", type=float, default=0.05, help="search budget a decision")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)

    from agents import make_agent
    from agents.value_net import ValueNet, load_value
    from agents.value_search import ValueSearchAgent
    from catan_env import Game, hooks
    from catan_env.determinize import determinize_state

    spec = hooks.get(a.variant)
    net = load_value(a.value) if a.value else ValueNet.random(a.variant, 4, spec.obs_size)
    print(f"compiling or loading the {a.variant} search kernels...", flush=True)
    warm = ValueSearchAgent(seed=0, time_budget=None, value=net, determinizations=2)
    g = Game(a.variant, seed=1, domestic_trade=False)
    h = make_agent("heuristic", seed=0)
    while g.legal_actions().size < 3:
        g.step(h.act(g))
    warm.search(g)

    # Mid-game positions with a choice to make, from heuristic games.
    rng = np.random.default_rng(0)
    positions = []
    seed = 0
    while len(positions) < a.positions:
        g = Game(a.variant, seed=seed, domestic_trade=False)
        seed += 1
        while not g.done and len(positions) < a.positions:
            if g.legal_actions().size > 2 and len(g.actions) > 40 and rng.random() < 0.05:
                positions.append(g.copy())
            g.step(h.act(g))
    out = {"variant": a.variant, "net": [w.shape[0] for w, _ in net.layers]}
    kit = warm._kit(positions[0])
    for depth in (1, 2):
        scored = 0
        cpu = 0.0
        for g in positions:
            seat = g.current_player
            roots = np.stack([determinize_state(g.variant, g.state, g.tables, seat, rng)
                              for _ in range(8)])  # fmt: skip
            legal = np.asarray(g.legal_actions(), np.int32)
            sums = np.zeros(len(legal))
            t = time.process_time()
            scored += kit.values(roots, g.tables, seat, legal, depth, sums)
            cpu += time.process_time() - t
        out[f"depth{depth}_scored_per_s"] = round(scored / cpu)
        out[f"depth{depth}_scored_per_decision"] = round(scored / len(positions) / 8, 1)
        print(f"depth {depth}: {scored / cpu:,.0f} scored positions/s "
              f"({scored / len(positions) / 8:.0f} a determinization)", flush=True)  # fmt: skip

    decisions = searched = 0
    t = time.process_time()
    for i in range(a.games):
        g = Game(a.variant, seed=1000 + i, domestic_trade=False)
        agents = [ValueSearchAgent(seed=q, time_budget=a.seconds, value=net) for q in range(4)]
        while not g.done:
            agent = agents[g.current_player]
            searched += g.legal_actions().size > 1
            g.step(agent.act(g))
            decisions += 1
        print(f"  self-play game {i + 1}/{a.games}: {len(g.actions)} decisions", flush=True)
    cpu = time.process_time() - t
    out.update({
        "selfplay_seconds_a_decision": a.seconds, "selfplay_games": a.games,
        "selfplay_decisions_per_hour": round(decisions / cpu * 3600),
        "selfplay_searched_share": round(searched / max(decisions, 1), 3),
        "selfplay_games_per_hour": round(a.games / cpu * 3600, 1),
    })  # fmt: skip
    print(f"self-play at {a.seconds} s a decision: {out['selfplay_decisions_per_hour']:,} "
          f"decisions/h, {out['selfplay_games_per_hour']} games/h on one core")  # fmt: skip
    if a.json:
        print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
