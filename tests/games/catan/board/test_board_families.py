"""Board families and the unconstrained token draw (base §3.3, base §3.2, base §11.2).

``number_tokens="unconstrained"`` draws boards as catanatron does: terrain,
harbor types and tokens each shuffled, with no rule on where 6 and 8 go. The
families of :mod:`catan_env.games.catan.board.families` name the ways a board
can be drawn as option sets.
"""

import numpy as np
import pytest

from catan_env import Game, GameConfig
from catan_env._generated.base_kernels import soak
from catan_env.games.catan.base.invariants import INVARIANT_NAMES
from catan_env.games.catan.board import standard
from catan_env.games.catan.board.families import (
    FAMILIES,
    draw_family,
    family_of,
    family_options,
)
from catan_env.games.catan.common import constants as C
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.layout import STATE_SIZE
from catan_env.games.catan.common.tables import STANDARD_TABLES

N_BOARDS = 2000
_NEIGHBOURS = np.array(standard.GEOMETRY.hex_neighbours, np.int64)  # (19, 6), -1 off the island


def _boards(n, seed0=0, **options):
    """Terrain, numbers, harbor types and robber hex of ``n`` reset states."""
    terrain, numbers, harbors, robber = [], [], [], []
    for seed in range(seed0, seed0 + n):
        s = Game(seed=seed, **options).state
        terrain.append(s[L.HEX_TERRAIN : L.HEX_TERRAIN + standard.NUM_HEXES])
        numbers.append(s[L.HEX_NUMBER : L.HEX_NUMBER + standard.NUM_HEXES])
        harbors.append(s[L.HARBOR_TYPE : L.HARBOR_TYPE + standard.NUM_HARBORS])
        robber.append(s[L.ROBBER_HEX])
    return np.array(terrain), np.array(numbers), np.array(harbors), np.array(robber)


def _red_pairs_touch(numbers: np.ndarray) -> np.ndarray:
    """Per board: does a 6 or 8 lie next to another 6 or 8?"""
    red = np.isin(numbers, (6, 8))
    padded = np.concatenate([red, np.zeros((len(red), 1), bool)], axis=1)  # index -1: no hex
    return (red[:, :, None] & padded[:, _NEIGHBOURS]).any(axis=(1, 2))


def _reference_touch_rate(n: int, seed: int) -> float:
    """The rate for uniformly shuffled terrain and tokens, drawn here with numpy."""
    rng = np.random.default_rng(seed)
    pool_terrain = np.array([C.FOREST] * 4 + [C.HILLS] * 3 + [C.PASTURE] * 4
                            + [C.FIELDS] * 4 + [C.MOUNTAINS] * 3 + [C.DESERT])  # fmt: skip
    numbers = np.zeros((n, standard.NUM_HEXES), np.int32)
    for i in range(n):
        land = rng.permutation(pool_terrain) != C.DESERT
        numbers[i, land] = rng.permutation(C.TOKEN_VALUES)
    return float(_red_pairs_touch(numbers).mean())


@pytest.fixture(scope="module")
def unconstrained():
    return _boards(N_BOARDS, number_tokens="unconstrained")


def test_unconstrained_counts_of_terrain_tokens_and_harbors(unconstrained):
    """base §3.3 items 1, 2, 4, base §1.2: every board has the printed components.

    2,000 boards: 4 forest, 3 hills, 4 pasture, 4 fields, 3 mountains, 1 desert;
    the 18 tokens; 5 special and 4 generic harbors.
    """
    terrain, numbers, harbors, _ = unconstrained
    want_terrain = {C.FOREST: 4, C.HILLS: 3, C.PASTURE: 4, C.FIELDS: 4, C.MOUNTAINS: 3, C.DESERT: 1}
    for t, count in want_terrain.items():
        assert ((terrain == t).sum(axis=1) == count).all(), C.TERRAIN_NAMES[t]
    want_tokens = np.sort(np.array(C.TOKEN_VALUES + (0,)))
    assert (np.sort(numbers, axis=1) == want_tokens).all()
    want_harbors = np.sort(np.array(C.HARBOR_POOL))
    assert (np.sort(harbors, axis=1) == want_harbors).all()


