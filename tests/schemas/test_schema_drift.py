"""The committed JSON Schemas must match the models; a drift fails with the diff and the fix."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from citeproof.report import AnchorAudit, VerificationReport
from citeproof.schemas import REGENERATE, SCHEMA_DIR, drift


def test_committed_schemas_match_models():
    diffs = drift()
    assert not diffs, "\n".join(diffs) + f"\nregenerate with: {REGENERATE}"


def test_drift_is_detected(tmp_path, monkeypatch):
    # The check itself must be able to fail: point it at a doctored copy.
    doctored = tmp_path / "schemas"
    doctored.mkdir()
    for f in SCHEMA_DIR.glob("*.json"):
        data = json.loads(f.read_text())
        data.setdefault("properties", {})["undeclared_extra"] = {"type": "string"}
        (doctored / f.name).write_text(json.dumps(data))
    monkeypatch.setattr("citeproof.schemas.SCHEMA_DIR", doctored)
    assert drift(), "a doctored schema must be reported as drift"


def test_undeclared_field_is_rejected():
    with pytest.raises(ValidationError):
        AnchorAudit(
            total_claims=1, total_anchors=1, verified_count=1, anchors_with_locator=1,
            anchors_without_locator=0, unresolved_anchors=0, violations_by_reason={}, surprise=1,
        )


def test_report_schema_declares_the_audit_contract():
    schema = json.loads((SCHEMA_DIR / "verification_report.schema.json").read_text())
    props = schema["properties"]
    for field in ("verified_count", "anchor_audit", "semantic_audit", "claims", "rules", "verdict", "mode", "would_block"):
        assert field in props
    defs = schema["$defs"]
    assert {"total_claims", "total_anchors", "verified_count", "anchors_without_locator", "violations_by_reason"} <= set(
        defs["AnchorAudit"]["properties"]
    )
    assert {"audit_log_path", "audit_log_entries", "calls_remaining", "call_budget"} <= set(
        defs["SemanticAudit"]["properties"]
    )
    assert defs["AnchorAudit"].get("additionalProperties") is False
    assert VerificationReport.model_config.get("extra") == "forbid"
