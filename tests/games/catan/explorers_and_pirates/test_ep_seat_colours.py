"""Explorers & Pirates: each seat's colour drawn from the seed, so the lopsided Land Ho!
start goes to a random seat; shown by colour in text, pictures and replay summaries
(E&P §10.1, §10.7.4)."""

from collections import Counter

import numpy as np
import pytest
from ep_helpers import EP, V

from catan_env import Game
from catan_env.games.catan.explorers_and_pirates import layout as EL
from catan_env.games.catan.explorers_and_pirates.constants import EP_COLOURS
from catan_env.games.catan.explorers_and_pirates.render import seat_colours, status, summaries
from catan_env.render import render_ansi
from catan_env.replay import make_record, replay, summary

#: Each colour's settlement and harbor settlement in the fixed start (E&P §10.7.4).
START = {
    "blue": ("(1,6).S", "(7,8).N"),
    "red": ("(7,6).N", "(1,8).S"),
    "white": ("(4,3).SE", "(4,7).S"),
    "orange": ("(4,3).N", "(3,6).SE"),
}


def colours_of(g):
    return [p["colour"] for p in g.to_dict()["players"]]


def owner_at(g, vertex):
    return g.to_dict()["buildings"].get(f"v{V(vertex)}", {}).get("owner")


@pytest.mark.parametrize("seed", range(6))
def test_land_ho_seats_take_their_drawn_colours_start(seed):
    """E&P §10.1, E&P §10.7.4: players choose their colours; the engine draws each seat's colour from the seed and the seat takes that colour's fixed settlement, harbor settlement, road and settler ship."""
    g = Game(variant=EP, seed=seed)
    for p, colour in enumerate(colours_of(g)):
        settlement, harbor = START[colour]
        assert owner_at(g, settlement) == p and owner_at(g, harbor) == p
        assert g.public_vp(p) == 3


def test_colours_are_reproducible_and_every_seat_gets_every_colour():
    """E&P §10.1: the same seed gives the same colours; over seeds each seat plays every colour, so no seat always gets the strong start."""
    assert colours_of(Game(variant=EP, seed=11)) == colours_of(Game(variant=EP, seed=11))
    seen = [Counter() for _ in range(4)]
    for seed in range(60):
        cs = colours_of(Game(variant=EP, seed=seed))
        assert sorted(cs) == sorted(EP_COLOURS)
        for p, c in enumerate(cs):
            seen[p][c] += 1
    for p in range(4):
        assert set(seen[p]) == set(EP_COLOURS), (p, seen[p])


def test_fixed_colours_option_keeps_seat_c_on_colour_c():
    """E&P §10.7.4 (option seat_colours="fixed"): seat 0 blue, 1 red, 2 white, 3 orange, as before the draw."""
    for seed in range(4):
        g = Game(variant=EP, seed=seed, seat_colours="fixed")
        assert colours_of(g) == list(EP_COLOURS)
        assert owner_at(g, START["blue"][0]) == 0 and owner_at(g, START["orange"][1]) == 3


@pytest.mark.parametrize("num_players", [2, 3])
def test_fewer_players_leave_the_unchosen_colours_out_or_neutral(num_players):
    """E&P §10.1, E&P §10.7.4: with 3 players the colour nobody plays is left out; with 2 the two unchosen colours' buildings stay as neutral obstacles (no ships)."""
    for seed in range(8):
        g = Game(variant=EP, seed=seed, num_players=num_players)
        played = colours_of(g)
        assert len(set(played)) == num_players
        for colour in EP_COLOURS:
            settlement, harbor = START[colour]
            if colour in played:
                assert owner_at(g, settlement) == played.index(colour)
            elif num_players == 2:
                assert owner_at(g, settlement) == "neutral" == owner_at(g, harbor)
            else:
                assert owner_at(g, settlement) is None and owner_at(g, harbor) is None


def test_colour_draw_leaves_the_rest_of_the_game_alone():
    """E&P §10.6: in the free set-up scenarios the colour is only a name: the drawn and the fixed colours give the same game apart from the colour field."""
    for seed in range(5):
        a = Game(variant=EP, scenario="pirate_lairs", seed=seed)
        b = Game(variant=EP, scenario="pirate_lairs", seed=seed, seat_colours="fixed")
        colour = slice(EL.SEAT_COLOUR, EL.SEAT_COLOUR + 4)
        differ = np.flatnonzero(a.state != b.state)
        fixed_field = EL.OPT_FIXED_COLOURS
        assert all(colour.start <= i < colour.stop or i == fixed_field for i in differ)


def test_text_picture_panel_and_replay_summary_name_the_seats_colours():
    """E&P §10.7.4: text, the picture's panel rows and replay summaries give each seat its own colour (not the base game's order)."""
    g = Game(variant=EP, seed=3, max_turns=3)
    cs = colours_of(g)
    assert list(seat_colours(g.state)) == cs
    assert [r["colour"] for r in summaries(g.state)] == cs
    text = render_ansi(g)
    for p, c in enumerate(cs):
        assert f"seat {p} ({c})" in text
    p = g.current_player
    assert f"{cs[p]} (seat {p}) decides" in status(g.state)
    while not g.done:
        g.step(g.legal_action_names()[0])
    record = make_record(g)
    assert summary(record, replay(record))["colours"] == cs


def test_snapshot_keeps_the_colours():
    """E&P §10.1: a snapshot names each seat's colour and restores it; two seats may not share one."""
    from catan_env.snapshot import SnapshotError

    g = Game(variant=EP, seed=8)
    d = g.to_dict()
    assert (Game.from_dict(d).state == g.state).all()
    d["players"][1]["colour"] = d["players"][0]["colour"]
    with pytest.raises(SnapshotError, match="same colour"):
        Game.from_dict(d)
