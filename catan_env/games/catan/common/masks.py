"""What every variant's legal-action writer shares."""

from numba import njit


@njit(cache=True, inline="always")
def mask_from_ids(ids, n, mask):
    """Set ``mask`` (bool, one per action id) from the ``n`` legal ids in ``ids``; return ``n``."""
    mask[:] = False
    for i in range(n):
        mask[ids[i]] = True
    return n
