"""Judge requests and the mini report that `audit check` / `audit replay` read (shared by tests)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from excerpt.types import Excerpt
from tier2.interface import JudgeRequest


def request_for(
    claim_id: str,
    claim_text: str,
    excerpt_text: str,
    *,
    source_id: str = "S1",
    source_path: str = "evidence/s1.txt",
    locator: str = "L1",
    line_end: int | None = None,
    tokens: int = 20,
    risk: int = 0,
) -> JudgeRequest:
    """A request whose excerpt is ``excerpt_text`` whole (offsets and hash true)."""
    excerpt = Excerpt(
        source_id=source_id,
        source_path=source_path,
        locator=locator,
        text=excerpt_text,
        sha256=hashlib.sha256(excerpt_text.encode()).hexdigest(),
        line_start=1,
        line_end=line_end or excerpt_text.count("\n") + 1,
        char_start=0,
        char_end=len(excerpt_text),
        tokens=tokens,
        strategy="locator",
    )
    return JudgeRequest(
        claim_id=claim_id, claim_text=claim_text, excerpt=excerpt, source_ids=(source_id,), locator=locator, risk=risk
    )


def write_mini_report(outcome, path: Path, key: bytes | None = None) -> Path:
    """The parts of verification_report.json that `audit check` / `audit replay` read, as the pipeline writes them;
    sealed with ``key`` when one is given, as a run given an audit key seals its report."""
    status = {"supported": "pass", "contradicted": "fail", "not_enough_info": "fail", None: "unverified"}
    semantic_audit = outcome.to_semantic_audit().model_dump(mode="json")
    texts = _asked_texts(semantic_audit)
    claims = [
        {"id": j.claim_id, **({"text": texts[j.claim_id]} if j.claim_id in texts else {}),
         "status": status[j.verdict], "decided_by": "tier2" if j.verdict else None,
         "judge": j.to_judge_result().model_dump(mode="json")}
        for j in outcome.judgements
    ]
    report = {"semantic_audit": semantic_audit, "claims": claims}
    if key is not None:
        from audit.seal import make_seal

        report["seal"] = make_seal(report, key)
    path.write_text(json.dumps(report), encoding="utf-8")
    return path


def _asked_texts(semantic_audit: dict) -> dict[str, str]:
    """claim id → its text as the pipeline writes it in the report: the claim the judge was asked,
    as its lines in the run's log record it (a claim with no line has none here)."""
    log = semantic_audit.get("audit_log_path")
    texts: dict[str, str] = {}
    if not log or not Path(log).is_file():
        return texts
    for line in Path(log).read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("run_id") == semantic_audit.get("run_id"):
            texts.setdefault(rec["claim_id"], rec.get("stated_text") or rec["claim_text"])
    return texts