def test_unconstrained_desert_has_no_token_and_the_robber(unconstrained):
    """base §3.3 item 3, base §4.1: the desert gets no token and holds the robber."""
    terrain, numbers, _, robber = unconstrained
    desert = np.argmax(terrain == C.DESERT, axis=1)
    rows = np.arange(len(terrain))
    assert (numbers[rows, desert] == 0).all()
    assert ((numbers != 0).sum(axis=1) == 18).all()
    assert (robber == desert).all()


def test_unconstrained_draws_everything_uniformly(unconstrained):
    """base §3.3 items 1, 2: the desert, the harbor types and the tokens go anywhere."""
    terrain, numbers, harbors, _ = unconstrained
    desert_hexes = np.bincount(np.argmax(terrain == C.DESERT, axis=1), minlength=19)
    assert (desert_hexes > N_BOARDS / 19 / 2).all()  # every hex about 105 times
    generic_spots = (harbors == C.GENERIC_HARBOR).sum(axis=0)
    assert (np.abs(generic_spots / N_BOARDS - 4 / 9) < 0.06).all()
    six_on_hex = (numbers == 6).sum(axis=0)
    assert (six_on_hex > 0.5 * 2 * N_BOARDS / 19).all()  # two 6s over 19 hexes


def test_unconstrained_puts_red_numbers_together_at_the_free_rate(unconstrained):
    """base §11.2, base §3.3 item 4: the 6/8 rule is not applied.

    The share of boards with two touching 6/8 tokens is the share for freely
    shuffled terrain and tokens (about 87%, drawn here with numpy), well above zero.
    """
    rate = _red_pairs_touch(unconstrained[1]).mean()
    reference = _reference_touch_rate(20_000, seed=1)
    assert 0.5 < reference < 0.98
    assert abs(rate - reference) < 0.04, (rate, reference)


def test_random_tokens_never_put_red_numbers_together():
    """base §11.2: the random_tokens family keeps the 6/8 rule on every board."""
    _, numbers, _, _ = _boards(N_BOARDS, **family_options("random_tokens"))
    assert not _red_pairs_touch(numbers).any()


def test_unconstrained_harbors_vary_and_the_seed_fixes_the_board(unconstrained):
    """base §3.3 item 2: harbor types drawn by the seed; the same seed, the same board."""
    _, numbers, harbors, _ = unconstrained
    assert len({tuple(h) for h in harbors[:200]}) > 150
    assert len({tuple(n) for n in numbers[:200]}) == 200
    for seed in (0, 7, 1234):
        a = Game(seed=seed, number_tokens="unconstrained").state
        b = Game(seed=seed, number_tokens="unconstrained").state
        assert np.array_equal(a, b)


def test_unconstrained_and_random_share_the_first_draw():
    """base §11.2: where the first shuffle keeps 6 and 8 apart, both options lay it."""
    same = 0
    for seed in range(200):
        a = Game(seed=seed, number_tokens="unconstrained").state
        b = Game(seed=seed, number_tokens="random").state
        nums = slice(L.HEX_NUMBER, L.HEX_NUMBER + standard.NUM_HEXES)
        if not _red_pairs_touch(a[None, nums])[0]:
            assert np.array_equal(a[nums], b[nums])
            same += 1
    assert same > 5


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_option_round_trips_through_state_snapshot_and_record(variant):
    """base §3.3: the option survives the state vector, a snapshot and a record."""
    config = GameConfig(variant=variant, number_tokens="unconstrained")
    g = Game(seed=5, **config.to_dict())
    assert GameConfig.from_state_vector(g.state, variant=variant).number_tokens == "unconstrained"
    assert GameConfig.from_state_vector(g.state, variant=variant) == config
    rng = np.random.default_rng(0)
    for _ in range(40):
        g.step(int(rng.choice(g.legal_actions())))
    back = Game.from_dict(g.to_dict())
    assert back.config.number_tokens == "unconstrained"
    assert np.array_equal(back.state, g.state)
    replayed = Game.from_record(g.record())
    assert replayed.config.number_tokens == "unconstrained"
    assert np.array_equal(replayed.state, g.state)


def test_unknown_token_mode_is_refused():
    """The option names its choices."""
    with pytest.raises(ValueError, match="unconstrained"):
        GameConfig(number_tokens="free")


# --- families -------------------------------------------------------------------------------


