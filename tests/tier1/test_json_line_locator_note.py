"""A line locator into a .json source counts the lines citeproof reads from it (one per list
item or value: citeproof.sources.readers), not the saved file's lines. SPEC §2 calls L12 a line
of the saved file; for JSON the reader's lines are kept (section and item locators depend on
them), and a miss under such a locator says what #L counted (red team round 5: "#L82" written
from an editor pointed at another item)."""

from __future__ import annotations

import json

from citeproof.pipeline import VerifyOptions, run


def _messages(tmp_path, locator: str, suffix: str) -> list[str]:
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    items = ["Arm I: median time to progression 13.5 months", "Arm II: median time to progression 15.0 months"]
    if suffix == "json":
        (folder / "NCT00000001.json").write_text(json.dumps({"results": items}, indent=2), encoding="utf-8")
    else:
        (folder / "NCT00000001.txt").write_text("\n".join(items) + "\n", encoding="utf-8")
    report = f"# R\n\nIn Arm I, the median time to progression was 13.5 months. [nct:NCT00000001#{locator}]\n"
    (claim,) = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims
    return [f.message for f in claim.reasons]


def test_a_miss_under_a_json_line_locator_says_what_the_line_counts(tmp_path):
    (message,) = _messages(tmp_path, "L2", "json")
    assert "13.5 months" in message and "#L2 counts the lines citeproof reads" in message


def test_a_miss_in_a_text_source_has_no_such_note(tmp_path):
    (message,) = _messages(tmp_path, "L2", "txt")
    assert "13.5 months" in message and "counts the lines" not in message


def test_the_item_the_locator_counts_still_carries_the_claim(tmp_path):
    assert _messages(tmp_path, "L1", "json") == []
