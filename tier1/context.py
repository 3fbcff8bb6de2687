"""What a rule is given. Built by the pipeline; rules never import the pipeline."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from citeproof.model import Claim, ParsedReport
from citeproof.settings import Settings
from citeproof.sources.types import Resolution

if TYPE_CHECKING:
    from citeproof.sources.store import SourceStore
    from citeproof.retrieval import RetrievedSet


@dataclass
class ClaimContext:
    claim: Claim
    resolutions: list[Resolution]  # one per anchor of the claim, same order
    settings: Settings
    store: SourceStore | None = None
    cache: dict[str, object] = field(default_factory=dict)  # per-claim memo shared by rules (atoms, …)

    @property
    def windows(self):
        return [r.window for r in self.resolutions if r.window is not None]


@dataclass
class ReportContext:
    report: ParsedReport
    settings: Settings
    store: SourceStore | None
    sources_dir: Path | None
    claim_resolutions: dict[str, list[Resolution]]
    retrieved: RetrievedSet | None = None  # RAG-answer mode only
