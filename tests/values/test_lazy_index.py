"""The lazy window index and the segment table decide exactly what the full versions decide.

``WindowIndex.for_atom`` reads only the lines that could hold a claim atom; each case puts
the deciding value where only one of the "always read" shapes (a bound cue, a scale word or
letter, a number word, a power, a fraction) can reveal it, next to a decoy line. A mutation
that drops a shape from ``window_index`` (or narrows the value tolerance) turns a supported
or plausible verdict into missing here.
"""

from __future__ import annotations

import pytest

from citeproof.values import claim_atoms, match_atom
from citeproof.values.assess import build_index
from citeproof.values.segment_support import SegmentTable, claim_profile, segment_carries
from citeproof.values.window_index import WindowIndex, _lazy_kind

DECOY = "Overall Number of Participants Analyzed: 7"

CASES = [
    # (claim, deciding source line, expected state)
    ("45 patients", "Responders: 45", "supported"),
    ("45 patients", "Responders: 44.6", "plausible"),  # a rounding: judged, never equal
    ("45 patients", "Responders: 47", "missing"),
    ("45 patients", "Change from baseline: -45", "plausible"),  # a negative change
    ("45 patients", "Responders: more than 40", "plausible"),  # a bound the value satisfies
    ("45 patients", "Responders: at least 40", "plausible"),
    ("45 patients", "Responders: 40 or more", "plausible"),
    ("45 patients", "Responders: ≥40", "plausible"),
    ("45 patients", "Responders: >40", "plausible"),
    ("3 patients", "Events: over1/6", "plausible"),  # a cue glued to an adverse-event count
    ("45 patients", "受试者超过40例", "plausible"),
    ("45 patients", "Responders: forty-five", "supported"),  # a number word
    ("45000 patients", "Enrolled: 45 thousand", "supported"),  # a scale word
    ("45000 patients", "Enrolled: 4.5万", "supported"),
    ("45000 patients", "Enrolled: 45k", "supported"),  # a glued scale letter
    ("1000 patients", "Enrolled: 10^3", "supported"),  # a power of ten
    ("45000 patients", "Enrolled: 4.5 x 10^4", "supported"),
    ("45000 patients", "Enrolled: 4.5e4", "supported"),
    ("45%", "Response rate: 45%", "supported"),
    ("45%", "Response rate: 0.45", "supported"),  # a proportion
    ("45%", "Responders: 9/20", "supported"),  # a fraction
    ("45%", "Responders: 9 of 20", "supported"),
    ("45%", "Responders: nine in twenty", "supported"),
    ("45%", "Response rate: over 40%", "plausible"),
    ("45%", "Response rate: 46%", "missing"),
    # a count after its base (count_after_base), read only as plausible (s27-fails4 case3)
    ("30%", "Of the 150 patients, 45 responded.", "plausible"),
    ("30%", "在150例患者中，45例缓解。", "plausible"),
    ("1500 patients", "Employees: 1 500", "plausible"),  # a space-grouped run read as one number
    ("12500 patients", "Stores 12 500", "plausible"),
    ("15000 patients", "Employees: 1 500", "missing"),
]


@pytest.mark.parametrize("claim, line, expected", CASES)
def test_lazy_index_decides_like_the_full_index(claim: str, line: str, expected: str) -> None:
    text = "\n".join([DECOY, "Results:", line, "Time frame: 12 weeks"])
    (atom,) = claim_atoms(claim)
    assert _lazy_kind(atom) is not None
    lazy = WindowIndex(text)
    for negated in (False, True):
        want = match_atom(atom, build_index(text), negated=negated)
        assert match_atom(atom, lazy.for_atom(atom), negated=negated) == want
    assert want[0] == expected


def test_lazy_index_skips_lines_that_cannot_hold_the_value() -> None:
    text = "\n".join(["Arm A: 12", "Arm B: 45", "Overall survival: 30", "Arm C: 77"])
    (atom,) = claim_atoms("45 patients")
    index = WindowIndex(text).for_atom(atom)
    assert [line for _, line in index.get("")] == ["Arm B: 45"]


# "trailing 12M revenue" is also looked up as 12 months (assess._match_million_or_months), no numeral near 12 million
@pytest.mark.parametrize("claim", ["between 10 and 20 mg", "about 45", "0.45", "3 months", "< 5%", "2/20", "trailing 12M revenue"])
def test_other_atoms_use_the_full_index(claim: str) -> None:
    text = "Dose: 10-20 mg\nRate: 45\nTotal: 2/20 (10%)\nFollow-up: 12 weeks"
    atoms = claim_atoms(claim)
    assert atoms and all(_lazy_kind(a) is None for a in atoms)
    lazy, full = WindowIndex(text), build_index(text)
    for a in atoms:
        assert match_atom(a, lazy.for_atom(a)) == match_atom(a, full)
        assert lazy.for_atom(a).by_dim == full.by_dim


