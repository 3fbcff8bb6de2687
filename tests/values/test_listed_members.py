"""A claim list of days or arms that leaves out a member of the source's list is not carried.

The bad case this guards: "on days 1 and 15" citing "on days 1, 8 and 15" holds every number
of the claim, in order, with its words — and passed, though the claim gives another schedule.
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import prepare
from citeproof.values.listed_members import lists_in, member_dropped


def _lists(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(x.kind, x.items) for x in lists_in(prepare(text).lower())]


@pytest.mark.parametrize(
    "text, kind, items",
    [
        ("on days 1, 8 and 15", "day", ("1", "8", "15")),
        ("on day 1, day 8 and day 15", "day", ("1", "8", "15")),
        ("days 1, 8, 15 of each cycle", "day", ("1", "8", "15")),
        ("in Arms A, B, and C", "arm", ("a", "b", "c")),
        ("第1、8、15天", "day", ("1", "8", "15")),
        ("第1天、第8天和第15天", "day", ("1", "8", "15")),
        ("A、B和C组", "arm", ("a", "b", "c")),
        ("队列1、2和3", "cohort", ("1", "2", "3")),
    ],
)
def test_a_list_is_read_in_each_of_its_spellings(text, kind, items):
    assert _lists(text) == [(kind, items)]


@pytest.mark.parametrize("text", ["on day 1, 8 patients responded", "40% in Arm A and 25% in Arm B", "cycles 1-3"])
def test_what_only_looks_like_a_list_is_none(text):
    assert _lists(text) == []


@pytest.mark.parametrize(
    "claim, source, left_out",
    [
        ("Patients received 4 units on days 1 and 15.", "Patients received 4 units on days 1, 8 and 15.", "day 8"),
        ("The response rate was 40% in Arms A and C.", "The response rate was 40% in Arms A, B and C.", "arm b"),
        ("Patients received the study drug on days 1 and 8.", "患者于第1、8、15天接受研究药物。", "day 15"),
        ("患者于第1、15天接受研究药物。", "Patients received the study drug on days 1, 8 and 15.", "day 8"),
    ],
)
def test_a_member_left_out_is_named(claim, source, left_out):
    why = member_dropped(claim, source)
    assert why is not None and f"leaves out {left_out}" in why


@pytest.mark.parametrize(
    "claim, source",
    [
        ("Patients received 4 units on days 1, 8 and 15.", "Patients received 4 units on days 1, 8 and 15."),
        ("Patients received 4 units on day 1, day 8 and day 15.", "Patients received 4 units on days 1, 8 and 15."),
        ("Patients received the study drug on days 1, 8 and 15.", "患者于第1、8、15天接受研究药物。"),
        ("患者于第1天、第8天和第15天接受研究药物。", "患者于第1、8、15天接受研究药物。"),
        ("The response rate was 40% in Arms A, B and C.", "The response rate was 40% in Arms A, B, and C."),
        # the source states the shorter list too, at its own place
        ("Patients received the drug on days 1 and 8 in later cycles.",
         "Patients received the drug on days 1, 8 and 15 in cycle 1 and on days 1 and 8 in later cycles."),
        # lists of another kind are no evidence
        ("Patients in arms 1 and 2 were treated.", "Patients were treated on days 1, 2 and 3."),
    ],
)
def test_the_whole_list_or_an_equal_one_is_carried(claim, source):
    assert member_dropped(claim, source) is None
