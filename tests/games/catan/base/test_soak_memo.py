"""The soak's network memo (``invariants.network_changed``) skips no violation.

The soak runs the network invariants (distance rule, road connectivity, road
lengths, Longest Road: base §5.2, §9.1; C&K §2.5) only when a field they read
has changed since the last check. These tests pin that the skip is exact: the
memoized check and the full check give the same verdict on sound and on
corrupted states.
"""

import numpy as np
import pytest

from catan_env import Game
from catan_env.games.catan.base.invariants import (
    NETWORK_MEMO_SIZE,
    check_state,
    check_state_memo,
    network_changed,
)
from catan_env.games.catan.cities_and_knights import invariants as ck_invariants
from catan_env.games.catan.common import layout as L

CHECKS = {
    "base": (check_state, check_state_memo),
    "cities_and_knights": (ck_invariants.check_state, ck_invariants.check_state_memo),
}
WATCHED = [L.VERTEX_OWNER + 7, L.KNIGHT_OWNER + 11, L.EDGE_OWNER + 30, L.ROAD_LENGTH + 1]
WATCHED += [L.LONGEST_ROAD_HOLDER, L.NUM_PLAYERS]


def test_every_watched_field_counts_as_a_change():
    """base §9.1: a change in any field the network invariants read is seen."""
    g = Game(seed=1)
    memo = np.full(NETWORK_MEMO_SIZE, -2, np.int32)
    assert network_changed(g.state, memo)
    assert not network_changed(g.state, memo)
    for off in WATCHED:
        s = g.state.copy()
        s[off] += 1
        assert network_changed(s, memo), off
        assert network_changed(g.state, memo), off
        assert not network_changed(g.state, memo)
    s = g.state.copy()
    s[L.HAND] += 1  # not a network field
    assert not network_changed(s, memo)


@pytest.mark.parametrize("variant", sorted(CHECKS))
def test_memoized_check_agrees_with_the_full_check(variant):
    """base §9.1, C&K §2.5: along random games, on the state and on corrupted copies
    (road length, holder, a road or a building moved), both checks agree."""
    full, memoized = CHECKS[variant]
    rng = np.random.default_rng(4)
    corruptions = [L.ROAD_LENGTH, L.LONGEST_ROAD_HOLDER, L.EDGE_OWNER, L.VERTEX_OWNER]
    caught = 0
    for seed in range(2):
        g = Game(variant=variant, seed=seed)
        memo = np.full(NETWORK_MEMO_SIZE, -2, np.int32)
        while not g.done and len(g.actions) < 1500:
            code = memoized(g.state, g.tables, network_changed(g.state, memo))
            assert code == full(g.state, g.tables) == 0
            if len(g.actions) % 25 == 0:
                bad = g.state.copy()
                base = corruptions[rng.integers(len(corruptions))]
                span = {L.ROAD_LENGTH: 4, L.LONGEST_ROAD_HOLDER: 1}.get(base, 54)
                bad[base + rng.integers(span)] += 1
                shadow = memo.copy()
                want = full(bad, g.tables)
                assert memoized(bad, g.tables, network_changed(bad, shadow)) == want
                caught += want != 0
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(len(legal))]))
    assert caught > 20
