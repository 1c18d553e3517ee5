"""Cities & Knights: the rules module beside the base rules (C&K §3, §4).

It reuses the base engine's shared pieces (board, cards, placement, Longest
Road, trade protocol, robber primitives) and adds its own layout extension,
action space, phases, masks and step.
"""
