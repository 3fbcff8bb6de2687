"""SegmentTable shares content words between segments that differ only in their digits."""

from __future__ import annotations

import random
from pathlib import Path

from citeproof.values.extract import prepare
from citeproof.values.segment_support import _ASCII_DIGITS, SegmentTable, content_terms, segment_terms

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
        assert segment_terms(prepared) == segment_terms(_ASCII_DIGITS.sub("0", prepared)), line


def test_tables_with_a_shared_memo_match_fresh_tables() -> None:
    memo: dict = {}
    texts = ["Complete Response: 45 12.3%", "Complete Response: 7 1.0%", "Partial Response: 45", "Total 3/40"]
    shared = SegmentTable([(t, False) for t in texts], memo)
    for i, text in enumerate(texts):
        assert shared._terms[i] == SegmentTable([(text, False)])._terms[0]


def test_a_hyphenated_source_word_is_also_the_word_written_whole() -> None:
    # rt18d case08: "hepato-" / "toxicity" wrapped in a PDF; the claim writes the word whole
    from citeproof.values import claim_atoms
    from citeproof.values.segment_support import claim_profile, segment_carries

    source = "Dose reductions after co-administration occurred in 14 of 212 patients."
    assert "coadministration" in segment_terms(prepare(source)) and "coadministration" not in content_terms(prepare(source))
    for claim, carries in (
        ("Dose reductions after coadministration occurred in 14 of 212 patients.", True),
        ("Dose reductions after readministration occurred in 14 of 212 patients.", False),
    ):
        assert segment_carries(claim_profile(claim, claim_atoms(claim)), source, min_overlap=0.8).carries is carries
    assert SegmentTable([(source, False)])._terms[0] == frozenset(segment_terms(prepare(source)))
