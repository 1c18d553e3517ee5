"""The C&K heuristic uses its knights (C&K §3.14): it moves them to threaten the robber,
chases the robber off its production, and displaces a weaker knight when that helps."""

from ck_helpers import build, ck, ck_blank, corner, knight, road
from helpers import game

from agents.jitted import HeuristicAgent
from benchmarks.agent_coverage import cities_and_knights as coverage
from catan_env.games.catan.board.standard import GEOMETRY, hex_by_label

ROBBER_HEX = "R2b"  # a 6 of the beginner board


def _vid(name):
    return int(name[1:])


def _edge(a, b):
    for k in range(3):
        if GEOMETRY.vertex_vertices[_vid(a), k] == _vid(b):
            return f"e{GEOMETRY.vertex_edges[_vid(a), k]}"
    raise AssertionError(f"{a} and {b} are not adjacent")


def _outside_neighbour(w, h, avoid=None):
    """An intersection next to ``w`` that is not a corner of hex ``h`` (nor ``avoid``)."""
    corners = set(GEOMETRY.hex_vertices[h].tolist())
    for k in range(3):
        u = int(GEOMETRY.vertex_vertices[_vid(w), k])
        if u >= 0 and u not in corners and f"v{u}" != avoid:
            return f"v{u}"
    raise AssertionError(w)


def _robbed_city():
    """Seat 0's city on the 6 holds the robber (free: the barbarians have attacked); seat 0
    has a settlement on ``u`` and roads ``u``-``v`` (off the hex) and ``v``-``w`` (a corner
    of it)."""
    d = ck_blank()
    h = hex_by_label(ROBBER_HEX)
    build(d, corner(ROBBER_HEX, "N"), 0, "city")
    d["board"]["robber"] = ROBBER_HEX
    ck(d)["barbarians"]["first_attack_done"] = True
    w = corner(ROBBER_HEX, "S")
    v = _outside_neighbour(w, h)
    u = _outside_neighbour(v, h, avoid=w)
    build(d, u, 0)
    road(d, _edge(u, v), 0)
    road(d, _edge(v, w), 0)
    return d, v, w


def _two_choices(d):
    g = game(d)
    agent = HeuristicAgent(seed=3)
    first = g.action_names[agent.act(g)]
    g.step(first)
    return first, g.action_names[agent.act(g)]


def test_knight_moves_next_to_the_robber_on_own_production():
    """C&K §3.14.5: the active knight moves along its road to a corner of the hex the robber
    blocks, from where it can chase the robber next (§3.14.7)."""
    d, v, w = _robbed_city()
    knight(d, v, 0, 1, active=True)
    assert _two_choices(d) == (f"select_knight({v})", f"knight_to({w})")


def test_knight_chases_the_robber_off_own_production():
    """C&K §3.14.7: an active knight touching the robber's hex chases it."""
    d, v, w = _robbed_city()
    knight(d, w, 0, 1, active=True)
    assert _two_choices(d) == (f"select_knight({w})", "chase_robber")


def test_strong_knight_displaces_a_weaker_one_next_to_the_robber():
    """C&K §3.14.6: a strong knight displaces the opponent's basic knight from the corner of
    the robbed hex."""
    d, v, w = _robbed_city()
    knight(d, v, 0, 2, active=True)
    knight(d, w, 1, 1, active=False)
    assert _two_choices(d) == (f"select_knight({v})", f"knight_to({w})")


def test_self_play_moves_and_chases_with_knights():
    """Heuristic self-play (5 seeded games): knights move and chase the robber."""
    per = coverage(5, seed=0)["per_game"]
    assert per.get("moves", 0) > 0
    assert per.get("chases", 0) > 0
