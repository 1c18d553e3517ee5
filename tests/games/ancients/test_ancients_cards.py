"""Ancients command cards beyond the section and troop cards (CCA §4.3, CCA §4.4)."""

from ancients_helpers import BOTTOM, TOP, H, attack, blocks, give_card, make, unit

from catan_env.games.ancients import layout as L
from catan_env.games.ancients.actions import card_slug
from catan_env.games.ancients.phases import PH_BATTLE, PH_MOVE, PH_PLAY, PH_REACT
from catan_env.games.ancients.units import CARD_NAMES


def phase(g):
    return int(g.state[L.PHASE])


def orders(g):
    return {n for n in g.legal_action_names() if n.startswith("order")}


def test_inspired_leadership_orders_leader_his_unit_and_four_linked_units():
    """CCA §4.3: Inspired Center Leadership orders a center leader, his unit, and up to 4 more units linked to the leader's hex or to units already ordered."""
    units = [("bottom", "HI", 7, c) for c in range(3, 10)] + [("bottom", "HI", 5, 0)]
    g = make(units, leaders=[("bottom", 7, 6)])
    give_card(g, BOTTOM, "Inspired Center Leadership")
    g.step("play(inspired_center_leadership)")
    assert "order_leader(r7c6)" in orders(g)
    assert "order_unit(r5c0)" in orders(g)  # or 1 unit of your choice
    g.step("order_leader(r7c6)")
    assert g.state[L.UNIT_FLAGS + H(7, 6)] & L.UF_ORDERED  # his unit
    assert orders(g) == {"order_unit(r7c5)", "order_unit(r7c7)"}
    for c in (5, 4, 7, 8):
        g.step(f"order_unit(r7c{c})")
    assert phase(g) == PH_MOVE  # 4 further units ordered
    assert not g.state[L.UNIT_FLAGS + H(7, 3)] & L.UF_ORDERED


def test_leadership_one_unit_of_choice_and_no_detach():
    """CCA §4.3: instead of the leader, 1 unit of your choice anywhere; the leader ordered by a Leadership card may not detach from his unit."""
    g = make([("bottom", "HI", 7, 6), ("bottom", "HI", 5, 0)], leaders=[("bottom", 7, 6)])
    give_card(g, BOTTOM, "Leadership Any Section")
    g.step("play(leadership_any_section)")
    g.step("order_unit(r5c0)")
    assert phase(g) == PH_MOVE
    g2 = make([("bottom", "HI", 7, 6), ("top", "HI", 0, 0)], leaders=[("bottom", 7, 6)])
    give_card(g2, BOTTOM, "Leadership Any Section")
    g2.step("play(leadership_any_section)")
    g2.step("order_leader(r7c6)")
    assert "pick_leader(r7c6)" not in g2.legal_action_names()
    assert "pick_unit(r7c6)" in g2.legal_action_names()


def test_inspired_fallback_in_section_option():
    """CCA §4.3 [verify], option inspired_fallback_in_section: CNC limits the 1 unit of your choice to the card's section."""
    units = [("bottom", "HI", 7, 6), ("bottom", "HI", 5, 0)]
    g = make(units, inspired_fallback_in_section=True)
    give_card(g, BOTTOM, "Inspired Center Leadership")
    g.step("play(inspired_center_leadership)")
    assert orders(g) == {"order_unit(r7c6)"}


def test_line_command_orders_a_linked_foot_group_moving_one_hex():
    """CCA §4.4 Line Command: any number of foot units in one linked group; each moves at most 1 hex and may battle."""
    units = [
        ("bottom", "LI", 7, 3),
        ("bottom", "LI", 7, 4),
        ("bottom", "MC", 7, 5),
        ("bottom", "LI", 7, 8),
        ("top", "HI", 0, 0),
    ]
    g = make(units)
    give_card(g, BOTTOM, "Line Command")
    g.step("play(line_command)")
    assert "order_unit(r7c5)" not in orders(g)  # mounted
    g.step("order_unit(r7c3)")
    assert orders(g) == {"order_unit(r7c4)"}  # only linked units
    g.step("order_unit(r7c4)")
    assert phase(g) == PH_MOVE
    g.step("pick_unit(r7c3)")
    from catan_env.games.ancients.actions import ACTION_IDS
    from catan_env.games.ancients.board import DIST
    from catan_env.games.ancients.phases import A_HEX

    assert max(DIST[H(7, 3), ACTION_IDS[n] - A_HEX] for n in g.legal_action_names()) == 1


