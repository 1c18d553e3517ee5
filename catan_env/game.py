"""``Game``: a thin Python façade over one state array, for scripting and tests.

Example:
    >>> from catan_env import Game
    >>> g = Game(num_players=4, seed=0)
    >>> g.current_player, g.phase
    (1, 'setup_settlement')
    >>> g.step(g.legal_actions()[0])        # an action id ...
    >>> g.step("build_road(e3)")            # ... or its name  # doctest: +SKIP

Every rule lives in the jitted engine; this class validates input, keeps the
action record and translates names.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np

from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import NUM_DEV_TYPES, VICTORY_POINT
from catan_env.games.catan.common.phases import GAME_OVER

from .config import GameConfig
from .explain import IllegalActionError
from .snapshot import state_from_dict, state_to_dict
from .variants import Variant, get_variant


class WrongPlayerError(IllegalActionError):
    """An action submitted on behalf of a seat that is not the one to decide."""


class Game:
    """One game of Catan held in a flat int32 state array.

    Args:
        variant: the rule set: ``"base"``, ``"cities_and_knights"`` or
            ``"explorers_and_pirates"`` (with ``scenario="land_ho"``).
        num_players: 3 or 4 (2 for the optional two-player base game).
        seed: fixes the whole game (board, dice, deck, steals). ``None`` draws
            a seed, which is kept in :attr:`seed` so the game can be replayed.
        **options: rule options of :class:`~catan_env.config.GameConfig`.

    Raises:
        ConfigError: an unknown option or a bad value.
    """

    def __init__(
        self, variant: str = "base", num_players: int = 4, seed: int | None = None, **options: Any
    ):
        self.config = GameConfig.make(variant=variant, num_players=num_players, **options)
        if seed is None:
            seed = secrets.randbits(63)
        if (
            isinstance(seed, bool)
            or not isinstance(seed, int | np.integer)
            or not (0 <= int(seed) < 2**63)
        ):
            raise ValueError(f"seed must be an integer in [0, 2**63), got {seed!r}")
        self.seed: int | None = int(seed)
        self.variant: Variant = get_variant(self.config.variant)
        self.tables = self.variant.tables(self.config)
        self.state = np.zeros(self.variant.state_size, L.STATE_DTYPE)
        self.variant.reset(
            self.state,
            self.tables,
            self.seed,
            self.config.config_vector(),
            self.config.board_template(),
        )
        self._init()

    def _init(self):
        self.actions: list[int] = []
        self._mask = np.zeros(self.variant.num_actions, np.bool_)
        self._scratch = np.zeros(self.variant.num_actions, np.int32)
        self._scratch2 = np.zeros(self.variant.num_actions, np.int32)
        self._mask_valid = False

    # --- construction from data -----------------------------------------------

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """A game in the exact position of a :meth:`to_dict` snapshot.

        Raises:
            SnapshotError: missing fields, wrong types, impossible counts.
        """
        state, config = state_from_dict(data)
        return cls._from_state(state, config)

    @classmethod
    def _from_state(cls, state: np.ndarray, config: GameConfig, seed: int | None = None) -> Game:
        g = cls.__new__(cls)
        g.config = config
        g.seed = seed
        g.variant = get_variant(config.variant)
        g.tables = g.variant.tables(config)
        g.state = state
        g._init()
        return g

    @classmethod
    def from_record(cls, record: dict) -> Game:
        """Replay a game record (see :meth:`record`) and return the final game.

        The replay is checked against the record's board and result
        (:func:`catan_env.replay.replay`).

        Raises:
            RecordError: the record is malformed or one of its actions is illegal
                (a ``ValueError``; :class:`~catan_env.replay.RecordVersionError`
                for another engine version, ``ReplayMismatchError`` for another end).
        """
        from .replay import replay

        return replay(record)

    def to_dict(self) -> dict:
        """A complete, readable, JSON-able snapshot of the position."""
        return state_to_dict(self.state, self.config.variant)

    def record(self, agents=None, **meta) -> dict:
        """The seed, options and actions that replay this game, with its board and
        result (JSON-able; the format is described in :mod:`catan_env.replay`).

        Args:
            agents: the name of each seat's agent, kept for the reader.
            **meta: more JSON-able facts to keep under ``"meta"``.
        """
        from .replay import make_record

        return make_record(self, agents, **meta)

    def copy(self) -> Game:
        """An independent copy (state and record)."""
        g = Game._from_state(self.state.copy(), self.config, self.seed)
        g.actions = list(self.actions)
        return g

    # --- queries ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.config.num_players

    @property
    def action_names(self) -> tuple[str, ...]:
        """The readable name of every action id."""
        return self.variant.actions.names

    @property
    def num_actions(self) -> int:
        return self.variant.num_actions

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (None once the game is over)."""
        p = int(self.state[L.CURRENT_PLAYER])
        return None if self.done else p

    @property
    def active_player(self) -> int:
        """The seat whose turn it is."""
        return int(self.state[L.ACTIVE_PLAYER])

    @property
    def phase(self) -> str:
        return self.variant.phase_names[int(self.state[L.PHASE])]

    @property
    def done(self) -> bool:
        return int(self.state[L.PHASE]) == GAME_OVER

    @property
    def winner(self) -> int | None:
        w = int(self.state[L.WINNER])
        return None if w < 0 else w

    @property
    def truncated(self) -> bool:
        return bool(self.state[L.TRUNCATED])

    @property
    def turn(self) -> int:
        return int(self.state[L.TURN])

    @property
    def dice(self) -> tuple[int, int]:
        return int(self.state[L.DICE]), int(self.state[L.DICE + 1])

    def public_vp(self, player: int) -> int:
        return int(self.state[L.PUBLIC_VP + self._seat(player)])

    def total_vp(self, player: int) -> int:
        """Public VP plus hidden Victory Point cards."""
        p = self._seat(player)
        return int(
            self.state[L.PUBLIC_VP + p] + self.state[L.DEV_HAND + p * NUM_DEV_TYPES + VICTORY_POINT]
        )

    def field(self, name: str) -> np.ndarray:
        """A named field of the state (read-only view), e.g. ``game.field("hand")``."""
        if name not in self.variant.layout.fields:
            raise KeyError(f"no field {name!r} in a {self.variant.name} state")
        view = self.variant.layout.view(self.state, name)
        view = view.view()
        view.setflags(write=False)
        return view

    def action_mask(self) -> np.ndarray:
        """Boolean mask over all action ids for :attr:`current_player`."""
        return self._legal().copy()

    def legal_actions(self) -> np.ndarray:
        """Ids of the legal actions, ascending."""
        return np.flatnonzero(self._legal())

    def legal_action_names(self) -> list[str]:
        return [self.variant.actions.names[a] for a in self.legal_actions()]

    def is_legal(self, action: int | str) -> bool:
        return bool(self._legal()[self.variant.actions.action_id(action)])

    def observe(self, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """Seat ``player``'s observation vector (see :mod:`catan_env.games.catan.base.observe`)."""
        p = self._seat(player)
        if out is None:
            out = np.empty(self.variant.obs_size, np.float32)
        self.variant.observe_into(self.state, self.tables, p, out)
        return out

    def _legal(self) -> np.ndarray:
        if not self._mask_valid:
            self.variant.legal_mask(self.state, self.tables, self._mask)
            self._mask_valid = True
        return self._mask

    def _seat(self, player) -> int:
        if isinstance(player, bool) or not isinstance(player, int | np.integer):
            raise TypeError(f"a seat must be an integer, got {player!r}")
        if not 0 <= int(player) < self.num_players:
            raise ValueError(f"seat {player} does not exist (seats 0..{self.num_players - 1})")
        return int(player)

    # --- acting -----------------------------------------------------------------

    def step(self, action: int | str, player: int | None = None) -> None:
        """Apply the current player's action (an id or a readable name).

        Args:
            action: action id or name, e.g. ``"build_road(e5)"``.
            player: if given, the seat submitting the action; it must be the
                current player.

        Raises:
            IllegalActionError: the action is not legal now (the message says why).
            WrongPlayerError: ``player`` is not the seat that must decide.
            TypeError, ValueError: not an action id or name.
        The state is unchanged whenever an exception is raised.
        """
        table = self.variant.actions
        if type(action) is int and 0 <= action < table.size:
            a = action  # the common case, validated without the general parser
        else:
            a = table.action_id(action)
        if player is not None:
            p = self._seat(player)
            if self.done:
                raise WrongPlayerError(f"seat {p} cannot act: the game is over")
            if p != self.state[L.CURRENT_PLAYER]:
                raise WrongPlayerError(
                    f"seat {p} submitted '{table.names[a]}' but seat "
                    f"{int(self.state[L.CURRENT_PLAYER])} must decide now ({self.phase})"
                )
        mask = self._legal()
        if not mask[a]:
            raise IllegalActionError(self.variant.explain(self.state, a, mask))
        self.variant.step(self.state, self.tables, a, self._scratch)
        self._mask_valid = False
        self.actions.append(a)

    def chance_outcomes(self, action: int | str) -> list:
        """Every distinct outcome of ``action`` with its exact probability.

        The explicit chance node search needs (dice, the event die, steals,
        cards drawn): a list of :class:`~catan_env.chance.ChanceOutcome`
        (``probability``, the successor ``game``, a ``label``), most likely
        first, probabilities summing to 1; one outcome for an action without
        randomness. This game is not changed.

        Raises:
            IllegalActionError: the action is not legal now.
        """
        from .chance import chance_outcomes

        return chance_outcomes(self, action)

    def play_jitted_until(self, seat: int, kinds, rng: np.ndarray) -> int:
        """Let jitted agents play every decision until ``seat`` must act.

        The opponents' side of a single-agent environment, with no Python per
        decision. Their actions are recorded as if stepped one by one.

        Args:
            seat: the seat to stop at (the game may also end first).
            kinds: jitted agent kind per seat (``agent.kernel_kind``), length
                ``num_players``; ``kinds[seat]`` is never used.
            rng: two int32 words, the agents' generator, kept between calls.

        Returns:
            The number of decisions played.
        """
        seat = self._seat(seat)
        from catan_env.games.catan.base.agents import KIND_NAMES

        # Everything is checked here: the kernel trusts kinds and rng as they are.
        kinds = np.asarray(kinds)
        if kinds.shape != (self.num_players,) or kinds.dtype.kind not in "iu":
            raise ValueError(
                f"kinds needs one entry per seat ({self.num_players}), integers, got {kinds!r}"
            )
        if kinds.min() < 0 or kinds.max() >= len(KIND_NAMES):
            raise ValueError(
                f"unknown jitted agent kind in {kinds}; kinds are 0..{len(KIND_NAMES) - 1}"
            )
        kinds = kinds.astype(np.int64)
        from .simulate import check_kinds

        check_kinds(self.variant, np.delete(kinds, seat))
        if not isinstance(rng, np.ndarray) or rng.dtype != np.int32 or rng.shape != (2,):
            raise ValueError("rng must be an int32 array of two words")
        buf = np.empty(1024, np.int32)
        total = 0
        while not self.done and self.current_player != seat:
            n = self.variant.play_until_seat(
                self.state, self.tables, kinds, rng, seat, self._scratch2, self._scratch, buf
            )
            self.actions.extend(buf[:n].tolist())
            self._mask_valid = False
            total += n
        return total

    def render(self, mode: str = "ansi") -> str | np.ndarray:
        """The text board (``"ansi"``) or the picture as a ``uint8`` RGB array
        (``"rgb_array"``, ``(660, 1000, 3)``): :mod:`catan_env.render`."""
        from .render import render_ansi, render_game, render_rgb

        return render_game(self, mode, render_ansi, render_rgb)

    def __repr__(self) -> str:
        status = (
            f"winner={self.winner}"
            if self.winner is not None
            else ("truncated" if self.truncated else f"current_player={self.current_player}")
        )
        return (
            f"Game(variant={self.config.variant!r}, num_players={self.num_players}, "
            f"turn={self.turn}, phase={self.phase!r}, {status})"
        )
