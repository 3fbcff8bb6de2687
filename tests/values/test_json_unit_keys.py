"""A JSON source's unit key and its values as separate keys (ClinicalTrials.gov API v2).

Red team round 5: "the objective response rate was 45.2%" FAILED against an API v2 record
whose outcome states '"unitOfMeasure": "percentage of participants"' and, lines below,
'"value": "45.2"'. The JSON reader keeps one line per dumped line (so #L and section locators
mean what they did), and those lines no longer show which value sits under which unit key, so
the key's unit is carried down as a reading only: the true claim is judged, not failed, and a
number the record does not hold still fails. A "Unit of Measure:" line stays certain.
"""

from __future__ import annotations

import json

import pytest

from citeproof.pipeline import VerifyOptions, run
from citeproof.sources.types import READING_ONLY
from citeproof.values import assess_numbers
from tests.values.helpers import window

RECORD = "\n".join([
    '"title": "Objective Response Rate",',
    '"unitOfMeasure": "percentage of participants",',
    '"denoms": [',
    '"units": "Participants",',
    '"value": "120"',
    '"measurements": [',
    '"groupId": "OG000",',
    '"value": "45.2"',
])


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    ("claim", "state"),
    [
        ("The objective response rate was 45.2%.", "plausible"),  # the unit key's reading, through a count's key
        ("The objective response rate was 54.2%.", "missing"),
        ("The objective response rate was 45.2.", "supported"),  # the value as written
    ],
)
def test_a_json_unit_key_gives_its_values_a_plausible_unit(claim, state):
    assert states(claim, RECORD) == [state]


def test_a_json_count_key_alone_gives_no_unit():
    assert states("45.2% responded.", '"units": "Participants",\n"value": "45.2"') == ["missing"]


def test_a_unit_of_measure_line_stays_certain():
    assert states("45.2% responded.", "Unit of Measure: percentage of participants\nArm A: 45.2") == ["supported"]


def _api_v2(tmp_path, claim: str):
    record = {"protocolSection": {"identificationModule": {"nctId": "NCT01234567"}},
              "resultsSection": {"outcomeMeasuresModule": {"outcomeMeasures": [{
                  "title": "Objective Response Rate", "unitOfMeasure": "percentage of participants",
                  "groups": [{"id": "OG000", "title": "Arm A"}],
                  "classes": [{"categories": [{"measurements": [{"groupId": "OG000", "value": "45.2"}]}]}]}]}}}
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    (folder / "NCT01234567.json").write_text(json.dumps(record, indent=2), encoding="utf-8")
    report = f"# R\n\n{claim} [nct:NCT01234567#resultsSection]\n"
    (claim_result,) = [c for c in run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims if c.anchors]
    return claim_result.status


def test_through_the_pipeline_the_true_rate_is_judged_and_a_wrong_one_fails(tmp_path):
    assert _api_v2(tmp_path / "a", "In Arm A, the objective response rate was 45.2%.") == "undecided"
    assert _api_v2(tmp_path / "b", "In Arm A, the objective response rate was 54.2%.") == "fail"


# Red team round 5 leftover: the reader sees which keys are siblings, so a measured value whose
# own object (or an enclosing one) names its unit is read in that unit for certain; a unit from
# another measure, a count's "Participants" key, or a statistic beside the values never lends it.
_PFS = {"title": "Median Progression-free Survival", "paramType": "MEDIAN", "unitOfMeasure": "months",
        "denoms": [{"units": "Participants", "counts": [{"groupId": "OG000", "value": "120"}]}],
        "classes": [{"categories": [{"measurements": [
            {"groupId": "OG000", "value": "11.2", "lowerLimit": "9.1", "upperLimit": "13.0"}]}]}],
        "analyses": [{"paramType": "Hazard Ratio (HR)", "paramValue": "0.65"}]}
_TTR = {"title": "Time to Response", "unitOfMeasure": "weeks",
        "classes": [{"categories": [{"measurements": [{"groupId": "OG000", "value": "8.1"}]}]}]}


