"""Ancients turn: setup, cards, orders, movement, leaders moving, the draw."""

import numpy as np
from ancients_helpers import BOTTOM, TOP, H, give_card, leader, make, order, unit

from catan_env.games.ancients import Game
from catan_env.games.ancients import layout as L
from catan_env.games.ancients.actions import card_slug
from catan_env.games.ancients.board import HEX_SECTIONS, NUM_HEXES
from catan_env.games.ancients.phases import PH_BATTLE, PH_MOVE, PH_PLAY
from catan_env.games.ancients.units import CARD_COUNT, CARD_NAMES, CARD_PLAYABLE, NUM_CARD_TYPES


def phase(g):
    return int(g.state[L.PHASE])


def hand_total(g, side):
    return int(g.state[L.HAND + side * NUM_CARD_TYPES : L.HAND + (side + 1) * NUM_CARD_TYPES].sum())


def test_setup_deals_command_cards_and_first_player_moves():
    """CCA §3.1, CCA §5.2: Akragas deals 6 cards to the Syracusans (bottom, moving first) and 5 to the Carthaginians."""
    g = Game("akragas", seed=4)
    assert hand_total(g, BOTTOM) == 6 and hand_total(g, TOP) == 5
    assert g.current_side == BOTTOM and g.phase == "play a card"
    assert g.side_names == ("syracusan", "carthaginian")


def test_a_card_must_be_played_from_the_hand():
    """CCA §3.4, CCA §7.1: at the start of a turn the only legal actions are the cards held."""
    g = Game("akragas", seed=5)
    names = g.legal_action_names()
    assert names and all(n.startswith("play(") for n in names)
    held = g.hand(BOTTOM)
    assert set(names) == {f"play({card_slug(card)})" for card in held}


def test_section_card_orders_only_its_section_and_counts():
    """CCA §3.5, CCA §4.1: Order Two Units Left orders up to 2 units in the left section; shared hexes count for either section."""
    g = make([("bottom", "HI", 7, c) for c in (0, 1, 2, 4, 6)])
    give_card(g, BOTTOM, "Order Two Units Left")
    g.step("play(order_two_units_left)")
    legal = {n for n in g.legal_action_names() if n.startswith("order_unit")}
    assert legal == {"order_unit(r7c0)", "order_unit(r7c1)", "order_unit(r7c2)"}
    g.step("order_unit(r7c0)")
    g.step("order_unit(r7c1)")
    assert phase(g) == PH_MOVE  # no order left: movement starts


def test_shared_hex_fills_either_section():
    """CCA §2.2, CCA §4.1: a unit on a dotted-line hex (even row, c = 4) may be ordered from the left or the center."""
    assert HEX_SECTIONS[BOTTOM, H(8, 4)] == 3 and HEX_SECTIONS[BOTTOM, H(8, 8)] == 6
    assert HEX_SECTIONS[BOTTOM, H(7, 4)] == 2  # odd rows: no shared hex
    assert HEX_SECTIONS[TOP, H(8, 0)] == 4  # the top player's right is the bottom's left
    g = make([("bottom", "HI", 8, 4), ("bottom", "HI", 8, 6)])
    give_card(g, BOTTOM, "Order Two Units Left")
    g.step("play(order_two_units_left)")
    assert "order_unit(r8c4)" in g.legal_action_names()
    assert "order_unit(r8c6)" not in g.legal_action_names()


def test_coordinated_attack_one_per_section():
    """CCA §4.1: Coordinated Attack orders 1 unit in each section; a shared-hex unit fills whichever section is free."""
    g = make(
        [
            ("bottom", "HI", 8, 4),
            ("bottom", "HI", 8, 2),
            ("bottom", "HI", 8, 6),
            ("bottom", "HI", 8, 10),
        ]
    )
    give_card(g, BOTTOM, "Coordinated Attack")
    g.step("play(coordinated_attack)")
    g.step("order_unit(r8c2)")  # left
    g.step("order_unit(r8c4)")  # shared: must be center now
    assert "order_unit(r8c6)" not in g.legal_action_names()
    assert "order_unit(r8c10)" in g.legal_action_names()


