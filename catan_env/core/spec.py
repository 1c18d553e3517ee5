"""GameSpec: everything the generic layers need to run one game, declared once.

Each game's ``spec.py`` builds its ``SPEC`` from its rules module, its generated
kernels and its Python layers (options, observation, explanation, snapshot,
rendering, chance, determinization, shaping); the registry
(:mod:`catan_env.core.registry`) maps names to them. The shared layers (the
façade, the envs, the simulator, snapshots, pictures, search) read a spec and
never test a game's name, a variant flag or a state length.

The Python-layer hooks (:data:`HOOKS`) are what differs per game above the
engine: how a game is configured and created, how it appears in the AEC env,
its records, pictures, viewer page and batch runs. Each is a callable or a
module (or namespace) of the names its protocol class below lists;
:func:`catan_env.hooks.get` is how the shared layers reach them.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

import numpy as np

from .layout import Layout

_NO_TABLES = np.zeros(1, np.int32)


@dataclass(frozen=True)
class GameSpec:
    """One game (or rule set): its sizes, entry points and hooks.

    The kernel fields are the functions of the game's generated kernels module
    (:mod:`catan_env.core.kernels.template`); ``rules`` is its contract module.
    The hooks are the game's own Python layers; a game leaves out those it
    does not offer (``None``): chance outcomes and determinization then refuse
    it with an error naming the game.

    Hooks:
        options: how the game's options extend the shared ones and reach the
            state (a Catan variant's ``VariantOptions``).
        explain: ``explain(state, action, mask)``: why ``action`` is illegal.
        snapshot: module with ``to_dict(state, envelope)`` and
            ``from_dict(reader, config)`` (:mod:`catan_env.snapshot`).
        render: module with ``text(game)``, ``summaries(state)`` (each seat's
            public figures) and ``image(state)`` (a ``PIL.Image``, Pillow
            imported on first use) (:mod:`catan_env.render`).
        chance: module with ``merge_key(state)``, ``describe(before, after,
            rolled)`` and ``redraws_without_bound(state)``
            (:mod:`catan_env.chance`).
        determinize: module with ``kept(state, seat)``, ``reserved(state,
            seat)``, ``deal_cards(state, seats, rng)`` and ``consistent(state,
            opponents)`` (:mod:`catan_env.determinize`).
        shaping: ``(keyword, quantity(state, seat))`` pairs: the reward-shaping
            terms the game offers beyond victory points (:mod:`catan_env.gym_env`).
    """

    name: str
    title: str
    layout: Layout
    rules: ModuleType
    kernels: ModuleType
    actions: Any = None
    phase_names: tuple[str, ...] = ()
    obs_layout: Layout | None = None
    observe_into: Any = None
    check_state: Any = None
    invariant_names: tuple[str, ...] = ()
    explain: Callable[..., str] | None = None
    options: Any = None
    snapshot: ModuleType | None = None
    render: ModuleType | None = None
    chance: ModuleType | None = None
    determinize: ModuleType | None = None
    shaping: tuple[tuple[str, Callable[..., int]], ...] = ()
    stat_names: tuple[str, ...] = ()
    #: ``tables_for(config)``: the static table array (``tb``) of a game with
    #: ``config``; games without tables get a one-word dummy.
    tables_for: Callable[..., Any] | None = None

    # --- Python-layer hooks (see HOOKS); None: not declared by the game's package.
    #: ``configure(**options)``: the checked options of one game, the ``config``
    #: every other hook takes (picklable; ``config.variant`` is the registry name,
    #: ``config.num_players`` the seats, ``config.to_dict()`` the options as JSON).
    configure: Callable[..., Any] | None = None
    #: ``new_game(config, seed)``: the game's Python ``Game`` (see :class:`GameLike`).
    new_game: Callable[..., Any] | None = None
    #: The AEC env's facts (:class:`EnvHooks`).
    env: Any = None
    #: Game records (:class:`RecordHooks`).
    records: Any = None
    #: Text boards and pictures of a ``Game`` for the env and the CLI (:class:`RenderHooks`).
    pictures: Any = None
    #: The HTML replay viewer's data (:class:`ViewerHooks`).
    viewer: Any = None
    #: Batches of games: simulate, tournaments, Ray (:class:`BatchHooks`).
    batch: Any = None

    def tables(self, config) -> Any:
        """The static table array for a game with ``config``."""
        return _NO_TABLES if self.tables_for is None else self.tables_for(config)

    @property
    def agent_kinds(self) -> tuple[str, ...]:
        """Jitted agent kinds the kernels know, by kind number."""
        return tuple(self.rules.AGENT_KINDS)

    @property
    def agent_work_size(self) -> int:
        return int(self.rules.WORK_SIZE)

    # The contract's entry points and the template's loops, as attributes.
    def __getattr__(self, name: str):
        if name in _ENTRY_POINTS:
            return getattr(self.rules, name)
        if name in _KERNELS:
            return getattr(self.kernels, name)
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    @property
    def state_size(self) -> int:
        return self.layout.size

    @property
    def num_actions(self) -> int:
        return int(self.rules.NUM_ACTIONS)

    @property
    def obs_size(self) -> int:
        return self.obs_layout.size


_ENTRY_POINTS = frozenset(("reset", "legal_actions", "legal_mask", "step"))
_KERNELS = frozenset(
    (
        "choose_action",
        "play_games",
        "play_games_parallel",
        "play_out",
        "play_out_many",
        "record_many",
        "record_decisions",
        "observe_many",
        "play_until_seat",
        "batch_reset",
        "batch_legal",
        "batch_step",
        "batch_current_players",
        "soak",
        "soak_parallel",
    )
)


#: The spec fields a game's package declares by file and name, so its ``spec.py``
#: lists only what is not found this way: field -> (module of the package,
#: attribute; None: the module itself). A package without the module leaves the
#: field to :func:`spec_of_package`'s keywords or the default.
CONVENTION = {
    "layout": ("layout", "LAYOUT"),
    "phase_names": ("phases", "PHASE_NAMES"),
    "obs_layout": ("observe", "OBS_LAYOUT"),
    "observe_into": ("observe", "observe_into"),
    "check_state": ("invariants", "check_state"),
    "invariant_names": ("invariants", "INVARIANT_NAMES"),
    "explain": ("explain", "explain"),
    "options": ("options", "OPTIONS"),
    "snapshot": ("snapshot", None),
    "render": ("render", None),
    "chance": ("chance", None),
    "determinize": ("determinize", None),
    "shaping": ("gym_env", "SHAPING"),
    "viewer": ("viewer", None),
}


def spec_of_package(package: str, name: str, title: str, **fields) -> GameSpec:
    """The :class:`GameSpec` of the game in ``package``, read by :data:`CONVENTION`.

    ``rules`` is the package's ``rules`` module and ``kernels`` the generated
    ``catan_env._generated.<name>_kernels``; ``fields`` set the rest, and win
    over what the convention finds (``determinize=None`` withholds a module).

    Raises:
        AttributeError: a conventional module lacks its conventional name (a
            renamed entry point would otherwise drop a hook without a word).
    """
    root = __name__.rsplit(".", 2)[0]
    found = {
        "rules": importlib.import_module(".rules", package),
        "kernels": importlib.import_module(f"{root}._generated.{name}_kernels"),
    }
    for field, (module, attribute) in CONVENTION.items():
        if field in fields or importlib.util.find_spec(f"{package}.{module}") is None:
            continue
        mod = importlib.import_module(f".{module}", package)
        if attribute is not None and not hasattr(mod, attribute):
            raise AttributeError(f"{package}.{module} has no {attribute} (the spec's {field})")
        found[field] = mod if attribute is None else getattr(mod, attribute)
    return GameSpec(name=name, title=title, **found, **fields)


#: The Python-layer hook fields of :class:`GameSpec`.
HOOKS = ("configure", "new_game", "env", "records", "pictures", "viewer", "batch")


class GameLike(Protocol):
    """What the shared layers use of a game's Python ``Game`` (``new_game``'s result).

    ``variant`` is the game's :class:`GameSpec`, ``config`` its ``configure``
    result, ``tables`` its static tables; ``current_player`` is None once ``done``.
    """

    variant: GameSpec
    config: Any
    tables: np.ndarray
    state: np.ndarray
    seed: int | None
    actions: list[int]
    done: bool
    winner: int | None
    truncated: bool
    turn: int
    phase: str
    current_player: int | None
    num_actions: int
    action_names: tuple[str, ...]

    def step(self, action: int | str) -> None: ...
    def action_mask(self) -> np.ndarray: ...
    def record(self, agents=None, **meta) -> dict: ...
    def play_jitted_until(self, seat: int, kinds, rng: np.ndarray) -> int: ...


class EnvHooks(Protocol):
    """How a game appears in the AEC env (:mod:`catan_env.aec_env`)."""

    #: Each game's seed is drawn from ``[0, SEED_LIMIT)`` of the env's generator.
    SEED_LIMIT: int

    def name(self, config) -> str:
        """``metadata["name"]``, e.g. ``"catan_base_v0"``."""

    def agent_names(self, config) -> list[str]:
        """The agents, by seat."""

    def info(self, game) -> dict:
        """Facts of a finished game each agent's info gets besides ``winner`` and ``turns``."""


