"""One game of Command & Colors: Ancients as a Python object.

Every rule lives in the jitted engine (:mod:`catan_env.games.ancients`); this
class checks input, keeps the record and translates. Sides are 0 = the bottom
army and 1 = the top army; ``side_names`` gives their scenario names. Sides are
the shared layers' seats: ``current_player``, ``config``, ``variant`` (the spec),
``tables``, ``observe`` and ``play_jitted_until`` are what the AEC env, the
records and the batch layers use of any game's ``Game``
(:class:`~catan_env.core.spec.GameLike`).

    >>> from catan_env.games.ancients import Game
    >>> g = Game("akragas", seed=1)
    >>> g.step(g.legal_action_names()[0])
"""

from __future__ import annotations

import numpy as np

from catan_env.core import registry
from catan_env.explain import IllegalActionError

from . import layout as L
from .actions import ACTION_NAMES, action_id
from .agents import AGENT_NAMES
from .board import NUM_HEXES, hex_label
from .explain import explain
from .observe import OBS_SIZE, observe
from .options import GAME_NAME, AncientsConfig
from .phases import NUM_ACTIONS, PH_OVER, PHASE_NAMES
from .scenario import Scenario, ScenarioError, load_scenario
from .setup import check_options, new_state
from .step import legal_mask, step
from .units import CARD_NAMES, NUM_CARD_TYPES, UNIT_BLOCKS, UNIT_CODES

_NO_TABLES = np.zeros(1, np.int32)  # Ancients has no static tables


class WrongSideError(IllegalActionError):
    """An action given for a side that is not the one to decide."""


class SnapshotError(ValueError):
    """A game dict (``from_dict``) or record that is malformed; names the field."""


