"""The Ancients PettingZoo AEC env, the Game façade's errors, the simulator."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import catan_env.games.ancients as ancients
from catan_env.games.ancients import Game, SnapshotError, WrongSideError
from catan_env.games.ancients.explain import IllegalActionError
from catan_env.games.ancients.phases import A_DONE


def test_api_test():
    """CCA §7: the AEC env passes PettingZoo's api_test; agents are named after the sides."""
    env = ancients.env(scenario="akragas")
    api_test(env, num_cycles=500)
    assert env.possible_agents == ["syracusan", "carthaginian"]


def test_seed_test():
    """CCA §3.1: the same seed gives the same game through the env."""
    seed_test(lambda: ancients.env(scenario="akragas"), num_cycles=500)


def test_env_plays_to_a_winner_with_rewards():
    """CCA §3.2: a game played through the env ends with +1 for the winner and -1 for the loser."""
    env = ancients.env(scenario="akragas", render_mode="ansi")
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        choice = [a for a in legal if a != A_DONE] or list(legal)
        env.step(int(rng.choice(choice)))
    assert sorted(total.values()) == [-1.0, 1.0]
    assert "syracusan" in env.unwrapped.render()


def test_wrong_side_and_bad_action_errors_leave_state_unchanged():
    """CCA §7: an illegal action, an unknown name or a wrong side raises a clear error and changes nothing."""
    g = Game("akragas", seed=1)
    before = g.state.copy()
    with pytest.raises(WrongSideError, match="syracusan must decide"):
        g.step(g.legal_actions()[0], side=1)
    with pytest.raises(ValueError, match="unknown action name"):
        g.step("charge!")
    with pytest.raises(ValueError, match="out of range"):
        g.step(10_000)
    with pytest.raises(TypeError, match="integer id or a name"):
        g.step(3.0)  # not an id, though int(3.0) is one
    with pytest.raises(ValueError, match="play names look like play\\(order_two_units_left\\)"):
        g.step("play Rally")  # the names before they took Catan's form
    with pytest.raises(IllegalActionError, match="done"):
        g.step("done")
    assert (g.state == before).all()


def test_from_dict_names_the_bad_field():
    """CCA §7: a malformed snapshot raises an error naming the field."""
    d = Game("akragas", seed=1).to_dict()
    d["state"]["unit_blocks"][0] = 9
    with pytest.raises(SnapshotError, match="unit_blocks"):
        Game.from_dict(d)
    d = Game("akragas", seed=1).to_dict()
    del d["state"]["hand"]
    with pytest.raises(SnapshotError, match="state.hand"):
        Game.from_dict(d)
    d = Game("akragas", seed=1).to_dict()
    d["state"]["hand"][0][0] += 1
    with pytest.raises(SnapshotError, match="deck"):
        Game.from_dict(d)


def _agents(*names):
    from catan_env.games.ancients.batch import make_agent

    return [make_agent(n) for n in names]


def test_simulate_heuristic_beats_random():
    """CCA §3.2: the jitted heuristic beats the random agent on Akragas in the batched simulator."""
    from catan_env.games.ancients.options import configure
    from catan_env.simulate import simulate

    config = configure("akragas")
    r = simulate(100, _agents("heuristic", "random"), config, seed=1, progress=False)
    assert r.games == 100 and r.truncated == 0
    assert r.wins[0] >= 90
    r2 = simulate(50, _agents("random", "heuristic"), config, seed=2, progress=False)
    assert r2.wins[1] >= 45


def test_cli_simulate_ancients(capsys):
    """CCA §3.2: ``catan-env simulate --game ancients`` plays Akragas to winners and reports; a bad option is one error line."""
    from catan_env.cli import main

    assert (
        main(
            ["simulate", "--game", "ancients", "--agents", "heuristic,random", "-n", "20", "--json"]
        )
        == 0
    )
    out = capsys.readouterr().out
    import json

    r = json.loads(out)
    assert r["games"] == 20 and sum(r["wins"]) == 20 and r["sides"] == ["syracusan", "carthaginian"]
    assert main(["simulate", "--game", "ancients", "-n", "2", "-o", "nope=1"]) == 2
    assert "unknown ancients option" in capsys.readouterr().err


def test_tournament_ancients(capsys):
    """CCA §3.2: ``catan-env tournament --game ancients`` plays every pairing from both sides; the heuristic beats random."""
    import json

    from catan_env.cli import main

    assert (
        main(
            [
                "tournament",
                "--game",
                "ancients",
                "--agents",
                "heuristic,random",
                "-n",
                "40",
                "--json",
            ]
        )
        == 0
    )
    r = json.loads(capsys.readouterr().out)
    by = {a["name"]: a for a in r["agents"]}
    assert by["heuristic"]["games"] == 40 and by["heuristic"]["side_games"] == [20, 20]
    assert by["heuristic"]["win_rate"] > 0.8
    assert main(["tournament", "--game", "ancients", "--agents", "random", "-n", "4"]) == 2