def test_families_are_option_sets():
    """base §3.2, base §3.3: each family is a GameConfig option set of the board's options."""
    assert list(FAMILIES) == ["spiral", "random_tokens", "catanatron", "beginner"]
    assert family_options("spiral") == {
        "board": "variable",
        "number_tokens": "spiral",
        "random_spiral_start": False,
    }
    assert family_options("catanatron")["number_tokens"] == "unconstrained"
    assert family_options("random_tokens")["number_tokens"] == "random"
    assert family_options("beginner")["board"] == "beginner"
    for name in FAMILIES:
        options = family_options(name)
        assert GameConfig(**options).to_dict() | options == GameConfig(**options).to_dict()
        assert family_of(GameConfig(**options).to_dict()) == name
        assert family_of(options) == name
    # The default game is the spiral family; a family's options replace a game's.
    assert family_of(GameConfig().to_dict()) == "spiral"
    merged = {**dict(number_tokens="random", vp_to_win=8), **family_options("catanatron")}
    assert GameConfig(**merged).number_tokens == "unconstrained"
    assert family_of({"random_spiral_start": True}) is None
    assert family_of({"fixed_board": {"harbors": ["generic"] * 9}}) is None
    with pytest.raises(ValueError, match="catanatron"):
        family_options("nope")
    options = family_options("spiral")
    options["board"] = "beginner"  # a copy: the family is unchanged
    assert family_options("spiral")["board"] == "variable"


@pytest.mark.parametrize("name", list(FAMILIES))
def test_random_games_play_to_the_end_on_every_family(name):
    """base §10, base §3: random games end with every invariant held on every family."""
    for num_players in (3, 4):
        config = GameConfig.make(num_players=num_players, **family_options(name))
        n = 60
        code = np.zeros(n, np.int32)
        winner = np.zeros(n, np.int32)
        decisions = np.zeros(n, np.int64)
        states = np.zeros((n, STATE_SIZE), np.int32)
        soak(
            STANDARD_TABLES,
            config.config_vector(),
            config.board_template(),
            np.arange(500, 500 + n, dtype=np.int64),
            np.zeros(4, np.int64),  # random seats
            500,
            1_000_000,
            code,
            winner,
            decisions,
            states,
        )
        bad = {INVARIANT_NAMES[c]: int((code == c).sum()) for c in np.unique(code) if c}
        assert not bad, f"invariants broken: {bad}"
        assert (winner >= 0).mean() > 0.9
        assert all(GameConfig.from_state_vector(s) == config for s in states[:5])


def test_draw_family_follows_the_seed_and_the_weights():
    """Training draws a family per game from its seed, by weight; a zero weight never plays."""
    names = ["spiral", "random_tokens", "catanatron"]
    drawn = [draw_family(s, names, [1, 0, 3]) for s in range(4000)]
    assert drawn == [draw_family(s, names, [1, 0, 3]) for s in range(4000)]
    assert drawn[:50] == [draw_family(np.int64(s), names, (1.0, 0.0, 3.0)) for s in range(50)]
    assert "random_tokens" not in drawn
    assert abs(drawn.count("catanatron") / 4000 - 0.75) < 0.03
    equal = [draw_family(s, names) for s in range(3000)]
    for name in names:
        assert abs(equal.count(name) / 3000 - 1 / 3) < 0.04
    assert {draw_family(s, ["beginner"]) for s in range(20)} == {"beginner"}
    # Pinned: the draw is a keyed hash of the seed, the same everywhere.
    assert [draw_family(s, names) for s in range(8)] == _PINNED_DRAWS


_PINNED_DRAWS = ["spiral", "spiral", "spiral", "random_tokens",
                 "spiral", "random_tokens", "catanatron", "catanatron"]  # fmt: skip


@pytest.mark.parametrize(
    "args, match",
    [
        ((0, []), "at least one"),
        ((0, "spiral"), "list of names"),
        ((0, ["spiral", "hexes"]), "unknown board family"),
        ((-1, ["spiral"]), "non-negative"),
        ((1.5, ["spiral"]), "non-negative"),
        ((True, ["spiral"]), "non-negative"),
        ((0, ["spiral", "beginner"], [1]), "2 entries"),
        ((0, ["spiral", "beginner"], [1, -1]), "non-negative"),
        ((0, ["spiral", "beginner"], [0, 0]), "not all zero"),
        ((0, ["spiral", "beginner"], [1, float("nan")]), "finite"),
    ],
)
def test_draw_family_refuses_bad_arguments(args, match):
    """Bad input gets a clear error that names what was wrong."""
    with pytest.raises(ValueError, match=match):
        draw_family(*args)
