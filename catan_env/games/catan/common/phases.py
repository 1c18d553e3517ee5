"""Phases of the base game: which decision the current player faces.

The phase machine follows Appendix A of the base rules (engine convention).
"""

SETUP_SETTLEMENT = 0  # place a set-up settlement (base §4.2, §4.3)
SETUP_ROAD = 1  # place the set-up road touching it
PRE_ROLL = 2  # roll, or play a development card first (base §5.1 step 1)
ACTION = 3  # trade, build, buy, play a card, end the turn (base §5.5)
DISCARD = 4  # a 7: the current player discards one card per step (base §5.4)
MOVE_ROBBER = 5  # choose the robber's new hex (7 or Knight)
STEAL = 6  # choose the victim of the steal
ROAD_BUILDING = 7  # place a free road, or stop after the first (base §8.3)
YEAR_OF_PLENTY = 8  # pick a resource from the bank (base §8.4)
MONOPOLY = 9  # name a resource (base §8.5)
TRADE_COMPOSE = 10  # build up a domestic offer (base §6.3)
TRADE_RESPOND = 11  # an addressed opponent accepts or declines
TRADE_CLOSE = 12  # the active player confirms with an acceptor or cancels
GAME_OVER = 13

NUM_PHASES = 14
PHASE_NAMES = (
    "setup_settlement",
    "setup_road",
    "pre_roll",
    "action",
    "discard",
    "move_robber",
    "steal",
    "road_building",
    "year_of_plenty",
    "monopoly",
    "trade_compose",
    "trade_respond",
    "trade_close",
    "game_over",
)