class RecordHooks(Protocol):
    """One game's half of the record format (:mod:`catan_env.replay`)."""

    #: Header keys a record of the game must have besides options, seed and actions.
    REQUIRED: tuple[str, ...]
    #: What :meth:`start` pins, in the mismatch message ("board", "start").
    START: str

    def header(self, game) -> dict:
        """The keys that make the game again: rule set or scenario, options, seed."""

    def start(self, state) -> dict:
        """Facts of a start state a replay must deal again (a board, a digest)."""

    def new_game(self, record):
        """The game of a checked record before its first action (ValueError if none)."""

    def result(self, game) -> dict:
        """The end facts a replay must reach (``record["result"]``)."""

    def summary(self, record, game) -> dict:
        """A short JSON-able description of a replayed record."""

    def summary_lines(self, info: dict, file: str) -> list[str]:
        """``catan-env replay``'s text for a :meth:`summary`."""


class RenderHooks(Protocol):
    """Pictures of a game (AEC ``render()``, ``catan-env render``)."""

    #: The render modes the game's env accepts (``"human"``: a window of :meth:`image`).
    MODES: tuple[str, ...]

    def text(self, game) -> str:
        """The text board."""

    def image(self, game):
        """The picture as a ``PIL.Image``."""


class ViewerHooks(Protocol):
    """The game's HTML replay page (:mod:`catan_env.viewer`)."""

    #: The page's script in ``catan_env/static``.
    SCRIPT: str

    def viewer_data(self, record) -> dict:
        """Replay ``record`` and collect what the page shows (JSON-able, with a ``title``)."""

    def step_functions(self, first) -> tuple:
        """``(public_vector, describe or None)`` of a game from ``first`` on.

        The arguments of :class:`~catan_env.viewer.StepLog`: what ``viewer_data``
        replays with, and what ``catan-env play`` grows a page's data with.
        """


