"""The HTML viewer's log for every Catan variant: seats by name, the places an action names.

Action names count other seats from the actor (``steal(+1)``: the next seat
clockwise) and name places by id (``build_road(e12)``, ``sail(e40)``,
``move_robber(R2d)``, ``load(s0,settler)``: the actor's own ship 0). The
viewer's log shows each seat by its colour instead (``steal(blue)``), and
:func:`describe` also lists the places the action names, for the page to mark
on the board when the line is pointed at or stepped to: ``v<id>``
(intersection), ``e<id>`` (path) and ``h<id>`` (hex, by the board's hex
index). A ship ``s<k>`` is the path it lies on before the action, and a ship
end ``end<k>`` the intersection at that end of the path.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_ARGS = re.compile(r"^(\w+)\((.*)\)$")
_PLACE = re.compile(r"^([veh])(\d+)$")


def describe(
    name: str,
    actor: int,
    colours: Sequence[str],
    hex_labels: dict[str, int] | None = None,
    ship_path: Callable[[int], int] | None = None,
    path_ends: Callable[[int], tuple[int, int]] | None = None,
) -> tuple[str, str]:
    """The log's text for action ``name`` chosen by seat ``actor``, and the places it names.

    Args:
        name: the action's readable name.
        actor: the seat choosing it.
        colours: each seat's colour name.
        hex_labels: hex label -> hex index (the standard island's ``R2d``).
        ship_path: the path of the actor's ship ``k`` now (-1 when in the supply).
        path_ends: the two intersections of a path.

    Returns:
        ``(text, places)``: e.g. ``("steal(blue)", "")`` or
        ``("found_settlement(s1,end0)", "e40 v77")``.
    """
    m = _ARGS.match(name)
    if m is None:
        return name, ""
    family, args = m.group(1), m.group(2).split(",")
    places: list[str] = []
    shown: list[str] = []
    path = -1
    for arg in args:
        if arg.startswith("+") and arg[1:].isdigit():
            shown.append(colours[(actor + int(arg[1:])) % len(colours)])
            continue
        shown.append(arg)
        place = _PLACE.match(arg)
        if place:
            places.append(arg)
        elif hex_labels is not None and arg in hex_labels:
            places.append(f"h{hex_labels[arg]}")
        elif ship_path is not None and re.fullmatch(r"s\d", arg):
            path = ship_path(int(arg[1:]))
            if path >= 0:
                places.append(f"e{path}")
        elif path_ends is not None and path >= 0 and re.fullmatch(r"end\d", arg):
            places.append(f"v{path_ends(path)[int(arg[3:])]}")
    return f"{family}({','.join(shown)})", " ".join(places)


__all__ = ["describe"]
