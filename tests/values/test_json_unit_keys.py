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
