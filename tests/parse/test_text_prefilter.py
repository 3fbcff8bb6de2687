"""citeproof.text.prefilter: skipping a phrase search never loses a match."""

from __future__ import annotations

import re
from pathlib import Path
from re import _parser as sre_parse  # type: ignore[attr-defined]

import pytest

from citeproof.text.prefilter import _required, literal_prefilter
from tier1.substance_text import first_match, phrases

ROOT = Path(__file__).resolve().parents[2]


def _corpus() -> list[str]:
    """Every line of the examples, the test data and the rule docs, plus case and spacing variants."""
    texts: list[str] = []
    for folder in ("examples", "tests", "docs", "citeproof/data"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in {".md", ".txt", ".json", ".jsonl", ".html", ".py"}:
                texts.extend(path.read_text("utf-8", errors="replace").splitlines())
    texts += [t.upper() for t in texts[:5000]] + [t.title() for t in texts[:5000]]
    return texts


def _all_patterns() -> list[re.Pattern[str]]:
    p = phrases()
    return [
        *p.inventory, *p.appendix_note_headings, *p.deferred, *p.digest_matrix, *p.placeholder_label,
        p.cjk_vocabulary, p.record_id,
    ]


def test_no_match_is_ever_skipped() -> None:
    texts = _corpus()
    checked = 0
    for pattern in _all_patterns():
        may_match = literal_prefilter(pattern)
        if may_match is None:
            continue
        for text in texts:
            if pattern.search(text):
                checked += 1
                assert may_match(text), (pattern.pattern[:60], text)
    assert checked > 50  # the corpus does exercise the phrases


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Figures will be COMPLETED later by the next WORKER.", True),
        ("This is to be completed by a later worker.", True),
        ("The response rate was 45% in Arm A.", False),
        ("待后续补充", True),  # not ASCII: always searched
        ("ſaved in sources/", True),  # a long s folds onto 's': not ASCII, searched
    ],
)
def test_may_match(text: str, expected: bool) -> None:
    may_match = literal_prefilter(phrases().deferred[0])
    assert may_match is not None
    assert may_match(text) is expected or (expected is False and first_match(phrases().deferred, text) is None)


def test_required_literals() -> None:
    parse = re._parser.parse  # type: ignore[attr-defined]
    assert _required(parse(r"\bfoo (?:bar|baz)\b")) == {"foo ba"}  # the parser factors out "ba"
    assert _required(parse(r"\bfoo (?:bar|qux)")) == {"foo "}
    assert _required(parse(r"(?:x)?y")) == {"y"}
    assert _required(parse(r"a|[bc]")) is None  # one branch has no literal
    assert _required(parse(r"(?:ab)+c")) == {"ab"}
    assert literal_prefilter(re.compile(r"(?i:saved)")) is None or literal_prefilter(re.compile(r"(?i:saved)"))("SAVED")
    # a case-sensitive pattern keeps its case
    may = literal_prefilter(re.compile(r"\bTODO\b"))
    assert may is not None and may("a TODO here") and not may("a todo here")
    # a non-ASCII cased literal may fold onto ASCII text: no shortcut
    assert literal_prefilter(re.compile("straße", re.I)) is None


def test_inventory_patterns_are_never_skipped_on_a_match() -> None:
    from tier1.source_inventory import _PATH, _URL

    texts = _corpus() + ["see https://x.org/a", "WWW.EXAMPLE.ORG", "saved to sources/nct/NCT1.json", "ftp://h/f", "a/b.PDF"]
    for pattern in (_URL, _PATH):
        for text in texts:
            if pattern.search(text):
                assert literal_prefilter(pattern)(text), text  # type: ignore[misc]


def test_claim_support_cue_patterns_are_never_skipped_on_a_match() -> None:
    from citeproof.values.segment_support import _cues

    cues = _cues()
    patterns = [cues.bound_phrases, cues.negation_en.phrases]
    patterns += [c.phrases for c in (*cues.directions.values(), *cues.structure.values())]
    texts = [t.lower() for t in _corpus()] + ["compared with placebo", "no more than 3", "it didn't work", "relative to"]
    checked = 0
    for pattern in patterns:
        if pattern is None:
            continue
        may_match = literal_prefilter(pattern)
        for text in texts:
            if pattern.search(text):
                checked += 1
                assert may_match is None or may_match(text), (pattern.pattern[:60], text)
    assert checked > 20


def test_needle_search_is_the_substring_test() -> None:
    # may_match searches the needles' alternation; it must answer exactly "some needle is a
    # substring" (of the lower-cased text for a case-insensitive pattern), no more, no less
    texts = _corpus()[:20000]
    for pattern in _all_patterns():
        may_match = literal_prefilter(pattern)
        if may_match is None:
            continue
        literals = _required(sre_parse.parse(pattern.pattern, pattern.flags)) or set()
        ignore_case = bool(pattern.flags & re.IGNORECASE)
        needles = {n.lower() for n in literals if n.isascii()} if ignore_case else set(literals)
        for text in texts:
            if not text.isascii():
                continue
            hay = text.lower() if ignore_case else text
            assert may_match(text) == any(n in hay for n in needles), (pattern.pattern[:60], text)


def test_needles_inside_others_are_dropped() -> None:
    from citeproof.text.prefilter import _cores

    assert sorted(_cores({"/d", "/day", "every", "every 12 hours", "bid", "b.i.d."})) == ["/d", "b.i.d.", "bid", "every"]
    may = literal_prefilter(re.compile(r"every (?:day|week)|/day"))
    assert may is not None and may("10 mg/day") and may("every week") and not may("daily")
