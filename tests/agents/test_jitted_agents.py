"""The jitted agents (weighted random, heuristic): legal play and no peeking.

The heuristic's strength against random agents is measured by the tournament
(README baselines), not asserted here: a win-rate test would be a timed,
noisy test. What is asserted is that every choice is legal, that ``act``
and the self-play kernel play the same policy, and that a choice never
depends on what the deciding seat cannot see.
"""

from __future__ import annotations

import numpy as np
import pytest

from agents import HeuristicAgent, WeightedRandomAgent, make_agent
from catan_env import Game, GameConfig
from catan_env.games.catan.base.agents import KIND_HEURISTIC, KIND_WEIGHTED
from catan_env.games.catan.cities_and_knights import layout as CL
from catan_env.games.catan.cities_and_knights.constants import DECK_SIZE, NUM_CARD_KINDS, NUM_TRACKS
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import NUM_CARD_TYPES, NUM_DEV_TYPES
from catan_env.simulate import play_jitted

VARIANTS = ("base", "cities_and_knights")


def _play(variant: str, agents: list, seed: int, **options) -> Game:
    g = Game(variant=variant, num_players=len(agents), seed=seed, **options)
    while not g.done:
        # Game.step raises IllegalActionError on an illegal choice.
        g.step(agents[g.current_player].act(g))
    return g


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["weighted", "heuristic"])
def test_plays_complete_games_legally(variant, name):
    for seed in range(3):
        agents = [make_agent(name, seed=seed * 10 + k) for k in range(4)]
        g = _play(variant, agents, seed)
        assert g.winner is not None or g.truncated
        assert g.variant.check_state(g.state, g.tables) == 0


@pytest.mark.parametrize(
    "variant, options",
    [
        ("base", {"num_players": 2, "friendly_robber": True, "domestic_trade": False}),
        ("base", {"num_players": 3, "strict_trade_build_order": True}),
        ("cities_and_knights", {"num_players": 3, "mean_barbarians": True}),
        ("cities_and_knights", {"num_players": 3, "knight_errant": True, "easy_start": True}),
    ],
)
def test_mixed_tables_under_options(variant, options):
    """Fewer players and rule options: still only legal choices, to the end."""
    n = options.pop("num_players")
    agents = [HeuristicAgent(seed=1), WeightedRandomAgent(seed=2), HeuristicAgent(seed=3)][:n]
    g = _play(variant, agents, 5, **options)
    assert g.done


def test_agents_are_registered_with_their_kinds():
    assert make_agent("heuristic").kernel_kind == KIND_HEURISTIC
    assert make_agent("weighted").kernel_kind == KIND_WEIGHTED
    with pytest.raises(ValueError, match="unknown jitted agent kind"):
        from agents import JittedAgent

        JittedAgent(99)


def test_act_refuses_a_finished_game():
    g = _play("base", [HeuristicAgent(seed=k) for k in range(4)], 3)
    with pytest.raises(ValueError, match="game is over"):
        HeuristicAgent(seed=0).act(g)


@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_plays_heuristic_games_to_the_end(variant):
    config = GameConfig(variant=variant)
    kinds = np.array([KIND_HEURISTIC, 0, KIND_WEIGHTED, KIND_HEURISTIC], np.int64)
    rec = play_jitted(config, kinds, np.arange(4, dtype=np.int64), agent_seed=7)
    assert (rec.decisions > 0).all()
    # Every game ends with a winner holding the VP target, or truncated.
    for i in range(4):
        w = rec.winners[i]
        assert w == -1 or rec.vps[i, w] >= config.vp_to_win
    again = play_jitted(config, kinds, np.arange(4, dtype=np.int64), agent_seed=7)
    assert (again.winners == rec.winners).all() and (again.decisions == rec.decisions).all()


# --- no peeking ---------------------------------------------------------------------


def _swap_hidden_cards(state: np.ndarray, others: list, rng: np.random.Generator) -> None:
    """Exchange cards between the seats ``others``: hand sizes and card totals unchanged."""
    if len(others) < 2:
        return
    for _ in range(20):
        a, b = rng.choice(others, 2, replace=False)
        ha = state[L.HAND + a * NUM_CARD_TYPES : L.HAND + (a + 1) * NUM_CARD_TYPES]
        hb = state[L.HAND + b * NUM_CARD_TYPES : L.HAND + (b + 1) * NUM_CARD_TYPES]
        ra, rb = np.flatnonzero(ha), np.flatnonzero(hb)
        if ra.size == 0 or rb.size == 0:
            continue
        x, y = rng.choice(ra), rng.choice(rb)
        ha[x] -= 1
        hb[x] += 1
        hb[y] -= 1
        ha[y] += 1