def _v2_record(*measures: dict) -> str:
    return json.dumps({"protocolSection": {"identificationModule": {"nctId": "NCT01234567"}},
                       "resultsSection": {"outcomeMeasuresModule": {"outcomeMeasures": list(measures)}}}, indent=2)


def test_the_json_reader_notes_the_unit_of_each_measured_value_beside_its_unit_key():
    from citeproof.sources.readers import read_json

    read = read_json(_v2_record(_PFS, _TTR))
    noted = {read.lines[n - 1]: unit for n, unit in read.value_units.items()}
    assert noted == {'"value": "11.2",': "months", '"lowerLimit": "9.1",': "months", '"upperLimit": "13.0"': "months",
                     '"value": "120"': "Participants",  # the count's own key, not the measure's months
                     '"value": "8.1"': "weeks",  # the next measure's own unit
                     # rt37 j2: the statistic under the measure, a reading of its unit only, never certain
                     '"paramValue": "0.65"': READING_ONLY + "months"}


def test_a_walked_json_object_notes_its_unit_key_too():
    from citeproof.sources.readers import read_json

    read = read_json(json.dumps({"pfs": {"name": "median PFS", "value": 11.2, "unit": "months"}}))
    assert {read.lines[n - 1]: unit for n, unit in read.value_units.items()} == {"pfs › value: 11.2": "months"}


def _v2_numbers(tmp_path, claim: str, *measures: dict) -> list[str]:
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    (folder / "NCT01234567.json").write_text(_v2_record(*measures), encoding="utf-8")
    report = f"# R\n\n{claim} [nct:NCT01234567#resultsSection]\n"
    (result,) = [c for c in run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims if c.anchors]
    return [result.status, *(n.state for n in result.numbers)]


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        # the value in its sibling key's unit: supported (the claim is the judge's only because
        # no one line of the record also names the measure)
        ("Median progression-free survival was 11.2 months.", ["undecided", "supported"]),
        ("中位无进展生存期为11.2个月。", ["undecided", "supported"]),
        ("The objective response rate was 45.2 months.", ["fail", "missing"]),  # never a unit the record does not give
        ("Median time to response was 8.1 months.", ["fail", "missing"]),  # the next measure's value is in weeks
        ("Median progression-free survival was 120 months.", ["fail", "missing"]),  # the count's value
        # the hazard ratio beside it: never supported (the unit key's carried-down reading stays a reading)
        ("Median progression-free survival was 0.65 months.", ["undecided", "plausible"]),
    ],
)
def test_a_sibling_unit_key_supports_its_own_values_only(tmp_path, claim, expected):
    assert _v2_numbers(tmp_path, claim, _PFS, _TTR) == expected


# rt34a c20, c21, c43: a key naming its value's unit in its last tokens, and a sibling "unit": "USD million"
@pytest.mark.parametrize(
    ("line", "claim", "state"),
    [
        ("north_america › revenue_usd_bn: 2.41", "Revenue was $2.41 billion.", "supported"),
        ("north_america › revenue_usd_bn: 2.41", "Revenue was $2.41 million.", "missing"),
        ("north_america › revenue_usd_bn: 2.41", "Revenue was €2.41 billion.", "missing"),
        ("north_america › revenue_usd_m: 2410.5", "Revenue was $2,410.5 million.", "supported"),
        ("north_america › revenue_usd_m: 2410.5", "Revenue was $2,410.5 billion.", "missing"),
        ("usd_bn: 4.2", "Revenue was $4.2 billion.", "supported"),
        ("north_america › share_pct: 58.2", "The share was 58.2%.", "supported"),
        ("north_america › market_share_%: 58.2", "The share was 58.2%.", "supported"),
        ("north_america › growth_yoy_percent: 9.1", "Growth was 9.1%.", "supported"),
        ("patients › age_m: 14", "The age was $14 million.", "missing"),  # a lone "_m": no currency before it
        ("patients › dose_mg: 14", "The dose was 14%.", "missing"),
    ],
)
def test_a_json_key_ending_in_its_unit_gives_its_value_that_unit(line, claim, state):
    assert states(claim, line) == [state]


def test_a_sibling_unit_key_naming_a_currency_scale_scales_its_value():
    record = '"unit": "USD million",\n"value": "2410.5"'
    assert states("The market was $2,410.5 million.", record) != ["missing"]
    assert states("The market was $2,410.5 billion.", record) == ["missing"]


