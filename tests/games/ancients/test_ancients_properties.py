"""Property tests over random Ancients games: conservation, masks, endings, replays,
hidden information."""

import numpy as np
import pytest
from ancients_helpers import soak_games

from catan_env.games.ancients import Game
from catan_env.games.ancients import layout as L
from catan_env.games.ancients.explain import IllegalActionError
from catan_env.games.ancients.invariants import PROBLEMS, check
from catan_env.games.ancients.observe import OBS_LAYOUT, observe
from catan_env.games.ancients.phases import PH_OVER
from catan_env.games.ancients.scenario import load_scenario
from catan_env.games.ancients.setup import check_options


@pytest.mark.parametrize("kinds", [(0, 0), (1, 0), (0, 1)])
def test_thousand_random_games_conserve_blocks_banners_leaders_cards_and_end(kinds):
    """CCA §3.2, CCA §1.6, CCA §3.16: over 1,000 Akragas games every state conserves blocks, leaders and cards, banners equal enemy losses, a legal action always exists, and every game ends with a winner."""
    sc = load_scenario("akragas")
    opts = check_options({})
    n = 1000
    code, decisions, states = soak_games(sc, opts, kinds, 10_000 * kinds[0] + np.arange(n))
    bad = np.flatnonzero(code)
    assert not len(bad), (
        f"game {bad[0]}: code {code[bad[0]]} after {decisions[bad[0]]} decisions {PROBLEMS[min(code[bad[0]], 7)]}"
    )
    assert (states[:, L.PHASE] == PH_OVER).all()  # every game ended
    winners = states[:, L.WINNER]
    won = winners > 0
    assert won.mean() >= 0.98  # by banners; the rest by the 200-turn limit
    banners = states[np.flatnonzero(won), L.BANNERS + winners[won] - 1]
    assert (banners == states[won, L.BANNERS_TO_WIN]).all()


def test_every_legal_action_applies_and_illegal_ones_raise():
    """CCA §7: every action the mask allows steps without breaking an invariant; a masked-out action raises and leaves the state unchanged."""
    rng = np.random.default_rng(3)
    for seed in range(6):
        g = Game("akragas", seed=seed)
        while not g.done:
            legal = g.legal_actions()
            if g.turn % 3 == 0:
                for a in legal:
                    c = g.copy()
                    c.step(int(a))
                    assert check(c.state) == 0
                illegal = np.flatnonzero(g.action_mask() == 0)
                a = int(rng.choice(illegal))
                before = g.state.copy()
                with pytest.raises(IllegalActionError):
                    g.step(a)
                assert (g.state == before).all()
            g.step(int(rng.choice(legal)))


def test_replay_is_identical():
    """CCA §3.1: a record (scenario, seed, options, actions) replays to the identical final state; to_dict/from_dict round-trips."""
    rng = np.random.default_rng(5)
    for seed in range(5):
        g = Game("akragas", seed=seed)
        while not g.done:
            g.step(int(rng.choice(g.legal_actions())))
        r = Game.from_record(g.record())
        assert (r.state == g.state).all()
        d = Game.from_dict(g.to_dict())
        assert (d.state == g.state).all()


def test_observation_hides_the_opponents_hand_and_the_deck_order():
    """CCA §3.1 (hands hidden): a side's observation is unchanged when the opponent's cards or the deck order change, as long as the counts are the same."""
    rng = np.random.default_rng(1)
    g = Game("akragas", seed=11)
    for _ in range(40):
        g.step(int(rng.choice(g.legal_actions())))
    s = g.state
    for side in (0, 1):
        base = observe(s, side)
        t = s.copy()
        other = 1 - side
        from catan_env.games.ancients.units import NUM_CARD_TYPES

        hand = t[L.HAND + other * NUM_CARD_TYPES : L.HAND + (other + 1) * NUM_CARD_TYPES]
        held = int(np.flatnonzero(hand)[0])
        deck = t[L.DECK + t[L.DECK_POS] : L.DECK + t[L.DECK_LEN]]
        swap = int(np.flatnonzero(deck != held)[0])
        hand[held] -= 1
        hand[deck[swap]] += 1
        deck[swap] = held
        t[L.DECK + t[L.DECK_POS] : L.DECK + t[L.DECK_LEN]] = deck[::-1]
        assert check(t) == 0
        assert (observe(t, side) == base).all()
        assert not (observe(t, other) == observe(s, other)).all()


