from __future__ import annotations

import json
from pathlib import Path

import sys

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # retrieval_helpers



def write_jsonl(path: Path, *rows: dict | str) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n" for r in rows),
                    encoding="utf-8")
    return path


@pytest.fixture
def jsonl(tmp_path):
    def make(*rows: dict | str) -> Path:
        return write_jsonl(tmp_path / "retrieved.jsonl", *rows)

    return make