# rt36b j1: a unit key beside a number under another key than a measured value's ('"revenue": 4.2'
# beside '"unit": "USD million"'): the true "$4.2 million" FAILED; the object may hold figures of
# other units ('"employees": 1200'), so the unit is a reading only there: judged, never failed
def _json_claim(tmp_path, claim: str, record: object, line: int) -> list[str]:
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "r.json").write_text(json.dumps(record, indent=2), encoding="utf-8")
    report = f"# R\n\n{claim[:-1]} [evidence:r.json#L{line}].\n"
    (result,) = [c for c in run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims if c.anchors]
    return [result.status, *(n.state for n in result.numbers)]


@pytest.mark.parametrize(
    ("claim", "record", "line", "expected"),
    [
        ("Revenue was $4.2 million.", {"revenue": 4.2, "unit": "USD million"}, 2, ["undecided", "plausible"]),
        ("Revenue was $4.2 million.", {"unit": "USD million", "revenue": 4.2}, 3, ["undecided", "plausible"]),
        ("The share was 12%.", {"share": 12, "unit": "percent"}, 2, ["undecided", "plausible"]),
        ("EU revenue was $4.2 million.", {"regions": [{"name": "EU", "revenue": 4.2, "unit": "USD million"}]}, 5,
         ["undecided", "plausible"]),
        # another scale or unit than the key names still fails
        ("Revenue was $4.2 billion.", {"revenue": 4.2, "unit": "USD million"}, 2, ["fail", "missing"]),
        ("The share was 12 months.", {"share": 12, "unit": "percent"}, 2, ["fail", "missing"]),
        ("EU revenue was $4.2 billion.", {"regions": [{"name": "EU", "revenue": 4.2, "unit": "USD million"}]}, 5,
         ["fail", "missing"]),
        # a figure of another unit beside it is still read as written
        ("Revenue was 4.2.", {"revenue": 4.2, "unit": "USD million"}, 2, ["pass", "supported"]),
    ],
)
def test_a_unit_key_gives_the_other_numbers_of_its_object_a_reading(tmp_path, claim, record, line, expected):
    assert _json_claim(tmp_path, claim, record, line) == expected


# rt37 j2: a figure written as a JSON string, or in an object nested under the unit key's (a table
# of rows under one "unit"), is read in that unit too, as a reading only: the true claim FAILED
@pytest.mark.parametrize(
    ("claim", "record", "line", "expected"),
    [
        ("Revenue was $4.2 million.", {"revenue": "4.2", "unit": "USD million"}, 2, ["undecided", "plausible"]),
        ("Revenue was $2,410.5 million.", {"revenue": "2,410.5", "unit": "USD million"}, 2, ["undecided", "plausible"]),
        ("Revenue was $4.2 million.", {"unit": "USD million", "regions": {"eu": {"revenue": 4.2}}}, 5,
         ["undecided", "plausible"]),
        ("Revenue was $4.2 million.", {"unit": "USD million", "rows": [{"region": "EU", "revenue": 4.2}]}, 6,
         ["undecided", "plausible"]),
        # another scale still fails; a string that is no figure lends nothing
        ("Revenue was $4.2 billion.", {"revenue": "4.2", "unit": "USD million"}, 2, ["fail", "missing"]),
        ("Revenue was $4.2 billion.", {"unit": "USD million", "rows": [{"region": "EU", "revenue": 4.2}]}, 6,
         ["fail", "missing"]),
        ("Revenue was $4.2 million.", {"revenue": "about 4.2", "unit": "USD million"}, 2, ["fail", "missing"]),
        # a nested object naming its own unit reads its figures in that one
        ("Revenue was $4.2 million.", {"unit": "USD million", "eu": {"unit": "EUR million", "revenue": 4.2}}, 5,
         ["fail", "missing"]),
    ],
)
def test_a_unit_key_gives_figures_written_as_strings_or_nested_under_it_a_reading(tmp_path, claim, record, line, expected):
    assert _json_claim(tmp_path, claim, record, line) == expected
