"""Fixtures for the source store tests: a sources folder built from a dict path → content."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from citeproof.model import Anchor, Locator, Location
from citeproof.settings import Settings
from citeproof.sources.store import SourceStore


def write_tree(root: Path, files: dict[str, str | bytes]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


@pytest.fixture
def make_store(tmp_path: Path) -> Callable[..., SourceStore]:
    def build(files: dict[str, str | bytes], settings: Settings | None = None) -> SourceStore:
        root = write_tree(tmp_path / "sources", files)
        return SourceStore(root, settings or Settings())

    return build


def _locator(raw: str) -> Locator:
    """Locators as the report parser builds them (kept local so these tests do not depend on it)."""
    import re

    m = re.fullmatch(r"L(\d+)(?:-L?(\d+))?", raw)
    if m:
        return Locator(raw=raw, kind="lines", start=int(m.group(1)), end=int(m.group(2) or m.group(1)))
    m = re.fullmatch(r"p(\d+)(?:-p?(\d+))?", raw)
    if m:
        return Locator(raw=raw, kind="page", start=int(m.group(1)), end=int(m.group(2) or m.group(1)))
    m = re.fullmatch(r"table(\d+)", raw, re.IGNORECASE)
    if m:
        return Locator(raw=raw, kind="table", start=int(m.group(1)), end=int(m.group(1)))
    return Locator(raw=raw, kind="section", name=raw)


def _anchor(kind: str, source_id: str, loc: str | None = None, line: int = 7) -> Anchor:
    raw = f"{kind}:{source_id}" + (f"#{loc}" if loc else "")
    if kind == "url":
        raw = source_id
    return Anchor(
        raw=raw,
        kind=kind,
        source_id=source_id,
        locator=_locator(loc) if loc else None,
        location=Location(line=line, section_path=("Results",)),
    )


@pytest.fixture
def anchor() -> Callable[..., Anchor]:
    """``anchor("nct", "NCT1", "Results")`` → an Anchor as the parser would build it."""
    return _anchor


@pytest.fixture
def locator() -> Callable[[str], Locator]:
    return _locator
