"""The C&K robber lock is one named rule: ``robber_is_free`` (C&K §3.7 "Robber lock").

C&K §3.7: "Until the first barbarian attack has been resolved, the robber cannot be
moved by any means: not on a 7, not by Bishop, not by a knight chasing it." Every
part of the engine that moves the robber asks the one predicate in
``games/catan/cities_and_knights/robber.py``, and so does the message of an illegal
move; the scenarios below flip only ``first_attack_done`` and watch every user follow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from ck_helpers import (
    barbarians,
    build,
    ck_blank,
    corner,
    game,
    give,
    knight,
    legal,
    next_roll,
    progress,
    road,
    side,
)

import catan_env
from catan_env import IllegalActionError
from catan_env.games.catan.cities_and_knights.robber import robber_is_free

CK_PACKAGE = Path(catan_env.__file__).parent / "games" / "catan" / "cities_and_knights"
#: Modules that may read the flag itself: the rule, and the layers that only show it.
SHOWS_THE_FLAG = {"robber.py", "observe.py", "snapshot.py"}


def _locked_and_free(d: dict):
    """The position ``d`` before the first attack, and the same position after it."""
    barbarians(d, 0, first_attack_done=False)
    locked = game(d)
    barbarians(d, 0, first_attack_done=True)
    return locked, game(d)


def test_the_predicate_reads_the_first_attack():
    """C&K §3.7: the robber is free exactly once the first barbarian attack is resolved."""
    locked, free = _locked_and_free(ck_blank())
    assert not robber_is_free(locked.state)
    assert robber_is_free(free.state)


def test_a_seven_moves_the_robber_only_when_it_is_free():
    """C&K §3.7, 2.: before the first attack a 7 leaves the robber where it is (roll.py)."""
    d = ck_blank(phase="pre_roll")
    next_roll(d, 3, 4, "science")
    locked, free = _locked_and_free(d)
    locked.step("roll")
    free.step("roll")
    assert locked.phase == "action" and locked.to_dict()["board"]["robber"] == "R3c"
    assert free.phase == "move_robber"


def test_bishop_is_playable_only_when_the_robber_is_free():
    """C&K §4.2.1 (Preconditions: the robber lock, §3.7): effects.py asks the predicate."""
    d = ck_blank()
    progress(d, 0, "bishop")
    locked, free = _locked_and_free(d)
    assert "play(bishop)" not in legal(locked)
    assert "play(bishop)" in legal(free)


@pytest.mark.parametrize("knight_errant", [False, True])
def test_a_knight_chases_the_robber_only_when_it_is_free(knight_errant):
    """C&K §3.14.7 and the Knight-Errant variant (C&K §7): knights.py asks the predicate,
    in the action phase (masks.py) and before the roll."""
    phase = "pre_roll" if knight_errant else "action"
    d = ck_blank(phase=phase, knight_errant=knight_errant)
    at = corner("R3b", "NE")  # touches R3c, the robber's hex
    build(d, corner("R3b", "N"), 0)
    road(d, side("R3b", "NE"), 0)
    knight(d, at, 0, active=True)
    build(d, corner("R2c", "N"), 1)
    give(d, 1, cloth=1)
    locked, free = _locked_and_free(d)
    # The knight has no other action: a locked robber leaves it nothing to be selected for.
    select = f"select_knight({at})"
    assert select not in legal(locked) and select in legal(free)
    if not knight_errant:  # before the roll, selecting the knight is the chase
        free.step(select)
        assert "chase_robber" in legal(free)


def test_the_message_of_an_illegal_move_names_the_lock():
    """C&K §3.7: the explanation asks the same predicate (cities_and_knights/explain.py)."""
    locked, free = _locked_and_free(ck_blank())
    with pytest.raises(
        IllegalActionError, match=r"before the first barbarian attack \(C&K §3\.7\)"
    ):
        locked.step("move_robber(R2c)")
    with pytest.raises(IllegalActionError) as info:
        free.step("move_robber(R2c)")
    assert "first barbarian attack" not in str(info.value)


def test_no_other_module_reads_the_lock_flag():
    """The rule is written once: only robber.py reads ``first_attack_done`` to decide; the
    observation and the snapshot show it, and roll.py sets it at the first attack."""
    readers = set()
    for path in CK_PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.ctx, ast.Load)
                and "FIRST_ATTACK_DONE" in ast.unparse(node.slice)
            ):
                readers.add(path.name)
    assert readers <= SHOWS_THE_FLAG and "robber.py" in readers
