"""A number and its unit split by a visual line wrap (a PDF turned into text) through the whole
pipeline: the numeric rule reads value atoms across exactly the wraps the segmenter rejoins
(citeproof.sources.segment.reflowed_text), so a true claim restating the wrapped sentence
passes, a changed figure still fails, and lines the segmenter keeps apart stay apart.
"""

from __future__ import annotations

import pytest

from citeproof.sources.segment import segment_window
from citeproof.sources.types import SourceDocument
from citeproof.values.assess import claim_atoms, text_supports_all
from values.helpers import verify_against

# (source lines, a true claim restating them, the same claim with its figure changed)
WRAPPED = [
    ("Results: the median overall survival was 14.2\nmonths in the treated arm and 10.1 months\nin the control arm.",
     "The median overall survival was 14.2 months in the treated arm.",
     "The median overall survival was 14.9 months in the treated arm."),
    ("Grade 3 neutropenia occurred in 12.5\n% of patients.",
     "Grade 3 neutropenia occurred in 12.5% of patients.",
     "Grade 3 neutropenia occurred in 15.5% of patients."),
    ("The usual starting dose was 12.5\nmg twice daily.",
     "The usual starting dose was 12.5 mg twice daily.",
     "The usual starting dose was 25 mg twice daily."),
    ("中位总生存期为14.2\n个月，对照组为10.1个月。", "中位总生存期为14.2个月。", "中位总生存期为15.2个月。"),
    ("起始剂量为12.5\n毫克，每日两次。", "起始剂量为12.5毫克，每日两次。", "起始剂量为25毫克，每日两次。"),
    ("研究共入组3.5\n万名受试者。", "研究共入组35000名受试者。", "研究共入组45000名受试者。"),
]


def _statuses(tmp_path, source: str, *claims: str) -> list[str]:
    anchor = f"[evidence:s.md#L1-L{source.count(chr(10)) + 1}]"
    report = "# R\n\n" + "\n\n".join(f"{c[:-1]}{anchor}{c[-1]}" for c in claims) + "\n"
    result = verify_against(tmp_path, source + "\n", report)
    return [c.status for c in result.claims if c.anchors]


@pytest.mark.parametrize("source, true, false", WRAPPED, ids=[f"wrap{i}" for i in range(len(WRAPPED))])
def test_a_number_wrapped_from_its_unit_supports_the_true_claim_only(tmp_path, source, true, false):
    assert _statuses(tmp_path, source, true, false) == ["pass", "fail"]


@pytest.mark.parametrize("source, true, _false", WRAPPED, ids=[f"wrap{i}" for i in range(len(WRAPPED))])
def test_one_segment_carries_every_number_of_the_true_claim(source, true, _false):
    # the claim-support side reads the same rejoined sentence as the numeric rule
    lines = source.split("\n")
    doc = SourceDocument(source_id="s", channel="evidence", path="evidence/s.md", media="md", text=source,
                         lines=tuple(lines))
    segments = segment_window(doc, 1, len(lines))
    assert any(text_supports_all(claim_atoms(true), s.text) for s in segments)


@pytest.mark.parametrize("source, claim", [
    # a stop ends the sentence: the next line's unit is not the number's
    ("The dose was reduced to 12.5.\nmg levels were checked.", "The dose was reduced to 12.5 mg."),
    ("疗程共12。\n个月后进行随访。", "疗程共12个月。"),
])
def test_a_unit_after_a_sentence_end_never_joins_the_number(tmp_path, source, claim):
    # not "pass": each source line read on its own never states the claim's number in its unit
    assert _statuses(tmp_path, source, claim) != ["pass"]


def test_an_unwrapped_window_reads_as_before(tmp_path):
    assert _statuses(tmp_path, "Stop the tablets\nStarting dose 12.5 mg", "The starting dose was 12.5 mg.") == ["pass"]


# a PDF's table as plain text (red team s28 t1): rows opening in lowercase are not wraps
_TEXT_TABLE = ("Adverse events\nTable 3. Patients who reported each adverse event, by arm\n"
               "Adverse event Arm A Arm B\nnausea 12 30\nfatigue 8 25\n")


