"""Trading: maritime rates, the domestic-trade protocol and options (base §6, base §5.2, base §11.1, base §11.6)."""

import pytest
from helpers import (
    bank,
    blank,
    corner,
    draw_dev,
    family,
    game,
    give,
    hand,
    legal_names,
    settle,
    side,
)

from catan_env import Game, IllegalActionError, WrongPlayerError


def test_maritime_four_to_one():
    """base §6.2: without a harbor, 4 identical cards for 1 of another type."""
    d = blank()
    give(d, 0, wool=8, ore=3)
    g = game(d)
    assert family(g, "maritime") == {
        f"maritime(wool->{r})" for r in ("lumber", "brick", "grain", "ore")
    }
    g.step("maritime(wool->ore)")
    g.step("maritime(wool->grain)")  # 8 wool for 2 cards is two trades
    assert hand(g, 0) == {"lumber": 0, "brick": 0, "wool": 0, "grain": 1, "ore": 4}
    assert bank(g)["wool"] == 19


def test_maritime_harbor_rates():
    """base §6.2, base §2.3, base §10 (several harbors): best rate per type, applied automatically."""
    d = blank()
    settle(d, corner("R1a", "N"), 0)  # H1 generic 3:1
    settle(d, corner("R1b", "NE"), 0)  # H2 grain 2:1 (a city keeps it too)
    give(d, 0, grain=2, ore=3, lumber=2)
    g = game(d)
    assert list(g.field("trade_rate")[0][:5]) == [3, 3, 3, 2, 3]
    legal = family(g, "maritime")
    assert "maritime(grain->wool)" in legal and "maritime(ore->wool)" in legal
    assert not any(n.startswith("maritime(lumber") for n in legal)
    g.step("maritime(grain->wool)")
    assert hand(g, 0)["grain"] == 0 and hand(g, 0)["wool"] == 1
    g.step("maritime(ore->brick)")
    assert hand(g, 0)["ore"] == 0


def test_maritime_needs_bank_card():
    """base §6.2, base §10 (bank out of a resource): no maritime trade for a type the bank lacks."""
    d = blank()
    give(d, 0, wool=4)
    give(d, 1, ore=19)
    g = game(d)
    assert "maritime(wool->ore)" not in legal_names(g)
    with pytest.raises(IllegalActionError, match="bank has no ore"):
        g.step("maritime(wool->ore)")


def test_no_trade_before_roll_or_during_seven():
    """base §6.1, base §6.2, base §10 (trades before the roll or during the 7): not allowed."""
    d = blank(phase="pre_roll")
    give(d, 0, wool=4)
    g = game(d)
    assert not family(g, "maritime") and not family(g, "offer")
    assert not family(g, "offer_give")


def _offer(d, give_cards, want_cards):
    """Compose an offer: under trade_protocol="pairs" (the default) it opens with
    its first card each way; the other cards are added one by one."""
    g = game(d)
    gives = [r for r, n in give_cards.items() for _ in range(n)]
    wants = [r for r, n in want_cards.items() for _ in range(n)]
    if g.config.trade_protocol == "pairs":
        g.step(f"offer({gives.pop(0)}->{wants.pop(0)})")
    for r in gives:
        g.step(f"offer_give({r})")
    for r in wants:
        g.step(f"offer_want({r})")
    return g


def test_domestic_trade_full_protocol():
    """base §6.1, base §6.3, base §14.6: compose, propose to all, answers in seat order, confirm."""
    d = blank(active=1)
    give(d, 1, wool=2)
    give(d, 2, ore=1)
    give(d, 3, ore=2)
    g = _offer(d, {"wool": 2}, {"ore": 1})
    assert g.phase == "trade_compose"
    assert legal_names(g) >= {
        "propose(all)",
        "propose(+1)",
        "propose(+2)",
        "propose(+3)",
        "cancel_trade",
    }
    assert "end_turn" not in legal_names(g) and "buy_dev_card" not in legal_names(g)
    g.step("propose(all)")
    answered = []
    while g.phase == "trade_respond":
        p = g.current_player
        answered.append(p)
        if p == 0:
            assert legal_names(g) == {"decline"}  # seat 0 holds no ore
            g.step("decline")
        else:
            assert legal_names(g) == {"accept", "decline"}
            g.step("accept")
    assert answered == [2, 3, 0]
    assert g.phase == "trade_close" and g.current_player == 1
    assert family(g, "confirm_trade") == {"confirm_trade(+1)", "confirm_trade(+2)"}
    g.step("confirm_trade(+2)")  # seat 3
    assert hand(g, 1) == {"lumber": 0, "brick": 0, "wool": 0, "grain": 0, "ore": 1}
    assert hand(g, 3)["wool"] == 2 and hand(g, 3)["ore"] == 1 and hand(g, 2)["ore"] == 1
    assert g.phase == "action" and g.current_player == 1