class Game:
    """A game of a scenario (``"akragas"``, a path, or a :class:`Scenario`).

    Args:
        scenario: the battle.
        seed: fixes the deal, the dice and every draw.
        **options: rule options (:data:`~catan_env.games.ancients.setup.DEFAULT_OPTIONS`).
    """

    #: The static tables the kernels take (none: one unused word).
    tables = _NO_TABLES

    def __init__(self, scenario: str | Scenario = "akragas", seed: int = 0, **options):
        scenario = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed must be an integer >= 0, got {seed!r}")
        self.config = AncientsConfig(scenario, check_options(options))
        self.seed = seed
        self.state = new_state(scenario, seed, self.options)
        self.actions: list[int] = []
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        self._mask_valid = False

    # ------------------------------------------------------------- reading
    @property
    def scenario(self) -> Scenario:
        return self.config.scenario

    @property
    def options(self) -> dict:
        """The full rule options."""
        return self.config.options

    @property
    def variant(self):
        """The game's :class:`~catan_env.core.spec.GameSpec`."""
        return registry.get(GAME_NAME)

    @property
    def side_names(self) -> tuple[str, str]:
        return self.scenario.side_names

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def action_names(self) -> tuple[str, ...]:
        return ACTION_NAMES

    @property
    def current_side(self) -> int | None:
        """The side that must decide now (None when the game is over)."""
        return None if self.done else int(self.state[L.CURRENT])

    @property
    def current_player(self) -> int | None:
        """:attr:`current_side`, under the name every game's ``Game`` has."""
        return self.current_side

    @property
    def active_side(self) -> int:
        return int(self.state[L.ACTIVE])

    @property
    def phase(self) -> str:
        return PHASE_NAMES[int(self.state[L.PHASE])]

    @property
    def done(self) -> bool:
        return int(self.state[L.PHASE]) == PH_OVER

    @property
    def winner(self) -> int | None:
        w = int(self.state[L.WINNER])
        return w - 1 if w else None

    @property
    def truncated(self) -> bool:
        return self.done and self.winner is None

    @property
    def turn(self) -> int:
        return int(self.state[L.TURN])

    @property
    def banners(self) -> tuple[int, int]:
        return int(self.state[L.BANNERS]), int(self.state[L.BANNERS + 1])

    def hand(self, side: int) -> dict[str, int]:
        h = self.state[L.HAND + side * NUM_CARD_TYPES : L.HAND + (side + 1) * NUM_CARD_TYPES]
        return {CARD_NAMES[c]: int(n) for c, n in enumerate(h) if n}

    def units(self) -> list[dict]:
        """The units on the board: side, type code, hex label, blocks, leader."""
        s = self.state
        out = []
        for h in range(NUM_HEXES):
            t = int(s[L.UNIT_TYPE + h]) - 1
            if t >= 0:
                out.append(
                    {
                        "side": int(s[L.UNIT_SIDE + h]),
                        "type": UNIT_CODES[t],
                        "hex": hex_label(h),
                        "blocks": int(s[L.UNIT_BLOCKS + h]),
                        "leader": bool(s[L.LEADER + h]),
                    }
                )
        return out

    def leaders(self) -> list[dict]:
        s = self.state
        return [
            {
                "side": int(s[L.LEADER_SIDE + h]),
                "name": self.scenario.leaders[int(s[L.LEADER + h]) - 1][1],
                "hex": hex_label(h),
                "attached": bool(s[L.UNIT_TYPE + h]),
            }
            for h in range(NUM_HEXES)
            if s[L.LEADER + h]
        ]

    def field(self, name: str) -> np.ndarray:
        """A named field of the state (a copy)."""
        return L.LAYOUT.view(self.state, name).copy()

    def observe(self, side: int, out: np.ndarray | None = None) -> np.ndarray:
        """Side ``side``'s observation vector (:mod:`catan_env.games.ancients.observe`)."""
        if side not in (0, 1):
            raise ValueError(f"side must be 0 (bottom) or 1 (top), got {side!r}")
        return observe(self.state, side, np.empty(OBS_SIZE, np.float32) if out is None else out)

    # ------------------------------------------------------------- actions
    def action_mask(self) -> np.ndarray:
        """Boolean mask over all action ids for the side that must decide (as
        Catan's ``Game``: ``~mask`` names the forbidden ids)."""
        if not self._mask_valid:
            legal_mask(self.state, self._mask)
            self._mask_valid = True
        return self._mask.astype(np.bool_)

    def legal_actions(self) -> np.ndarray:
        return np.flatnonzero(self.action_mask())

    def legal_action_names(self) -> list[str]:
        return [ACTION_NAMES[a] for a in self.legal_actions()]

    def is_legal(self, action: int | str) -> bool:
        try:
            return bool(self.action_mask()[action_id(action)])
        except (TypeError, ValueError):
            return False

    def step(self, action: int | str, side: int | None = None) -> None:
        """Apply an action of the side that must decide; a bad one raises and
        changes nothing."""
        if self.done:
            raise IllegalActionError("the game is over")
        a = action_id(action)
        if side is not None and side != self.current_side:
            raise WrongSideError(
                f"the {self.side_names[self.current_side]} must decide now ({self.phase}), "
                f"not side {side}"
            )
        mask = self.action_mask()
        if not mask[a]:
            raise IllegalActionError(explain(self.state, a, mask, self.side_names))
        step(self.state, a)
        self._mask_valid = False
        self.actions.append(a)

    def force_dice(self, faces) -> None:
        """Queue die faces (0 light .. 5 swords, or names) that the next dice
        will show: for tests and what-if analysis."""
        from .units import FACE_NAMES

        faces = [FACE_NAMES.index(f) if isinstance(f, str) else int(f) for f in faces]
        if len(faces) > L.MAX_FORCED or any(not 0 <= f < 6 for f in faces):
            raise ValueError(f"at most {L.MAX_FORCED} faces in 0..5")
        s = self.state
        s[L.FORCED : L.FORCED + len(faces)] = faces
        s[L.FORCED_N] = len(faces)
        s[L.FORCED_POS] = 0

    def play_jitted_until(self, side: int, kinds, rng: np.ndarray) -> int:
        """Let jitted agents play every decision until ``side`` must act.

        The opponent's half of a single-agent environment, and how a record of a
        kernel game is kept (:func:`catan_env.replay.record_jitted_game`); the
        actions are recorded as if stepped one by one. Stops early, like the
        batch kernels, after the rules' ``MAX_DECISIONS`` decisions of a game.

        Args:
            side: the side to stop at (the game may also end first).
            kinds: the jitted agent kind of each side (:data:`AGENT_NAMES` order).
            rng: the agents' generator words (``RNG_WORDS`` int32), kept between calls.

        Returns:
            The number of decisions played.
        """
        from catan_env._generated import ancients_kernels as K

        from . import rules as R

        if side not in (0, 1):
            raise ValueError(f"side must be 0 (bottom) or 1 (top), got {side!r}")
        kinds = np.asarray(kinds)
        if kinds.shape != (2,) or kinds.dtype.kind not in "iu":
            raise ValueError(f"kinds needs one integer per side (2), got {kinds!r}")
        if kinds.min() < 0 or kinds.max() >= len(AGENT_NAMES):
            raise ValueError(f"unknown jitted agent kind in {kinds}; kinds are {AGENT_NAMES}")
        if not isinstance(rng, np.ndarray) or rng.dtype != np.int32 or rng.shape != (R.RNG_WORDS,):
            raise ValueError(f"rng must be an int32 array of {R.RNG_WORDS} words")
        kinds = kinds.astype(np.int64)
        legal = np.zeros(R.LEGAL_SIZE, np.int32)
        scratch = np.zeros(R.SCRATCH_SIZE, np.int32)
        buf = np.empty(1024, np.int32)
        total = 0
        while not self.done and self.current_side != side:
            room = min(len(buf), R.MAX_DECISIONS - len(self.actions))
            if room <= 0:
                break
            n = K.play_until_seat(self.state, self.tables, kinds, rng, side, legal, scratch,
                                  buf[:room])  # fmt: skip
            self.actions.extend(buf[:n].tolist())
            self._mask_valid = False
            total += n
        return total

    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.config, g.seed = self.config, self.seed
        g.state = self.state.copy()
        g.actions = list(self.actions)
        g._mask = np.zeros(NUM_ACTIONS, np.int8)
        g._mask_valid = False
        return g

    # ------------------------------------------------------------- saving
    def to_dict(self) -> dict:
        """A JSON-ready snapshot: scenario, options, seed, actions and the state
        by field name."""
        return {
            "game": GAME_NAME,
            "scenario": self.scenario.source,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": list(map(int, self.actions)),
            "state": {name: L.LAYOUT.view(self.state, name).tolist() for name in L.LAYOUT.fields},
        }

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """The game of :meth:`to_dict`; a malformed dict raises :class:`SnapshotError`."""
        if not isinstance(data, dict):
            raise SnapshotError("a game snapshot is a dict")
        if data.get("game") != GAME_NAME:
            raise SnapshotError(f"game: expected {GAME_NAME!r}, got {data.get('game')!r}")
        try:
            g = cls(Scenario.from_dict(data.get("scenario")), **dict(data.get("options", {})))
        except ScenarioError as e:
            raise SnapshotError(f"scenario.{e}") from None
        except (TypeError, ValueError) as e:
            raise SnapshotError(f"options: {e}") from None
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or seed < 0:
            raise SnapshotError(f"seed: must be an integer >= 0, got {seed!r}")
        g.seed = seed
        fields = data.get("state")
        if not isinstance(fields, dict):
            raise SnapshotError("state: missing or not a dict of fields")
        extra = set(fields) - set(L.LAYOUT.fields)
        if extra:
            raise SnapshotError(f"state: unknown field {sorted(extra)[0]!r}")
        s = L.LAYOUT.new_state()
        for name, f in L.LAYOUT.fields.items():
            if name not in fields:
                raise SnapshotError(f"state.{name}: missing")
            try:
                arr = np.asarray(fields[name], dtype=np.int64)
            except (TypeError, ValueError):
                raise SnapshotError(f"state.{name}: not integers") from None
            if arr.shape != f.shape:
                raise SnapshotError(f"state.{name}: shape {arr.shape}, expected {f.shape}")
            if np.abs(arr).max(initial=0) >= 2**31:
                raise SnapshotError(f"state.{name}: value out of int32 range")
            s[f.offset : f.stop] = arr.reshape(-1)
        problem = check_state(s)
        if problem:
            raise SnapshotError(problem)
        g.state = s
        acts = data.get("actions", [])
        if not isinstance(acts, list) or not all(isinstance(a, int) for a in acts):
            raise SnapshotError("actions: must be a list of action ids")
        g.actions = list(acts)
        return g

    def record(self, agents=None, **meta) -> dict:
        """The catan_env game record of this game: scenario, options, seed and actions
        with the start and end they reach (:mod:`catan_env.games.ancients.record`);
        it replays to the identical state.

        Args:
            agents: the name of each side's agent (bottom, top), kept for the reader.
            **meta: more JSON-able facts to keep under ``"meta"``.
        """
        from catan_env.replay import make_record

        return make_record(self, agents, **meta)

    @classmethod
    def from_record(cls, record: dict) -> Game:
        """Replay a record (:meth:`record`, or a file from ``simulate --game ancients
        --record``) and return the final game, checked against the record's end.

        Raises:
            RecordError: malformed, or an action that does not replay (a
                ``ValueError`` naming the action); ``RecordVersionError`` for another
                engine version, ``ReplayMismatchError`` for another start or end.
        """
        from catan_env.replay import RecordError, replay

        if not isinstance(record, dict) or record.get("game") != GAME_NAME:
            raise RecordError(f"not an ancients game record ('game' is not {GAME_NAME!r})")
        return replay(record)

    def render(self, mode: str = "ansi"):
        """The text board (``"ansi"``) or the picture as an RGB array (``"rgb_array"``)."""
        from catan_env.render import render_game

        from .render import render_text
        from .render_image import render_rgb

        return render_game(self, mode, render_text, render_rgb)

    def __repr__(self) -> str:
        b = self.banners
        return (
            f"<Ancients {self.scenario.id}: turn {self.turn}, {self.phase}, banners "
            f"{self.side_names[0]} {b[0]} - {self.side_names[1]} {b[1]}>"
        )


