"""Explorers & Pirates, beside the base rules (``../shared/rules/explorers_and_pirates.md``).

The frame board comes from the scenario data files (``board/ep_frame.py``) as
a table array (:mod:`.tables`); the state extends the base layout (:mod:`.layout`).
"""
