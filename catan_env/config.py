"""Game configuration: variant, players and rule options, validated once.

Every option of the base rules (base §11) is a keyword here, off by default
where the rules say so. Unknown names and bad values raise with a message that
says which option was wrong and what it accepts.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

import numpy as np

from .board import standard
from .board.standard import HEX_LABELS, NUM_HARBORS, NUM_HEXES
from .constants import DESERT, HARBOR_NAMES, TERRAIN_NAMES
from .engine import layout as L

VARIANTS = ("base", "cities_and_knights", "explorers_and_pirates")
#: VP needed to win by default (base §9.4, C&K §3.19).
DEFAULT_VP_TO_WIN = {"base": 10, "cities_and_knights": 13}
CK_OPTIONS = ("mean_barbarians", "knight_errant", "easy_start")
#: Explorers & Pirates scenarios (E&P §10), their VP targets (E&P §4.13), and
#: the scenarios the engine plays completely so far.
EP_SCENARIOS = (
    "land_ho",
    "pirate_lairs",
    "fish_for_catan",
    "spices_for_catan",
    "explorers_and_pirates",
)
EP_VP_TO_WIN = {
    "land_ho": 8,
    "pirate_lairs": 12,
    "fish_for_catan": 15,
    "spices_for_catan": 15,
    "explorers_and_pirates": 17,
}
EP_PLAYABLE = EP_SCENARIOS
#: The E&P options in the order of the state's configuration fields: option name ->
#: its values, the default first. The first six are the rules file's alternative
#: readings (E&P §14), default its ruling; then the Greek rulebook's readings
#: (swift_voyage_discoverer, fast_gold, lair_token_numbers; default the rules
#: file's), post_movement_ship_actions (default: other ships may load and unload
#: while one is mid-move; the rules file's §14 reading is the alternative) and
#: seat_colours (default: drawn from the seed). docs/rules_decisions.md says why.
EP_INTERPRETATIONS: dict[str, tuple] = {
    "steal_optional": (True, False),
    "recover_crews_from_active_lair": (False, True),
    "spice_crew_limit": ("per_player", "per_hex"),
    "capture_gold_timing": ("immediate", "end_of_movement"),
    "mission_track_vp": ("capped", "uncapped"),
    "s2_win_check": ("any_time", "end_of_turn"),
    "swift_voyage_discoverer": (False, True),
    "fast_gold": ("sell", "buy"),
    "lair_token_numbers": ("2_3_4_5_11_12", "4_5_6_8_9_10"),
    "post_movement_ship_actions": ("any_time", "no_ship_mid_move"),
    "seat_colours": ("drawn", "fixed"),
}
#: Base-game options that have no meaning in E&P (no robber, no development
#: cards, the frame board).
_EP_FOREIGN = (
    ("friendly_robber", False),
    ("strict_trade_build_order", False),
    ("skip_forced", False),
    ("board", "variable"),
    ("number_tokens", "spiral"),
    ("random_spiral_start", False),
    ("fixed_board", None),
)
BOARDS = ("variable", "beginner")
NUMBER_TOKENS = ("spiral", "random")
TEMPLATE_SIZE = 2 * NUM_HEXES + NUM_HARBORS


class ConfigError(ValueError):
    """A malformed game configuration."""


@dataclass(frozen=True)
class GameConfig:
    """The options of one game.

    Attributes:
        variant: rule set; ``"base"``, ``"cities_and_knights"`` or
            ``"explorers_and_pirates"``.
        num_players: 3 or 4; 2 is the optional plain two-player base game (base §11.5).
        vp_to_win: victory points needed on one's own turn; by default 10 in the base
            game (base §9.4), 13 in Cities & Knights (C&K §3.19) and the scenario's
            target in Explorers & Pirates (E&P §4.13: 8 for Land Ho!).
        discard_limit: a 7 makes players holding more cards than this discard half.
        domestic_trade: allow player-to-player trade (base §6.1, §11.6; in
            Explorers & Pirates with gold on either side, E&P §4.5).
        trade_max_cards_per_side: cards per side of one offer (base §6.3).
        trade_max_proposals_per_turn: offers per turn, so a turn always ends.
        max_turns: turns before the game is truncated (0: never).
        friendly_robber: the Friendly Robber variant (base §11.4).
        strict_trade_build_order: no trade after the first build of a turn (base §5.2).
        skip_forced: apply decisions with a single legal option automatically (base §11.7).
        board: ``"variable"`` (base §3.3) or ``"beginner"`` (base §3.2).
        number_tokens: ``"spiral"`` or ``"random"`` (no adjacent 6/8, base §11.2).
        random_spiral_start: start the spiral at a random corner (base §11.3).
        fixed_board: optional fixed layout ``{"terrain": [...19 names],
            "numbers": [...19 ints], "harbors": [...9 names]}`` in hex-label
            order (R1a..R5c) and harbor order H1..H9; any part may be omitted
            and is then drawn as usual.
        mean_barbarians: C&K only: players choose which active knights defend (C&K §7).
        knight_errant: C&K only: a knight may chase the robber before the roll (C&K §7).
        easy_start: C&K only: no event die and no 7 in the first two rounds (C&K §7).
        scenario: E&P only: one of ``EP_SCENARIOS`` (E&P §10); default ``"land_ho"``.
            Only the scenarios in ``EP_PLAYABLE`` can be played so far.
        steal_optional: E&P only (§5.2): the pirate's owner may decline to steal
            (default True); False makes the theft compulsory when possible.
        recover_crews_from_active_lair: E&P only (§7.3): False (default) keeps crews
            on a lair until it is captured; True lets their owner's ship take them back.
        spice_crew_limit: E&P only (§9.2): ``"per_player"`` (default, one crew of
            each player per village) or ``"per_hex"`` (one crew per village in all).
        capture_gold_timing: E&P only (§7.4): ``"immediate"`` (default, at the
            third crew) or ``"end_of_movement"`` (with the track and hero).
        mission_track_vp: E&P only (§6.2): ``"capped"`` (default, the printed VP
            symbols) or ``"uncapped"`` (1 VP per space, the withdrawn reading).
        s2_win_check: E&P only (§4.13): ``"any_time"`` (default) or
            ``"end_of_turn"`` (Pirate Lairs checks the win only at the end of a turn).
        swift_voyage_discoverer: E&P only (§9.4): False (default) gives a ship whose
            discovery revealed the village no Swift Voyage point; True (the Greek
            rulebook's note) gives it 1 point at once to move on.
        fast_gold: E&P only (§9.4): ``"sell"`` (default, 1 resource card for 1 gold)
            or ``"buy"`` (the Greek wording: 1 resource of one's choice for 1 gold).
        lair_token_numbers: E&P only (§1.6): ``"2_3_4_5_11_12"`` (default, the
            scenarios' data) or ``"4_5_6_8_9_10"`` (the other published guess).
        post_movement_ship_actions: E&P only (§4.8): ``"any_time"`` (default: a
            ship may load, unload or swap cargo while another ship is mid-move) or
            ``"no_ship_mid_move"`` (only while no other ship is mid-move).
        seat_colours: E&P only (§10.1, §10.7.4): ``"drawn"`` (default: which seat
            plays which colour, and so which Land Ho! start, is drawn from the seed)
            or ``"fixed"`` (seat 0 blue, 1 red, 2 white, 3 orange).
    """

    variant: str = "base"
    num_players: int = 4
    vp_to_win: int | None = None
    discard_limit: int = 7
    domestic_trade: bool = True
    trade_max_cards_per_side: int = 5
    trade_max_proposals_per_turn: int = 5
    max_turns: int = 1000
    friendly_robber: bool = False
    strict_trade_build_order: bool = False
    skip_forced: bool = False
    board: str = "variable"
    number_tokens: str = "spiral"
    random_spiral_start: bool = False
    fixed_board: dict | None = field(default=None, compare=True)
    mean_barbarians: bool = False
    knight_errant: bool = False
    easy_start: bool = False
    scenario: str | None = None
    steal_optional: bool | None = None
    recover_crews_from_active_lair: bool | None = None
    spice_crew_limit: str | None = None
    capture_gold_timing: str | None = None
    mission_track_vp: str | None = None
    s2_win_check: str | None = None
    swift_voyage_discoverer: bool | None = None
    fast_gold: str | None = None
    lair_token_numbers: str | None = None
    post_movement_ship_actions: str | None = None
    seat_colours: str | None = None

    def __post_init__(self):
        _check_choice("variant", self.variant, VARIANTS)
        ep = self.variant == "explorers_and_pirates"
        if ep:
            self._check_ep()
        else:
            for name in ("scenario", *EP_INTERPRETATIONS):
                if getattr(self, name) is not None:
                    raise ConfigError(f"option {name} belongs to variant='explorers_and_pirates'")
        if self.domestic_trade is None:
            object.__setattr__(self, "domestic_trade", True)
        if self.vp_to_win is None:
            target = EP_VP_TO_WIN[self.scenario] if ep else DEFAULT_VP_TO_WIN[self.variant]
            object.__setattr__(self, "vp_to_win", target)
        _check_int("num_players", self.num_players, 2, 4)
        _check_int("vp_to_win", self.vp_to_win, 1, 40)
        for name in CK_OPTIONS:
            _check_bool(name, getattr(self, name))
            if getattr(self, name) and self.variant != "cities_and_knights":
                raise ConfigError(f"option {name} belongs to variant='cities_and_knights'")
        if self.variant == "cities_and_knights":
            if self.num_players < 3:
                raise ConfigError("Cities & Knights is played by 3 or 4 players (C&K §1.1)")
            for name in ("friendly_robber", "strict_trade_build_order"):
                if getattr(self, name):
                    raise ConfigError(f"option {name} is a base-game variant, not part of C&K")
            if self.board == "beginner":
                raise ConfigError("Cities & Knights uses the variable board (C&K §1.1)")
        _check_int("discard_limit", self.discard_limit, 0, 95)
        _check_bool("domestic_trade", self.domestic_trade)
        _check_int("trade_max_cards_per_side", self.trade_max_cards_per_side, 1, 19)
        _check_int("trade_max_proposals_per_turn", self.trade_max_proposals_per_turn, 0, 1000)
        _check_int("max_turns", self.max_turns, 0, 10**7)
        _check_bool("friendly_robber", self.friendly_robber)
        _check_bool("strict_trade_build_order", self.strict_trade_build_order)
        _check_bool("skip_forced", self.skip_forced)
        _check_bool("random_spiral_start", self.random_spiral_start)
        _check_choice("board", self.board, BOARDS)
        _check_choice("number_tokens", self.number_tokens, NUMBER_TOKENS)
        if self.board == "beginner" and self.num_players == 2:
            raise ConfigError("board='beginner' needs 3 or 4 players (base §3.2)")
        if self.board == "beginner" and self.fixed_board is not None:
            raise ConfigError("board='beginner' already fixes the board; drop fixed_board")
        if self.fixed_board is not None:
            _board_template(self.fixed_board)  # validates

    def _check_ep(self):
        if self.scenario is None:
            object.__setattr__(self, "scenario", "land_ho")
        _check_choice("scenario", self.scenario, EP_SCENARIOS)
        if self.scenario not in EP_PLAYABLE:
            raise ConfigError(
                f"E&P scenario {self.scenario!r} is not implemented yet; playable scenarios: "
                f"{', '.join(EP_PLAYABLE)}"
            )
        if self.num_players < 2:
            raise ConfigError("Explorers & Pirates is played by 2 to 4 players (E&P §3)")
        for name, default in _EP_FOREIGN:
            if getattr(self, name) != default:
                raise ConfigError(f"option {name} does not apply to Explorers & Pirates")
        for name, choices in EP_INTERPRETATIONS.items():
            value = getattr(self, name)
            if value is None:
                object.__setattr__(self, name, choices[0])
            elif isinstance(choices[0], bool):
                _check_bool(name, value)
            else:
                _check_choice(name, value, choices)

    @classmethod
    def make(cls, **kwargs) -> GameConfig:
        """Build from keywords, rejecting unknown option names clearly."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise ConfigError(
                f"unknown option(s) {', '.join(map(repr, unknown))}; "
                f"known options are: {', '.join(sorted(known))}"
            )
        return cls(**kwargs)

    def to_dict(self) -> dict:
        d = asdict(self)
        for name in ("scenario", *EP_INTERPRETATIONS):
            if d[name] is None:
                del d[name]  # only E&P has scenarios and these readings
        return d

    def config_vector(self) -> np.ndarray:
        """The option values in the order of the state's configuration fields."""
        v = np.zeros(L.CONFIG_SIZE, np.int32)
        v[L.NUM_PLAYERS] = self.num_players
        v[L.OPT_VP_TO_WIN] = self.vp_to_win
        v[L.OPT_DISCARD_LIMIT] = self.discard_limit
        v[L.OPT_DOMESTIC_TRADE] = int(self.domestic_trade)
        v[L.OPT_TRADE_MAX_CARDS] = self.trade_max_cards_per_side
        v[L.OPT_TRADE_MAX_PROPOSALS] = self.trade_max_proposals_per_turn
        v[L.OPT_MAX_TURNS] = self.max_turns
        v[L.OPT_FRIENDLY_ROBBER] = int(self.friendly_robber)
        v[L.OPT_STRICT_ORDER] = int(self.strict_trade_build_order)
        v[L.OPT_SKIP_FORCED] = int(self.skip_forced)
        v[L.OPT_BOARD_MODE] = BOARDS.index(self.board)
        v[L.OPT_TOKEN_MODE] = NUMBER_TOKENS.index(self.number_tokens)
        v[L.OPT_RANDOM_CORNER] = int(self.random_spiral_start)
        if self.variant == "cities_and_knights":
            extra = [int(getattr(self, name)) for name in CK_OPTIONS]
            v = np.concatenate([v, np.array(extra, np.int32)])
        if self.variant == "explorers_and_pirates":
            extra = [EP_SCENARIOS.index(self.scenario)]
            extra += [
                choices.index(getattr(self, name)) for name, choices in EP_INTERPRETATIONS.items()
            ]
            v = np.concatenate([v, np.array(extra, np.int32)])
        return v

    def board_template(self) -> np.ndarray:
        """Terrain, numbers and harbors to impose at reset (-1 parts are drawn)."""
        if self.variant == "explorers_and_pirates":
            return np.zeros(1, np.int32)  # the frame board comes from the scenario data
        if self.board == "beginner":
            return np.concatenate(
                [standard.BEGINNER_TERRAIN, standard.BEGINNER_NUMBERS, standard.BEGINNER_HARBORS]
            ).astype(np.int32)
        if self.fixed_board is None:
            return np.full(TEMPLATE_SIZE, -1, np.int32)
        return _board_template(self.fixed_board)

    @classmethod
    def from_state_vector(cls, v: np.ndarray, variant: str = "base", **extra) -> GameConfig:
        """The options stored in the configuration fields of a state."""
        if variant == "cities_and_knights":
            from .engine.ck.layout import CK_CONFIG

            extra = {
                **{name: bool(v[f]) for name, f in zip(CK_OPTIONS, CK_CONFIG, strict=True)},
                **extra,
            }
        if variant == "explorers_and_pirates":
            from .engine.ep.layout import EP_CONFIG, OPT_SCENARIO

            readings = {
                name: choices[int(v[f])]
                for (name, choices), f in zip(
                    EP_INTERPRETATIONS.items(), EP_CONFIG[1:], strict=True
                )
            }
            extra = {"scenario": EP_SCENARIOS[int(v[OPT_SCENARIO])], **readings, **extra}
        return cls(
            variant=variant,
            num_players=int(v[L.NUM_PLAYERS]),
            vp_to_win=int(v[L.OPT_VP_TO_WIN]),
            discard_limit=int(v[L.OPT_DISCARD_LIMIT]),
            domestic_trade=bool(v[L.OPT_DOMESTIC_TRADE]),
            trade_max_cards_per_side=int(v[L.OPT_TRADE_MAX_CARDS]),
            trade_max_proposals_per_turn=int(v[L.OPT_TRADE_MAX_PROPOSALS]),
            max_turns=int(v[L.OPT_MAX_TURNS]),
            friendly_robber=bool(v[L.OPT_FRIENDLY_ROBBER]),
            strict_trade_build_order=bool(v[L.OPT_STRICT_ORDER]),
            skip_forced=bool(v[L.OPT_SKIP_FORCED]),
            board=BOARDS[int(v[L.OPT_BOARD_MODE])],
            number_tokens=NUMBER_TOKENS[int(v[L.OPT_TOKEN_MODE])],
            random_spiral_start=bool(v[L.OPT_RANDOM_CORNER]),
            **extra,
        )


def _check_int(name, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ConfigError(f"option {name} must be an integer, got {value!r}")
    if not lo <= value <= hi:
        raise ConfigError(f"option {name}={value} is out of range [{lo}, {hi}]")


def _check_bool(name, value):
    if not isinstance(value, bool | np.bool_):
        raise ConfigError(f"option {name} must be True or False, got {value!r}")


def _check_choice(name, value, choices):
    if value not in choices:
        raise ConfigError(f"option {name}={value!r} is not one of {', '.join(map(repr, choices))}")


def _board_template(board: dict) -> np.ndarray:
    if not isinstance(board, dict):
        raise ConfigError(f"fixed_board must be a dict, got {type(board).__name__}")
    unknown = set(board) - {"terrain", "numbers", "harbors"}
    if unknown:
        raise ConfigError(f"fixed_board has unknown keys {sorted(unknown)}")
    t = np.full(TEMPLATE_SIZE, -1, np.int32)
    terrain = board.get("terrain")
    if terrain is not None:
        if len(terrain) != NUM_HEXES:
            raise ConfigError(f"fixed_board terrain needs {NUM_HEXES} entries (R1a..R5c)")
        for i, name in enumerate(terrain):
            if name not in TERRAIN_NAMES:
                raise ConfigError(
                    f"fixed_board terrain of {HEX_LABELS[i]}: {name!r} is not one of "
                    f"{TERRAIN_NAMES}"
                )
            t[i] = TERRAIN_NAMES.index(name)
        if (t[:NUM_HEXES] == DESERT).sum() != 1:
            raise ConfigError("fixed_board terrain must contain exactly one desert")
    numbers = board.get("numbers")
    if numbers is not None:
        if terrain is None:
            raise ConfigError("fixed_board numbers need the terrain too")
        if len(numbers) != NUM_HEXES:
            raise ConfigError(f"fixed_board numbers need {NUM_HEXES} entries (R1a..R5c)")
        for i, n in enumerate(numbers):
            desert = t[i] == DESERT
            if isinstance(n, bool) or not isinstance(n, int | np.integer):
                raise ConfigError(f"fixed_board number of {HEX_LABELS[i]} must be an int")
            if (desert and n != 0) or (not desert and n not in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)):
                raise ConfigError(
                    f"fixed_board number of {HEX_LABELS[i]} is {n}: the desert takes 0, "
                    "other hexes 2-6 or 8-12"
                )
            t[NUM_HEXES + i] = n
    harbors = board.get("harbors")
    if harbors is not None:
        if len(harbors) != NUM_HARBORS:
            raise ConfigError(f"fixed_board harbors need {NUM_HARBORS} entries (H1..H9)")
        for i, name in enumerate(harbors):
            if name not in HARBOR_NAMES:
                raise ConfigError(
                    f"fixed_board harbor H{i + 1}: {name!r} is not one of {HARBOR_NAMES}"
                )
            t[2 * NUM_HEXES + i] = HARBOR_NAMES.index(name)
    return t
