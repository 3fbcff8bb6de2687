"""A JSON source's keys are read with its values (red team rt28t, case j2).

'{"results": {"arm A": {"objective response rate": "30%"}}}' was read as the line "30%": the key
that labels the value and the keys above it (the arm) were not in the text, so a true claim
naming the arm failed (CP301: the name stood only in a key) and a unit the key brackets
("median progression-free survival (months)") gave the value none (CP104). The reader now reads
the line "results › arm A › objective response rate: 30%": one line per value still, each
naming what a person reading the record sees above it. A number that is a key alone ("2023",
"12") labels the value after it and is no value of the line.
"""

from __future__ import annotations

import json

import pytest

from citeproof.pipeline import VerifyOptions, run
from citeproof.sources.readers import read_json
from citeproof.values import assess_numbers, extract_atoms
from tests.values.helpers import window

RECORD = {"results": {
    "pembrolizumab": {"objective response rate": "30%", "median progression-free survival (months)": 8.2},
    "placebo": {"objective response rate": "45%", "median progression-free survival (months)": 4.1}}}
BY_YEAR = {"incidence": {"2023": "10.4", "2024": "12.1"}, "rates": {"12": "45%", "24": "38%"},
           "enrolled": {"2023": 150}, "response": {"week 12": "45%", "week 24": "38%"}}


def _status(tmp_path, claim: str, locator: str, record: dict = RECORD) -> str:
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "NCT03.json").write_text(json.dumps(record, indent=2), encoding="utf-8")
    report = f"# R\n\n## E\n\n{claim} [nct:NCT03#{locator}].\n"
    (out,) = [c for c in run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims if c.anchors]
    return out.status


def test_a_scalar_reads_with_its_key_and_the_keys_above_it():
    read = read_json(json.dumps(RECORD, indent=2))
    assert read.lines == [
        "results › pembrolizumab › objective response rate: 30%",
        "results › pembrolizumab › median progression-free survival (months): 8.2",
        "results › placebo › objective response rate: 45%",
        "results › placebo › median progression-free survival (months): 4.1",
    ]
    assert read.sections["results.placebo"] == (3, 4) and read.file_lines == (4, 5, 8, 9)


def test_list_items_keep_their_text_and_a_long_string_its_later_lines():
    read = read_json(json.dumps({"a": {"items": ["x 1", "y 2"], "note": "one\ntwo"}}))
    assert read.lines == ["x 1", "y 2", "a › note: one", "two"]


@pytest.mark.parametrize(
    ("claim", "locator"),
    [
        ("The objective response rate with pembrolizumab was 30%", "results/pembrolizumab"),
        ("Pembrolizumab: objective response rate 30%", "pembrolizumab"),
        ("With pembrolizumab, median progression-free survival was 8.2 months", "pembrolizumab"),
        ("With placebo, median progression-free survival was 4.1 months", "results"),
    ],
)
def test_a_claim_naming_what_the_keys_name_passes(tmp_path, claim, locator):
    assert _status(tmp_path, claim, locator) == "pass"


@pytest.mark.parametrize(
    ("claim", "locator"),
    [
        ("The objective response rate with pembrolizumab was 45%", "results"),  # placebo's rate
        ("The objective response rate with pembrolizumab was 45%", "results/pembrolizumab"),
        ("With placebo, median progression-free survival was 8.2 months", "results"),  # the other arm's
        ("With placebo, median progression-free survival was 8.2 months", "placebo"),
        ("With pembrolizumab, median progression-free survival was 8.2 weeks", "pembrolizumab"),  # not the key's unit
    ],
)
def test_another_keys_value_never_passes(tmp_path, claim, locator):
    assert _status(tmp_path, claim, locator) != "pass"


def test_the_keys_unit_labels_its_value_after_the_keys_above_it():
    line = "results › pembrolizumab › median progression-free survival (months): 8.2"
    assert [r.state for r in assess_numbers("Median progression-free survival was 8.2 months.", [window(line)])] \
        == ["supported"]
    # a bracket in a key above names that key, not the value's unit
    above = "median progression-free survival (months) › pembrolizumab: 8.2"
    assert [r.state for r in assess_numbers("It was 8.2 months.", [window(above)])] != ["supported"]


@pytest.mark.parametrize(
    ("claim", "locator", "passes"),
    [
        ("The incidence was 10.4 in 2023", "incidence", True),
        ("The incidence was 10.4 in 2024", "incidence", False),  # the year another value stands under
        ("The incidence was 12.1 in 2023", "incidence", False),
        ("The rates were 12", "rates", False),  # the key's number is no value
        ("There were 2023 patients enrolled", "enrolled", False),
        ("In 2023, 150 patients enrolled", "enrolled", True),
        ("The response was 45% at week 12", "response", True),
        ("The response was 45% at week 24", "response", False),
    ],
)
def test_a_key_holding_digits_labels_its_value_and_is_none(tmp_path, claim, locator, passes):
    assert (_status(tmp_path, claim, locator, BY_YEAR) == "pass") is passes


def test_a_number_standing_alone_as_a_label_is_no_source_value():
    assert [a.number for a in extract_atoms("incidence › 2023: 10.4", mode="source")] == [10.4]
    assert [a.number for a in extract_atoms("12: 45%", mode="source")] == [45.0]
    # a label word with it is read as before ("week 12" is a time point), and so is a claim
    assert 12.0 in [a.number for a in extract_atoms("response › week 12: 45%", mode="source")]
    assert 12.0 in [a.number for a in extract_atoms("12: 45%", mode="claim")]
