"""A report heading's year against the source's (red team rt36b y1): "## 2024" over "Revenue was
$4.2 billion" passed on a line stating no year under the source's "## 2023" — the year check read
the line's own words only. A line stating no year is read under its section heading's, as a line
naming no subject is read under its heading's subject (tests/values/test_binding.py)."""

from __future__ import annotations

import pytest

from tests.values.helpers import cited_claim

_BY_YEAR = "# Market\n\n## 2023\n\nRevenue was $4.2 billion.\n\n## 2024\n\nRevenue was $4.8 billion.\n"
_BY_YEAR_HTML = ("<html><body><h1>Market</h1><h2>FY2023</h2><p>Revenue was $4.2 billion.</p>"
                 "<h2>FY2024</h2><p>Revenue was $4.8 billion.</p></body></html>")


@pytest.mark.parametrize("name, source, report, status", [
    # another year over the claim than over the source's line
    ("s.md", _BY_YEAR, "# R\n\n## 2024\n\nRevenue was $4.2 billion [evidence:s.md#L5].\n", "undecided"),
    ("s.md", _BY_YEAR, "2024:\n\n- Revenue was $4.2 billion [evidence:s.md#L5].\n", "undecided"),
    ("s.html", _BY_YEAR_HTML, "# R\n\n## FY2024\n\nRevenue was $4.2 billion [evidence:s.html#FY2023].\n", "undecided"),
    # the same year, no year over the claim, a year the line states itself, a title's year
    ("s.md", _BY_YEAR, "# R\n\n## 2023\n\nRevenue was $4.2 billion [evidence:s.md#L5].\n", "pass"),
    ("s.md", _BY_YEAR, "# R\n\n## 2024\n\nRevenue was $4.8 billion [evidence:s.md#L9].\n", "pass"),
    ("s.md", _BY_YEAR, "**2023:**\n\n- Revenue was $4.2 billion [evidence:s.md#L5].\n", "pass"),
    ("s.md", _BY_YEAR, "# R\n\n## Europe\n\nRevenue was $4.2 billion [evidence:s.md#L5].\n", "pass"),
    ("s.md", "# Market report 2024\n\nRevenue was $4.2 billion.\n", "# R\n\n## 2023\n\nRevenue was $4.2 billion [evidence:s.md#L3].\n",
     "pass"),
])
def test_a_line_stating_no_year_is_read_under_its_source_headings_year(tmp_path, name, source, report, status):
    claim = cited_claim(tmp_path, source, report, name=name)
    assert claim.status == status


# rt37 y1: the year (or the subject) of a heading two up, a heading naming none between
_NESTED = ("# Market\n\n## 2023\n\n### Revenue\n\nRevenue was $4.2 billion.\n\n"
           "## 2024\n\n### Revenue\n\nRevenue was $4.8 billion.\n")
_ARMS = ("# Trial\n\n## Experimental arm\n\n### Efficacy\n\nThe ORR was 45%.\n\n"
         "## Control arm\n\n### Efficacy\n\nThe ORR was 20%.\n")


@pytest.mark.parametrize("source, report, status", [
    (_NESTED, "# R\n\n## 2024\n\nRevenue was $4.2 billion [evidence:s.md#L7].\n", "undecided"),
    (_NESTED, "# R\n\n## 2023\n\nRevenue was $4.2 billion [evidence:s.md#L7].\n", "pass"),
    (_NESTED, "# R\n\n## 2024\n\nRevenue was $4.8 billion [evidence:s.md#L13].\n", "pass"),
    (_ARMS, "# R\n\n## Control arm\n\nThe ORR was 45% [evidence:s.md#L7].\n", "undecided"),
    (_ARMS, "# R\n\n## Experimental arm\n\nThe ORR was 45% [evidence:s.md#L7].\n", "pass"),
    # a nearer heading's subject is the line's, whatever the one above names
    ("# Trial\n\n## Control arm\n\n### Experimental arm\n\nThe ORR was 45%.\n",
     "# R\n\n## Experimental arm\n\nThe ORR was 45% [evidence:s.md#L7].\n", "pass"),
    ("# Trial\n\n## Experimental arm\n\n### Control arm\n\nThe ORR was 45%.\n",
     "# R\n\n## Experimental arm\n\nThe ORR was 45% [evidence:s.md#L7].\n", "undecided"),
])
def test_a_line_is_read_under_the_headings_above_its_nearest_too(tmp_path, source, report, status):
    claim = cited_claim(tmp_path, source, report)
    assert claim.status == status, claim.undecided_reasons
