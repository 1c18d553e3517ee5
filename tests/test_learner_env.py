"""The learner's batched env against single games on the same seeds and actions (every game).

Each row is replayed with the game's Python ``Game``: the same episode seed,
the seat and opponents drawn as documented, every opponent decision taken by
the same jitted agent (``choose_action``, or :class:`agents.PolicyAgent` for a
trained actor), forced learner moves applied, the learner's actions those the
env was given. Observations, masks, rewards and episode ends must be identical.
"""

import numpy as np
import pytest

from agents.policy_agent import PolicyAgent, PolicyNet
from catan_env import hooks
from catan_env.core import policy as P
from catan_env.core.rng import below_at, next32_at, seed_at
from catan_env.vector import LearnerVecEnv, episode_seeds


def random_net(game, hidden=(32, 16), activation="relu", seed=0):
    """A trained-looking actor of ``game`` with random weights."""
    spec = hooks.get(game)
    rng = np.random.default_rng(seed)
    sizes = [spec.rules.OBS_SIZE, *hidden]
    layers = [
        (rng.normal(0, 0.3, (o, i)).astype(np.float32), rng.normal(0, 0.1, o).astype(np.float32))
        for i, o in zip(sizes, sizes[1:], strict=False)
    ]
    head = (
        rng.normal(0, 0.3, (spec.rules.NUM_ACTIONS, sizes[-1])).astype(np.float32),
        rng.normal(0, 0.1, spec.rules.NUM_ACTIONS).astype(np.float32),
    )
    meta = {"format": 1, "variant": game, "activation": activation,
            "obs_size": spec.rules.OBS_SIZE, "num_actions": spec.rules.NUM_ACTIONS}  # fmt: skip
    return PolicyNet(layers, head, meta)


class Replay:
    """One env row replayed with ``Game``: episode by episode, decision by decision."""

    def __init__(self, env, row, opponents, pool):
        self.env, self.row, self.opponents, self.pool = env, row, opponents, pool
        self.spec = env.spec
        self.R = env.rules
        self.episode = -1
        self.next_episode()

    def next_episode(self):
        self.episode += 1
        env, R = self.env, self.R
        g_seed, a_seed, d_seed = episode_seeds(env.base_seed, self.row, self.episode)
        self.game = self.spec.new_game(env.config, g_seed)
        self.rng = np.zeros(R.RNG_WORDS, np.int32)
        R.seed_agents(self.rng, a_seed)
        draw = np.zeros(2, np.int32)
        seed_at(draw, 0, d_seed)
        n = env.num_players
        self.seat = int(below_at(draw, 0, n))
        self.agents = {}
        for p in range(n):
            if p == self.seat:
                continue
            if self.pool is None:
                self.agents[p] = self.opponents[(p - self.seat - 1) % n]
            else:
                specs, cum = self.pool
                k = 0
                if len(specs) > 1:
                    u = next32_at(draw, 0) / 4294967296.0
                    while k < len(specs) - 1 and u >= cum[k]:
                        k += 1
                self.agents[p] = specs[k]
        self.advance()

    def advance(self):
        g, env = self.game, self.env
        legal = np.zeros(self.R.LEGAL_SIZE, np.int32)
        work = np.zeros(self.R.WORK_SIZE, np.int32)
        while not g.done:
            p = g.current_player
            if p != self.seat:
                agent = self.agents[p]
                if isinstance(agent, PolicyAgent):
                    a = agent.act(g)
                else:
                    kind = env.spec.agent_kinds.index(agent)
                    a = env.kernels.choose_action(kind, g.state, g.tables, self.rng, legal, work)
                g.step(int(a))
                continue
            ids = g.legal_actions()
            if env.auto_single and len(ids) == 1:
                g.step(int(ids[0]))
                continue
            return

    def observe(self):
        return self.game.observe(self.seat)

    def mask(self):
        return self.game.action_mask()


def _run(env, opponents, pool, steps, seed=0):
    rng = np.random.default_rng(seed)
    obs = env.reset()
    reps = [Replay(env, i, opponents, pool) for i in range(env.num_envs)]
    ends = 0
    for _ in range(steps):
        masks = env.action_masks()
        for i, r in enumerate(reps):
            assert env.seats[i] == r.seat
            np.testing.assert_array_equal(masks[i], r.mask())
            np.testing.assert_array_equal(obs[i], r.observe())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = env.step(actions)
        for i, r in enumerate(reps):
            g = r.game
            before = env.vp_reward and env.rules.score(g.state, r.seat)
            g.step(int(actions[i]))
            r.advance()
            ended = g.done or (
                env.max_steps and infos[i].get("episode", {}).get("l") == env.max_steps
            )
            assert bool(dones[i]) == bool(ended)
            if dones[i]:
                ends += 1
                np.testing.assert_array_equal(infos[i]["terminal_observation"], r.observe())
                w = -1 if g.winner is None else g.winner
                assert infos[i]["winner"] == w and infos[i]["seat"] == r.seat
                want = 0.0 if w < 0 else (1.0 if w == r.seat else -1.0) * env.win_reward
                assert rewards[i] == pytest.approx(want, abs=1e-6) or env.vp_reward
                r.next_episode()
            elif not env.vp_reward:
                assert rewards[i] == 0.0
            else:
                gained = env.rules.score(g.state, r.seat) - before
                assert rewards[i] == pytest.approx(env.vp_reward * gained)
    return ends


