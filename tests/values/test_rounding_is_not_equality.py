"""A rounded same-unit figure is plausible (judged), never supported (SPEC §3.4).

Found by running a diagram label: "14 months" was passed as supported by a source that says
"13.5 months". Likewise "45.0%" is not supported by "45%": the claim states a precision the
source never did. Conversions keep their claim-precision equality (1/3 = 33.33%, 0.12 g = 120 mg).
"""

from __future__ import annotations

import pytest

from citeproof.sources.types import Segment, SourceDocument, SourceWindow
from citeproof.values import assess_numbers


def window(text: str) -> SourceWindow:
    lines = tuple(text.split("\n"))
    doc = SourceDocument(source_id="S1", channel="clinical_trials", path="clinical_trials/S1.txt",
                         media="txt", text=text, lines=lines)
    segs = tuple(Segment(text=line, line_start=i, line_end=i, char_start=0, char_end=len(line))
                 for i, line in enumerate(lines, 1))
    return SourceWindow(document=doc, line_start=1, line_end=len(lines), text=text, segments=segs, coarse=False)


@pytest.mark.parametrize(
    ("claim", "source", "state"),
    [
        ("Median time to progression was 14 months.", "Median time to progression was 13.5 months.", "plausible"),
        ("The response rate was 33%.", "The response rate was 33.33%.", "plausible"),
        ("The response rate was 8%.", "The response rate was 8.3%.", "plausible"),
        ("Median time to progression was 13.5 months.", "Median time to progression was 13.5 months.", "supported"),
        ("The response rate was 33.33%.", "The response rate was 33.33%.", "supported"),
        ("One third responded (33.33%).", "1/3 of participants responded.", "supported"),
        ("The dose was 0.12 g.", "The dose was 120 mg.", "supported"),
        ("Median time to progression was 19 months.", "Median time to progression was 13.5 months.", "missing"),
        # more decimals than the source, same unit: a precision it never stated (45% may be 44.6%)
        ("The response rate was 45.0%.", "The response rate was 45%.", "plausible"),
        ("The hazard ratio was 0.750.", "The hazard ratio was 0.75.", "plausible"),
        ("The response rate was 45%.", "The response rate was 45.0%.", "supported"),
        # a coarser scale or a whole number claims no extra precision
        ("Sales reached $1.2 billion.", "Sales reached $1,200 million.", "supported"),
        ("The company shipped 12,000 units.", "The company shipped 12 thousand units.", "supported"),
        ("The dose was 2500 µg.", "The dose was 2.5 mg.", "supported"),
    ],
)
def test_rounding_versus_equality(claim, source, state):
    results = assess_numbers(claim, [window(source)])
    assert results and results[0].state == state, [(r.raw, r.state, r.matched) for r in results]


@pytest.mark.parametrize(
    ("claim", "source", "state"),
    [
        # A month has no exact length: even a value equal to the average month in hours is only
        # plausible. Weeks, days and hours convert exactly.
        ("Treatment lasted 1 month.", "Treatment lasted 730.5 hours.", "plausible"),
        ("Treatment lasted 2 weeks.", "Treatment lasted 336 hours.", "supported"),
        ("Follow-up was 12 months.", "Follow-up was 1 year.", "supported"),
    ],
)
def test_calendar_conversions_are_only_plausible(claim, source, state):
    results = assess_numbers(claim, [window(source)])
    assert results and results[0].state == state, [(r.raw, r.state, r.matched) for r in results]
