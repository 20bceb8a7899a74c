"""validate's question "does the meld solver's bounded search take this
variant's big hands?" is asked of the rule components
(``soundness._why_unbounded``, in the variant layer, which may not import the
solver); the solver answers the same question itself
(:func:`rummykit.melds.rank_order.supports`). The two must agree on every
built-in variant, at every player count, and on house rules that change the
answer."""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit import soundness
from rummykit.melds.declare import declaration_rule
from rummykit.melds.rank_order import supports
from rummykit.melds.tables import rules_for
from rummykit.variant import Variant

HOUSE_RULES = {
    "boathouse with jokers": 'extends = "boathouse"\n[deck]\njokers_per_deck = 2',
    "boathouse, two decks": 'extends = "boathouse"\n[deck]\ndecks = 2',
    "boathouse, ace around, runs to 5": (
        'extends = "boathouse"\n[ranking]\nace = "around"\n[melds]\nrun_max = 5'
    ),
    "boathouse, ace around": 'extends = "boathouse"\n[ranking]\nace = "around"',
    "gin, sets of one rank only": 'extends = "gin"\n[melds]\nruns = false',
}


def _solver_answer(v: Variant) -> bool:
    """True where the solver's own test takes a big hand of every player count."""
    if v.deck.cuts_wild():
        return False
    patterns, min_runs, min_pure, _ = declaration_rule(v)
    if patterns or min_runs or min_pure:
        return False
    rules = rules_for(v)
    for n in v.players.counts():
        codes = [c.code for c in v.deck.shoe(n)]
        if any(rules.wild[c] for c in codes) or len(set(codes)) != len(codes):
            return False
        if not supports(rules, codes):
            return False
    return True


def _variants() -> list[tuple[str, Variant]]:
    out = [(name, rk.load_variant(name)) for name in rk.list_variants()]
    out += [(name, rk.loads_variant(text)) for name, text in HOUSE_RULES.items()]
    return out


@pytest.mark.parametrize(("name", "v"), _variants(), ids=[n for n, _ in _variants()])
def test_the_components_answer_as_the_solver(name: str, v: Variant) -> None:
    assert (soundness._why_unbounded(v) is None) == _solver_answer(v), name


def test_the_house_rules_give_both_answers() -> None:
    answers = {name: soundness._why_unbounded(rk.loads_variant(text)) for name, text in HOUSE_RULES.items()}
    assert answers["boathouse with jokers"] == "wild cards"
    assert answers["boathouse, two decks"] is not None
    assert answers["boathouse, ace around, runs to 5"] is not None
    assert answers["boathouse, ace around"] is None
