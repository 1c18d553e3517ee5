"""Baseline agents for catan_env.

Every agent implements :class:`~agents.base.Agent`: ``act(game) -> action`` for
the seat that must decide, using only what that seat knows.
Agents that also have a jitted policy (``kernel_kind``) run inside the batched
self-play kernel with no Python per step.
"""

# Imported for what they register: catanatron:BOT, learned, learned-search, value-search.
from . import catanatron_agent, learned, value_search  # noqa: F401
from .base import Agent, make_agent, observation_of, registered_agents
from .jitted import HeuristicAgent, JittedAgent, WeightedRandomAgent
from .mcts import MCTSAgent
from .policy_agent import PolicyAgent
from .random_agent import RandomAgent
from .value_search import ValueSearchAgent

__all__ = [
    "Agent",
    "HeuristicAgent",
    "JittedAgent",
    "MCTSAgent",
    "PolicyAgent",
    "RandomAgent",
    "ValueSearchAgent",
    "WeightedRandomAgent",
    "make_agent",
    "observation_of",
    "registered_agents",
]
