"""Saved HTML sources use the report parser's rule for what is visible: hidden text never backs a claim."""

from __future__ import annotations

import pytest

from citeproof.sources.readers import read_html


@pytest.mark.parametrize(
    "hidden",
    [
        '<div class="d-none">Hidden 99 mg.</div>',
        '<p class="sr-only">Hidden 99 mg.</p>',
        '<p style="content-visibility:hidden">Hidden 99 mg.</p>',
        '<p hidden>Hidden 99 mg.</p>',
        '<aside>Hidden 99 mg.</aside>',
        '<input type="hidden" value="x"><button>Hidden 99 mg.</button>',
    ],
)
def test_hidden_text_is_not_source_text(hidden):
    result = read_html(f"<html><body><p>Visible 12 mg.</p>{hidden}</body></html>")
    assert result.lines == ["Visible 12 mg."]


def test_visible_text_headings_and_title_are_kept():
    result = read_html("<html><head><title>Record</title></head><body><h2>Results</h2><p>Visible 12 mg.</p></body></html>")
    assert result.lines == ["Results", "Visible 12 mg."]
    assert result.title == "Record" and "Results" in result.sections
