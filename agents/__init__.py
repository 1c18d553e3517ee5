"""Baseline agents for catan_env.

Every agent implements :class:`~agents.base.Agent`: ``act(observation) -> action``
where ``observation`` is the PettingZoo dict ``{"observation", "action_mask"}``.
Agents that also have a jitted policy (``kernel_kind``) run inside the batched
self-play kernel with no Python per step.
"""

from .base import Agent, make_agent, registered_agents
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent", "registered_agents"]
