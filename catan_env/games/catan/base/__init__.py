"""The Catan base game: its action ids, setup, legal actions, step, development
cards, turn order, invariants, jitted agents and observation (base §1-§14), and
its Python layers: options, snapshot, explanations of illegal actions, text
board and picture, chance outcomes and determinization (``spec.py`` lists them)."""
