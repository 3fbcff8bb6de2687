"""Named settings with documented defaults. Every threshold a rule uses lives here,
so a user can see and override it (``--config citeproof.json`` / the API)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

DEFAULT_CHANNEL_MAP: dict[str, str] = {
    "pmid": "pubmed",
    "nct": "clinical_trials",
    "aact": "clinical_trials",
    "pubtator": "pubtator",
    "guideline": "guidelines",
    "evidence": "evidence",
    "model": "models",
    "formula": "models",
}

# Kinds whose source id is a relative path inside the channel folder (not a bare id).
PATH_KINDS: frozenset[str] = frozenset({"evidence", "model", "formula"})


class SubstanceSettings(BaseModel):
    """Thresholds of the report-substance gate (issue 4). Documented in the CP20x rule modules (tier1/)."""

    model_config = ConfigDict(extra="forbid")

    inventory_share: float = Field(0.3, description="Block when source-inventory rows exceed this share of body blocks.")
    min_mermaid_nodes: int = Field(4, description="A diagram with fewer nodes is shallow.")
    min_mermaid_edges: int = Field(3, description="A diagram with fewer edges is shallow.")
    repeated_block_limit: int = Field(2, description="More repeats of a templated block than this is padding.")
    inventory_row_max_words: int = Field(
        3,
        description="A row holding source paths, URLs or bare ids with at most this many other content words "
        "(numbers count; 'source', 'file', 'saved' … do not; two CJK characters count as one) is an inventory row.",
    )
    reference_tail_body_ratio: float = Field(
        1.0,
        description="A trailing references/appendix section with at most this many blocks per body block is a "
        "genuine reference list and is left out of the inventory share; a longer one is counted as body.",
    )
    min_mermaid_label_share: float = Field(
        0.75, description="Share of a diagram's nodes that must carry a real label (not A/B/C, 'Step 1', 'TODO')."
    )
    mermaid_require_branching: bool = Field(
        True, description="A flowchart needs a decision node or a node with two or more targets (pathway logic)."
    )
    digest_matrix_limit: int = Field(
        1, description="More evidence-digestion-matrix blocks than this replace synthesis with templates."
    )
    template_body_similarity: float = Field(
        0.92, description="Numbered blocks whose normalised bodies are at least this similar count as repeats."
    )
    model_dominance_min_anchors: int = Field(
        4,
        description="Model dominance (CP208) blocks only when the body has at least this many anchors; below it one "
        "model citation in a short section is not a model dump.",
    )


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    channel_map: dict[str, str] = Field(default_factory=lambda: dict(DEFAULT_CHANNEL_MAP))
    max_source_bytes: int = Field(20_000_000, description="A saved source larger than this is refused with a finding.")
    max_report_bytes: int = Field(50_000_000, description="A report larger than this is an input error.")
    min_content_overlap: float = Field(
        0.8, description="Share of a claim's content words one source segment must carry for a deterministic pass (0.6 let 5 of 100 NLI4CT dev contradictions pass; 0.8 let 1)."
    )
    coarse_window_lines: int = Field(
        60, description="A window longer than this many lines is 'coarse' (excerpt centres on atoms/terms)."
    )
    model_dominance_share: float = Field(
        0.5, description="Block when model/formula anchors exceed this share of body anchors."
    )
    required_source_channels: tuple[str, ...] = Field(
        default=(),
        description="Channels (clinical_trials, pubtator, …) whose saved files must be cited in body claims (CP207).",
    )
    excluded_channels: dict[str, str] = Field(
        default_factory=dict,
        description="Channel → reason it was left out of the analysis, recorded before verification (CP207); "
        "an empty reason is not an exclusion.",
    )
    drug_lexicon_path: Path | None = Field(default=None, description="Extra drug lexicon (one name per line).")
    substance: SubstanceSettings = Field(default_factory=SubstanceSettings)

    def digest(self) -> str:
        """sha256 of these settings as JSON: what a report records of the settings its run used."""
        return hashlib.sha256(self.model_dump_json().encode("utf-8")).hexdigest()

    def channel_for(self, kind: str) -> str | None:
        return self.channel_map.get(kind.lower())


def load_settings(config: Path | None) -> Settings:
    """The settings of a ``--config`` JSON file (defaults without one); a bad file is an InputError naming it."""
    from citeproof.errors import InputError

    if config is None:
        return Settings()
    try:
        raw = json.loads(config.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"config not found: {config}") from None
    except UnicodeDecodeError:
        raise InputError(f"config is not UTF-8 text: {config}") from None
    except OSError as exc:  # a folder, no permission
        raise InputError(f"config cannot be read: {config}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"config is not valid JSON: {config}: line {exc.lineno}: {exc.msg}") from None
    try:
        return Settings.model_validate(raw)
    except Exception as exc:  # pydantic ValidationError: name the first bad field
        first = str(exc).splitlines()
        raise InputError(f"config invalid: {config}: {' '.join(first[1:3]).strip() or first[0]}") from None
