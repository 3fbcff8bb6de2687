"""Read ``audit.jsonl`` back, line by line, naming the first line that is not what it should be."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from audit.record import GENESIS_HASH, HMAC_ALG, AuditRecord, hash_problem
from citeproof.model import ClaimStatus
from citeproof.report import DecidedBy


@dataclass(frozen=True)
class LogLine:
    number: int  # 1-based line number in the file
    data: dict[str, Any] | None  # parsed JSON object, None when the line is not one
    record: AuditRecord | None  # None when not schema-valid
    problem: str | None  # why the line is not a valid record


@dataclass(frozen=True)
class Problem:
    line: int | None  # None for problems not tied to one line
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line is not None else self.message


# What check, show and replay say of a keyed log given no key: nothing about it can be verified.
KEYED_WITHOUT_KEY = ("the log is keyed (hash_alg hmac-sha256) and cannot be verified without its key: "
                     "pass --audit-key-env NAME, the variable holding it")


def is_keyed(lines: list[LogLine]) -> bool:
    """Whether any line of the log was written with a key (``hash_alg`` hmac-sha256)."""
    return any(ln.data is not None and ln.data.get("hash_alg") == HMAC_ALG for ln in lines)


def read_log(path: Path) -> list[LogLine]:
    with path.open("rb") as fh:
        return [read_line(number, raw) for number, raw in enumerate(fh, start=1)]


def read_line(number: int, raw: bytes) -> LogLine:
    """One line of the log as read from the file (its newline included), validated as an ``AuditRecord``."""
    if not raw.endswith(b"\n"):
        return LogLine(number, None, None, "incomplete line (no newline; a crash mid-write?)")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        return LogLine(number, None, None, f"not JSON ({exc})")
    except RecursionError:
        return LogLine(number, None, None, "not JSON (nested too deeply to read)")
    if not isinstance(data, dict):
        return LogLine(number, None, None, "not a JSON object")
    try:
        record = AuditRecord.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(record)"
        return LogLine(number, data, None, f"not schema-valid: {where}: {first['msg']}")
    return LogLine(number, data, record, None)


def chain_problems(lines: list[LogLine], key: bytes | None = None) -> list[Problem]:
    """Every line parses and validates, sequence = line number, prev_hash links, hash matches content
    (with ``key``, every line keyed and its HMAC matching: ``audit.record.hash_problem``)."""
    problems: list[Problem] = []
    prev_hash = GENESIS_HASH
    for line in lines:
        if line.problem is not None or line.record is None or line.data is None:
            problems.append(Problem(line.number, line.problem or "not a record"))
            prev_hash = str((line.data or {}).get("hash", ""))
            continue
        rec = line.record
        if rec.sequence != line.number:
            problems.append(Problem(line.number, f"sequence {rec.sequence} where {line.number} was expected (line deleted or reordered)"))
        if rec.prev_hash != prev_hash:
            problems.append(Problem(line.number, "prev_hash does not match the previous line's hash (line deleted, inserted or reordered)"))
        bad_hash = hash_problem(line.data, key)
        if bad_hash is not None:
            problems.append(Problem(line.number, bad_hash))
        prev_hash = rec.hash
    return problems


def resolve_log_path(log_path: str, report_path: Path, run_id: str | None = None) -> Path:
    """The log a report's run wrote. A log of the recorded name beside the report that holds the
    run's lines comes first: a report and its log copied together are checked together, not
    against whatever now sits at the recorded path. Then the recorded path (absolute since runs
    record it so; a relative one from the current folder, else from the report's); then the
    log of that name beside the report."""
    p = Path(log_path)
    beside = report_path.parent / p.name
    if run_id and beside.is_file() and _holds_run(beside, run_id):
        return beside
    candidates = [p] if p.is_absolute() else [Path.cwd() / p, report_path.parent / p]
    candidates.append(beside)
    for candidate in candidates:
        if candidate.exists():
            return candidate
    return p


def _holds_run(path: Path, run_id: str) -> bool:
    needle = json.dumps({"run_id": run_id})[1:-1].replace(": ", ":").encode("utf-8")
    try:
        with path.open("rb") as fh:
            return any(needle in line for line in fh)
    except OSError:
        return False


class ReportShapeError(ValueError):
    """The report is JSON but not shaped like a verification report's judge parts."""


class _AuditedClaim(BaseModel):
    """The parts of a ``ClaimResult`` that check and replay read; the rest is not theirs to judge."""

    model_config = ConfigDict(extra="ignore")

    id: str
    # the real statuses only: a claim labelled anything else ("waived") would drop out of the
    # counts the headline is held to, and an incomplete report would read as a pass
    status: ClaimStatus
    decided_by: DecidedBy | None = None  # "tier2" says the judge decided it: only true when the judge ran
    judge: Any = None  # validated as citeproof.report.JudgeResult when present


@dataclass(frozen=True)
class AuditedReport:
    """A report whose ``semantic_audit`` and ``claims`` were validated against ``citeproof.report``.

    ``semantic_audit`` and ``claims`` stay the report's own JSON (dicts), now known to be of
    the declared shapes: a claim's ``judge`` is None or a JudgeResult object.
    """

    semantic_audit: dict[str, Any]
    claims: list[dict[str, Any]]


def _first_error(exc: ValidationError, prefix: str) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in (prefix, *first["loc"]))
    return f"{where}: {first['msg']}"


def load_report(report_path: Path) -> dict[str, Any]:
    try:
        data = json.loads(report_path.read_text(encoding="utf-8"))
    except RecursionError:
        raise ValueError("JSON nested too deeply to read") from None
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data


def load_audited_report(report_path: Path) -> AuditedReport:
    """The report's judge parts, validated once for both ``audit check`` and ``audit replay``.

    Raises OSError when unreadable, ``ReportShapeError`` (a ValueError) naming the first
    field that is not what ``citeproof.report`` declares — including a report with no
    ``semantic_audit`` block at all.
    """
    from citeproof.report import JudgeResult, SemanticAudit

    data = load_report(report_path)
    sem = data.get("semantic_audit")
    if sem is None:
        raise ReportShapeError("report has no semantic_audit block")
    try:
        # JSON-mode strict: a number must be a number, a list of sequences a list of ints
        SemanticAudit.model_validate_json(json.dumps(sem), strict=True)
    except ValidationError as exc:
        raise ReportShapeError(f"report is not a verification report: {_first_error(exc, 'semantic_audit')}") from None
    claims = data.get("claims", [])
    if not isinstance(claims, list):
        raise ReportShapeError(f"report is not a verification report: claims: must be a list, not {type(claims).__name__}")
    for index, claim in enumerate(claims):
        cid = claim.get("id") if isinstance(claim, dict) and isinstance(claim.get("id"), str) else None
        where = f"claims.{index}" if cid is None else f"claims.{index} ({cid})"
        try:
            parsed = _AuditedClaim.model_validate(claim, strict=True)
        except ValidationError as exc:
            raise ReportShapeError(f"report is not a verification report: {_first_error(exc, where)}") from None
        if parsed.judge is not None:
            try:
                JudgeResult.model_validate_json(json.dumps(parsed.judge), strict=True)
            except ValidationError as exc:
                raise ReportShapeError(f"report is not a verification report: {_first_error(exc, where + '.judge')}") from None
    return AuditedReport(semantic_audit=sem, claims=claims)