def test_offer_to_one_player_and_lapse():
    """base §6.3: an offer to one named player; with no acceptor it lapses."""
    d = blank()
    give(d, 0, brick=1)
    g = _offer(d, {"brick": 1}, {"grain": 1})
    g.step("propose(+2)")
    assert g.current_player == 2
    assert legal_names(g) == {"decline"}
    g.step("decline")
    assert g.phase == "action" and hand(g, 0)["brick"] == 1
    assert g.to_dict()["turn"]["proposals"] == 1


def test_no_gifts_and_no_like_for_like():
    """base §6.1, base §15.2 item 1: each side gives >= 1 card; no type on both sides
    (card by card, where an offer can hold one side only)."""
    d = blank(trade_protocol="cards")
    give(d, 0, ore=2, wool=1)
    g = _offer(d, {"ore": 1}, {})
    assert not family(g, "propose")  # nothing wanted yet: no gift
    with pytest.raises(IllegalActionError, match="both sides"):
        g.step("offer_want(ore)")
    g.step("offer_want(grain)")
    with pytest.raises(IllegalActionError, match="both sides"):
        g.step("offer_give(grain)")
    assert family(g, "propose")


def test_offer_needs_cards_held_and_size_limit():
    """base §6.1, base §6.3 step 1, base §11.6: the proposer holds what is offered; per-side size limit."""
    d = blank(trade_max_cards_per_side=2, trade_protocol="cards")
    give(d, 0, ore=1, wool=5)
    g = game(d)
    assert "offer_give(grain)" not in legal_names(g)
    g.step("offer_give(ore)")
    assert "offer_give(ore)" not in legal_names(g)  # only one ore held
    g.step("offer_give(wool)")
    assert not any(n.startswith("offer_give") for n in legal_names(g))  # 2 = limit
    g.step("offer_want(grain)")
    g.step("offer_want(grain)")
    assert not any(n.startswith("offer_want") for n in legal_names(g))


def test_cancel_and_proposal_cap():
    """base §6.3 step 2, base §11.6: cancel returns to the action phase; offers per turn are capped.

    Engine decision: an offer counts against the cap when it is started, so a
    cancelled offer uses one too; otherwise compose-cancel loops would let a turn
    go on forever, and the cap exists "so that a turn always ends".
    """
    d = blank(trade_max_proposals_per_turn=2)
    give(d, 0, ore=2)
    g = _offer(d, {"ore": 1}, {"wool": 1})
    assert g.to_dict()["turn"]["proposals"] == 1
    g.step("cancel_trade")
    assert g.phase == "action" and hand(g, 0)["ore"] == 2
    g.step("offer(ore->wool)")
    g.step("propose(all)")
    while g.phase == "trade_respond":
        g.step("decline")
    assert g.phase == "action" and g.to_dict()["turn"]["proposals"] == 2
    assert not family(g, "offer")
    with pytest.raises(IllegalActionError, match="offers allowed this turn are used up"):
        g.step("offer(ore->wool)")
    g.step("end_turn")
    assert g.to_dict()["turn"]["proposals"] == 0


def test_every_turn_ends():
    """base §6.3 step 2: a player cycling through its options deterministically still ends turns."""
    g = Game(seed=3, max_turns=40)
    steps = 0
    while not g.done:
        legal = g.legal_actions()
        g.step(int(legal[steps % len(legal)]))
        steps += 1
        assert steps < 200_000
    assert g.truncated or g.winner is not None


