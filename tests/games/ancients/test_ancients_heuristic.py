"""The Ancients heuristic uses the whole rulebook: close combat when the odds are good
(CCA §3.9), Leadership cards ordering the leader's linked group (CCA §4.3), Clash of
Shields and Darken the Sky when they are the best card (CCA §4.4)."""

import numpy as np
import pytest
from ancients_helpers import BOTTOM, H, make, order

from benchmarks.agent_coverage import ancients as coverage
from catan_env.core.rng import seed_at
from catan_env.games.ancients import layout as L
from catan_env.games.ancients.actions import card_slug
from catan_env.games.ancients.agents import heuristic_action
from catan_env.games.ancients.board import DIST
from catan_env.games.ancients.phases import A_HEX, A_PLAY, PH_MOVE_DEST, PH_ORDER
from catan_env.games.ancients.units import CARD_NAMES, NUM_CARD_TYPES


def _rng(seed=1):
    rng = np.zeros(4, np.int32)
    seed_at(rng, 0, seed)
    seed_at(rng, 2, seed + 1)
    return rng


def _act(g, rng):
    a = int(heuristic_action(g.state, g.action_mask(), rng, 2 * int(g.state[L.CURRENT])))
    assert g.action_mask()[a]
    return a


def _set_hand(g, side, names):
    """``side``'s hand (as many cards as ``names``: its Command) becomes ``names``; each
    card brought in swaps places with one going out (from the deck or the other hand),
    so the cards are conserved."""
    s = g.state
    hand = s[L.HAND + side * NUM_CARD_TYPES : L.HAND + (side + 1) * NUM_CARD_TYPES]
    other = s[L.HAND + (1 - side) * NUM_CARD_TYPES : L.HAND + (2 - side) * NUM_CARD_TYPES]
    want = np.zeros(NUM_CARD_TYPES, np.int32)
    for n in names:
        want[CARD_NAMES.index(n)] += 1
    assert hand.sum() == want.sum()
    extra = [c for c in range(NUM_CARD_TYPES) for _ in range(max(0, hand[c] - want[c]))]
    for c in range(NUM_CARD_TYPES):
        while hand[c] < want[c]:
            out = extra.pop()
            deck = [i for i in range(int(s[L.DECK_POS]), int(s[L.DECK_LEN])) if s[L.DECK + i] == c]
            if deck:
                s[L.DECK + deck[0]] = out
            else:
                other[c] -= 1
                other[out] += 1
            hand[out] -= 1
            hand[c] += 1
    assert (hand == want).all()
    g._mask_valid = False


@pytest.fixture(scope="module")
def played():
    return coverage(5, seed=0)


def test_self_play_close_combats_and_fuller_leadership_orders(played):
    """Heuristic self-play (5 seeded Akragas games) close-combats more than it fires,
    and its Leadership cards order the leader's group, not one unit (CCA §4.3)."""
    per = played["per_game"]
    assert per["close_combats"] > per["ranged_combats"] > 0
    assert played["leadership_cards"] > 0
    assert played["leadership_mean_ordered"] > 2
    assert max(played["leadership_units_ordered"]) > 1


def test_self_play_plays_clash_of_shields_and_darken_the_sky(played):
    """CCA §4.4: both one-copy cards are played when drawn and best (5 seeded games)."""
    assert played["cards_played"].get("Clash of Shields", 0) > 0
    assert played["cards_played"].get("Darken the Sky", 0) > 0


def _front(n, code, row=6):
    """``n`` bottom units in a row at ``row`` facing ``n`` top light infantry a row above."""
    units = [("bottom", code, row, 4 + c) for c in range(n)]
    units += [("top", "LI", row - 1, 4 + c) for c in range(n)]
    return units


def test_clash_of_shields_beats_a_small_order_when_many_units_touch_the_enemy():
    """CCA §4.4 Clash of Shields: four units adjacent to the enemy, each +2 dice, beat
    Order Two Units Center (two of them, no bonus)."""
    g = make(_front(4, "MI"), command=(2, 5))
    _set_hand(g, BOTTOM, ["Clash of Shields", "Order Two Units Center"])
    a = _act(g, _rng())
    assert a == A_PLAY + CARD_NAMES.index("Clash of Shields")


def test_darken_the_sky_beats_a_small_order_for_many_archers():
    """CCA §4.4 Darken the Sky: three bow units with targets in range fire twice each."""
    units = [("bottom", "LB", 7, 4 + c) for c in range(3)] + [("top", "HI", 5, 5)]
    g = make(units, command=(2, 5))
    _set_hand(g, BOTTOM, ["Darken the Sky", "Order Two Units Center"])
    assert _act(g, _rng()) == A_PLAY + CARD_NAMES.index("Darken the Sky")


def test_no_clash_of_shields_when_no_unit_touches_the_enemy():
    """With nobody adjacent Clash of Shields would order one unit: a section card is better."""
    units = [("bottom", "MI", 7, 4 + c) for c in range(3)] + [("top", "LI", 2, 5)]
    g = make(units, command=(2, 5))
    _set_hand(g, BOTTOM, ["Clash of Shields", "Order Three Units Center"])
    assert _act(g, _rng()) == A_PLAY + CARD_NAMES.index("Order Three Units Center")


def test_leadership_orders_the_leader_and_his_linked_group():
    """CCA §4.3: the heuristic orders the leader (with his unit) and the linked units, not
    the single unit of one's choice."""
    units = [("bottom", "HI", 7, c) for c in range(3, 10)] + [("top", "LI", 3, 6)]
    g = make(units, leaders=[("bottom", 7, 6)], command=(1, 5))
    _set_hand(g, BOTTOM, ["Inspired Center Leadership"])
    g.step(f"play({card_slug('Inspired Center Leadership')})")
    rng = _rng()
    while int(g.state[L.PHASE]) == PH_ORDER:
        g.step(_act(g, rng))
    ordered = [c for c in range(3, 10) if g.state[L.UNIT_FLAGS + H(7, c)] & L.UF_ORDERED]
    assert len(ordered) == 5  # his unit and 4 linked ones


def _destination(g, frm):
    order(g, frm)
    g.step(f"pick_unit(r{frm[0]}c{frm[1]})")
    assert int(g.state[L.PHASE]) == PH_MOVE_DEST
    return _act(g, _rng()) - A_HEX


def test_auxilia_close_in_on_light_infantry():
    """CCA §3.9: auxilia (3 close-combat dice, swords hit) against light infantry (2
    dice back) go adjacent for close combat rather than fire from 2 hexes."""
    g = make([("bottom", "AX", 7, 6), ("top", "LI", 4, 6)])
    y = _destination(g, (7, 6))
    assert DIST[y, H(4, 6)] == 1


def test_light_infantry_keep_their_distance_from_heavy_infantry():
    """Light infantry (2 dice, no sword hits) would lose a close combat against heavy
    infantry (5 dice back): they stay at range and fire (CCA §3.8)."""
    g = make([("bottom", "LI", 7, 6), ("top", "HI", 4, 6)])
    y = _destination(g, (7, 6))
    assert DIST[y, H(4, 6)] == 2