def test_double_time_foot_move_two_and_battle_no_fire():
    """CCA §4.4 Double Time: up to 4 linked foot units; heavy infantry move 2 and may still close combat; no ranged combat."""
    g = make([("bottom", "HI", 7, 5), ("bottom", "LB", 7, 6), ("top", "MI", 5, 4)])
    give_card(g, BOTTOM, "Double Time")
    g.step("play(double_time)")
    g.step("order_unit(r7c5)")
    g.step("order_unit(r7c6)")
    g.step("pick_unit(r7c5)")
    assert "hex(r5c5)" in g.legal_action_names()  # 2 hexes
    g.step("hex(r5c5)")
    g.step("pick_unit(r7c6)")
    g.step("hex(r7c6)")  # the bowmen stay: they may not fire under Double Time
    assert phase(g) == PH_BATTLE
    assert "pick_unit(r5c5)" in g.legal_action_names()
    assert "pick_unit(r7c6)" not in g.legal_action_names()


def test_mounted_charge_plus_one_die_heavy_cavalry_three_hexes_no_fire():
    """CCA §4.4 Mounted Charge: mounted units up to Command; +1 close-combat die for the whole turn; heavy cavalry move 3 and battle; no fire."""
    g = make(
        [("bottom", "HC", 7, 5), ("bottom", "LC", 7, 8), ("top", "HI", 4, 5), ("top", "HI", 5, 9)]
    )
    give_card(g, BOTTOM, "Mounted Charge")
    g.step("play(mounted_charge)")
    g.step("order_unit(r7c5)")
    g.step("order_unit(r7c8)")
    g.step("pick_unit(r7c5)")
    g.step("hex(r5c5)")  # 2 hexes... adjacent to r4c5
    g.step("pick_unit(r7c8)")
    g.step("hex(r7c8)")
    assert "pick_unit(r7c8)" not in g.legal_action_names()  # light cavalry may not fire
    attack(g, (5, 5), (4, 5), ["light"] * 5)
    assert g.state[L.DICE_N] == 5  # heavy cavalry 4 + 1
    g2 = make([("bottom", "HC", 8, 5), ("top", "HI", 4, 5)])
    give_card(g2, BOTTOM, "Mounted Charge")
    g2.step("play(mounted_charge)")
    g2.step("order_unit(r8c5)")
    g2.step("pick_unit(r8c5)")
    assert "hex(r5c5)" in g2.legal_action_names()  # 3 hexes
    g2.step("hex(r5c5)")
    assert "pick_unit(r5c5)" in g2.legal_action_names()


def test_clash_of_shields_orders_adjacent_units_plus_two_no_move():
    """CCA §4.4 Clash of Shields: every unit next to an enemy unit is ordered; no movement or fire; +2 close-combat dice."""
    g = make([("bottom", "MI", 5, 5), ("bottom", "LB", 7, 5), ("top", "MI", 4, 5)])
    give_card(g, BOTTOM, "Clash of Shields")
    g.step("play(clash_of_shields)")
    assert phase(g) == PH_BATTLE
    assert g.legal_action_names() == ["pick_unit(r5c5)", "done"]
    attack(g, (5, 5), (4, 5), ["light"] * 6)
    assert g.state[L.DICE_N] == 6