class BatchHooks(Protocol):
    """Batches of games played by jitted agents (simulate, tournaments, Ray).

    A batch's games are fixed by per-game seeds (the rows of ``simulate_seeds`` or
    ``tournament_seeds``, one per game) and one batch agent seed; game ``i``'s
    result depends on nothing else, so batches may be split, regrouped or played
    on other machines.
    """

    #: The game's words for the shared layers' (``{"seat": "side"}``), in tables and JSON keys.
    WORDS: dict[str, str]
    #: The tournament form played when none is asked for (``"lineup"``, ``"pairings"``).
    TOURNAMENT_FORM: str

    def parse_option(self, text: str) -> tuple[str, Any]:
        """One ``-o NAME=VALUE`` of the command line, typed (ValueError naming it)."""

    def make_agent(self, name: str, seed: int | None):
        """An agent from its spec (``name`` or ``name:arg``); ``kernel_kind`` if jitted."""

    def agent_specs(self) -> list[str]:
        """The agents as ``--agents`` writes them (``"ppo:PATH"``), for ``--help``."""

    def scenarios(self) -> list[str]:
        """The game's shipped scenarios, its default first (empty: it has none)."""

    def simulate_seeds(self, seed: int, games: int) -> np.ndarray:
        """The per-game seeds of ``simulate``'s ``games`` games."""

    def tournament_seeds(self, seed: int, games: int) -> np.ndarray:
        """The per-game seeds of a tournament's ``games`` games."""

    def seeds_of(self, row, agent_seed: int) -> tuple[int, int]:
        """One game's ``(game seed, agents' generator seed)``, as its kernel seeds them."""

    def play(self, config, kinds, seeds, agent_seed: int, out, parallel: bool) -> None:
        """Play one game per seed row in the kernels; write each game's row of ``out``."""

    def kernel_inputs(self, config) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(tables, config, template)``: what the kernels' ``R.reset`` takes for ``config``."""

    def title(self, config) -> str:
        """The batch's game in the first line of a report (``"base, 4 players"``)."""

    def seat_names(self, config) -> list[str]:
        """The seats as a report names them."""

    def details(self, config) -> dict:
        """Facts of the configuration the JSON results add (a scenario's id, sides)."""
