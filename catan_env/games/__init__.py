"""The games, one package each: :mod:`.catan` (base, Cities & Knights, Explorers &
Pirates, beside the rules they share) and :mod:`.ancients` (Command & Colors: Ancients)."""
