"""Cities & Knights: the rules module beside the base rules (C&K §3, §4).

It reuses the base engine's shared pieces (board, cards, placement, Longest
Road, trade protocol, robber primitives) and adds its own layout extension,
action space, phases, masks and step. Its rules are its own: the robber lock
(C&K §3.7) is :func:`.robber.robber_is_free`. Its Python layers (options,
snapshot, explanations, text board and picture, chance outcomes,
determinization, reward shaping) sit beside them under the base game's file
names; ``spec.py`` lists them.
"""
