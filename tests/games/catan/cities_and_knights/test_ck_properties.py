"""Cities & Knights invariants over many random games, the API and the optional variants.

The jitted soak checks every invariant of :mod:`catan_env.games.catan.cities_and_knights.invariants`
after every step: resources and commodities conserved, progress cards
conserved, piece limits, VP consistency, metropolises, knights, the hand limit.
"""

import json

import numpy as np
import pytest
from ck_helpers import _deck_of
from pettingzoo.test import api_test, seed_test

import catan_env
from catan_env import Game, GameConfig, IllegalActionError
from catan_env.games.catan.cities_and_knights.layout import CK_STATE_SIZE
from catan_env.games.catan.common.tables import STANDARD_TABLES
from catan_env.variants import get_variant
from catan_env.vector import VectorCatan, episode_seed

CK = "cities_and_knights"
CI_GAMES = 1000


def _soak(n_games, seed0=0, **options):
    c = GameConfig.make(variant=CK, **options)
    v = get_variant(CK)
    code = np.zeros(n_games, np.int32)
    winner = np.zeros(n_games, np.int32)
    decisions = np.zeros(n_games, np.int64)
    states = np.zeros((n_games, CK_STATE_SIZE), np.int32)
    seeds = np.arange(seed0, seed0 + n_games, dtype=np.int64)
    v.soak(
        STANDARD_TABLES,
        c.config_vector(),
        c.board_template(),
        seeds,
        np.zeros(4, np.int64),  # four random seats
        seed0,
        2_000_000,
        code,
        winner,
        decisions,
        states,
    )
    bad = {
        v.invariant_names[c] if c < len(v.invariant_names) else c: int((code == c).sum())
        for c in np.unique(code)
        if c
    }
    assert not bad, f"invariants broken: {bad}"
    return winner, decisions, states


def test_invariants_over_random_games():
    """C&K §2.5, C&K §1.3, C&K §3.15.2, C&K §3.19: 1,000 random 4-player games; cards,
    commodities and progress cards conserved, pieces within limits, every game ends."""
    winner, decisions, _ = _soak(CI_GAMES)
    assert (winner >= 0).mean() > 0.98
    assert decisions.min() > 100


@pytest.mark.parametrize(
    "options",
    [
        dict(num_players=3),
        dict(mean_barbarians=True),
        dict(knight_errant=True),
        dict(easy_start=True),
        dict(domestic_trade=False, skip_forced=True, number_tokens="random"),
        dict(max_turns=40),
    ],
)
def test_invariants_with_options(options):
    """C&K §7: the invariants hold with every optional variant and option."""
    winner, _, _ = _soak(100, seed0=5_000, **options)
    if options.get("max_turns"):
        assert (winner < 0).any()


def test_same_seed_same_game():
    """DESIGN: reproducible; the same seeds replay to identical final states."""
    a = _soak(30, seed0=91)[2]
    b = _soak(30, seed0=91)[2]
    assert np.array_equal(a, b)


def test_game_api_rejects_forbidden_and_replays():
    """Mask/step agreement through Game; records replay; snapshots round-trip."""
    rng = np.random.default_rng(3)
    rejected = 0
    for seed in range(3):
        g = Game(variant=CK, seed=seed)
        while not g.done:
            mask = g.action_mask()
            for a in rng.choice(np.flatnonzero(~mask), size=2, replace=False):
                before = g.state.copy()
                with pytest.raises(IllegalActionError):
                    g.step(int(a))
                assert np.array_equal(before, g.state)
                rejected += 1
            legal = np.flatnonzero(mask)
            g.step(int(legal[rng.integers(len(legal))]))
            if g.to_dict()["decisions"] % 700 == 0:
                d = json.loads(json.dumps(g.to_dict()))
                assert Game.from_dict(d).to_dict() == d
        assert np.array_equal(Game.from_record(g.record()).state, g.state)
    assert rejected > 500


