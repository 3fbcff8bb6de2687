"""A claim that puts a word from another line of the cited place in place of one of this line's never passes.

The bad case this guards: two arm descriptions, "… metastatic breast …" and "… metastatic
ovarian …"; the claim "… evaluable, ovarian breast …" keeps enough of the first line's words
to pass on overlap, with the other arm's word in place of "metastatic".
"""

from __future__ import annotations

from citeproof.values.segment_support import SegmentTable, content_terms
from tests.values.helpers import verify_against

LINES = [
    "Participants with evaluable, advanced garden disease who have failed or are not candidates for standard care.",
    "Participants with evaluable, advanced river disease who have failed or are not candidates for standard care.",
]


def _table() -> SegmentTable:
    return SegmentTable([(line, False) for line in LINES])


def test_a_word_from_another_line_in_place_of_this_lines_word_is_borrowed():
    claim = "Participants with evaluable, river garden disease who have failed or are not candidates for standard care."
    assert _table().borrowed(frozenset(content_terms(claim)), 0) == "river"


def test_a_restatement_borrows_nothing():
    assert _table().borrowed(frozenset(content_terms(LINES[0])), 0) is None


def test_a_word_added_without_one_dropped_is_not_borrowed():
    # a citation's link text ("river notes") adds words; every word of the line is still there
    claim = LINES[0] + " (river notes)"
    assert _table().borrowed(frozenset(content_terms(claim)), 0) is None


def test_a_word_the_whole_place_lacks_is_the_claims_own_wording():
    claim = "Participants with evaluable, reported garden disease who have failed or are not candidates for standard care."
    assert _table().borrowed(frozenset(content_terms(claim)), 0) is None


def test_a_borrowing_claim_is_left_to_the_judge(tmp_path):
    report = (
        # "advanced" left out at one place, the other line's "river" put in at another: no aligned swap
        "# R\n\nParticipants with evaluable garden disease who have failed river or are not candidates for standard "
        "care [evidence:s.md#L3-L4].\n\n"
        f"{LINES[0][:-1]} [evidence:s.md#L3-L4].\n"
    )
    out = verify_against(tmp_path, "# S\n\n" + "\n".join(LINES) + "\n", report)
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    # either of its two changes may be named first: the borrowed word, or the dropped "advanced"
    assert "elsewhere in the cited place" in out.claims[0].undecided_reasons[0] \
        or "'advanced' stands before" in out.claims[0].undecided_reasons[0]


def test_a_word_borrowed_past_a_dropped_weakening_adverb_is_named(tmp_path):
    # the dropped word is an adverb the dropped-modifier check lets through ('markedly'), and the
    # borrowed word stands where no aligned swap or added modifier sees it: only this check can
    lines = [
        "Participants with evaluable garden disease markedly improved after standard care in the first cycle.",
        "Participants with evaluable river disease markedly improved after standard care in the first cycle.",
    ]
    report = (
        "# R\n\nParticipants with evaluable garden disease improved after standard care in the first cycle, river "
        "[evidence:s.md#L3-L4].\n\n"
        "River participants with evaluable garden disease improved after standard care in the first cycle "
        "[evidence:s.md#L3-L4].\n\n"
        f"{lines[0][:-1]} [evidence:s.md#L3-L4].\n"
    )
    out = verify_against(tmp_path, "# S\n\n" + "\n".join(lines) + "\n", report)
    assert [c.status for c in out.claims] == ["undecided", "undecided", "pass"]
    for claim in out.claims[:2]:
        assert "'river' is not in the line that carries it but elsewhere in the cited place" in claim.undecided_reasons[0]