def test_darken_the_sky_every_missile_unit_fires_twice_no_close_combat():
    """CCA §4.4 Darken the Sky: every unit with ranged weapons fires twice, no movement, no close combat."""
    g = make(
        [("bottom", "LB", 6, 5), ("bottom", "HI", 5, 8), ("top", "MI", 4, 5), ("top", "MI", 4, 8)]
    )
    give_card(g, BOTTOM, "Darken the Sky")
    g.step("play(darken_the_sky)")
    assert g.legal_action_names() == ["pick_unit(r6c5)", "done"]
    attack(g, (6, 5), (4, 5), ["light", "light"])
    attack(g, (6, 5), (4, 5), ["medium", "light"])
    assert blocks(g, 4, 5) == 3
    assert phase(g) == PH_PLAY  # two fires, then nothing left


def test_first_strike_defender_strikes_first_then_no_battle_back():
    """CCA §4.4 First Strike, CCA §7.5: the defender holding First Strike plays it out of turn after the attack is declared and battles first; the attacker then attacks if it is still there; no battle back afterwards; the First Strike player draws first."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)])
    give_card(g, TOP, "First Strike")
    from ancients_helpers import to_battle

    to_battle(g, (5, 5))
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert phase(g) == PH_REACT and g.current_side == TOP
    assert "first_strike" in g.legal_action_names()
    g.force_dice(["heavy", "light", "light", "light"] + ["medium"] + ["light"] * 4)
    g.step("first_strike")
    assert blocks(g, 5, 5) == 3 and blocks(g, 4, 5) == 3
    assert phase(g) == PH_PLAY  # no battle back; turn over
    fs = CARD_NAMES.index("First Strike")
    assert g.state[L.DISCARD + fs] == 1
    assert sum(g.hand(TOP).values()) == 5


def test_first_strike_flag_stops_the_attack():
    """CCA §4.4 First Strike: if the first strike makes the attacker retreat, it does not attack."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)])
    give_card(g, TOP, "First Strike")
    from ancients_helpers import to_battle

    to_battle(g, (5, 5))
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    g.force_dice(["flag", "light", "light", "light"])
    g.step("first_strike")
    g.step("hex(r6c5)")
    assert unit(g, 6, 5) == "HI" and blocks(g, 4, 5) == 4


def test_first_strike_is_not_played_as_the_turns_card():
    """CCA §4.4, CCA §7.1: First Strike is played out of turn, not as the turn's command card."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)])
    give_card(g, BOTTOM, "First Strike")
    assert "play(first_strike)" not in g.legal_action_names()


def _play_turn_with(g, card, *ordered):
    give_card(g, g.active_side, card)
    g.step(f"play({card_slug(card)})")
    for h in ordered:
        g.step(f"order_unit(r{h[0]}c{h[1]})")


def test_counter_attack_copies_the_opponents_order_mirrored():
    """CCA §4.4 Counter Attack: the same order as the opponent's last card; section cards are mirrored (his left is your right)."""
    g = make(
        [
            ("bottom", "HI", 7, 1),
            ("bottom", "HI", 7, 10),
            ("top", "HI", 1, 1),
            ("top", "HI", 1, 10),
        ],
        first="top",
    )
    _play_turn_with(g, "Order Two Units Left", (1, 10))  # the top army's left is board right
    g.step("done")  # end movement
    while g.active_side != BOTTOM:
        g.step("done")
    give_card(g, BOTTOM, "Counter Attack")
    g.step("play(counter_attack)")
    assert orders(g) == {"order_unit(r7c10)"}  # Order Two Units Right for the bottom army


def test_counter_attack_with_nothing_to_copy_orders_nothing():
    """CCA §4.4 Counter Attack: with no order to copy, the card orders nothing and the turn passes."""
    g = make([("bottom", "HI", 7, 1), ("top", "HI", 1, 1)])
    give_card(g, BOTTOM, "Counter Attack")
    g.step("play(counter_attack)")
    assert phase(g) == PH_PLAY and g.active_side == TOP