def test_domestic_trade_option_off():
    """base §6.3, base §11.6: domestic_trade=False disables player-to-player trade."""
    d = blank(domestic_trade=False)
    give(d, 0, ore=4)
    g = game(d)
    assert not family(g, "offer") and family(g, "maritime")
    with pytest.raises(IllegalActionError, match="switched off"):
        g.step("offer(ore->wool)")
    cards = game(blank(domestic_trade=False, trade_protocol="cards"))
    with pytest.raises(IllegalActionError, match="switched off"):
        cards.step("offer_want(ore)")


def test_strict_trade_then_build():
    """base §5.2, base §11.1: with the strict order, no trade after the first build of the turn."""
    d = blank(strict_trade_build_order=True)
    settle(d, corner("R2b", "N"), 0)
    give(d, 0, lumber=1, brick=1, ore=8)
    g = game(d)
    g.step("maritime(ore->wool)")  # trade first: fine
    g.step(f"build_road({side('R2b', 'NW')})")
    assert not family(g, "maritime") and not family(g, "offer")
    with pytest.raises(IllegalActionError, match="strict_trade_build_order"):
        g.step("offer(ore->wool)")
    with pytest.raises(IllegalActionError, match="strict_trade_build_order"):
        g.step("maritime(ore->wool)")
    d2 = blank()
    settle(d2, corner("R2b", "N"), 0)
    give(d2, 0, lumber=1, brick=1, ore=8)
    g2 = game(d2)
    g2.step(f"build_road({side('R2b', 'NW')})")
    assert family(g2, "maritime")  # default: combined phase


def test_only_active_player_trades():
    """base §6.1: only the active player offers; an addressee can only accept or decline."""
    d = blank(active=2)
    give(d, 0, ore=3)
    give(d, 2, wool=1)
    g = game(d)
    with pytest.raises(WrongPlayerError, match="seat 2 must decide"):
        g.step("offer(ore->wool)", player=0)
    g.step("offer(wool->ore)")
    g.step("propose(+2)")  # two seats after seat 2: seat 0
    assert g.current_player == 0
    assert legal_names(g) == {"accept", "decline"}
    g.step("accept")
    g.step("confirm_trade(+2)")
    assert hand(g, 0)["wool"] == 1 and hand(g, 2)["ore"] == 1


def test_offer_composition_follows_the_protocol_exactly():
    """base §6.3 step 1: add give needs give(r) < hand(r) and want(r) = 0; add want needs
    give(r) = 0; both under the cap. Nothing else restricts them, even where the offer
    could never be proposed (cancelling is always possible). Card by card only: a pair
    opens an offer with a card on each side."""
    g = game(blank(trade_protocol="cards"))  # empty hand: asking is still legal
    assert family(g, "offer_want") == {
        f"offer_want({r})" for r in ("lumber", "brick", "wool", "grain", "ore")
    }
    g.step("offer_want(brick)")
    assert legal_names(g) == {
        f"offer_want({r})" for r in ("lumber", "brick", "wool", "grain", "ore")
    } | {"cancel_trade"}
    g.step("cancel_trade")
    assert g.phase == "action"
    d = blank(trade_protocol="cards")
    give(d, 0, lumber=1, brick=1, wool=1, grain=1, ore=1)
    g = game(d)
    for r in ("lumber", "brick", "wool", "grain", "ore"):
        g.step(f"offer_give({r})")  # all five types offered: nothing left to ask for
    assert legal_names(g) == {"cancel_trade"}


def test_strict_order_free_roads_are_not_builds():
    """base §5.2, base §11.1 — engine decision: Road Building's free roads are card play, not
    building, so with the strict order a player may still trade after them."""
    d = blank(strict_trade_build_order=True)
    settle(d, corner("R2b", "N"), 0)
    give(d, 0, ore=4)
    draw_dev(d, 0, "road_building")
    g = game(d)
    g.step("play_road_building")
    g.step(f"build_road({side('R2b', 'NW')})")
    g.step("stop")
    assert "maritime(ore->wool)" in legal_names(g)


RESOURCES = ("lumber", "brick", "wool", "grain", "ore")


