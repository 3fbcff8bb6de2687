"""A "respectively" list's k-th figure is its k-th member's, whatever the members are (red team rt32a, "resp2").

The bad cases this guards: "Participants weighing less than 60 kg and 60 kg or more receive
1000 mg and 1500 mg …, respectively" cited for "Participants weighing 60 kg or more receive
1000 mg" passed — the figures naming the members ("60 kg", "6 months", the "12" of "AUC0-12")
cut the members' words short, so no list was read; "Under fasted and fed conditions, Cmax was
5.8 µg/mL and 4.6 µg/mL" was cut at its comma, giving 5.8 to 'fed conditions'; and in "200 mg …
for patients weighing 40 kg or more, and 100 mg … for patients weighing less than 40 kg" the
bands were no words at all, so 200 mg given to the '< 40 kg' band passed.
"""

from __future__ import annotations

import pytest

from tests.values.helpers import binding_reason as differs
from tests.values.helpers import list_readings as _items
from tests.values.helpers import verify_pairs

WEIGHT = ("Dose by body weight: participants weighing less than 60 kg and 60 kg or more receive 1000 mg and "
          "1500 mg of the study drug every 4 weeks, respectively.")
AGES = ("Infants 1 month to less than 6 months and children 6 months to less than 4 years should receive "
        "14 mg/kg and 20 mg/kg twice daily, respectively, as the starting dose.")
FED = "Under fasted and fed conditions, Cmax was 5.8 µg/mL and 4.6 µg/mL, respectively."
REGION = ("Exposure in Japanese and Western patients was similar, with AUC0-12 of 11.2 µg·h/mL and "
          "10.8 µg·h/mL, respectively.")
TWO_LISTS = ("Coadministration decreased the AUC and Cmax by 72% and 58%, respectively, while another inhibitor "
             "increased them by 30% and 20%, respectively.")
BAND = ("Switch to oral therapy: 200 mg every 12 hours for patients weighing 40 kg or more, and 100 mg every "
        "12 hours for patients weighing less than 40 kg.")

MOVED = [
    ("Participants weighing 60 kg or more receive 1000 mg of the study drug every 4 weeks.", WEIGHT),
    ("Participants weighing less than 60 kg receive 1500 mg of the study drug every 4 weeks.", WEIGHT),
    ("Infants 1 month to less than 6 months should receive 20 mg/kg twice daily as the starting dose.", AGES),
    ("Children 6 months to less than 4 years should receive 14 mg/kg twice daily as the starting dose.", AGES),
    ("Under fed conditions, Cmax was 5.8 µg/mL.", FED),
    ("Under fasted conditions, Cmax was 4.6 µg/mL.", FED),
    ("In Western patients, AUC0-12 was 11.2 µg·h/mL.", REGION),
    ("Exposure in Western patients was similar, with AUC0-12 of 11.2 µg·h/mL.", REGION),
]

KEPT = [
    ("Participants weighing less than 60 kg receive 1000 mg of the study drug every 4 weeks.", WEIGHT),
    ("Participants weighing 60 kg or more receive 1500 mg of the study drug every 4 weeks.", WEIGHT),
    ("Infants 1 month to less than 6 months should receive 14 mg/kg twice daily as the starting dose.", AGES),
    ("Children 6 months to less than 4 years should receive 20 mg/kg twice daily as the starting dose.", AGES),
    ("Under fed conditions, Cmax was 4.6 µg/mL.", FED),
    ("In Western patients, AUC0-12 was 10.8 µg·h/mL.", REGION),
    (WEIGHT, WEIGHT),
    (AGES, AGES),
    (FED, FED),
    ("Another inhibitor increased them by 30%.", TWO_LISTS),
]


@pytest.mark.parametrize(("claim", "source"), MOVED)
def test_a_figure_given_to_another_member_differs(claim, source):
    # (a member named as a subject, 'infants', is the label check's to tell)
    assert differs(claim, source) is not None


@pytest.mark.parametrize(("claim", "source"), KEPT)
def test_a_figure_given_to_its_own_member_does_not_differ(claim, source):
    assert differs(claim, source) is None


def test_figures_naming_the_members_are_member_words_not_list_figures():
    assert _items(WEIGHT) == [[("1000 mg", "participants weighing less than 60 kg"),
                               ("1500 mg", "60 kg or more receive")]]
    assert _items(AGES) == [[("14 mg/kg", "infants 1 month to less than 6 months"),
                             ("20 mg/kg", "children 6 months to less than 4 years should receive")]]


def test_the_last_member_runs_from_the_joining_word_past_a_comma():
    assert _items(FED) == [[("5.8 μg/ml", "under fasted"), ("4.6 μg/ml", "fed conditions, cmax was")]]
    # the "12" of "AUC0-12" names the measure: no figure of the list, it does not end its words
    assert _items(REGION) == [[("11.2 μg·h/ml", "exposure in japanese"),
                               ("10.8 μg·h/ml", "western patients was similar, with auc0-12 of")]]


def test_a_cue_before_its_own_figures_ends_no_members():
    # "分别为" stands before its own list's figures, after the figures naming the members
    assert _items("治疗12周和24周时缓解率分别为40%和55%。") == [[("40%", "治疗12周"), ("55%", "24周时缓解率分别为")]]


def test_a_list_before_ends_the_members_of_the_next():
    # the second list's words run back to the first one's "respectively", and are too few
    assert _items(TWO_LISTS) == [[("72%", "coadministration decreased the auc"), ("58%", "cmax by")]]


BAND_MOVED = "Switch to oral therapy at 200 mg every 12 hours for patients weighing less than 40 kg."
BAND_KEPT = "Switch to oral therapy at 200 mg every 12 hours for patients weighing 40 kg or more."


def test_a_figure_said_with_another_clauses_band_differs():
    why = differs(BAND_MOVED, BAND)
    assert why is not None and "'<40'" in why and "'≥40'" in why
    assert differs(BAND_KEPT, BAND) is None


def test_through_the_pipeline_a_moved_figure_is_not_passed_and_its_own_passes(tmp_path):
    pairs = [(WEIGHT, "Participants weighing 60 kg or more receive 1000 mg of the study drug every 4 weeks."),
             (AGES, "Infants 1 month to less than 6 months should receive 20 mg/kg twice daily as the starting dose."),
             (FED, "Under fed conditions, Cmax was 5.8 µg/mL."),
             (BAND, BAND_MOVED),
             (WEIGHT, "Participants weighing less than 60 kg receive 1000 mg of the study drug every 4 weeks."),
             (AGES, "Infants 1 month to less than 6 months should receive 14 mg/kg twice daily as the starting dose."),
             (FED, "Under fed conditions, Cmax was 4.6 µg/mL."),
             (BAND, BAND_KEPT)]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["undecided"] * 4 + ["pass"] * 4