def test_i_am_spartacus_dice_order_units_plus_one_die_and_reshuffle():
    """CCA §4.4 I Am Spartacus: roll Command dice; each symbol orders a unit of that class, each helmet any unit or a leader; ordered units battle with +1 die; deck and discards are reshuffled at the end of the turn."""
    g = make(
        [
            ("bottom", "HI", 5, 5),
            ("bottom", "LI", 7, 1),
            ("bottom", "MI", 7, 9),
            ("top", "MI", 4, 5),
        ],
        command=(3, 5),
    )
    give_card(g, BOTTOM, "I Am Spartacus")
    g.force_dice(["heavy", "flag", "helmet"])
    g.step("play(i_am_spartacus)")
    assert orders(g) >= {"order_unit(r5c5)", "order_unit(r7c1)", "order_unit(r7c9)"}
    g.step("order_unit(r5c5)")  # uses the heavy die
    g.step("order_unit(r7c1)")  # uses the helmet
    assert phase(g) == PH_MOVE
    g.step("done")
    attack(g, (5, 5), (4, 5), ["light"] * 6)
    assert g.state[L.DICE_N] == 6  # heavy infantry 5 + 1
    g.step("no_battle_back")  # nothing left to battle: the turn ends
    assert phase(g) == PH_PLAY
    assert g.state[L.DISCARD : L.DISCARD + 29].sum() == 0  # all reshuffled into the deck


def test_rally_restores_blocks_near_leaders_and_orders_them():
    """CCA §4.4 Rally: roll Command dice; symbols restore a block to a damaged unit of that class in or next to a friendly leader's hex, helmets to any such unit; only rallied units are ordered; never above full strength; not chariots."""
    g = make([("bottom", "HI", 7, 5, 2), ("bottom", "MI", 7, 6, 3), ("bottom", "HCH", 7, 4, 1), ("bottom", "HI", 7, 10, 1), ("top", "HI", 1, 1)],
             leaders=[("bottom", 7, 5)], command=(3, 5))  # fmt: skip
    give_card(g, BOTTOM, "Rally")
    g.force_dice(["heavy", "helmet", "flag"])
    g.step("play(rally)")
    assert orders(g) == {"order_unit(r7c5)", "order_unit(r7c6)"}  # not the chariot, not r7c10
    g.step("order_unit(r7c5)")
    g.step("order_unit(r7c5)")
    assert blocks(g, 7, 5) == 4
    assert phase(g) == PH_MOVE
    assert not g.state[L.UNIT_FLAGS + H(7, 6)] & L.UF_ORDERED


def test_rally_without_leaders_orders_one_unit():
    """CCA §4.4 Rally: with no leaders, order 1 unit of your choice instead."""
    g = make([("bottom", "HI", 7, 5, 2), ("bottom", "MI", 7, 6), ("top", "HI", 1, 1)])
    give_card(g, BOTTOM, "Rally")
    g.step("play(rally)")
    assert orders(g) == {"order_unit(r7c5)", "order_unit(r7c6)"}
    g.step("order_unit(r7c6)")
    assert phase(g) == PH_MOVE and blocks(g, 7, 5) == 2


def test_move_fire_move():
    """CCA §4.4 Move-Fire-Move: light units move, then fire, then may move again; no close combat."""
    g = make([("bottom", "LB", 7, 5), ("top", "MI", 4, 5), ("top", "MI", 5, 8)])
    give_card(g, BOTTOM, "Move-Fire-Move")
    g.step("play(move_fire_move)")
    g.step("order_unit(r7c5)")
    g.step("pick_unit(r7c5)")
    g.step("hex(r6c5)")
    assert phase(g) == PH_BATTLE
    attack(g, (6, 5), (4, 5), ["medium"])  # moved: 1 die
    assert g.state[L.DICE_N] == 1 and blocks(g, 4, 5) == 3
    assert phase(g) == PH_MOVE  # the second move
    g.step("pick_unit(r6c5)")
    g.step("hex(r7c5)")
    assert phase(g) == PH_PLAY and unit(g, 7, 5) == "LB"