def test_troop_card_and_fallback():
    """CCA §4.2: Order Heavy Troops orders heavy units up to Command; with none, 1 unit of your choice."""
    g = make(
        [("bottom", "HI", 7, 1), ("bottom", "LI", 7, 5), ("bottom", "HI", 7, 9)], command=(1, 5)
    )
    give_card(g, BOTTOM, "Order Heavy Troops")
    g.step("play(order_heavy_troops)")
    assert {n for n in g.legal_action_names() if n.startswith("order")} == {
        "order_unit(r7c1)",
        "order_unit(r7c9)",
    }
    g.step("order_unit(r7c1)")
    assert phase(g) == PH_MOVE  # Command 1: one order
    g2 = make([("bottom", "LI", 7, 1), ("bottom", "LI", 7, 5)])
    give_card(g2, BOTTOM, "Order Heavy Troops")
    g2.step("play(order_heavy_troops)")
    assert {n for n in g2.legal_action_names() if n.startswith("order")} == {
        "order_unit(r7c1)",
        "order_unit(r7c5)",
    }
    g2.step("order_unit(r7c1)")
    assert phase(g2) == PH_MOVE
    assert g2.state[L.UNIT_FLAGS + H(7, 1)] & L.UF_NO_CARD_BONUS


def test_leaders_ordered_by_section_cards_and_order_mounted_only():
    """CCA §3.5: an attached leader may be ordered to detach on helmet cards (section cards, Order Mounted), never on other troop cards."""
    g = make([("bottom", "HI", 7, 5), ("bottom", "MC", 7, 6)], leaders=[("bottom", 7, 5)])
    give_card(g, BOTTOM, "Order Two Units Center")
    g.step("play(order_two_units_center)")
    assert "order_leader(r7c5)" in g.legal_action_names()
    g2 = make([("bottom", "HI", 7, 5), ("bottom", "MC", 7, 6)], leaders=[("bottom", 7, 5)])
    give_card(g2, BOTTOM, "Order Heavy Troops")
    g2.step("play(order_heavy_troops)")
    assert "order_leader(r7c5)" not in g2.legal_action_names()
    g3 = make([("bottom", "HI", 7, 5), ("bottom", "MC", 7, 6)], leaders=[("bottom", 7, 5)])
    give_card(g3, BOTTOM, "Order Mounted")
    g3.step("play(order_mounted)")
    assert "order_leader(r7c5)" in g3.legal_action_names()
    assert "order_unit(r7c5)" not in g3.legal_action_names()


def test_card_that_orders_nothing_skips_to_the_draw():
    """CCA §3.3: a card that can order nothing skips order, move and battle; the player draws and the turn passes."""
    g = make([("bottom", "HI", 7, 10), ("top", "HI", 1, 1)])
    give_card(g, BOTTOM, "Order Two Units Center")
    before = hand_total(g, BOTTOM)
    g.step("play(order_two_units_center)")
    assert phase(g) == PH_PLAY and g.active_side == TOP
    assert hand_total(g, BOTTOM) == before
    assert g.state[L.DISCARD + CARD_NAMES.index("Order Two Units Center")] == 1


def test_movement_allowances():
    """CCA §3.6.2, CCA §6.2: heavy infantry move 1, light infantry 2, medium cavalry 3, light cavalry 4."""
    from catan_env.games.ancients.actions import ACTION_IDS
    from catan_env.games.ancients.board import DIST
    from catan_env.games.ancients.phases import A_HEX

    for code, reach in (("HI", 1), ("LI", 2), ("MC", 3), ("LC", 4)):
        g = make([("bottom", code, 6, 6), ("top", "HI", 0, 0)])
        order(g, (6, 6))
        g.step("pick_unit(r6c6)")
        dests = [ACTION_IDS[n] - A_HEX for n in g.legal_action_names()]
        assert max(DIST[H(6, 6), d] for d in dests) == reach, code


def test_units_block_and_light_foot_pass_through_with_order_light_troops():
    """CCA §3.6.1: a unit may not move through a friendly unit; light foot may under Order Light Troops, but not end there."""
    units = [
        ("bottom", "LI", 7, 5),
        ("bottom", "HI", 6, 5),
        ("bottom", "HI", 6, 6),
        ("top", "HI", 0, 0),
    ]
    g = make(units)
    order(g, (7, 5))
    g.step("pick_unit(r7c5)")
    assert "hex(r5c5)" not in g.legal_action_names()
    g2 = make(units)
    give_card(g2, BOTTOM, "Order Light Troops")
    g2.step("play(order_light_troops)")
    g2.step("order_unit(r7c5)")  # nothing else to order: movement starts
    g2.step("pick_unit(r7c5)")
    assert "hex(r5c5)" in g2.legal_action_names()
    assert "hex(r6c5)" not in g2.legal_action_names()


