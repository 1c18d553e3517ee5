"""Catan: the board geometry (:mod:`.board`), the rules every variant shares
(:mod:`.common`), and one package per variant: :mod:`.base`,
:mod:`.cities_and_knights`, :mod:`.explorers_and_pirates`."""
