"""Extraction never raises, whatever the text (a crash would cost the claim its verdict)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from citeproof.values import assess_numbers, extract_atoms
from values.helpers import window

_PIECES = st.sampled_from(
    ["1", "20", "3.5", ",", "000", "%", "mg", "/", "day", " ", "-", "–", "to", "between", "and", "more than", "约", "万",
     "亿", "$", "B", "p", "=", "<", "CI", "95", "x", "10", "^", "9", "L", "(", ")", "weeks", "months", "one", "none",
     "fold", "**", "_", "NCT", "年", "月", "日", "例", "patients", "\n", ".", "１", "−", "µg", "m2", "kg", "in", "of"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_extract_and_assess_never_raise(text):
    for mode in ("claim", "source"):
        for atom in extract_atoms(text, mode=mode):
            assert atom.describe()
    assess_numbers(text, [window(text)])


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=80))
def test_arbitrary_unicode_never_raises(text):
    extract_atoms(text)
    assess_numbers(text, [window("20 mg/day for 3 weeks, 33.33%")])