def new_game(config: AncientsConfig, seed: int) -> Game:
    """A game of ``config`` dealt from ``seed`` (the spec's ``new_game``)."""
    return Game(config.scenario, seed=seed, **config.options)


def check_state(s: np.ndarray) -> str | None:
    """The first broken invariant of a state, or None (pieces, blocks, cards)."""
    for h in range(NUM_HEXES):
        t = int(s[L.UNIT_TYPE + h]) - 1
        if t < -1 or t >= len(UNIT_CODES):
            return f"state.unit_type: bad unit type at {hex_label(h)}"
        if t >= 0:
            if not 1 <= s[L.UNIT_BLOCKS + h] <= UNIT_BLOCKS[t]:
                return f"state.unit_blocks: {int(s[L.UNIT_BLOCKS + h])} at {hex_label(h)}"
            if s[L.UNIT_SIDE + h] not in (0, 1):
                return f"state.unit_side: bad side at {hex_label(h)}"
        if s[L.LEADER + h] and s[L.LEADER_SIDE + h] not in (0, 1):
            return f"state.leader_side: bad side at {hex_label(h)}"
        if t >= 0 and s[L.LEADER + h] and s[L.LEADER_SIDE + h] != s[L.UNIT_SIDE + h]:
            return f"state.leader_side: a leader on an enemy unit at {hex_label(h)}"
        if t < 0 and (s[L.UNIT_BLOCKS + h] or s[L.UNIT_FLAGS + h]):
            return f"state.unit_blocks: blocks on the empty hex {hex_label(h)}"
    if not 0 <= s[L.PHASE] <= PH_OVER:
        return "state.phase: out of range"
    hand = s[L.HAND : L.HAND + 2 * NUM_CARD_TYPES]
    if (hand < 0).any() or (s[L.DISCARD : L.DISCARD + NUM_CARD_TYPES] < 0).any():
        return "state.hand: negative card count"
    deck_left = int(s[L.DECK_LEN] - s[L.DECK_POS])
    cards = int(hand.sum() + s[L.DISCARD : L.DISCARD + NUM_CARD_TYPES].sum()) + deck_left
    cards += 1 if s[L.CARD_PLAYED] >= 0 else 0
    cards += 1 if s[L.FIRST_STRIKE_SIDE] >= 0 else 0
    from .units import CARD_COUNT, CARD_PLAYABLE

    if cards != int((CARD_COUNT * CARD_PLAYABLE).sum()):
        return f"state.deck: {cards} cards in hands, deck, discards and play"
    from .invariants import PROBLEMS, check

    code = int(check(s))
    if code:
        return f"state: {PROBLEMS[code]}"
    return None