def _scramble(g, me, rng):
    """Everything seat ``me`` may not know: opponents' card composition (same
    counts), their progress cards (same counts), the deck order, the RNG."""
    d = g.to_dict()
    sec = d["cities_and_knights"]
    decks = sec["progress_decks"]
    # The bank and one's own hand are public/known, so only the opponents' cards
    # as a pool can be dealt differently (same count per opponent).
    opponents = [q for q in range(len(d["players"])) if q != me]
    pool = [r for q in opponents for r, k in d["players"][q]["hand"].items() for _ in range(k)]
    rng.shuffle(pool)
    for q in opponents:
        player = d["players"][q]
        total = sum(player["hand"].values())
        player["hand"] = dict.fromkeys(player["hand"], 0)
        for _ in range(total):
            r = pool.pop()
            player["hand"][r] += 1
    # Deck sizes per colour are public: swap each held card for a random card of
    # the same colour.
    for q in opponents:
        new: dict[str, int] = {}
        for name, k in sec["progress_cards"][q].items():
            deck = decks[_deck_of(name)]
            for _ in range(k):
                deck.append(name)
                options = [i for i, c in enumerate(deck) if c not in ("printer", "constitution")]
                drawn = deck.pop(options[rng.integers(len(options))])
                new[drawn] = new.get(drawn, 0) + 1
        sec["progress_cards"][q] = new
    for deck in decks.values():
        rng.shuffle(deck)
    d["rng"] = [int(x) for x in rng.integers(-(2**31), 2**31 - 1, 2)]
    return Game.from_dict(d)


def test_observations_hide_opponents_cards():
    """C&K §3.20: hand compositions, progress cards, deck order and RNG never leak."""
    rng = np.random.default_rng(4)
    checked = 0
    for seed in range(3):
        g = Game(variant=CK, seed=seed)
        while not g.done:
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(len(legal))]))
            if rng.random() < 0.01 and g.phase == "action":
                for me in range(4):
                    other = _scramble(g, me, rng)
                    assert np.array_equal(other.observe(me), g.observe(me))
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("num_players", [3, 4])
def test_api_test(num_players):
    api_test(catan_env.env(variant=CK, num_players=num_players), num_cycles=1000)


def test_seed_test():
    seed_test(lambda: catan_env.env(variant=CK), num_cycles=500)


def test_env_spaces_and_rewards():
    env = catan_env.env(variant=CK)
    env.reset(seed=1)
    agent = env.agent_selection
    assert env.action_space(agent).n == 1072
    assert env.observation_space(agent)["observation"].shape == (get_variant(CK).obs_size,)
    assert str(env.unwrapped) == "catan_cities_and_knights_v0"
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in env.possible_agents}
    for a in env.agent_iter():
        obs, r, term, trunc, info = env.last()
        totals[a] += r
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) == [-1.0, -1.0, -1.0, 1.0]


def test_vector_rows_are_games():
    """The batched simulator runs C&K rows exactly as Game does."""
    v = VectorCatan(3, variant=CK, seed=2)
    games = [Game(variant=CK, seed=episode_seed(2, i, 0)) for i in range(3)]
    for _ in range(3000):
        actions = v.random_actions()
        out = v.step(actions)
        for i in range(3):
            games[i].step(int(actions[i]))
            if out.terminated[i] or out.truncated[i]:
                assert np.array_equal(out.final_states[i], games[i].state)
                games[i] = Game(variant=CK, seed=episode_seed(2, i, int(v.episodes[i])))
            assert np.array_equal(v.states[i], games[i].state)


def test_configuration_errors():
    """C&K §1.1, C&K §7: 3-4 players; base-only options rejected; C&K options only in C&K."""
    with pytest.raises(catan_env.ConfigError, match="3 or 4 players"):
        Game(variant=CK, num_players=2)
    with pytest.raises(catan_env.ConfigError, match="base-game variant"):
        Game(variant=CK, friendly_robber=True)
    with pytest.raises(catan_env.ConfigError, match="belongs to variant='cities_and_knights'"):
        Game(mean_barbarians=True)
    assert Game(variant=CK, seed=0).config.vp_to_win == 13


def test_barbarian_statistics_in_simulate_and_snapshots():
    """C&K §3.16: every attack is counted, and the ones the barbarians won; the
    counters travel in snapshots and ``simulate`` reports them per game."""
    from agents import RandomAgent
    from catan_env.simulate import simulate

    r = simulate(
        12, [RandomAgent(i) for i in range(4)], GameConfig(variant=CK), progress=False, threads=1
    )
    attacks, wins = r.stats["barbarian_attacks"], r.stats["barbarian_wins"]
    assert attacks >= 1  # ~300 turns of random play bring the ship many times
    assert 0 <= wins <= attacks
    d = Game(variant=CK, seed=0).to_dict()
    d["cities_and_knights"]["barbarians"].update(attacks=2, barbarian_wins=3)
    with pytest.raises(catan_env.SnapshotError, match="barbarian_wins"):
        Game.from_dict(d)