def test_same_seed_same_game():
    """CCA §1.5: dice and the deck come from the game's own seeded generator."""
    a, b = Game("akragas", seed=7), Game("akragas", seed=7)
    assert (a.state == b.state).all()
    assert not (Game("akragas", seed=8).state == a.state).all()


def test_random_games_with_every_unit_type_and_terrain():
    """CCA §6.2, §3.13, §3.9.7: games with elephants, warriors, camels, chariots, war machines and every played terrain keep every invariant and end."""
    import json

    from catan_env.games.ancients import Scenario

    d = json.loads(json.dumps(load_scenario("akragas").source))
    swap = {0: "WA", 12: "WA", 1: "CA", 13: "LCH", 3: "WM", 14: "WM", 4: "ACA", 15: "HAC",
            5: "HC", 16: "LBC", 6: "LS", 17: "LS"}  # fmt: skip
    for i, code in swap.items():
        d["units"][i]["type"] = code
    for u in d["units"]:
        if u["type"] in ("HCH", "MC", "LC") and u["c"] % 2 == 0:
            u["type"] = "EL"
    d["terrain"] = [{"r": 4, "c": c, "type": t} for c, t in
                    ((2, "forest"), (5, "hill"), (8, "broken_ground"), (11, "river"), (0, "lake"))]  # fmt: skip
    d["terrain"] += [{"r": r, "c": c, "type": t} for r, c, t in
                     ((3, 1, "fordable_river"), (3, 4, "fortified_camp"), (3, 6, "marsh"),
                      (3, 9, "town"), (5, 2, "marsh"), (5, 5, "fortified_camp"),
                      (5, 8, "fordable_river"), (5, 10, "marsh"), (4, 6, "marsh"))]  # fmt: skip
    sc = Scenario.from_dict(d)
    for kinds, opts in (
        ((0, 0), check_options({})),
        ((1, 0), check_options({"camp_dice_penalty": True, "camp_blocks_los": False})),
        ((1, 1), check_options({})),
    ):
        n = 200
        code, decisions, states = soak_games(sc, opts, kinds, np.arange(n))
        bad = np.flatnonzero(code)
        assert not len(bad), (
            f"game {bad[0]}: code {code[bad[0]]} after {decisions[bad[0]]} decisions"
        )
        assert (states[:, L.PHASE] == PH_OVER).all()


def test_observations_stay_inside_the_observation_space():
    """CCA §7: over random games both sides' observations lie in [0, 1], the bounds
    of the declared observation space."""
    rng = np.random.default_rng(11)
    for scenario, seed in (
        (sc, seed) for sc in ("akragas", "example_special_rules") for seed in range(40)
    ):
        g = Game(scenario, seed=seed)
        while not g.done:
            for side in (0, 1):
                o = observe(g.state, side)
                assert o.min() >= 0.0 and o.max() <= 1.0, (
                    scenario,
                    seed,
                    g.turn,
                    side,
                    np.flatnonzero((o < 0) | (o > 1)),
                )
            g.step(int(rng.choice(g.legal_actions())))


def test_counts_past_their_usual_top_read_as_one():
    """CCA §7: a retreat longer than 8 hexes (three flags on light troops; about one
    random game in fifty, the state PettingZoo's api_test once drew), more flags than
    4, banners past the target on the winning roll: the feature reads 1, never more."""
    g = Game("akragas", seed=0)
    s = g.state.copy()
    s[L.RETREAT_LEFT] = 12
    s[L.ROLL_FLAGS] = 6
    s[L.BANNERS] = s[L.BANNERS_TO_WIN] + 2
    for side in (0, 1):
        o = observe(s, side)
        assert o.min() >= 0.0 and o.max() <= 1.0
        assert OBS_LAYOUT.view(o, "pending").tolist() == [1.0, 1.0]
        assert OBS_LAYOUT.view(o, "banners")[side] == 1.0
    s[L.RETREAT_LEFT] = 4
    assert OBS_LAYOUT.view(observe(s, 0), "pending")[1] == 0.5  # below the top, scaled
