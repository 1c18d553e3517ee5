"""Game configuration: variant, players and rule options, validated once.

Every option of every Catan variant is a keyword of :class:`GameConfig` (the
façade), off by default where the rules say so. The options all variants
share (players, VP, trade limits, the standard island's board, base §11) are
checked here; what a variant adds (its own options, their defaults and
constraints, the words they add to the state's configuration, its board
template) is declared in its package's ``options.py`` and looked up by the
variant's name (:func:`variant_options`). Unknown names and bad values raise
with a message that says which option was wrong and what it accepts.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

import numpy as np

from catan_env.core import registry
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.options import (
    BOARDS,
    NUMBER_TOKENS,
    TRADE_PROTOCOLS,
    ConfigError,
    VariantOptions,
    check_bool,
    check_choice,
    check_int,
    fixed_board_template,
)

from .variants import VARIANT_NAMES

__all__ = ["ConfigError", "GameConfig", "variant_options"]


def variant_options(variant: str) -> VariantOptions:
    """The options of ``variant`` beyond the shared ones (its package's ``options.OPTIONS``).

    Raises:
        ConfigError: ``variant`` is not a Catan variant.
    """
    check_choice("variant", variant, VARIANT_NAMES)
    return registry.module(variant, "options").OPTIONS


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
        trade_protocol: how an offer to other players is composed (base §6.3).
            ``"pairs"`` (default): an offer opens with one action naming a card
            given and a card asked for (``offer(wool->ore)``), more cards are added
            one per action; a one-for-one offer takes two decisions with its
            proposal. ``"cards"``: every card is its own action from the start
            (the only protocol before December 2026; its records replay with it).
        max_turns: turns before the game is truncated (0: never).
        friendly_robber: the Friendly Robber variant (base §11.4).
        strict_trade_build_order: no trade after the first build of a turn (base §5.2).
        skip_forced: apply decisions with a single legal option automatically (base §11.7).
        board: ``"variable"`` (base §3.3) or ``"beginner"`` (base §3.2).
        number_tokens: ``"spiral"`` (base §3.3 item 3), ``"random"`` (shuffled with no
            adjacent 6/8, base §11.2) or ``"unconstrained"`` (shuffled with no rule,
            6 and 8 may touch: the boards catanatron draws; an engine option). The
            named board families are in ``catan_env.games.catan.board.families``.
        random_spiral_start: start the spiral at a random corner (base §11.3).
        fixed_board: optional fixed layout ``{"terrain": [...19 names],
            "numbers": [...19 ints], "harbors": [...9 names]}`` in hex-label
            order (R1a..R5c) and harbor order H1..H9; any part may be omitted
            and is then drawn as usual.
        mean_barbarians: C&K only: players choose which active knights defend (C&K §7).
        knight_errant: C&K only: a knight may chase the robber before the roll (C&K §7).
        easy_start: C&K only: no event die and no 7 in the first two rounds (C&K §7).
        scenario: E&P only: one of the scenarios (E&P §10); default ``"land_ho"``.
            Only the scenarios in ``explorers_and_pirates.options.PLAYABLE`` can be
            played so far.
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
    trade_protocol: str = "pairs"
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
        # The order of the checks fixes which error a configuration with several reports.
        own = variant_options(self.variant)
        every = [variant_options(v) for v in VARIANT_NAMES]
        if own.prepare is not None:
            own.prepare(self, self._set)
        for options in every:
            for name in options.readings:
                if options is not own and getattr(self, name) is not None:
                    raise ConfigError(f"option {name} belongs to variant={options.name!r}")
        if self.domestic_trade is None:
            self._set("domestic_trade", True)
        if self.vp_to_win is None:
            self._set("vp_to_win", own.default_vp_to_win(self))
        check_int("num_players", self.num_players, 2, 4)
        check_int("vp_to_win", self.vp_to_win, 1, 40)
        for options in every:
            for name in options.flags:
                check_bool(name, getattr(self, name))
                if getattr(self, name) and options is not own:
                    raise ConfigError(f"option {name} belongs to variant={options.name!r}")
        if own.check is not None:
            own.check(self)
        check_int("discard_limit", self.discard_limit, 0, 95)
        check_bool("domestic_trade", self.domestic_trade)
        check_int("trade_max_cards_per_side", self.trade_max_cards_per_side, 1, 19)
        check_int("trade_max_proposals_per_turn", self.trade_max_proposals_per_turn, 0, 1000)
        check_choice("trade_protocol", self.trade_protocol, TRADE_PROTOCOLS)
        check_int("max_turns", self.max_turns, 0, 10**7)
        check_bool("friendly_robber", self.friendly_robber)
        check_bool("strict_trade_build_order", self.strict_trade_build_order)
        check_bool("skip_forced", self.skip_forced)
        check_bool("random_spiral_start", self.random_spiral_start)
        check_choice("board", self.board, BOARDS)
        check_choice("number_tokens", self.number_tokens, NUMBER_TOKENS)
        if self.board == "beginner" and self.num_players == 2:
            raise ConfigError("board='beginner' needs 3 or 4 players (base §3.2)")
        if self.board == "beginner" and self.fixed_board is not None:
            raise ConfigError("board='beginner' already fixes the board; drop fixed_board")
        if self.fixed_board is not None:
            fixed_board_template(self.fixed_board)  # validates

    def _set(self, name: str, value) -> None:
        # The dataclass is frozen; only validation fills in the defaults.
        object.__setattr__(self, name, value)

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
        for variant in VARIANT_NAMES:
            for name in variant_options(variant).readings:
                if d[name] is None:
                    del d[name]  # a reading of another variant
        return d

    def config_vector(self) -> np.ndarray:
        """The option values in the order of the state's configuration fields."""
        v = np.zeros(L.CONFIG_SIZE, np.int32)
        v[L.NUM_PLAYERS] = self.num_players
        v[L.OPT_VP_TO_WIN] = self.vp_to_win
        v[L.OPT_DISCARD_LIMIT] = self.discard_limit
        v[L.OPT_DOMESTIC_TRADE] = (
            1 + TRADE_PROTOCOLS.index(self.trade_protocol) if self.domestic_trade else 0
        )
        v[L.OPT_TRADE_MAX_CARDS] = self.trade_max_cards_per_side
        v[L.OPT_TRADE_MAX_PROPOSALS] = self.trade_max_proposals_per_turn
        v[L.OPT_MAX_TURNS] = self.max_turns
        v[L.OPT_FRIENDLY_ROBBER] = int(self.friendly_robber)
        v[L.OPT_STRICT_ORDER] = int(self.strict_trade_build_order)
        v[L.OPT_SKIP_FORCED] = int(self.skip_forced)
        v[L.OPT_BOARD_MODE] = BOARDS.index(self.board)
        v[L.OPT_TOKEN_MODE] = NUMBER_TOKENS.index(self.number_tokens)
        v[L.OPT_RANDOM_CORNER] = int(self.random_spiral_start)
        words = variant_options(self.variant).config_words
        if words is not None:
            v = np.concatenate([v, np.array(words(self), np.int32)])
        return v

    def board_template(self) -> np.ndarray:
        """What the reset imposes on the board (standard island: -1 parts are drawn)."""
        return variant_options(self.variant).board_template(self)

    @classmethod
    def from_state_vector(cls, v: np.ndarray, variant: str = "base", **extra) -> GameConfig:
        """The options stored in the configuration fields of a state."""
        words = variant_options(variant).from_config_words
        if words is not None:
            extra = {**words(v), **extra}
        return cls(
            variant=variant,
            num_players=int(v[L.NUM_PLAYERS]),
            vp_to_win=int(v[L.OPT_VP_TO_WIN]),
            discard_limit=int(v[L.OPT_DISCARD_LIMIT]),
            domestic_trade=bool(v[L.OPT_DOMESTIC_TRADE]),
            trade_max_cards_per_side=int(v[L.OPT_TRADE_MAX_CARDS]),
            trade_max_proposals_per_turn=int(v[L.OPT_TRADE_MAX_PROPOSALS]),
            # Without domestic trade the state keeps no protocol: the default stands.
            trade_protocol=(
                TRADE_PROTOCOLS[int(v[L.OPT_DOMESTIC_TRADE]) - 1]
                if v[L.OPT_DOMESTIC_TRADE]
                else cls.trade_protocol
            ),
            max_turns=int(v[L.OPT_MAX_TURNS]),
            friendly_robber=bool(v[L.OPT_FRIENDLY_ROBBER]),
            strict_trade_build_order=bool(v[L.OPT_STRICT_ORDER]),
            skip_forced=bool(v[L.OPT_SKIP_FORCED]),
            board=BOARDS[int(v[L.OPT_BOARD_MODE])],
            number_tokens=NUMBER_TOKENS[int(v[L.OPT_TOKEN_MODE])],
            random_spiral_start=bool(v[L.OPT_RANDOM_CORNER]),
            **extra,
        )