def _shuffle_dev_cards(state: np.ndarray, others: list, rng: np.random.Generator) -> None:
    """Deal the unseen development cards (the hands of ``others``, the deck) anew."""
    n = state[L.NUM_PLAYERS]
    holders = [
        q
        for q in others
        if state[L.DEV_NEW + q * NUM_DEV_TYPES : L.DEV_NEW + (q + 1) * NUM_DEV_TYPES].sum() == 0
    ]
    pos = state[L.DECK_POS]
    pool = list(state[L.DECK + pos : L.DECK + L.DEV_DECK_SIZE])
    counts = []
    for q in holders:
        h = state[L.DEV_HAND + q * NUM_DEV_TYPES : L.DEV_HAND + (q + 1) * NUM_DEV_TYPES]
        counts.append(int(h.sum()))
        for t in range(NUM_DEV_TYPES):
            pool += [t] * int(h[t])
        h[:] = 0
    pool = list(rng.permutation(pool))
    for q, c in zip(holders, counts, strict=True):
        for _ in range(c):
            state[L.DEV_HAND + q * NUM_DEV_TYPES + pool.pop()] += 1
    state[L.DECK + pos : L.DECK + L.DEV_DECK_SIZE] = pool
    # The drawn part of the deck records which cards left it: held or played.
    drawn = []
    for q in range(n):
        for t in range(NUM_DEV_TYPES):
            i = q * NUM_DEV_TYPES + t
            drawn += [t] * int(state[L.DEV_HAND + i] + state[L.DEV_USED + i])
    state[L.DECK : L.DECK + pos] = rng.permutation(drawn)


def _shuffle_progress_cards(state: np.ndarray, others: list, rng) -> None:
    """Swap progress cards between the seats ``others`` and reorder every deck."""
    for _ in range(10 if len(others) > 1 else 0):
        a, b = rng.choice(others, 2, replace=False)
        pa = state[
            CL.PROGRESS_HAND + a * NUM_CARD_KINDS : CL.PROGRESS_HAND + (a + 1) * NUM_CARD_KINDS
        ]
        pb = state[CL.PROGRESS_HAND + b * NUM_CARD_KINDS : CL.PROGRESS_HAND + (b + 1) * NUM_CARD_KINDS]  # fmt: skip
        ka, kb = np.flatnonzero(pa), np.flatnonzero(pb)
        if ka.size and kb.size:
            x, y = rng.choice(ka), rng.choice(kb)
            pa[x] -= 1
            pb[x] += 1
            pb[y] -= 1
            pa[y] += 1
    for t in range(NUM_TRACKS):
        head, count = state[CL.PDECK_HEAD + t], state[CL.PDECK_COUNT + t]
        ring = state[CL.PDECK + t * DECK_SIZE : CL.PDECK + (t + 1) * DECK_SIZE]
        idx = (head + np.arange(count)) % DECK_SIZE
        ring[idx] = rng.permutation(ring[idx])


def _scramble(game: Game, rng: np.random.Generator) -> np.ndarray:
    """A state the deciding seat cannot tell from ``game.state``."""
    state = game.state.copy()
    seat, n = game.current_player, game.num_players
    state[L.RNG : L.RNG + 2] = rng.integers(-(2**31), 2**31, 2)
    if game.config.variant == "cities_and_knights":
        # Spy and Master Merchant show the target's hand to the card's player.
        shown = state[CL.CARD_TARGET]
        hidden = [q for q in range(n) if q != seat and q != shown]
        _swap_hidden_cards(state, hidden, rng)
        _shuffle_progress_cards(state, hidden, rng)
    else:
        hidden = [q for q in range(n) if q != seat]
        _swap_hidden_cards(state, hidden, rng)
        _shuffle_dev_cards(state, hidden, rng)
    return state


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["heuristic", "weighted"])
def test_choice_ignores_hidden_information(variant, name):
    """Same observation, different hidden cards, deck order and RNG: same choice."""
    rng = np.random.default_rng(0)
    driver = make_agent("weighted", seed=1)
    checked = 0
    for seed in range(4):
        g = Game(variant=variant, num_players=4, seed=seed)
        while not g.done:
            if g.legal_actions().size > 1 and rng.random() < 0.3:
                seat = g.current_player
                obs = g.observe(seat)
                other = Game.from_dict(g.to_dict())
                other.state[:] = _scramble(g, rng)
                other._mask_valid = False
                assert np.array_equal(other.observe(seat), obs)
                assert other.variant.check_state(other.state, other.tables) == 0
                a, b = make_agent(name, seed=seed), make_agent(name, seed=seed)
                assert a.act(g) == b.act(other), g.legal_action_names()
                checked += 1
            g.step(driver.act(g))
    assert checked > 200
