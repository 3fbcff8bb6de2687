"""The verified report behind a verification report: where it is, and whether its text is
still the text that was verified (``input.report_sha256``)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any


def verified_report_candidates(raw: dict[str, Any], report_json_path: Path, given: Path | None = None) -> list[Path]:
    """Where the verified report may be (existing files only): ``given`` alone when the auditor
    names it (``audit check --report``: it moved); else the absolute path it had when it
    was verified — that file and no other, while it exists (another folder's "report.md" is
    another report) — else its recorded path beside the verification report, then from the
    current folder (the project moved, or an older report that recorded no absolute path)."""
    if given is not None:
        return [given] if given.is_file() else []
    info = raw.get("input") if isinstance(raw.get("input"), dict) else {}
    absolute = info.get("report_abspath")
    if isinstance(absolute, str) and absolute and Path(absolute).is_file():
        return [Path(absolute)]
    path = info.get("report_path")
    if not isinstance(path, str) or not path:
        return []
    return recorded_files(path, report_json_path)


def recorded_files(path: str, report_json_path: Path) -> list[Path]:
    """The existing files a path the run was given may name now: itself when absolute, else the
    path beside the verification report, then from the current folder."""
    p = Path(path)
    candidates = [p] if p.is_absolute() else [report_json_path.parent / p, Path.cwd() / p]
    return [c for c in dict.fromkeys(candidates) if c.is_file()]


def hashes_as_verified(text: str, recorded: object) -> bool:
    """Whether ``text`` is the text whose sha256 the report recorded, up to line endings (a
    checkout that turns LF into CRLF changes no claim, line or number)."""
    lf = text.replace("\r\n", "\n")
    return any(hashlib.sha256(v.encode("utf-8")).hexdigest() == recorded for v in {text, lf, lf.replace("\n", "\r\n")})
