"""SegmentTable shares content words between segments that differ only in their digits."""

from __future__ import annotations

import random
from pathlib import Path

from citeproof.values.extract import prepare
from citeproof.values.segment_support import _ASCII_DIGITS, SegmentTable, content_terms

ROOT = Path(__file__).resolve().parents[2]


def test_digits_never_change_content_words() -> None:
    rng = random.Random(4)
    lines = [ln for p in sorted((ROOT / "examples").rglob("*")) if p.is_file() for ln in p.read_text("utf-8").splitlines()]
    lines += ["covid19 cases", "HER2-positive 3+ disease", "a-1-b", "第3期研究12例", "5mg/kg q3w", "x'1'y", "1st-line"]
    alphabet = "ab-'9 0中文Z"
    lines += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(3000)]
    for line in lines:
        prepared = prepare(line)
        assert content_terms(prepared) == content_terms(_ASCII_DIGITS.sub("0", prepared)), line


def test_tables_with_a_shared_memo_match_fresh_tables() -> None:
    memo: dict = {}
    texts = ["Complete Response: 45 12.3%", "Complete Response: 7 1.0%", "Partial Response: 45", "Total 3/40"]
    shared = SegmentTable([(t, False) for t in texts], memo)
    for i, text in enumerate(texts):
        assert shared._terms[i] == SegmentTable([(text, False)])._terms[0]
