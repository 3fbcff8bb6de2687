"""What a rule is given. Built by the pipeline; rules never import the pipeline."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from citeproof.memo import RunMemo
from citeproof.model import Anchor, Claim, ParsedReport
from citeproof.resolution import resolve_anchor
from citeproof.settings import Settings
from citeproof.sources.types import Resolution
from citeproof.values.model_check import ModelChecker

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
    memo: RunMemo = field(default_factory=RunMemo)  # per-run memo: the pipeline passes one for all claims

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
    cache: dict[str, object] = field(default_factory=dict)  # per-run memo shared by report rules
    _resolved: dict[str, Resolution] = field(default_factory=dict, repr=False)

    def models(self) -> ModelChecker:
        """The run's model-file checker for report rules (each model file is checked once per run)."""
        checker = self.cache.get("values.models")
        if not isinstance(checker, ModelChecker):
            checker = self.cache["values.models"] = ModelChecker(self.resolve, self.settings)
        return checker

    def resolve(self, anchor: Anchor) -> Resolution:
        """An anchor outside any claim (a diagram's), resolved exactly as claim anchors are; memoised."""
        if anchor.raw not in self._resolved:
            self._resolved[anchor.raw] = resolve_anchor(anchor, self.store, self.retrieved)
        return self._resolved[anchor.raw]
