"""Run the whole pipeline on a report that cites one saved evidence file (shared by tests)."""

from __future__ import annotations

from pathlib import Path


def verify_citing(tmp_path: Path, report: str, source: str, *, fmt: str = "markdown", mode: str = "report"):
    """The verification report of ``report`` with ``sources/evidence/s.md`` holding ``source``
    (cite it as ``[evidence:s.md#L1]``)."""
    from citeproof.pipeline import VerifyOptions, run

    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "s.md").write_text(source, encoding="utf-8")
    return run(report, fmt, tmp_path / "sources", VerifyOptions(mode=mode))
