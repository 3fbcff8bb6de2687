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
