"""Game records: exact round trips, records of jitted games, and clear errors for bad records."""

from __future__ import annotations

import copy
import gzip
import json

import numpy as np
import pytest

import catan_env
from agents import RandomAgent, make_agent
from catan_env import Game
from catan_env.config import GameConfig
from catan_env.replay import (
    RecordError,
    RecordVersionError,
    ReplayMismatchError,
    game_at,
    load_record,
    make_record,
    record_jitted_game,
    replay,
    save_record,
    state_digest,
)
from catan_env.simulate import game_seeds, kernel_kinds, play_jitted, simulate

HEURISTIC, WEIGHTED, RANDOM = 2, 1, 0


def _random_game(variant: str, seed: int, steps: int | None = None) -> Game:
    g = Game(variant=variant, seed=seed)
    rng = np.random.default_rng(seed)
    while not g.done and (steps is None or len(g.actions) < steps):
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(legal.size)]))
    return g


@pytest.fixture(scope="module")
def ck_record():
    config = GameConfig.make(variant="cities_and_knights")
    game = record_jitted_game(config, [HEURISTIC, RANDOM, WEIGHTED, RANDOM], 5, 3)
    return make_record(game, agents=["heuristic", "random", "weighted", "random"])


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_record_file_round_trip_reaches_the_identical_state(tmp_path, variant):
    g = _random_game(variant, seed=3)
    assert g.done
    for name in ("game.json", "game.json.gz"):
        path = save_record(g.record(agents=["random"] * 4), tmp_path / name)
        record = load_record(path)
        assert record["engine_version"] == catan_env.__version__
        assert record["result"]["state_sha256"] == state_digest(g.state)
        assert record["action_names"][0].startswith("build_settlement(")
        assert np.array_equal(replay(record).state, g.state)
    # Mid-game too, and any step of it.
    part = _random_game(variant, seed=4, steps=300)
    record = part.record()
    assert np.array_equal(Game.from_record(record).state, part.state)
    assert np.array_equal(game_at(record, 120).state, _random_game(variant, 4, 120).state)
    assert len(game_at(record, -1).actions) == 300


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_records_of_jitted_games_are_the_games_the_kernel_played(variant):
    """``simulate --record`` replays kernel games one decision at a time: same games."""
    config = GameConfig.make(variant=variant)
    kinds = [HEURISTIC, RANDOM, WEIGHTED, RANDOM]
    seeds = game_seeds(9, 3)
    kernel = play_jitted(config, np.array(kinds), seeds, 9)
    for i, seed in enumerate(seeds):
        g = record_jitted_game(config, kinds, seed, 9)
        assert (g.winner if g.winner is not None else -1) == kernel.winners[i]
        assert g.turn == kernel.turns[i] and len(g.actions) == kernel.decisions[i]
        assert [g.total_vp(p) for p in range(4)] == kernel.vps[i].tolist()
        assert np.array_equal(replay(make_record(g)).state, g.state)


def test_simulate_passes_every_game_to_on_game():
    """The Python loop (non-jitted agents) and the kernel both hand over replayable games."""
    config = GameConfig.make(variant="base", num_players=3)
    seen = []
    agents = [RandomAgent(seed=i) for i in range(3)]
    result = simulate(
        3, agents, config, seed=2, progress=False, on_game=lambda i, g: seen.append((i, g))
    )
    assert [i for i, _ in seen] == [0, 1, 2]
    assert [sum(g.winner == p for _, g in seen) for p in range(3)] == result.wins
    for _, g in seen:
        assert np.array_equal(replay(g.record()).state, g.state)
    kept = []
    agents = [make_agent("heuristic", seed=1), make_agent("random", seed=2)]
    two = GameConfig.make(variant="base", num_players=2)
    simulate(4, agents, two, seed=5, progress=False, threads=1,
             on_game=lambda i, g: kept.append(g), on_game_limit=2)  # fmt: skip
    kernel = play_jitted(two, kernel_kinds(agents), game_seeds(5, 4), 5)
    assert [g.turn for g in kept] == kernel.turns[:2].tolist()
    assert [len(g.actions) for g in kept] == kernel.decisions[:2].tolist()


def test_env_records_its_game(tmp_path):
    env = catan_env.env(variant="cities_and_knights")
    env.reset(seed=8)
    rng = np.random.default_rng(0)
    for _ in range(400):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    env.unwrapped.save_record(tmp_path / "env.json")
    record = load_record(tmp_path / "env.json")
    assert len(record["actions"]) == 400
    assert np.array_equal(replay(record).state, env.unwrapped.game.state)


# --- bad records -------------------------------------------------------------------------


def test_corrupt_files_raise_record_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "catan_env/record", "version": 1, "actions": [1, 2')
    with pytest.raises(RecordError, match="not a readable game record"):
        load_record(bad)
    bad.write_bytes(gzip.compress(b'{"format": "catan_env/record"}')[:-6])
    with pytest.raises(RecordError, match="not a readable game record"):
        load_record(bad)
    bad.write_text(json.dumps([1, 2, 3]))
    with pytest.raises(RecordError, match="not a catan_env game record"):
        load_record(bad)
    with pytest.raises(FileNotFoundError):
        load_record(tmp_path / "missing.json")


def test_mismatched_records_raise_specific_errors(ck_record):
    rec = ck_record
    assert np.array_equal(replay(rec).state, replay(copy.deepcopy(rec)).state)

    def edited(**changes):
        r = copy.deepcopy(rec)
        r.update(changes)
        return r

    with pytest.raises(RecordVersionError, match="written by catan_env 0.0.1, this is catan_env"):
        replay(edited(engine_version="0.0.1"))
    with pytest.raises(RecordVersionError, match="record format version 2"):
        replay(edited(version=2))
    with pytest.raises(RecordError, match="missing 'seed'"):
        replay({k: v for k, v in rec.items() if k != "seed"})
    with pytest.raises(RecordError, match="header does not make a game.*variant"):
        replay(edited(variant="seafarers"))
    with pytest.raises(RecordError, match="one name per action"):
        replay(edited(action_names=rec["action_names"][:-1]))
    # An id edited without its name, or a name edited without its id.
    ids = list(rec["actions"])
    ids[40] = ids[40] + 1
    with pytest.raises(RecordError, match="record action #40 is id .* but is named"):
        replay(edited(actions=ids))
    names = list(rec["action_names"])
    names[7] = "end_turn"
    with pytest.raises(RecordError, match="record action #7 is id"):
        replay(edited(action_names=names))
    # Both edited consistently: the action is illegal there.
    ids, names = list(rec["actions"]), list(rec["action_names"])
    ids[3], names[3] = 0, Game(variant="cities_and_knights").action_names[0]
    with pytest.raises(RecordError, match="record action #3 .* does not replay"):
        replay(edited(actions=ids, action_names=names))
    # Replays, but not to the recorded board or end.
    result = dict(rec["result"], winner=(rec["result"]["winner"] + 1) % 4)
    with pytest.raises(ReplayMismatchError, match="another end than recorded: winner"):
        replay(edited(result=result))
    result = dict(rec["result"], state_sha256="0" * 64)
    with pytest.raises(ReplayMismatchError, match="state_sha256"):
        replay(edited(result=result))
    board = copy.deepcopy(rec["board"])
    board["robber"] = "R1a"
    with pytest.raises(ReplayMismatchError, match="another board"):
        replay(edited(board=board))
    assert replay(edited(result=result), verify=False).done
    with pytest.raises(ValueError, match="outside the record"):
        game_at(rec, len(rec["actions"]) + 1)