def test_unit_stops_on_a_lone_friendly_leader_who_attaches():
    """CCA §3.6.1: a unit may enter a lone friendly leader's hex; it stops there and the leader attaches."""
    g = make([("bottom", "LC", 7, 5), ("top", "HI", 0, 0)], leaders=[("bottom", 6, 5)])
    order(g, (7, 5))
    g.step("pick_unit(r7c5)")
    names = g.legal_action_names()
    assert "hex(r6c5)" in names and "hex(r5c5)" in names  # around the leader
    g.step("hex(r6c5)")
    assert unit(g, 6, 5) == "LC" and leader(g, 6, 5)


def test_leader_moves_three_through_friends_and_freezes_the_unit_he_joins():
    """CCA §3.6.3, CCA §3.5: a lone leader moves 1-3 hexes through friendly units; a unit he joins this turn may not move."""
    g = make(
        [("bottom", "HI", 6, 5), ("bottom", "HI", 5, 5), ("top", "HI", 0, 0)],
        leaders=[("bottom", 7, 5)],
    )
    order(g, (5, 5), leaders=[(7, 5)])
    g.step("pick_leader(r7c5)")
    names = g.legal_action_names()
    assert "hex(r4c5)" in names  # 3 hexes, through the units
    assert "hex(r3c5)" not in names
    g.step("hex(r5c5)")
    assert leader(g, 5, 5)
    assert "pick_unit(r5c5)" not in g.legal_action_names()


def test_detached_leader_moves_alone_then_unit_moves():
    """CCA §3.5 (attach and detach timing): an ordered attached leader may detach before his unit moves; the unit still moves on its own order."""
    g = make(
        [("bottom", "HI", 7, 5), ("bottom", "MC", 7, 7), ("top", "HI", 0, 0)],
        leaders=[("bottom", 7, 5)],
    )
    order(g, (7, 5), leaders=[(7, 5)])
    g.step("pick_leader(r7c5)")
    g.step("hex(r7c7)")
    assert leader(g, 7, 7) and not leader(g, 7, 5)
    g.step("pick_unit(r7c5)")
    g.step("hex(r6c5)")
    assert unit(g, 6, 5) == "HI"


def test_attached_leader_moves_with_his_unit():
    """CCA §3.5: an attached leader whose unit moves goes with it (one order)."""
    g = make([("bottom", "HI", 7, 5), ("top", "HI", 0, 0)], leaders=[("bottom", 7, 5)])
    order(g, (7, 5))
    g.step("pick_unit(r7c5)")
    g.step("hex(r6c5)")
    assert leader(g, 6, 5) and not leader(g, 7, 5)


def test_auxilia_moving_two_may_not_battle():
    """CCA §3.6.2, CCA §3.9.5: auxilia that moved 2 hexes may not battle; after 1 hex they may."""
    g = make([("bottom", "AX", 6, 5), ("top", "HI", 4, 5)])
    order(g, (6, 5))
    g.step("pick_unit(r6c5)")
    g.step("hex(r5c4)")  # 1 hex... adjacent? r5c4 neighbours r4c4, r4c5
    assert phase(g) == PH_BATTLE and "pick_unit(r5c4)" in g.legal_action_names()


def test_warriors_two_hex_move_only_to_charge_and_must_attack():
    """CCA §3.6.2, CCA §3.7: warriors move 2 only to end next to an enemy unit, and then must close combat."""
    g = make([("bottom", "WA", 6, 5), ("top", "HI", 4, 5)])
    order(g, (6, 5))
    g.step("pick_unit(r6c5)")
    names = set(g.legal_action_names())
    assert "hex(r4c4)" in names and "hex(r6c3)" not in names
    g.step("hex(r5c5)")  # 1 hex: adjacent already
    g2 = make([("bottom", "WA", 7, 5), ("top", "HI", 5, 5)])
    order(g2, (7, 5))
    g2.step("pick_unit(r7c5)")
    names = g2.legal_action_names()
    assert "hex(r5c4)" in names and "hex(r6c4)" not in names  # 2 hexes only next to the enemy
    g2.step("hex(r5c4)")
    assert phase(g2) == PH_BATTLE
    assert "done" not in g2.legal_action_names()


