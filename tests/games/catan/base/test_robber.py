"""Rolling a 7: discards, the robber and the steal (base §5.4, base §10, base §11.4, base §14.3, base §15.2)."""

import numpy as np
import pytest
from helpers import blank, corner, family, game, give, hand, next_roll, set_hand, settle

from catan_env import IllegalActionError
from catan_env.games.catan.board.standard import GEOMETRY, HEX_LABELS


def _seven(active=0, **options):
    return next_roll(blank(phase="pre_roll", active=active, **options), 7)


def test_discard_half_in_seat_order():
    """base §5.4 step 1: players over 7 discard floor(n/2), one card per step, seat order from the roller."""
    d = _seven(active=2)
    set_hand(d, 0, lumber=9)  # 9 -> 4
    set_hand(d, 1, brick=7)  # 7 -> none
    set_hand(d, 2, wool=4, grain=4)  # 8 -> 4 (the roller too)
    set_hand(d, 3, ore=11)  # 11 -> 5
    g = game(d)
    g.step("roll")
    order = []
    while g.phase == "discard":
        p = g.current_player
        order.append(p)
        choices = family(g, "discard")
        assert choices == {f"discard({r})" for r, n in hand(g, p).items() if n}
        g.step(sorted(choices)[0])
    assert order == [2] * 4 + [3] * 5 + [0] * 4
    assert sum(hand(g, 0).values()) == 5 and sum(hand(g, 1).values()) == 7
    assert sum(hand(g, 2).values()) == 4 and sum(hand(g, 3).values()) == 6
    assert g.phase == "move_robber" and g.current_player == 2
    assert g.to_dict()["bank"]["ore"] == 19 - 6


def test_no_discards_when_nobody_over_limit():
    """base §10 (7 rolled, nobody above 7 cards): straight to the robber."""
    g = game(_seven())
    g.step("roll")
    assert g.phase == "move_robber"


def test_robber_must_move_desert_allowed():
    """base §5.4 step 2, base §14.3: any other land hex, the desert included; never stay."""
    d = _seven()
    d["board"]["robber"] = "R1a"
    g = game(d)
    g.step("roll")
    moves = family(g, "move_robber")
    assert moves == {f"move_robber({lab})" for lab in HEX_LABELS if lab != "R1a"}
    with pytest.raises(IllegalActionError, match="must leave R1a"):
        g.step("move_robber(R1a)")
    g.step("move_robber(R3c)")
    assert g.to_dict()["board"]["robber"] == "R3c"


def test_steal_victims():
    """base §5.4 step 3, base §14.3, base §15.2 item 9: adjacent opponents with cards; never oneself."""
    d = _seven()
    settle(d, corner("R2b", "N"), 0)  # the roller's own building
    settle(d, corner("R2b", "SE"), 1)
    settle(d, corner("R2b", "SW"), 3)
    set_hand(d, 1, brick=1)
    set_hand(d, 3)  # no cards: cannot be chosen
    g = game(d)
    g.step("roll")
    g.step("move_robber(R2b)")
    assert g.phase == "steal"
    assert family(g, "steal") == {"steal(+1)"}
    g.step("steal(+1)")
    assert hand(g, 0)["brick"] == 1 and hand(g, 1)["brick"] == 0
    assert g.phase == "action" and g.current_player == 0


def test_no_steal_without_victims():
    """base §5.4 step 3, base §10: robber beside nobody (or only oneself): no steal, turn goes on."""
    d = _seven()
    settle(d, corner("R2b", "N"), 0)
    give(d, 0, ore=1)
    g = game(d)
    g.step("roll")
    g.step("move_robber(R2b)")
    assert g.phase == "action"
    assert hand(g, 0)["ore"] == 1


def test_steal_is_uniform_over_cards():
    """base §5.4 step 3: the card is random; type r with probability hand(r)/n."""
    d = blank(phase="move_robber")
    settle(d, corner("R2b", "S"), 1)
    set_hand(d, 1, lumber=3, ore=1)
    rng = np.random.default_rng(0)
    got = []
    for _ in range(400):
        d["rng"] = [int(x) for x in rng.integers(-(2**31), 2**31 - 1, size=2)]
        g = game(d)
        g.step("move_robber(R2b)")
        g.step("steal(+1)")
        got.append(hand(g, 0)["lumber"])
    frac = np.mean(got)
    assert 0.68 < frac < 0.82


def test_victim_discards_first():
    """base §10 (victim who also had to discard): the steal takes from the remaining hand."""
    d = _seven()
    settle(d, corner("R2b", "S"), 1)
    set_hand(d, 1, lumber=8)
    g = game(d)
    g.step("roll")
    for _ in range(4):
        g.step("discard(lumber)")
    g.step("move_robber(R2b)")
    g.step("steal(+1)")
    assert hand(g, 1)["lumber"] == 3 and hand(g, 0)["lumber"] == 1


def test_robbed_hex_stops_production_for_everyone():
    """base §10 (robber next to the roller's own buildings): those stop producing too."""
    d = blank(phase="pre_roll")
    d["board"]["robber"] = "R2b"
    settle(d, corner("R2b", "N"), 0)
    g = game(next_roll(d, 6))
    g.step("roll")
    assert hand(g, 0)["brick"] == 0


def test_friendly_robber_protects_small_players():
    """base §11.4: no hex touching a player with <= 2 public VP (the mover included); they can't be robbed."""
    d = _seven(friendly_robber=True)
    settle(d, corner("R2b", "N"), 0)
    settle(d, corner("R4c", "N"), 1)
    settle(d, corner("R4c", "S"), 1, "city")  # seat 1 has 3 VP: robbable
    settle(d, corner("R5c", "S"), 2)  # seat 2 has 1 VP: protected
    give(d, 1, wool=2)
    give(d, 2, wool=2)
    g = game(d)
    g.step("roll")
    moves = family(g, "move_robber")
    assert "move_robber(R2b)" not in moves  # touches the mover (1 VP)
    assert "move_robber(R5c)" not in moves  # touches seat 2 (1 VP)
    assert "move_robber(R4c)" in moves
    with pytest.raises(IllegalActionError, match="Friendly Robber"):
        g.step("move_robber(R5c)")
    g.step("move_robber(R4c)")
    assert family(g, "steal") == {"steal(+1)"}


# Seven pairwise non-adjacent intersections whose hexes cover the whole island
# (found by a small search; checked in the test).
_COVER = (9, 12, 18, 25, 28, 41, 44)


@pytest.mark.parametrize("robber, target", [("R1a", "R3c"), ("R3c", "R3c")])
def test_friendly_robber_desert_fallback(robber, target):
    """base §11.4: if no hex is allowed the robber goes to the desert, or stays on it."""
    d = _seven(friendly_robber=True)
    d["board"]["robber"] = robber
    covered = set()
    for i, v in enumerate(_COVER):
        settle(d, f"v{v}", i % 4)  # every seat ends with <= 2 VP
        covered |= {int(h) for h in GEOMETRY.vertex_hexes[v]}
    assert covered == set(range(19))
    g = game(d)
    g.step("roll")
    assert family(g, "move_robber") == {f"move_robber({target})"}
    g.step(f"move_robber({target})")
    assert g.to_dict()["board"]["robber"] == "R3c"
