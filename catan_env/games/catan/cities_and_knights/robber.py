"""The C&K robber rule: the robber is locked until the first barbarian attack (C&K §3.7).

Until the barbarians have attacked once, the robber cannot be moved by any
means: a 7 leaves it where it is and nobody steals, Bishop cannot be played
(C&K §4.2.1), and no knight may chase it away (C&K §3.14.7). The rule is this
one predicate; the roll, the knights, the progress cards and the explanation
of an illegal action all ask it.
"""

from numba import njit

from .layout import FIRST_ATTACK_DONE


@njit(cache=True, inline="always")
def robber_is_free(state) -> bool:
    """Whether the robber may be moved: the first barbarian attack has been resolved."""
    return state[FIRST_ATTACK_DONE] != 0
