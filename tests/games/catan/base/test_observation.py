"""What each player observes (base §12.1-§12.4)."""

import numpy as np
from helpers import blank, corner, draw_dev, game, give, hand, settle

from catan_env import Game
from catan_env.games.catan.base.observe import OBS_LAYOUT, OBS_SIZE
from catan_env.games.catan.common import layout as L

V = OBS_LAYOUT.view


def _obs(g, seat):
    return g.observe(seat)


def test_own_information_is_exact():
    """base §12.2, base §12.4: the owner sees its hand and development cards exactly."""
    d = blank()
    give(d, 0, lumber=3, ore=2)
    draw_dev(d, 0, "knight", 2, new=1)
    draw_dev(d, 0, "victory_point")
    g = game(d)
    o = _obs(g, 0)
    assert o.dtype == np.float32 and o.shape == (OBS_SIZE,)
    assert np.allclose(V(o, "own_hand") * 19, [3, 0, 0, 0, 2])
    assert np.allclose(V(o, "own_dev_cards") * 14, [2, 1, 0, 0, 0])
    assert np.allclose(V(o, "own_dev_cards_new") * 14, [1, 0, 0, 0, 0])
    assert np.isclose(V(o, "own_total_vp") * 22, 1)


def test_public_information_visible_to_all():
    """base §12.1: board, counts, bank, deck size, public VP, phase and decider are public."""
    d = blank(active=2)
    settle(d, corner("R2b", "N"), 1, "city")
    give(d, 1, wool=3, ore=1)
    draw_dev(d, 1, "monopoly", 2, played=1)
    g = game(d)
    o = _obs(g, 0)
    assert np.isclose(V(o, "hand_size")[1] * 40, 4)
    assert np.isclose(V(o, "dev_card_count")[1] * 25, 1)
    assert np.isclose(V(o, "public_vp")[1] * 22, 2)
    assert np.isclose(V(o, "dev_cards_played")[1, 4] * 14, 1)
    assert np.allclose(V(o, "bank") * 19, [19, 19, 16, 19, 18])
    assert np.isclose(V(o, "deck_left") * 25, 23)
    v = int(corner("R2b", "N")[1:])
    assert V(o, "city")[v, 1] == 1
    assert V(o, "active_player")[2] == 1 and V(o, "current_player")[2] == 1
    assert V(o, "phase")[3] == 1  # action
    robber = V(o, "robber")
    assert robber.sum() == 1


def test_seats_are_relative_to_the_observer():
    """base §12.4: view index 0 is the observer, 1 the next seat clockwise."""
    d = blank()
    settle(d, corner("R2b", "N"), 2)
    g = game(d)
    v = int(corner("R2b", "N")[1:])
    assert V(_obs(g, 0), "settlement")[v, 2] == 1
    assert V(_obs(g, 2), "settlement")[v, 0] == 1
    assert V(_obs(g, 3), "settlement")[v, 3] == 1


def _scramble_hidden(state, me, rng):
    """Change everything the observer may not know: opponents' hand and
    development-card composition (same sizes), the deck order, the RNG."""
    s = state.copy()
    n = int(s[L.NUM_PLAYERS])
    for q in range(n):
        if q == me:
            continue
        h = s[L.HAND + 8 * q : L.HAND + 8 * q + 5]  # resources of seat q
        total = int(h.sum())
        h[:] = np.bincount(rng.integers(0, 5, total), minlength=5)
        dv = s[L.DEV_HAND + 5 * q : L.DEV_HAND + 5 * q + 5]
        total = int(dv.sum())
        dv[:] = np.bincount(rng.integers(0, 5, total), minlength=5)
        s[L.DEV_NEW + 5 * q : L.DEV_NEW + 5 * q + 5] = 0
    rest = s[L.DECK + s[L.DECK_POS] : L.DECK + 25]
    rng.shuffle(rest)
    s[L.RNG : L.RNG + 2] = rng.integers(-(2**31), 2**31 - 1, 2)
    return s


def test_observations_never_contain_hidden_cards():
    """base §12.2, base §12.4: opponents' hands, development cards, the deck and the RNG never leak.

    Over positions of random games, scrambling an observer's hidden information
    leaves its observation unchanged, while changing its own hand does not.
    """
    rng = np.random.default_rng(0)
    checked = 0
    for seed in range(6):
        g = Game(seed=seed)
        while not g.done:
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(len(legal))]))
            if rng.random() < 0.02:
                for me in range(4):
                    base = g.observe(me)
                    other = Game._from_state(_scramble_hidden(g.state, me, rng), g.config)
                    assert np.array_equal(other.observe(me), base)
                    checked += 1
    assert checked > 100


def test_observation_in_bounds():
    """base §12.4: the vector is float32 in [0, 1] (what the Box space declares)."""
    g = Game(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(2000):
        if g.done:
            break
        for me in range(4):
            o = g.observe(me)
            assert o.min() >= 0 and o.max() <= 1
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))


def test_steal_type_known_only_to_thief_and_victim():
    """base §12.3: a steal shows everyone that one card moved; only thief and victim learn its type."""
    views = {}
    d = blank(phase="move_robber")
    settle(d, corner("R2b", "S"), 1)
    give(d, 1, lumber=1, ore=1)
    give(d, 2, wool=2)
    rng = np.random.default_rng(5)
    for _ in range(100):  # RNG states until each card has been the one stolen
        d["rng"] = [int(w) for w in rng.integers(-(2**31), 2**31 - 1, 2)]
        g = game(d)
        g.step("move_robber(R2b)")
        g.step("steal(+1)")
        stolen = "lumber" if hand(g, 0)["lumber"] else "ore"
        views.setdefault(stolen, [g.observe(p) for p in range(4)])
    assert set(views) == {"lumber", "ore"}
    for p in (2, 3):  # bystanders: identical views
        assert np.array_equal(views["lumber"][p], views["ore"][p])
    assert not np.array_equal(views["lumber"][0], views["ore"][0])  # the thief knows
    # Everyone sees that one card moved from seat 1 to seat 0.
    for p in range(4):
        sizes = V(views["ore"][p], "hand_size") * 40
        assert np.isclose(sizes[(0 - p) % 4], 1) and np.isclose(sizes[(1 - p) % 4], 1)


def test_discards_and_production_are_public():
    """base §12.3: discards, production and builds change public counts everyone sees."""
    from helpers import next_roll, set_hand

    d = next_roll(blank(phase="pre_roll"), 7)
    set_hand(d, 1, ore=8)
    g = game(d)
    g.step("roll")
    g.step("discard(ore)")
    for p in range(4):
        o = g.observe(p)
        assert np.isclose(V(o, "hand_size")[(1 - p) % 4] * 40, 7)
        assert np.isclose(V(o, "bank")[4] * 19, 12)
        assert np.isclose(V(o, "discards_owed")[(1 - p) % 4] * 20, 3)