def test_pairs_open_an_offer_with_a_card_each_way():
    """base §6.3 step 1, base §6.1 — engine decision (trade_protocol="pairs", the default):
    an offer opens with one action naming a held card and a card of another type; the
    offer is complete at once, so a one-for-one offer is proposed with the next action."""
    d = blank()
    give(d, 0, ore=1, wool=2)
    g = game(d)
    assert g.config.trade_protocol == "pairs"
    assert family(g, "offer") == {
        f"offer({x}->{y})" for x in ("wool", "ore") for y in RESOURCES if y != x
    }
    assert not family(g, "offer_give") and not family(g, "offer_want")
    with pytest.raises(IllegalActionError, match="opens with a pair"):
        g.step("offer_want(grain)")
    with pytest.raises(IllegalActionError, match="holds no grain"):
        g.step("offer(grain->ore)")
    g.step("offer(ore->grain)")
    t = g.to_dict()["turn"]
    assert g.phase == "trade_compose" and t["proposals"] == 1
    assert g.field("trade_give")[4] == 1 and g.field("trade_want")[3] == 1
    assert "propose(all)" in legal_names(g)
    # The rest of the protocol is the card-by-card one: more cards, one at a time.
    assert "offer_give(wool)" in legal_names(g) and "offer_give(ore)" not in legal_names(g)
    assert "offer_want(ore)" not in legal_names(g)  # no type on both sides
    with pytest.raises(IllegalActionError, match="only opens an offer"):
        g.step("offer(wool->brick)")


def test_pairs_empty_hand_opens_no_offer():
    """base §6.1: with nothing to give no offer can be made; under the pairs protocol none
    is opened (card by card, asking alone stays legal until cancelled)."""
    g = game(blank())
    assert not family(g, "offer") and "end_turn" in legal_names(g)


def test_pairs_one_for_one_trade_in_two_decisions():
    """base §6.3: open, propose, answers, confirm: the active player's one-for-one offer
    takes two of its decisions before the answers (three card by card)."""
    for protocol, opening in (("pairs", ["offer(wool->ore)"]),
                              ("cards", ["offer_give(wool)", "offer_want(ore)"])):  # fmt: skip
        d = blank(trade_protocol=protocol)
        give(d, 0, wool=1)
        give(d, 1, ore=1)
        g = game(d)
        for name in [*opening, "propose(+1)"]:
            g.step(name)
        g.step("accept")
        g.step("confirm_trade(+1)")
        assert hand(g, 0)["ore"] == 1 and hand(g, 1)["wool"] == 1
        assert g.phase == "action"


def test_pairs_express_every_offer():
    """base §6.3 step 1: every offer the card-by-card protocol can propose (disjoint
    sides, cards held, each side 1..cap) is reached under the pairs protocol, with the
    same trade fields, over many random offers."""
    import numpy as np

    rng = np.random.default_rng(5)
    for _ in range(60):
        cap = int(rng.integers(1, 6))
        types = rng.permutation(5)
        split = int(rng.integers(1, 5))
        give_types, want_types = types[:split], types[split:]
        gives = {RESOURCES[r]: 0 for r in give_types}
        wants = {RESOURCES[r]: 0 for r in want_types}
        for side_cards, n in ((gives, int(rng.integers(1, cap + 1))),
                              (wants, int(rng.integers(1, cap + 1)))):  # fmt: skip
            keys = list(side_cards)
            for k in rng.integers(0, len(keys), n):
                side_cards[keys[k]] += 1
        gives = {r: n for r, n in gives.items() if n}
        wants = {r: n for r, n in wants.items() if n}
        fields = []
        for protocol in ("pairs", "cards"):
            d = blank(trade_protocol=protocol, trade_max_cards_per_side=cap)
            give(d, 0, **gives)
            g = _offer(d, gives, wants)
            assert "propose(all)" in legal_names(g)
            fields.append((list(g.field("trade_give")), list(g.field("trade_want"))))
        assert fields[0] == fields[1]


def test_trade_protocol_option_is_checked():
    """base §6.3: trade_protocol accepts "pairs" or "cards" and names itself when wrong."""
    from catan_env import ConfigError

    with pytest.raises(ConfigError, match="trade_protocol='one'"):
        Game(trade_protocol="one")
    assert Game(trade_protocol="cards").config.trade_protocol == "cards"
    g = Game(seed=1, trade_protocol="cards")
    assert Game.from_dict(g.to_dict()).config.trade_protocol == "cards"