def test_stacking_no_two_units_and_no_enemy_hexes():
    """CCA §3.6.1: a unit may not enter a hex with an enemy unit or leader."""
    g = make([("bottom", "LC", 7, 5), ("top", "HI", 6, 5)], leaders=[("top", 6, 6)])
    order(g, (7, 5))
    g.step("pick_unit(r7c5)")
    names = g.legal_action_names()
    assert "hex(r6c5)" not in names and "hex(r6c6)" not in names


def test_draw_at_end_of_turn_and_hand_never_above_command():
    """CCA §3.16: after the turn the card played is discarded and one card drawn; a hand never exceeds the Command."""
    g = Game("akragas", seed=9)
    rng = np.random.default_rng(0)
    while g.turn < 3:
        legal = g.legal_actions()
        g.step(int(rng.choice(legal)))
        for side in (0, 1):
            assert hand_total(g, side) <= g.scenario.command[side]
    assert hand_total(g, BOTTOM) == 6


def test_deck_reshuffles_discards_when_empty():
    """CCA §3.16: an empty deck is re-formed from the shuffled discards."""
    g = Game("akragas", seed=2)
    s = g.state
    s[L.DISCARD + 0] += int(s[L.DECK_LEN] - s[L.DECK_POS])
    for i in range(int(s[L.DECK_POS]), int(s[L.DECK_LEN])):
        s[L.DECK + i] = -1
    s[L.DECK_POS] = s[L.DECK_LEN]
    from catan_env.games.ancients.turn import draw

    s[L.HAND + 0] -= 0
    h = hand_total(g, BOTTOM)
    # make room in the hand
    c = int(np.flatnonzero(s[L.HAND : L.HAND + NUM_CARD_TYPES])[0])
    s[L.HAND + c] -= 1
    s[L.DISCARD + c] += 1
    draw(s, BOTTOM)
    assert hand_total(g, BOTTOM) == h
    assert s[L.DISCARD : L.DISCARD + NUM_CARD_TYPES].sum() == 0
    assert s[L.DECK_POS] == 1


def test_deck_counts():
    """CCA §4.5, CCA §1.6: 60 cards in 29 types (27 section, 10 troop, 6 leadership, 17 tactic); the deck holds the playable ones at their counts."""
    assert CARD_COUNT.sum() == 60 and len(CARD_NAMES) == 29
    assert CARD_COUNT[:11].sum() == 27 and CARD_COUNT[11:15].sum() == 10
    assert CARD_COUNT[15:19].sum() == 6 and CARD_COUNT[19:].sum() == 17
    g = Game("akragas", seed=0)
    s = g.state
    cards = np.zeros(NUM_CARD_TYPES, int)
    for i in range(int(s[L.DECK_POS]), int(s[L.DECK_LEN])):
        cards[s[L.DECK + i]] += 1
    cards += (
        s[L.HAND : L.HAND + NUM_CARD_TYPES]
        + s[L.HAND + NUM_CARD_TYPES : L.HAND + 2 * NUM_CARD_TYPES]
    )
    assert (cards == CARD_COUNT * CARD_PLAYABLE).all()


def test_board_has_113_hexes():
    """CCA §2.1: 9 rows of 13 and 12 hexes, 113 in all; neighbours and distance by cube coordinates."""
    from catan_env.games.ancients.board import DIST, NEIGHBORS

    assert NUM_HEXES == 113
    assert set(NEIGHBORS[H(4, 5)]) == {H(4, 4), H(4, 6), H(3, 4), H(3, 5), H(5, 4), H(5, 5)}
    assert set(NEIGHBORS[H(3, 5)]) == {H(3, 4), H(3, 6), H(2, 5), H(2, 6), H(4, 5), H(4, 6)}
    assert DIST[H(0, 0), H(8, 12)] == 16 and DIST[H(4, 0), H(4, 12)] == 12
    assert (NEIGHBORS[H(0, 0)] == -1).sum() == 4  # a corner: off-board neighbours dropped