def test_base_against_game_with_a_pool_and_resets():
    """Base, 4 players: a weighted pool (random/heuristic), auto-reset, VP shaping."""
    env = LearnerVecEnv("base", num_envs=3, opponents={"random": 2.0, "heuristic": 1.0}, seed=5,
                        vp_reward=0.1, max_steps=0)  # fmt: skip
    cum = np.cumsum([2.0, 1.0]) / 3.0
    ends = _run(env, None, (["random", "heuristic"], cum), steps=700)
    assert ends >= 1  # an episode ended and the next one started in the same step
    assert env.auto_applied > 0


def test_base_fixed_opponents_with_a_trained_actor_in_the_kernel():
    """A PolicyNet opponent plays inside the kernel as PolicyAgent plays it in Python."""
    net = random_net("base")
    env = LearnerVecEnv("base", num_envs=2, opponents=[net, "random", "heuristic"], seat=None,
                        num_players=4, seed=3)  # fmt: skip
    _run(env, [PolicyAgent(net), "random", "heuristic"], None, steps=150)


@pytest.mark.parametrize(
    "game, options",
    [("cities_and_knights", {"num_players": 3}), ("explorers_and_pirates", {}), ("ancients", {})],
)
def test_other_games_against_game(game, options):
    env = LearnerVecEnv(game, num_envs=2, opponents="heuristic", seed=1, **options)
    _run(env, None, (["heuristic"], np.ones(1)), steps=120)


def test_without_auto_single_the_learner_sees_forced_moves():
    env = LearnerVecEnv("base", num_envs=2, opponents="random", auto_single=False, seed=2)
    _run(env, None, (["random"], np.ones(1)), steps=80)
    assert env.auto_applied == 0


