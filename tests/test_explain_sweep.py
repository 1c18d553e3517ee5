"""Every refusal names its real reason: over random positions of every game, an
illegal action of a kind that this phase offers is never explained with the generic
"not in this phase" message (base §12, C&K §3.15, E&P §12, CCA §7)."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

import catan_env.ancients as ancients
from catan_env import Game
from catan_env.actions import family_of
from catan_env.games.ancients.actions import family_of as ancients_family_of
from catan_env.games.ancients.explain import explain as ancients_explain

EP = "explorers_and_pirates"


def _catan_family(g, a):
    v = g.config.variant
    if v == "base":
        return family_of(a)
    return g.variant.actions.infos[a].family


def _generic_catan(g, text):
    if g.config.variant == EP:
        return " is only possible in phase " in text
    return ": not in this phase (" in text


def _catan_positions(variant, games, seed, **options):
    rng = np.random.default_rng(seed)
    for _ in range(games):
        g = Game(variant=variant, seed=int(rng.integers(2**31)), **options)
        stop = int(rng.integers(50, 1500))
        while not g.done and len(g.actions) < stop:
            if rng.random() < 0.15:
                yield g.copy()
            g.step(int(rng.choice(g.legal_actions())))


def _ancients_positions(games, seed):
    rng = np.random.default_rng(seed)
    for _ in range(games):
        g = ancients.Game("akragas", seed=int(rng.integers(2**31)))
        stop = int(rng.integers(50, 1200))
        n = 0
        while not g.done and n < stop:
            if rng.random() < 0.15:
                yield g.copy()
            g.step(int(rng.choice(g.legal_actions())))
            n += 1


def _check(positions, family, phase_of, explain, generic, rng, per_family=3):
    """Learn which families each phase offers, then explain illegal actions of those
    families in that phase; returns the generic explanations found."""
    positions = list(positions)
    own = defaultdict(set)
    for g in positions:
        for a in g.legal_actions():
            own[phase_of(g)].add(family(g, int(a)))
    bad = {}
    checked = 0
    for g in positions:
        mask = g.action_mask()
        illegal = np.flatnonzero(~mask.astype(bool))
        by_family = defaultdict(list)
        for a in illegal:
            by_family[family(g, int(a))].append(int(a))
        for fam, acts in by_family.items():
            if fam not in own[phase_of(g)]:
                continue
            for a in rng.choice(acts, size=min(per_family, len(acts)), replace=False):
                text = explain(g, int(a), mask)
                checked += 1
                if generic(g, text):
                    bad.setdefault((phase_of(g), fam), text)
    return checked, bad


@pytest.mark.parametrize(
    "variant,options",
    [("base", {}), ("cities_and_knights", {})]
    + [(EP, {"scenario": s}) for s in ("land_ho", "pirate_lairs", "explorers_and_pirates")],
)
def test_catan_refusals_name_their_reason(variant, options):
    """base §12, C&K §3.15, E&P §12: illegal actions of a family legal in the phase get a reason of their own, never the generic phase message."""
    rng = np.random.default_rng(3)
    checked, bad = _check(
        _catan_positions(variant, 40, 11, **options),
        _catan_family,
        lambda g: g.phase,
        lambda g, a, mask: g.variant.explain(g.state, a, mask),
        _generic_catan,
        rng,
    )
    assert checked > 500
    assert not bad, "\n".join(f"{k}: {v}" for k, v in sorted(bad.items()))


def test_ancients_refusals_name_their_reason():
    """CCA §7, CCA §3.5, CCA §3.9: an illegal Ancients action of a kind the step offers gets a reason of its own, never the generic "now is ..." message."""
    rng = np.random.default_rng(3)

    def generic(g, text):
        return ": now is '" in text and "(a card is played only" not in text

    checked, bad = _check(
        _ancients_positions(40, 11),
        lambda g, a: ancients_family_of(a)[0],
        lambda g: g.phase,
        lambda g, a, mask: ancients_explain(g.state, a, mask, g.side_names),
        generic,
        rng,
    )
    assert checked > 500
    assert not bad, "\n".join(f"{k}: {v}" for k, v in sorted(bad.items()))


@pytest.mark.parametrize(
    "card,reason",
    [
        ("bishop", "before the first barbarian attack (C&K §3.7, §4.2.1)"),
        ("spy", "an opponent who holds a progress card (C&K §4.2.7)"),
        ("deserter", "an opponent with a knight on the board (C&K §4.2.3)"),
    ],
)
def test_ck_card_refusal_names_the_cards_precondition(card, reason):
    """C&K §4.2.1, C&K §4.2.7, C&K §4.2.3, C&K §3.15.4: Bishop before the first barbarian attack, Spy with no progress card in an opponent's hand and Deserter with no enemy knight are refused for that reason, not as "not in this phase"."""
    import ck_helpers as ckh

    from catan_env import IllegalActionError

    d = ckh.ck_blank(phase="action")
    ckh.progress(d, 0, card)
    g = ckh.game(d)
    with pytest.raises(IllegalActionError) as err:
        g.step(f"play({card})")
    assert reason in str(err.value) and "not in this phase" not in str(err.value)
