"""Determinization: hidden cards dealt again consistently with one seat's knowledge."""

import ck_helpers as ckh
import numpy as np
import pytest
from helpers import blank, corner, draw_dev, game, give, settle

from catan_env import Game
from catan_env.determinize import determinize, determinize_state
from catan_env.games.catan.cities_and_knights import layout as CL
from catan_env.games.catan.cities_and_knights.constants import DECK_SIZE, NUM_CARD_KINDS
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import MAX_PLAYERS, NUM_CARD_TYPES, NUM_DEV_TYPES

CK = "cities_and_knights"


def _hidden(variant: str, seat: int) -> np.ndarray:
    """Mask of the state words ``seat`` cannot see."""
    size = CL.CK_STATE_SIZE if variant == CK else L.STATE_SIZE
    m = np.zeros(size, bool)
    m[L.RNG : L.RNG + 2] = True
    for q in range(MAX_PLAYERS):
        if q == seat:
            continue
        m[L.HAND + q * NUM_CARD_TYPES : L.HAND + (q + 1) * NUM_CARD_TYPES] = True
        if variant == CK:
            m[
                CL.PROGRESS_HAND + q * NUM_CARD_KINDS : CL.PROGRESS_HAND + (q + 1) * NUM_CARD_KINDS
            ] = True
        else:
            m[L.DEV_HAND + q * NUM_DEV_TYPES : L.DEV_HAND + (q + 1) * NUM_DEV_TYPES] = True
            m[L.DEV_NEW + q * NUM_DEV_TYPES : L.DEV_NEW + (q + 1) * NUM_DEV_TYPES] = True
    if variant == CK:
        m[CL.PDECK : CL.PDECK + 3 * DECK_SIZE] = True
    else:
        m[L.DECK : L.DECK + 25] = True
    return m


def _positions(variant, games, seed):
    """Positions along random games (from set-up to late game)."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        g = Game(variant=variant, seed=int(rng.integers(2**31)))
        stops = sorted(rng.integers(10, 1500, size=3))
        for stop in stops:
            while not g.done and len(g.actions) < stop:
                g.step(int(rng.choice(g.legal_actions())))
            if g.done:
                break
            yield g


@pytest.mark.parametrize("variant", ["base", CK])
def test_observation_kept_and_invariants_hold(variant):
    """base §12.2, C&K §3.20: only hidden information changes; the seat sees the same position,
    decides among the same actions, and every invariant (card conservation) holds."""
    rng = np.random.default_rng(1)
    varied = 0
    checked = 0
    for g in _positions(variant, 14, 2):
        for seat in (g.current_player, int(rng.integers(g.num_players))):
            hidden = _hidden(variant, seat)[: g.state.size]
            obs = g.observe(seat)
            before = g.state.copy()
            samples = [determinize(g, seat, rng) for _ in range(4)]
            assert np.array_equal(g.state, before)
            for d in samples:
                assert np.array_equal(d.observe(seat), obs)
                assert g.variant.check_state(d.state, d.tables) == 0
                assert np.array_equal(d.state[~hidden], g.state[~hidden])
                if seat == g.current_player:
                    assert np.array_equal(d.action_mask(), g.action_mask())
                checked += 1
            if any(
                not np.array_equal(
                    d.state[hidden & ~_rng_mask(d)], samples[0].state[hidden & ~_rng_mask(d)]
                )
                for d in samples
            ):
                varied += 1
    assert checked > 100 and varied > 10


def _rng_mask(g):
    m = np.zeros(g.state.size, bool)
    m[L.RNG : L.RNG + 2] = True
    return m


def test_base_pool_and_counts():
    """base §12.2: opponents keep their numbers of cards and of cards bought this turn; the pool is
    what the seat cannot account for."""
    d = blank(active=1)
    settle(d, corner("R2b", "S"), 1)
    give(d, 1, lumber=2, ore=3)
    give(d, 2, brick=1, wool=1)
    give(d, 0, grain=4)
    draw_dev(d, 1, "knight", 2, new=1)
    draw_dev(d, 2, "victory_point", 1)
    draw_dev(d, 0, "monopoly", 1)
    g = game(d)
    rng = np.random.default_rng(3)
    hands, devs = set(), set()
    for _ in range(200):
        s = determinize(g, 0, rng).to_dict()
        p = s["players"]
        assert p[0]["hand"]["grain"] == 4 and p[0]["dev_cards"]["monopoly"] == 1
        assert sum(p[1]["hand"].values()) == 5 and sum(p[2]["hand"].values()) == 2
        assert sum(p[1]["hand"][r] + p[2]["hand"][r] for r in ("lumber", "ore")) == 5
        assert p[1]["hand"]["grain"] == p[2]["hand"]["grain"] == 0
        assert sum(p[1]["dev_cards"].values()) == 2 and sum(p[2]["dev_cards"].values()) == 1
        assert p[1]["dev_cards"]["monopoly"] + p[2]["dev_cards"]["monopoly"] <= 1
        assert sum(p[1]["dev_cards_bought_this_turn"].values()) == 1
        hands.add(tuple(p[2]["hand"].values()))
        devs.add(tuple(p[1]["dev_cards"].values()))
    assert len(hands) > 3 and len(devs) > 2


def test_offer_cards_stay_held():
    """base §6.3: an opponent's offer shows cards it holds; a determinization keeps them."""
    d = blank(active=1, phase="action")
    give(d, 1, ore=1, lumber=2)
    give(d, 0, brick=1)
    g = game(d)
    g.step("offer(ore->brick)")
    rng = np.random.default_rng(0)
    for _ in range(50):
        s = determinize(g, 0, rng)
        assert s.to_dict()["players"][1]["hand"]["ore"] == 1


def test_ck_progress_cards_stay_in_their_decks():
    """C&K §3.15.3, §3.20: each deck keeps its size and its own cards; Printer and Constitution
    are never dealt into a hand; opponents keep their numbers of progress cards."""
    d = ckh.ck_blank()
    ckh.progress(d, 1, "spy", 2)
    ckh.progress(d, 1, "alchemist", 1)
    ckh.progress(d, 2, "merchant", 1)
    ckh.progress(d, 0, "bishop", 1)
    g = ckh.game(d)
    rng = np.random.default_rng(0)
    kinds = set()
    for _ in range(200):
        s = determinize(g, 0, rng)
        sec = s.to_dict()["cities_and_knights"]
        held = sec["progress_cards"]
        assert held[0] == {"bishop": 1}
        assert sum(held[1].values()) == 3 and sum(held[2].values()) == 1
        for q in (1, 2, 3):
            assert "printer" not in held[q] and "constitution" not in held[q]
        decks = sec["progress_decks"]
        assert [len(decks[t]) for t in ("trade", "politics", "science")] == [17, 15, 17]
        assert decks["politics"].count("bishop") + sum(h.get("bishop", 0) for h in held[1:]) == 1
        kinds.add(tuple(sorted(held[1].items())))
    assert len(kinds) > 10


@pytest.mark.parametrize("variant", ["base", CK])
def test_deal_depends_only_on_what_the_seat_knows(variant):
    """A state that differs only in hidden cards gives the same determinization for the same
    generator state: search that reads the game through it cannot peek."""
    rng = np.random.default_rng(4)
    for g in _positions(variant, 8, 6):
        seat = int(rng.integers(g.num_players))
        scrambled = determinize(g, seat, rng)
        a = determinize_state(g.variant, g.state, g.tables, seat, np.random.default_rng(9))
        b = determinize_state(g.variant, scrambled.state, g.tables, seat, np.random.default_rng(9))
        assert np.array_equal(a, b)
