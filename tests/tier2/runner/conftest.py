from __future__ import annotations

from pathlib import Path

import pytest

from audit.writer import AuditWriter


@pytest.fixture
def audit_writer(tmp_path: Path):
    writer = AuditWriter(tmp_path / "audit.jsonl", fsync=False)
    yield writer
    writer.close()


@pytest.fixture
def no_wait():
    return lambda attempt, result: 0.0