def test_max_steps_truncates_and_the_masks_reach_maskable_ppo():
    env = LearnerVecEnv("base", num_envs=2, opponents="random", max_steps=5, seed=0, seat=1)
    env.reset()
    for _ in range(5):
        a = env.random_actions()
        assert env.action_masks()[np.arange(2), a].all()
        obs, rewards, dones, infos = env.step(a)
    assert dones.all() and all(i["TimeLimit.truncated"] for i in infos)
    assert all(i["episode"]["l"] == 5 for i in infos) and (env.episodes == 1).all()
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    assert is_masking_supported(env)
    np.testing.assert_array_equal(get_action_masks(env), env.action_masks())


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="unknown opponent 'nobody'"):
        LearnerVecEnv("base", num_envs=1, opponents="nobody")
    with pytest.raises(ValueError, match="one spec per other seat"):
        LearnerVecEnv("base", num_envs=1, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be None"):
        LearnerVecEnv("base", num_envs=1, seat=7)
    with pytest.raises(ValueError, match="trained for"):
        LearnerVecEnv("ancients", num_envs=1, opponents=random_net("base"))
    env = LearnerVecEnv("base", num_envs=2, opponents="random")
    env.reset()
    illegal = np.array([int(np.flatnonzero(~m)[0]) for m in env.action_masks()])
    with pytest.raises(ValueError, match="row 0: action .* is not legal"):
        env.step(illegal)


@pytest.mark.parametrize("check", [True, False])
@pytest.mark.parametrize("bad", [-1, "too_big", -(2**40)])
def test_an_action_out_of_range_is_refused_even_unchecked(bad, check):
    """``check_actions=False`` skips the legality check, never the range check: the
    kernel would index its tables with the id (a segfault)."""
    env = LearnerVecEnv("base", num_envs=3, opponents="random", seed=4, check_actions=check)
    env.reset()
    actions = env.random_actions()
    actions[1] = env.num_actions if bad == "too_big" else bad
    states, masks = env.states.copy(), env.action_masks().copy()
    with pytest.raises(ValueError, match=f"row 1: action {actions[1]} is not legal") as err:
        env.step(actions)
    assert "\n" not in str(err.value) and f"0..{env.num_actions - 1}" in str(err.value)
    np.testing.assert_array_equal(env.states, states)
    np.testing.assert_array_equal(env.action_masks(), masks)
    env.step(env.random_actions())  # and the env goes on


@pytest.mark.parametrize("bad", ["unmasked", -1, "too_big"])
def test_an_illegal_action_in_any_row_is_named_and_changes_nothing(bad):
    env = LearnerVecEnv("base", num_envs=3, opponents="random", seed=4)
    env.reset()
    actions = env.random_actions()
    if bad == "unmasked":
        actions[2] = int(np.flatnonzero(~env.action_masks()[2])[0])
    else:
        actions[2] = -1 if bad == -1 else env.num_actions
    states, masks = env.states.copy(), env.action_masks().copy()
    with pytest.raises(ValueError, match=f"row 2: action {actions[2]} is not legal"):
        env.step(actions)
    np.testing.assert_array_equal(env.states, states)
    np.testing.assert_array_equal(env.action_masks(), masks)
    env.step(env.random_actions())  # and the env goes on


def test_trained_actor_in_the_kernel_chooses_as_policy_agent():
    """Same choices on the same observations, for tanh and ReLU and 0-3 hidden layers."""
    spec = hooks.get("base")
    K = spec.kernels
    nets = [random_net("base", h, act, seed=s) for s, (h, act) in
            enumerate([((64, 64), "tanh"), ((32,), "relu"), ((), "relu"), ((16, 16, 16), "tanh")])]  # fmt: skip
    params, meta = P.pack(nets, [True] * len(nets))
    act = np.zeros(P.scratch_size(meta), np.float32)
    obs = np.zeros(spec.rules.OBS_SIZE, np.float32)
    legal = np.zeros(spec.rules.LEGAL_SIZE, np.int32)
    work = np.zeros(spec.rules.WORK_SIZE, np.int32)
    rng = np.zeros(spec.rules.RNG_WORDS, np.int32)
    agents = [PolicyAgent(n) for n in nets]
    g = spec.new_game(spec.configure(), 11)
    play = np.random.default_rng(0)
    checked = 0
    while not g.done and checked < 400:
        for k, agent in enumerate(agents):
            got = K.choose_action_with(P.POLICY_KIND + k, g.state, g.tables, rng, legal, work,
                                       params, meta, obs, act)  # fmt: skip
            assert got == agent.act(g), (k, checked)
        checked += 1
        g.step(int(play.choice(g.legal_actions())))
    assert checked == 400


def test_play_games_with_actors_and_sampling():
    """Seats of trained actors in self-play; with no actor seated, play_games' games."""
    spec = hooks.get("base")
    K = spec.kernels
    tb, cfg, tmpl = spec.batch.kernel_inputs(spec.configure())
    seeds = np.arange(4, dtype=np.int64)

    def play(kernel, kinds, *table):
        out = (np.zeros(4, np.int64), np.zeros(4, np.int64), np.zeros(4, np.int64),
               np.zeros((4, 4), np.int64), np.zeros((4, 1), np.int64))  # fmt: skip
        kernel(tb, cfg, tmpl, seeds, np.array(kinds, np.int64), 7, *table, *out)
        return out

    params, meta = P.pack([random_net("base"), random_net("base", seed=1)], [True, False])
    size = P.scratch_size(meta)
    plain = play(K.play_games, [0, 2, 0, 2])
    same = play(K.play_games_with, [0, 2, 0, 2], params, meta, size, 0)
    for a, b in zip(plain, same, strict=True):
        np.testing.assert_array_equal(a, b)
    mixed = play(K.play_games_with, [P.POLICY_KIND, P.POLICY_KIND + 1, 0, 2], params, meta, size, 0)
    assert (mixed[0] >= 0).all()  # every game was played to its end, with a winner
    cut = play(K.play_games_with, [P.POLICY_KIND, P.POLICY_KIND + 1, 0, 2], params, meta, size, 50)
    assert (cut[0] == -1).all() and (cut[2] == 50).all()  # stopped at the bound, unfinished


@pytest.mark.parametrize("game", ["base", "ancients"])
def test_get_images_draws_each_row_as_its_game_does(game):
    env = LearnerVecEnv(game, num_envs=2, seed=3)
    env.reset()
    images = env.get_images()
    assert len(images) == 2
    for i, img in enumerate(images):
        one = env.spec.new_game(env.config, 0)
        one.state[:] = env.states[i]
        assert img.ndim == 3 and img.shape[2] == 3 and img.std() > 0
        assert np.array_equal(img, one.render("rgb_array"))


def test_returned_observations_are_the_callers():
    # The kernel writes each step's observations into a new array: what an earlier
    # step or reset returned is never overwritten (SB3 keeps the last one while it
    # steps); copy_obs=False hands out the one buffer, rewritten in place.
    env = LearnerVecEnv("base", num_envs=4, opponents="random", seed=2)
    first = env.reset()
    kept = first.copy()
    second = env.step(env.random_actions())[0]
    assert second is not first
    np.testing.assert_array_equal(first, kept)
    assert not np.array_equal(second, kept)
    shared = LearnerVecEnv("base", num_envs=4, opponents="random", seed=2, copy_obs=False)
    a = shared.reset()
    np.testing.assert_array_equal(a, kept)  # the same games
    b = shared.step(shared.random_actions())[0]
    assert b is a
