"""The Catan base game: its action ids, setup, legal actions, step, development
cards, turn order, invariants, jitted agents and observation (base §1-§14)."""
