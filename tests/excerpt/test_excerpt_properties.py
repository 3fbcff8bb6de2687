"""Invariants of build_excerpt over generated documents, claims, windows and budgets."""

from __future__ import annotations

from excerpt_docs import make_document, make_window
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from excerpt.builder import ELISION, ExcerptUnavailable, build_excerpt
from excerpt.repeats import expand_repeats
from excerpt.tokens import count_tokens

WORDS = [
    "arm", "dose", "response", "participants", "median", "survival", "months", "grade", "events",
    "Results", "Total:", "Outcome", "Measurement:", "criteria", "adults", "weekly", "placebo", "rate",
    "10", "2/20", "17.5%", "0.12", "250 mg", "3", "Accept all", "Skip to content", "Menu", "患者", "剂量",
]
line_st = st.lists(st.sampled_from(WORDS), min_size=0, max_size=14).map(" ".join)
doc_st = st.lists(line_st, min_size=1, max_size=120)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lines=doc_st,
    claim=st.lists(st.sampled_from(WORDS), min_size=1, max_size=10).map(" ".join),
    budget=st.integers(min_value=16, max_value=400),
    coarse=st.booleans(),
    data=st.data(),
)
def test_excerpt_invariants(lines, claim, budget, coarse, data):
    doc = make_document(lines)
    first = data.draw(st.integers(min_value=1, max_value=len(lines)))
    last = data.draw(st.integers(min_value=first, max_value=len(lines)))
    window = make_window(doc, first, last, coarse=coarse)
    try:
        ex = build_excerpt(claim, window, max_tokens=budget)
    except ExcerptUnavailable as exc:
        assert exc.reason in {"no_match", "empty_window"}
        return
    assert ex.tokens == count_tokens(ex.text) <= budget
    assert ex.strategy in {"locator", "atoms", "terms"}
    assert ex.text.strip()
    assert ex.spans, "every excerpt says where it came from"
    previous_end = -1
    for span in ex.spans:
        assert first <= span.line_start <= span.line_end <= last
        assert span.char_start > previous_end
        assert 0 <= span.char_start < span.char_end <= len(doc.text)
        previous_end = span.char_end
    # Repeat markers stand for lines shown earlier; expanded, the text is the source again.
    parts = expand_repeats(ex.text).split(f"\n{ELISION}\n")
    assert len(parts) == len(ex.spans)
    for part, span in zip(parts, ex.spans):
        # reflow may add or drop a space where it rejoins a wrapped line
        source = "".join(doc.text[span.char_start : span.char_end].split())
        for piece in part.split("\n"):
            assert "".join(piece.strip("…").split()) in source
    if not coarse and count_tokens("\n".join(x.strip() for x in lines[first - 1 : last] if x.strip())) <= budget // 2:
        # a tight window that clearly fits is the excerpt (furniture aside)
        assert ex.strategy == "locator"
