"""One game played by people in browser tabs against agents: the state the server owns.

A :class:`PlaySession` holds the game (made by the game's ``new_game`` hook),
an agent per agent seat (its ``batch.make_agent`` hook), and the seats people
hold. A background thread plays the agents' moves one at a time, ``delay``
seconds apart, so a person can follow them; a person's move comes through
:meth:`PlaySession.act`, checked against the step it was chosen at.

What a seat is sent (:meth:`PlaySession.view`) is only what it may see: the
replay viewer's public facts (its ``viewer_data`` hook at the first step, then
each step's changes and log line, grown here one step at a time by a
:class:`~catan_env.viewer.StepLog` on its ``step_functions`` hook: the same data
as the viewer's page of the record), the seat's own cards (the family module's
``private``) and its legal actions when it decides. The seed
and the totals with hidden cards are withheld until the game is over. Each
human seat is claimed by one tab with a token; any other request for the seat
is refused.

The record (the game's records hook) is saved when the game ends and on quit;
``catan-env replay`` replays it.
"""

from __future__ import annotations

import importlib
import secrets
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from catan_env.core import registry

#: A claim lapses when its tab has not asked for the game for this long (a closed tab).
CLAIM_TIMEOUT_S = 10.0


class PlayError(ValueError):
    """A request refused: ``status`` is the HTTP status the server answers with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


class PlaySession:
    """A game between the people at ``humans`` and agents at the other seats.

    Args:
        spec: the game's spec with its hooks (:func:`catan_env.hooks.get`).
        config: the game's options (its ``configure`` result).
        agents: agent specs for the agent seats, in seat order (for ``make_agent``).
        humans: the seats people play.
        seed: the game's seed (None: drawn).
        delay: seconds between two agent moves (0 in tests).
        record_path: where the record is written at the end and on quit.
    """

    def __init__(self, spec, config, agents, humans, seed=None, delay=0.6, record_path=None):
        n = config.num_players
        humans = sorted(set(humans))
        if not humans or any(not 0 <= h < n for h in humans):
            raise PlayError(f"human seats must be in 0..{n - 1}, got {humans}")
        if len(agents) != n - len(humans):
            raise PlayError(
                f"{n} seats with {len(humans)} human(s) need {n - len(humans)} agents, "
                f"got {len(agents)}"
            )
        if delay < 0:
            raise PlayError(f"delay must be at least 0, got {delay}")
        self.spec, self.config, self.delay = spec, config, float(delay)
        self.seed = secrets.randbits(62) if seed is None else int(seed)
        self.game = spec.new_game(config, self.seed)
        self.humans = humans
        agent_seats = [p for p in range(n) if p not in humans]
        self.agents = {
            p: spec.batch.make_agent(name, self.seed * 1000 + p)
            for p, name in zip(agent_seats, agents, strict=True)
        }
        self.labels = [
            "human" if p in humans else str(getattr(self.agents[p], "name", agents[0]))
            for p in range(n)
        ]
        self._specs = {p: name for p, name in zip(agent_seats, agents, strict=True)}
        self.record_path = Path(record_path or f"catan-env-play-{self.seed}.json")
        self.saved: Path | None = None
        self.quit_by: int | None = None
        self._family = importlib.import_module(f"catan_env.play.{registry.family(spec.name)}")
        self._claims: dict[int, list] = {}  # seat -> [token, last seen]
        self._lock = threading.RLock()
        self._moved = threading.Event()
        self._stop = threading.Event()
        self._board = self._start_board()
        from catan_env.replay import summary

        info = summary(self.game.record(agents=self.labels), self.game)
        self._names = info.get("colours") or info.get("sides")
        self._thread: threading.Thread | None = None

    # --- the board the pages draw --------------------------------------------------

    def _start_board(self) -> dict[str, Any]:
        # The replay viewer's data of the game at its first step (its static parts:
        # board, names), whose steps then grow here as the game is played.
        from catan_env.viewer import StepLog

        data = self.spec.viewer.viewer_data(self.game.record(agents=self.labels))
        self._steps = StepLog(self.game, *self.spec.viewer.step_functions(self.game))
        data.update(self._steps.data, agents=list(self.labels))
        return data

    def _play(self, action: int) -> None:
        """Apply ``action`` and log it on the board (nothing changes if it is illegal)."""

        def advance():
            self.game.step(action)
            return self.game

        self._steps.step(self.game, action, advance)
        self._after_move()

    @property
    def version(self) -> int:
        """The number of moves played: a page's action is valid only at the version it saw."""
        return len(self.game.actions)

    @property
    def seat_names(self) -> list[str]:
        """Each seat's name as the game's records call it (a colour, an army)."""
        names = self._names
        return list(names) if names else [f"seat {p}" for p in range(self.config.num_players)]

    # --- seats -----------------------------------------------------------------------

    def claim(self, seat: int) -> str:
        """A token for the tab that takes human seat ``seat`` (refused while another holds it)."""
        with self._lock:
            self._check_human(seat)
            held = self._claims.get(seat)
            if held and time.monotonic() - held[1] < CLAIM_TIMEOUT_S:
                raise PlayError(
                    f"seat {seat} ({self.seat_names[seat]}) is already open in another tab; "
                    "close that tab or wait a few seconds",
                    409,
                )
            token = secrets.token_urlsafe(16)
            self._claims[seat] = [token, time.monotonic()]
            return token

    def _check_human(self, seat) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise PlayError(f"a seat must be an integer, got {seat!r}")
        if seat not in self.humans:
            who = "an agent's" if seat in self.agents else "no"
            raise PlayError(f"seat {seat} is {who} seat; people play seats {self.humans}", 403)

    def _check_token(self, seat, token) -> None:
        self._check_human(seat)
        held = self._claims.get(seat)
        if not held or not isinstance(token, str) or not secrets.compare_digest(held[0], token):
            raise PlayError(
                f"this tab does not hold seat {seat}: only the tab that claimed it sees its "
                "hand and moves for it",
                403,
            )
        held[1] = time.monotonic()

    def touch(self, seat: int, token: str) -> None:
        """Check that this tab holds ``seat`` and keep its claim fresh."""
        with self._lock:
            self._check_token(seat, token)

    @property
    def over(self) -> bool:
        """The game has ended, or a person quit it."""
        return self.game.done or self.quit_by is not None

    # --- what a seat sees -------------------------------------------------------------

    def view(self, seat: int, token: str) -> dict[str, Any]:
        """Everything seat ``seat`` may see now (JSON-able)."""
        with self._lock:
            self._check_token(seat, token)
            g = self.game
            over = self.over
            current = g.current_player
            mine = not over and current == seat
            # Copies of the growing step lists, so the answer is one moment's even
            # though it is written out after the lock is let go.
            steps = {k: list(v) for k, v in self._steps.data.items()}
            board = dict(self._board, **steps, summary=self._summary(over))
            out = {
                "version": self.version,
                "seat": seat,
                "names": self.seat_names,
                "players": self.labels,
                "humans": self.humans,
                "current": current,
                "phase": g.phase,
                "your_turn": mine,
                "done": g.done,
                "winner": g.winner,
                "truncated": bool(g.truncated),
                "quit_by": self.quit_by,
                "legal": [[int(a), g.action_names[a]] for a in np.flatnonzero(g.action_mask())]
                if mine
                else [],
                "private": self._family.private(g, seat),
                "board": board,
                "script": self.spec.viewer.SCRIPT,
                "record": str(self.saved) if self.saved else None,
            }
            if over:
                out["seed"] = str(self.seed)
            return out

    def _summary(self, over: bool) -> dict[str, Any]:
        from catan_env.replay import summary

        g = self.game
        info = summary(g.record(agents=self.labels), g)
        if over:
            return {**info, "seed": str(self.seed)}
        # During play: nothing the seed, the totals with hidden cards (Catan's VP cards)
        # or the statistics would give away.
        info.pop("stats", None)
        info["seed"] = "(shown at the end)"
        if "vp" in info:
            info["vp"] = ["?"] * len(info["vp"])
        return info

    # --- moves --------------------------------------------------------------------

    def act(self, seat: int, token: str, action, version) -> None:
        """Play ``action`` (an id) for ``seat``, chosen when the game was at ``version``.

        Raises:
            PlayError: not this tab's seat, not its turn, a stale or illegal action;
                the game is unchanged.
        """
        with self._lock:
            self._check_token(seat, token)
            g = self.game
            if self.over:
                raise PlayError("the game is over", 409)
            if version != self.version:
                raise PlayError(
                    f"that move was chosen at step {version} but the game is at step "
                    f"{self.version}: look again and choose anew",
                    409,
                )
            if g.current_player != seat:
                raise PlayError(
                    f"not your turn: {self.seat_names[g.current_player]} decides ({g.phase})", 409
                )
            if type(action) is not int or not 0 <= action < g.num_actions:
                raise PlayError(f"not an action id: {action!r}")
            try:
                self._play(action)
            except ValueError as exc:  # IllegalActionError: the state is unchanged
                raise PlayError(str(exc)) from None

    def quit(self, seat: int, token: str) -> Path:
        """End the game for everyone (as it stands) and save its record."""
        with self._lock:
            self._check_token(seat, token)
            if self.quit_by is None and not self.game.done:
                self.quit_by = seat
            self._moved.set()
            return self.save()

    def save(self) -> Path:
        """Write the record of the game so far to :attr:`record_path`."""
        from catan_env.replay import save_record

        with self._lock:
            specs = {str(p): name for p, name in self._specs.items()}
            meta = {"humans": self.humans, "agent_specs": specs}
            if self.quit_by is not None:
                meta["quit_by"] = self.quit_by
            self.record_path.parent.mkdir(parents=True, exist_ok=True)
            self.saved = save_record(self.game.record(agents=self.labels, **meta), self.record_path)
            return self.saved

    def _after_move(self) -> None:
        if self.game.done:
            self.save()
        self._moved.set()

    # --- the agents -----------------------------------------------------------------

    def start(self) -> None:
        """Start the thread that plays the agents' moves."""
        self._thread = threading.Thread(target=self._run, name="play-agents", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the agents' thread; save the record if the game did not reach its end."""
        self._stop.set()
        self._moved.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self.saved is None or not self.game.done:
            self.save()

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                g = self.game
                if self.over:
                    return
                p = g.current_player
                agent = self.agents.get(p)
                self._moved.clear()
            if agent is None:  # a person decides: wait for the move
                self._moved.wait(0.5)
                continue
            if self.delay and self._stop.wait(self.delay):
                return
            # Outside the lock, so pages are answered while an agent thinks (or numba
            # compiles it): only this thread moves while an agent's seat decides.
            a = int(agent.act(self.game))
            with self._lock:
                if self.quit_by is not None or self._stop.is_set():
                    return
                self._play(a)