SEGMENTS = [
    ("Overall response rate increased to 40% in Arm A.", False),
    ("Overall response rate decreased to 40% in Arm A.", False),
    ("Serious adverse events were not observed in Arm B.", False),
    ("Patients with overall response rate of 40% in Arm A were excluded.", True),
    ("治疗组的总缓解率升高至40%。", False),
]


@pytest.mark.parametrize(
    "claim",
    [
        "Overall response rate increased to 40% in Arm A.",
        "Overall response rate increased to 41% in Arm A.",
        "Overall response rate decreased to 40% in Arm A.",
        "Serious adverse events were observed in Arm B.",
        "Serious adverse events were not observed in Arm B.",
        "Response rate was twice as high in Arm A.",
        "治疗组的总缓解率升高至40%。",
        "40%",
    ],
)
@pytest.mark.parametrize("min_overlap", [0.8, 0.5])
def test_segment_table_matches_segment_carries(claim: str, min_overlap: float) -> None:
    profile = claim_profile(claim, claim_atoms(claim))
    table = SegmentTable(SEGMENTS)
    got = list(table.verdicts(profile, min_overlap=min_overlap))
    assert got == [segment_carries(profile, text, min_overlap=min_overlap) for text, _ in SEGMENTS]
    assert table.inverted == [inv for _, inv in SEGMENTS]


def _first_best(verdicts: list) -> object:
    best = None
    for v in verdicts:
        if best is None or (v.stage, v.share) > (best.stage, best.share):
            best = v
    return best


@pytest.mark.parametrize(
    "claim",
    [
        "Overall response rate increased to 40% in Arm A.",
        "Serious adverse events were not observed in Arm B.",
        "Response rate was twice as high in Arm A.",  # derived: every segment the same verdict
        "40%",  # no content words
        "Median survival was 14.2 months in Arm A.",
        "Unrelated words entirely here.",
    ],
)
@pytest.mark.parametrize("min_overlap", [0.8, 0.5, 0.0, 1.0])
def test_passing_splits_verdicts_into_held_and_nearest_miss(claim: str, min_overlap: float) -> None:
    # CP105 reads the table through passing(): the segments past the overlap (in order) and
    # the first nearest miss must give the same first carrier and first best verdict
    profile = claim_profile(claim, claim_atoms(claim))
    table = SegmentTable(SEGMENTS)
    every = list(table.verdicts(profile, min_overlap=min_overlap))
    held, nearest = table.passing(profile, min_overlap=min_overlap)
    held = list(held)
    past = [(i, v) for i, v in enumerate(every) if v.stage >= 2]
    assert held == past
    misses = [v for v in every if v.stage < 2]
    assert nearest == _first_best(misses)
    assert _first_best([v for _, v in held] + ([nearest] if nearest else [])) == _first_best(every)


def test_passing_on_an_empty_table() -> None:
    profile = claim_profile("40% in Arm A", claim_atoms("40% in Arm A"))
    held, nearest = SegmentTable([]).passing(profile, min_overlap=0.8)
    assert list(held) == [] and nearest is None


def test_segment_table_memo_is_shared_and_changes_nothing() -> None:
    memo: dict = {}
    first, second = SegmentTable(SEGMENTS, memo), SegmentTable(SEGMENTS[::-1], memo)
    assert sum(isinstance(k, str) for k in memo) == len(SEGMENTS)  # each distinct segment text read once
    claim = "Overall response rate increased to 40% in Arm A."
    profile = claim_profile(claim, claim_atoms(claim))
    assert list(second.verdicts(profile, min_overlap=0.8))[::-1] == list(first.verdicts(profile, min_overlap=0.8))


@pytest.mark.parametrize(
    "words, text, expected",
    [
        (["increased", "rose"], "the rate increased.", True),
        (["increased", "rose"], "the rate increasedx.", False),  # not a whole word
        (["increased"], "xincreased by 5", False),
        (["compared with"], "a, compared with b", True),  # a phrase
        (["compared with"], "a, compared withheld", False),
        (["don't"], "we don't know", True),
        (["不良"], "12 events", True),  # no English cue: the empty alternation matches, as before
        (["不良"], "events", False),
    ],
)
def test_word_cues_answer_like_one_alternation(words: list[str], text: str, expected: bool) -> None:
    import re

    from citeproof.values.segment_support import _ASCII_CUE, _WordCues

    ascii_words = sorted((w for w in words if _ASCII_CUE.match(w)), key=len, reverse=True)
    one = re.compile(r"(?<![a-z])(?:" + "|".join(re.escape(w) for w in ascii_words) + r")(?![a-z])")
    assert (one.search(text) is not None) == expected
    assert _WordCues(words).search(text) == expected


