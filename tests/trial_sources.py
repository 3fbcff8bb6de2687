"""Build a sources folder holding one ClinicalTrials.gov-shaped record (shared by tests)."""

from __future__ import annotations

import json
from pathlib import Path


def write_trial_sources(root: Path, record: dict, trial: str = "NCT0000001") -> Path:
    """A sources folder under ``root`` with ``clinical_trials/<trial>.json``; returns the folder."""
    folder = root / "sources"
    (folder / "clinical_trials").mkdir(parents=True, exist_ok=True)
    (folder / "clinical_trials" / f"{trial}.json").write_text(json.dumps(record), encoding="utf-8")
    return folder


# A report Tier 1 leaves undecided (a paraphrase of the record), so a --tier2 run would call
# the judge for it: for CLI tests of what happens before and around a judge run.
UNDECIDED_RECORD = {"Results": ["Outcome Measurement:", "  A complete response was observed in 7 of 54 participants analyzed."]}
UNDECIDED_BODY = "Complete responses were uncommon among the analysed participants [nct:NCT0000001#Results].\n"


def write_undecided_report(root: Path) -> Path:
    """``root/report.md`` holding :data:`UNDECIDED_BODY`; returns its path."""
    path = root / "report.md"
    path.write_text(UNDECIDED_BODY, encoding="utf-8")
    return path
