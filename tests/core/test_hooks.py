"""Every registered game through the shared layers' hooks: one test for all games.

The AEC env, records, pictures and batches reach a game only through
:func:`catan_env.hooks.get`; this plays a few decisions of each game through
those hooks alone and checks what every layer relies on.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from catan_env import hooks
from catan_env.core import registry
from catan_env.core.spec import HOOKS
from catan_env.replay import game_of, make_record, replay


def test_resolve_names_families_and_variants():
    assert registry.families() == ("catan", "ancients")
    assert registry.members("catan") == ("base", "cities_and_knights", "explorers_and_pirates")
    assert registry.resolve("catan") == "base"
    assert registry.resolve("catan", "cities_and_knights") == "cities_and_knights"
    assert registry.resolve("ancients") == registry.resolve("ancients", "ancients") == "ancients"
    assert registry.resolve("explorers_and_pirates") == "explorers_and_pirates"
    with pytest.raises(ValueError, match="unknown catan variant 'seafarers'; variants are base"):
        registry.resolve("catan", "seafarers")
    with pytest.raises(ValueError, match="unknown ancients variant 'base'"):
        registry.resolve("ancients", "base")
    with pytest.raises(ValueError, match="unknown game 'chess'; games are catan, ancients"):
        registry.resolve("chess")


def test_records_name_their_game():
    assert game_of({"variant": "cities_and_knights"}) == "cities_and_knights"
    assert game_of({"game": "catan", "variant": "base"}) == "base"
    assert game_of({"game": "ancients"}) == "ancients"


@pytest.mark.parametrize("name", registry.names())
def test_every_game_has_every_hook_and_plays_through_them(name):
    spec = hooks.get(name)
    assert all(getattr(spec, h) is not None for h in HOOKS)
    config = spec.configure()
    assert config.variant == name and config.to_dict()["variant"] == name
    game = spec.new_game(config, 11)
    assert game.variant.name == name and game.seed == 11
    agents = spec.env.agent_names(config)
    assert len(agents) == config.num_players == len(spec.batch.seat_names(config))
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert game.current_player in range(config.num_players)
        mask = game.action_mask()
        # One mask type for every game's Game: ~mask must name the forbidden ids.
        assert mask.shape == (spec.num_actions,) and mask.dtype == np.bool_
        assert not any(game.is_legal(int(a)) for a in np.flatnonzero(~mask))
        game.step(int(rng.choice(np.flatnonzero(mask))))
    obs = np.empty(spec.obs_size, np.float32)
    spec.observe_into(game.state, game.tables, game.current_player, obs)
    assert obs.min() >= 0 and obs.max() <= 1
    record = json.loads(json.dumps(make_record(game, agents=agents)))
    assert game_of(record) == name and len(record["actions"]) == 30
    assert np.array_equal(replay(record).state, game.state)
    assert isinstance(spec.pictures.text(game), str) and spec.pictures.image(game).size[0] > 100


def test_a_game_without_hooks_or_a_family_module_is_refused(monkeypatch):
    import dataclasses

    bare = dataclasses.replace(registry.get("ancients"), batch=None)
    monkeypatch.setattr(registry, "get", lambda name: bare)
    hooks.get.cache_clear()
    try:
        with pytest.raises(ValueError, match="game 'ancients' declares no batch hook"):
            hooks.get("ancients")
    finally:
        monkeypatch.undo()
        hooks.get.cache_clear()