# Windows whose bare cells or lines take a scale from elsewhere: a column header, a row label, a
# corner cell, a caption, a unit note under the table, a declared unit. The lazy index must read
# those rows for a claim in the scale ("39.2 million" against "| … | 39.2 |" under "(million)"),
# though no numeral of the row is near the claim's value and no scale word stands on it.
SCALED_WINDOWS = [
    "# Volumes\n\n| Drug | Prescriptions (million) | Patients (thousands) | Doses (millions) |\n"
    "|---|---|---|---|\n| Alpha | 39.2 | 1,840 | 12 |",
    "| Product | 2022 | 2023 |\n|---|---|---|\n| Alpha | 96 | 118 |\n| Beta | 41 | 57 |\n\nAll figures in USD million.",
    "Table 2. Patients by region (thousands)\n| Region | 2022 | 2023 |\n|---|---|---|\n| Europe | 3.3 | 4,5 |\n"
    "| Asia | 1 500 | 12.345 |",
    "| Patients (thousands) | 2022 | 2023 |\n|---|---|---|\n| Europe | 3.3 | 4.5 |",
    "| Segment | FY2022 | FY2023 |\n|---|---|---|\n| Patients (millions) | 2.1 | 2.4 |\n| Share (%) | 21.5 | 24.1 |",
    "| Revenue ($B) | 2023 | 2024 |\n|---|---|---|\n| Europe | 3.3 | 4.1 |",
    "| Outcome | Arm A (%) | Arm B, n (%) |\n|---|---|---|\n| Response | 45.2 | 12 (45.0) |",
    "Unit of Measure: USD million\nArm A: 45\nArm B: 0.45",
    "Enrolled by site\nArm A: 45\nArm B: 0.45\n\nAll figures in thousands.",  # a note over the whole window
]


def _claims_around(text: str) -> list[str]:
    """Claims at each numeral of ``text``, scaled and unscaled, as counts, shares and scale words."""
    import re

    out = []
    for numeral in sorted(set(re.findall(r"\d[\d,]*(?:\.\d+)?", text))):
        value = float(numeral.replace(",", ""))
        for scale in (1, 1e3, 1e6, 1e9):
            out += [f"{value * scale:.10g} patients", f"about {value * scale:.10g}"]
        out += [f"{value:g}%", f"{value:g} thousand", f"{value:g} million", f"{value:g} billion"]
    return out


@pytest.mark.parametrize("text", SCALED_WINDOWS)
def test_lazy_index_reads_rows_scaled_by_a_header_or_note(text: str) -> None:
    decided = 0
    for claim in _claims_around(text):
        for atom in claim_atoms(claim):
            if _lazy_kind(atom) is None:
                continue
            for negated in (False, True):
                want = match_atom(atom, WindowIndex(text).full(), negated=negated)
                # a fresh index each time: once its full index is built, for_atom returns it
                assert match_atom(atom, WindowIndex(text).for_atom(atom), negated=negated) == want, claim
            decided += want[0] != "missing"
    assert decided  # some claim in a scale is found: the comparison is not vacuous


@pytest.mark.parametrize(
    "claim, expected",
    [
        ("39.2 million", "supported"),  # the column header's scale, as a reader reads the cell
        ("1,840,000 patients", "supported"),
        ("1.84 million patients", "supported"),
        ("12 million doses", "supported"),
        ("39.2 billion", "missing"),  # another scale is no reading of the cell
        ("39.2 thousand", "missing"),
    ],
)
def test_a_claim_in_a_header_scale_is_found_by_the_lazy_index(claim: str, expected: str) -> None:
    text = "| Drug | Prescriptions (million) | Patients (thousands) | Doses (millions) |\n|---|---|---|---|\n" \
           "| Alpha | 39.2 | 1,840 | 12 |"
    (atom,) = claim_atoms(claim)
    assert _lazy_kind(atom) == "bare"
    assert match_atom(atom, WindowIndex(text).for_atom(atom))[0] == expected


def test_a_claim_alone_in_a_header_scale_does_not_fail(tmp_path):
    # rt21a case6a: cited alone (the lazy index, no other claim building the full one) it failed
    from tests.values.helpers import cited_report, verify_against

    source = "# Volumes\n\n| Drug | Prescriptions (million) | Share (%) |\n|---|---|---|\n| Alpha | 39.2 | 41.5 |\n" \
             "| Beta | 22.8 | 24.1 |\n"
    for claim, ok in [("Alpha prescriptions reached 39.2 million in 2023.", True),
                      ("Alpha prescriptions reached 39.2 billion in 2023.", False)]:
        (result,) = [c for c in verify_against(tmp_path / str(ok), source, cited_report(claim, anchor="[evidence:s.md#L3-L6]")).claims
                     if c.anchors]
        assert (result.status != "fail") == ok, claim
