"""Read ``audit.jsonl`` back, line by line, naming the first line that is not what it should be."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from audit.record import GENESIS_HASH, AuditRecord, expected_hash


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


def read_log(path: Path) -> list[LogLine]:
    lines: list[LogLine] = []
    with path.open("rb") as fh:
        for number, raw in enumerate(fh, start=1):
            if not raw.endswith(b"\n"):
                lines.append(LogLine(number, None, None, "incomplete line (no newline; a crash mid-write?)"))
                continue
            try:
                data = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as exc:
                lines.append(LogLine(number, None, None, f"not JSON ({exc})"))
                continue
            if not isinstance(data, dict):
                lines.append(LogLine(number, None, None, "not a JSON object"))
                continue
            try:
                record = AuditRecord.model_validate(data)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"]) or "(record)"
                lines.append(LogLine(number, data, None, f"not schema-valid: {where}: {first['msg']}"))
                continue
            lines.append(LogLine(number, data, record, None))
    return lines


def chain_problems(lines: list[LogLine]) -> list[Problem]:
    """Every line parses and validates, sequence = line number, prev_hash links, hash matches content."""
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
        if rec.hash != expected_hash(line.data):
            problems.append(Problem(line.number, "hash does not match the line's content (line edited)"))
        prev_hash = rec.hash
    return problems


def resolve_log_path(log_path: str, report_path: Path) -> Path:
    """An absolute path as is; a relative one from the current folder, else beside the report."""
    p = Path(log_path)
    if p.is_absolute():
        return p
    for candidate in (Path.cwd() / p, report_path.parent / p):
        if candidate.exists():
            return candidate
    return p


def load_report(report_path: Path) -> dict[str, Any]:
    data = json.loads(report_path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data
