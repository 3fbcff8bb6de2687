"""The base reader: what a share is a share of, what it counts, and when a claim's base is
another than its source's (citeproof.values.share_base)."""

from __future__ import annotations

import pytest

from citeproof.values.binding import binding_differs
from citeproof.values.extract import extract_atoms, prepare
from citeproof.values.share_base import noun_phrase_end, read_share


def _share(text: str):
    low = prepare(text, keep_newlines=True).lower()
    atoms = extract_atoms(text, mode="source")
    atom = next(a for a in atoms if a.dim == "percent" or a.share)
    return read_share(low, atom, (0, len(low)), atoms)


@pytest.mark.parametrize(
    ("text", "base", "counted"),
    [
        ("About 40% of smartphone users also own a tablet.", "smartphone users", {"own", "tablet"}),
        ("Of smartphone users, 40% also own a tablet.", "smartphone users", {"own", "tablet"}),
        ("Among online shoppers, 40% were women.", "online shoppers", {"women"}),
        ("In online shoppers, 40% were women.", "online shoppers", {"women"}),
        ("40% were women among online shoppers.", "online shoppers", {"women"}),
        ("Women made up 40% of online shoppers.", "online shoppers", {"women", "made"}),
        ("12% of patients with grade 3 neutropenia required dose reduction.", "patients with grade 3 neutropenia",
         {"required", "dose", "reduction"}),
        ("12% of patients who required dose reduction had grade 3 neutropenia.", "patients who required dose reduction",
         {"grade", "neutropenia"}),
        ("Two thirds of patients treated with drug X responded.", "patients treated with drug x", {"responded"}),
        ("在网购用户中，40%为女性。", "网购用户", {"女性", "为女"}),
        ("网购用户中有40%为女性。", "网购用户", {"女性", "为女"}),
    ],
)
def test_the_base_of_a_share_and_what_it_counts(text, base, counted):
    share = _share(text)
    assert share is not None
    assert (share.base, set(share.counted_terms)) == (base, counted)


def test_a_base_of_stop_words_only_and_no_count_is_no_base():
    assert _share("40% of patients responded.") is None
    assert _share("其中40%为女性。") is None
    assert _share("40% responded.") is None
    assert [a.raw for a in _share("40% of the 120 patients responded.").counts] == ["120"]


@pytest.mark.parametrize(
    ("text", "end"),
    [("tablet users also own a tablet", "tablet users"), ("patients required dose reduction", "patients"),
     ("the enrolled patients responded", "the enrolled patients"), ("patients aged 65 or older were women", "patients aged 65 or older"),
     ("patients who were treated with x responded", "patients who were treated with x"), ("users (n=120) owned", "users")],
)
def test_a_noun_phrase_ends_where_the_verb_phrase_starts(text, end):
    assert text[:noun_phrase_end(text, 0, len(text))].strip() == end


def _why(claim: str, source: str) -> str | None:
    return binding_differs(claim, extract_atoms(claim), source)


@pytest.mark.parametrize(
    ("claim", "source", "bases"),
    [
        ("About 40% of tablet users also own a smartphone.", "About 40% of smartphone users also own a tablet.",
         ("tablet users", "smartphone users")),
        ("Among women, 40% were online shoppers.", "Among online shoppers, 40% were women.", ("women", "online shoppers")),
        ("在女性中，40%为网购用户。", "在网购用户中，40%为女性。", ("女性", "网购用户")),
        ("女性中有40%为网购用户。", "网购用户中有40%为女性。", ("女性", "网购用户")),
        ("40% of the 80 patients responded.", "Of the 120 patients, 40% responded.", ("80 patients", "120 patients")),
    ],
)
def test_a_claim_share_of_another_base_names_both(claim, source, bases):
    assert _why(claim, source) == f"the claim takes 40% of '{bases[0]}'; the source takes it of '{bases[1]}'"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Of smartphone users, 40% also own a tablet.", "40% of smartphone users also own a tablet."),
        ("40% of the 120 patients responded.", "Of the 120 patients, 40% responded."),
        ("网购用户中有40%为女性。", "在网购用户中，40%为女性。"),
        # an over-long guess at the end of the base moves words one way only: no exchange
        ("40% of patients with diabetes responded to treatment.", "In patients with diabetes, 40% responded to treatment."),
        # a source that marks no base decides nothing
        ("40% of smartphone users own a tablet.", "Smartphone users: 40% own a tablet."),
    ],
)
def test_a_claim_share_of_the_same_base_is_not_flagged(claim, source):
    assert _why(claim, source) is None


_COUNT_SOURCE = "Of the 120 enrolled patients, 100 were evaluable for response."


@pytest.mark.parametrize(
    "claim",
    [
        "Of the 120 evaluable patients, 100 were enrolled.",
        "Among the 120 evaluable patients, 100 were enrolled.",
        "100 of the 120 evaluable patients were enrolled.",
    ],
)
def test_a_count_whose_base_and_subset_are_exchanged_names_both(claim):
    assert _why(claim, _COUNT_SOURCE) == (
        "the claim counts 100 of '120 evaluable patients'; the source counts it of '120 enrolled patients'")


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Of the 120 enrolled patients, 100 were evaluable for response.", _COUNT_SOURCE),
        ("100 of the 120 enrolled patients were evaluable for response.", _COUNT_SOURCE),
        ("Of the 120 patients enrolled, 100 were evaluable.", _COUNT_SOURCE),
        ("在120名入组患者中，100名可评估疗效。", "在120名入组患者中，100名可评估疗效。"),
        # "In X," with no count in it frames a count (a place, a season) rather than counting in a group
        ("In the outpatient clinics, 100 patients were treated during the winter.",
         "In the winter, 100 patients were treated in the outpatient clinics."),
    ],
)
def test_a_count_of_the_same_base_is_not_flagged(claim, source):
    assert _why(claim, source) is None
