"""The E&P soak's board memo (``invariants.check_state_memo``) skips no violation.

The soak recomputes the board's facts (each seat's pieces on the board, the
storages, the distance rule and the number tokens: E&P §3, §4.6, §4.12) only
when the board block of the state or the seat count changed since the last
check. These tests pin that the skip is exact: the block holds every field
those facts read, and along real games the memoized check and the full check
give the same verdict on the state and on corrupted copies of it.
"""

import numpy as np
import pytest

from catan_env import GameConfig
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.explorers_and_pirates import invariants as I
from catan_env.games.catan.explorers_and_pirates import layout as EL
from catan_env.variants import get_variant

EP = "explorers_and_pirates"
#: The fields the board's facts read: they must lie inside the block.
BOARD_FIELDS = ("ep_hex_kind", "ep_hex_revealed", "ep_hex_number", "ep_token_pos",
                "ep_vertex_owner", "ep_vertex_building", "ep_road_owner", "ep_storage")  # fmt: skip


def test_the_board_block_holds_every_field_the_facts_read_and_nothing_more():
    fields = EL.LAYOUT.fields
    start, stop = I.BOARD_BLOCK, I.BOARD_BLOCK + I.BOARD_BLOCK_SIZE
    for name in BOARD_FIELDS:
        f = fields[name]
        assert start <= f.offset and f.stop <= stop, name
    inside = [f.name for f in fields.values() if start <= f.offset < stop]
    # Only the face-down token stacks sit in the block besides them (they never
    # change after set-up: a wasted compare, not a wrong skip).
    assert sorted(inside) == sorted(BOARD_FIELDS + ("ep_token_stack",))
    assert fields["ep_hex_kind"].offset == start and fields["ep_storage"].stop == stop
    assert I.MEMO_SIZE == I.BOARD_BLOCK_SIZE + 1 + I.FACTS_SIZE


def test_every_word_of_the_block_and_the_seat_count_counts_as_a_change():
    g_state = _states("fish_for_catan", seed=3, count=1)[0][0]
    memo = np.full(I.MEMO_SIZE, -2, np.int32)
    assert I.board_changed(g_state, memo)
    assert not I.board_changed(g_state, memo)
    rng = np.random.default_rng(0)
    for off in [*rng.integers(I.BOARD_BLOCK, I.BOARD_BLOCK + I.BOARD_BLOCK_SIZE, 40),
                I.BOARD_BLOCK, I.BOARD_BLOCK + I.BOARD_BLOCK_SIZE - 1, L.NUM_PLAYERS]:  # fmt: skip
        s = g_state.copy()
        s[off] += 1
        assert I.board_changed(s, memo), off
        assert I.board_changed(g_state, memo), off
        assert not I.board_changed(g_state, memo)
    s = g_state.copy()
    s[EL.SHIP_EDGE] += 1  # not a board field: ships are checked on every call
    assert not I.board_changed(s, memo)


def _states(scenario, seed, count, kinds=(2, 0, 2, 0)):
    """``count`` states of one game of ``scenario`` (heuristic and random seats), 40
    decisions apart, from the soak kernel stopped after 40, 80, ... decisions, and
    its tables."""
    v = get_variant(EP)
    c = GameConfig.make(variant=EP, scenario=scenario)
    tb = v.tables(c)
    seeds = np.full(count, seed, np.int64)
    states = np.zeros((count, v.state_size), np.int32)
    code, winner = np.zeros(count, np.int32), np.zeros(count, np.int32)
    played = np.zeros(count, np.int64)
    for k in range(count):
        # The same game in every row, replayed from its seed and stopped after
        # 40 * (k + 1) decisions (max_decisions is per call).
        v.soak(tb, c.config_vector(), c.board_template(), seeds[k:k + 1],
               np.array(kinds, np.int64), 0, 40 * (k + 1),
               code[k:k + 1], winner[k:k + 1], played[k:k + 1], states[k:k + 1])  # fmt: skip
    return states, tb


#: Corruptions: (field, how many words of it to choose from).
CORRUPTIONS = [
    (EL.EP_VERTEX_OWNER, 40), (EL.EP_VERTEX_BUILDING, 40), (EL.EP_ROAD_OWNER, 60),
    (EL.EP_STORAGE, 160), (EL.EP_HEX_NUMBER, 30), (EL.EP_TOKEN_POS, 2),
    (L.SETTLEMENTS_LEFT, 4), (L.ROADS_LEFT, 4), (EL.HARBORS_LEFT, 4), (EL.SETTLERS_LEFT, 4),
    (L.PUBLIC_VP, 4), (EL.SHIP_CARGO, 48), (EL.SHIP_EDGE, 12), (L.HAND, 20),
]  # fmt: skip


@pytest.mark.parametrize("scenario", ["pirate_lairs", "fish_for_catan", "spices_for_catan"])
def test_memoized_check_agrees_with_the_full_check(scenario):
    """E&P §3, §4.6, §4.12: along a game, on each state and on corrupted copies (a
    building, road, stored cargo, token or supply count changed), both agree; the
    memo primed on the sound state is what a soak would hold when the
    corruption happened."""
    states, tb = _states(scenario, seed=5, count=30)
    rng = np.random.default_rng(7)
    memo = np.full(I.MEMO_SIZE, -2, np.int32)
    caught = 0
    for k, state in enumerate(states):
        assert I.check_state_memo(state, tb, memo, k == 0) == I.check_state(state, tb) == 0
        for _ in range(6):
            bad = state.copy()
            base, span = CORRUPTIONS[rng.integers(len(CORRUPTIONS))]
            bad[base + rng.integers(span)] += int(rng.choice([-1, 1, 2]))
            shadow = memo.copy()
            want = I.check_state(bad, tb)
            assert I.check_state_memo(bad, tb, shadow, False) == want
            caught += want != 0
    assert caught > 60