def _txt_statuses(tmp_path, source: str, *claims: str) -> list[str]:
    anchor = "[evidence:s.txt#Adverse events]"
    report = "# R\n\n" + "\n\n".join(f"{c[:-1]} {anchor}{c[-1]}" for c in claims) + "\n"
    result = verify_against(tmp_path, source, report, name="s.txt")
    return [c.status for c in result.claims if c.anchors]


def test_a_plain_text_tables_other_column_never_passes(tmp_path):
    # 30 is Arm B's: one segment held the header and both rows, so every word and number was in it
    assert "pass" not in _txt_statuses(tmp_path, _TEXT_TABLE, "Arm A nausea: 30 adverse events.",
                                       "Arm A fatigue: 25.")


def test_a_plain_text_tables_own_column_never_fails(tmp_path):
    assert "fail" not in _txt_statuses(tmp_path, _TEXT_TABLE, "Arm A nausea: 12 adverse events.",
                                       "Arm B nausea: 30 adverse events.", "Arm A fatigue: 8.")


def test_a_wrapped_sentence_over_a_row_look_alike_still_passes(tmp_path):
    source = "Adverse events\nThe patients who reported nausea in the\ntrial numbered 12 and 30\n"
    assert _txt_statuses(tmp_path, source, "The patients who reported nausea in the trial numbered 12 and 30.") \
        == ["pass"]


# red team rt31: a row's cells need not be plain numbers; a sentence's list of numbers is no row
@pytest.mark.parametrize(("rows", "other", "own"), [
    ("nausea 12 —\nfatigue — 25\n", ("Arm A fatigue: 25.", "Arm B nausea: 12."), ("Arm B fatigue: 25.", "Arm A nausea: 12.")),
    ("nausea 12 <1\nfatigue 8 25\n", ("Arm A fatigue: 25.",), ("Arm B fatigue: 25.", "Arm A fatigue: 8.")),
    ("nausea 12/58 30/60\nfatigue 8/58 25/60\n", ("Arm A nausea: 30/60.", "Arm A fatigue: 25."),
     ("Arm B nausea: 30/60.", "Arm A fatigue: 8.")),
    ("nausea 12 —\nfatigue 8 25\nrash — 14\n", ("Arm A rash: 14.", "Arm A fatigue: 25."), ("Arm B rash: 14.",)),
])
def test_a_row_of_marks_bounds_and_counts_keeps_its_columns(tmp_path, rows, other, own):
    source = ("Adverse events\nTable 3. Patients who reported each adverse event, by arm\n"
              "Adverse event Arm A Arm B\n" + rows)
    assert "pass" not in _txt_statuses(tmp_path / "other", source, *other)
    assert "fail" not in _txt_statuses(tmp_path / "own", source, *own)


@pytest.mark.parametrize(("source", "claim"), [
    ("Adverse events\nTumour Assessments In The Study Population\nTumour assessments were performed at weeks 8, 16, 24\n"
     "and 32, and every 12 weeks thereafter.\n",
     "Tumour assessments were performed at weeks 8, 16, 24 and 32, and every 12 weeks thereafter."),
    ("Adverse events\nResponse By Dose Level\nThe ORR was 45% with the 10 mg dose and 52% with the 20 mg dose at weeks 12, 24\n"
     "and 36 of treatment.\n", "The ORR was 45% with the 10 mg dose at week 36."),
])
def test_a_sentences_list_of_numbers_wraps_as_a_sentence(tmp_path, source, claim):
    assert "fail" not in _txt_statuses(tmp_path, source, claim)


def test_a_days_list_wrapped_before_its_cycle_passes(tmp_path):
    # red team rt31 w8: "on days 1, 8, 15" / "of each 28-day cycle." failed the true claim on 15
    source = ("Adverse events\nTreatment Schedule And Dose Modifications\n"
              "Study drug 1000 mg/m2 was given intravenously on days 1, 8, 15\nof each 28-day cycle until progression.\n")
    assert _txt_statuses(tmp_path, source, "Study drug 1000 mg/m2 was given intravenously on days 1, 8 and 15 of "
                                           "each 28-day cycle.") == ["pass"]
