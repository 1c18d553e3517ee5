"""Positions labelled with who won, for training a value (:mod:`agents.value_net`).

A value sees a position through one seat's observation and predicts each
seat's chance of winning, in the observation's seat order (the observer
first). Training data are therefore *(state, observer, winner)* triples: the
state array of a position from a finished game, any seat as observer (the
search asks the value from its own seat whoever is to move), and the game's
winner, later written relative to the observer.

:func:`jitted_games` plays whole games with the game's jitted agents (the
heuristic, by default) inside numba and keeps a sample of each game's
positions; :class:`Positions` holds them and turns them into observations
batch by batch (:meth:`Positions.batch`), so a large buffer stays a few KB a
position instead of the observation's size times the seats.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Positions:
    """States of finished games, with the winner of the game each came from.

    Attributes:
        states: ``(n, STATE_SIZE)`` int32 state arrays.
        winners: ``(n,)`` the winning seat, or -1 for a game that ended without one.
        seats: ``(n,)`` how many seats the game had.
        round: ``(n,)`` the training round that made each position (for the replay window).
    """

    states: np.ndarray
    winners: np.ndarray
    seats: np.ndarray
    round: np.ndarray

    @classmethod
    def empty(cls, state_size: int) -> Positions:
        return cls(
            np.zeros((0, state_size), np.int32),
            np.zeros(0, np.int32),
            np.zeros(0, np.int8),
            np.zeros(0, np.int32),
        )

    def __len__(self) -> int:
        return len(self.winners)

    def extend(self, other: Positions) -> Positions:
        return Positions(
            np.concatenate([self.states, other.states]),
            np.concatenate([self.winners, other.winners]),
            np.concatenate([self.seats, other.seats]),
            np.concatenate([self.round, other.round]),
        )

    def where(self, keep: np.ndarray) -> Positions:
        """The positions where ``keep`` is true (a replay window)."""
        return Positions(self.states[keep], self.winners[keep], self.seats[keep], self.round[keep])

    def save(self, path) -> None:
        np.savez_compressed(
            path, states=self.states, winners=self.winners, seats=self.seats, round=self.round
        )

    @classmethod
    def load(cls, path) -> Positions:
        with np.load(path, allow_pickle=False) as f:
            return cls(f["states"], f["winners"], f["seats"], f["round"])

    def batch(self, spec, tables, rows: np.ndarray, observers: np.ndarray):
        """Observations of ``states[rows]`` by seat ``observers`` and their targets.

        Returns:
            ``(obs, target)``: float32 ``(len(rows), OBS_SIZE)``, and the winner's
            place after the observer (0: the observer won), or -1 where nobody won.
        """
        obs = np.zeros((len(rows), spec.obs_size), np.float32)
        spec.observe_many(
            np.ascontiguousarray(self.states[rows]), tables, observers.astype(np.int32), obs
        )
        w = self.winners[rows]
        n = self.seats[rows].astype(np.int32)
        target = np.where(w >= 0, (w - observers) % np.maximum(n, 1), -1)
        return obs, target.astype(np.int64)


def jitted_games(spec, configs, seeds, kinds, keep: int, rng: np.random.Generator,
                 agent_seed: int = 0, round_: int = 0) -> tuple[Positions, dict]:  # fmt: skip
    """Play one game per seed with jitted agents and keep ``keep`` positions of each.

    Args:
        spec: the game's spec (``catan_env.hooks.get(name)``).
        configs: one ``GameConfig`` per game (board families differ between games).
        seeds: one game seed per game.
        kinds: the jitted agent kind of each seat (``spec.agent_kinds`` names them).
        keep: positions sampled uniformly (without replacement) from each game.
        rng: draws the sample.

    Returns:
        ``(positions, stats)``: stats has ``games``, ``decisions``, ``wins`` per seat
        and ``no_winner``.
    """
    rules = spec.rules
    kinds = np.asarray(kinds, np.int32)
    legal = np.zeros(rules.LEGAL_SIZE, np.int32)
    scratch = np.zeros(max(1, rules.SCRATCH_SIZE), np.int32)
    work = np.zeros(max(1, rules.WORK_SIZE), np.int32)
    agents_rng = np.zeros(rules.RNG_WORDS, np.int32)
    cap = 4096
    states = np.zeros((cap, spec.state_size), np.int32)
    masks = np.zeros((cap, spec.num_actions), np.bool_)
    seats_out = np.zeros(cap, np.int32)
    actions = np.zeros(cap, np.int32)
    kept_states, kept_winners, kept_seats = [], [], []
    decisions = 0
    wins = np.zeros(4, np.int64)
    no_winner = 0
    for config, seed in zip(configs, seeds, strict=True):
        game = spec.new_game(config, int(seed))
        state = game.state.copy()
        tables = spec.tables(config)
        rules.seed_agents(agents_rng, int(seed) ^ agent_seed)
        chunks = []
        while True:  # a chunk of rows at a time: a game's length is not known in advance
            rows = spec.record_decisions(state, tables, kinds, agents_rng, legal, scratch, work,
                                         states, masks, seats_out, actions, 0, cap)  # fmt: skip
            chunks.append(states[:rows].copy())
            if rules.is_over(state) or rows < cap or len(chunks) * cap >= rules.MAX_DECISIONS:
                break
        played = np.concatenate(chunks)
        rows = len(played)
        decisions += rows
        winner = int(rules.winner(state))
        if winner >= 0:
            wins[winner] += 1
        else:
            no_winner += 1
        pick = rng.choice(rows, size=min(keep, rows), replace=False)
        kept_states.append(played[np.sort(pick)])
        kept_winners.append(np.full(len(pick), winner, np.int32))
        kept_seats.append(np.full(len(pick), config.num_players, np.int8))
    positions = Positions(
        np.concatenate(kept_states),
        np.concatenate(kept_winners),
        np.concatenate(kept_seats),
        np.full(sum(len(w) for w in kept_winners), round_, np.int32),
    )
    stats = {"games": len(seeds), "decisions": decisions, "wins": wins.tolist(),
             "no_winner": no_winner}  # fmt: skip
    return positions, stats
