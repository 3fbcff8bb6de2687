"""Regions and markets as context subjects (ctxfix 2): "### Asia-Pacific" (or "In Asia-Pacific:")
over "Revenue grew 12% to $4.2 billion" passed on "Europe: revenue grew 12% to $4.2 billion." —
the context reading takes no heading's capitals for a name, and no region was a subject word.
The regions of ``segment_names`` (claim_support.json) are names wherever written."""

from __future__ import annotations

import pytest

from citeproof.values.lead_in import context_subject
from citeproof.values.segment_names import segment_names_in
from tests.values.helpers import cited_claim


@pytest.mark.parametrize("text, names", [
    ("europe: revenue grew 12%", {"europe"}),
    ("in asia-pacific:", {"asia-pacific"}),
    ("greater china", {"greater china"}),  # the longer name, once
    ("亚太地区收入增长12%", {"亚太地区", "亚太"}),
    ("let us review the results", set()),  # no pronoun read as a country
    ("eurozone", set()),
    ("european markets", set()),  # a word holding a name is not the name
])
def test_segment_names_are_found_as_whole_words(text, names):
    assert segment_names_in(text) == names


@pytest.mark.parametrize("heading, subject", [
    ("Asia-Pacific", "asia-pacific"),
    ("In Asia-Pacific:", "asia-pacific"),
    ("Revenue in Europe", "europe"),
    ("亚太地区", "亚太地区"),
    ("Europe and Asia", ""),  # several: its items may be either's
    ("Efficacy", ""),
    # a long heading is a title about a place, not a segment's name
    ("Revenue trends across the European market in Europe", ""),
    ("中国非小细胞肺癌患者的治疗进展综述", ""),
])
def test_a_short_context_naming_a_region_names_its_subject(heading, subject):
    assert context_subject((), (heading,)) == subject


_EUROPE = "# Market\n\nEurope: revenue grew 12% to $4.2 billion.\n"
_HEADED = "# Market\n\n## Europe\n\nRevenue grew 12% to $4.2 billion.\n\n## Asia-Pacific\n\nRevenue grew 9% to $3.1 billion.\n"
_ZH = "# 市场\n\n欧洲：收入增长12%，达到42亿美元。\n"
_CLAIM = "Revenue grew 12% to $4.2 billion [evidence:s.md#L{}].\n"
_ZH_CLAIM = "收入增长12%，达到42亿美元 [evidence:s.md#L3]。\n"


@pytest.mark.parametrize("source, report, status", [
    # another region over the claim than the one the source gives the figure to
    (_EUROPE, "# R\n\n### Asia-Pacific\n\n" + _CLAIM.format(3), "undecided"),
    (_EUROPE, "# R\n\nIn Asia-Pacific:\n\n- " + _CLAIM.format(3), "undecided"),
    (_HEADED, "# R\n\n### Asia-Pacific\n\n" + _CLAIM.format(5), "undecided"),
    (_ZH, "# 报告\n\n## 亚太地区\n\n" + _ZH_CLAIM, "undecided"),
    # rt37 r1: a region two headings up, a heading naming none between
    (_HEADED, "# R\n\n## Asia-Pacific\n\n### Quarterly detail\n\n" + _CLAIM.format(5), "undecided"),
    (_HEADED, "# R\n\n## Asia-Pacific\n\n### Quarterly detail\n\n#### Revenue\n\n" + _CLAIM.format(5), "undecided"),
    (_HEADED, "# R\n\n## Europe\n\n### Quarterly detail\n\n" + _CLAIM.format(5), "pass"),
    # the same region, written in the line or over it; a heading naming none; no context
    (_EUROPE, "# R\n\n### Europe\n\n" + _CLAIM.format(3), "pass"),
    (_HEADED, "# R\n\n### Europe\n\n" + _CLAIM.format(5), "pass"),
    ("# Market\n\nRevenue in Europe grew 12% to $4.2 billion.\n", "# R\n\n### Europe\n\n" + _CLAIM.format(3), "pass"),
    (_EUROPE, "# R\n\n### Highlights\n\n" + _CLAIM.format(3), "pass"),
    (_EUROPE, "# R\n\n" + _CLAIM.format(3), "pass"),
    (_ZH, "# 报告\n\n## 欧洲\n\n" + _ZH_CLAIM, "pass"),
    # rt37 r2: the region over the claim, written in the line as the market's name
    ("# 市场\n\n欧洲市场收入增长12%，达到42亿美元。\n", "# 报告\n\n## 欧洲\n\n" + _ZH_CLAIM, "pass"),
    ("# 市场\n\n欧洲市场收入增长12%，达到42亿美元。\n", "# 报告\n\n## 亚太地区\n\n" + _ZH_CLAIM, "undecided"),
    ("# 市场\n\n欧洲市场收入增长12%，达到42亿美元。\n", "# 报告\n\n" + _ZH_CLAIM, "undecided"),
    # a line naming no region backs the region's claim as it backs one with no heading
    ("# 市场\n\n收入增长12%，达到42亿美元。\n", "# 报告\n\n## 欧洲\n\n" + _ZH_CLAIM, "pass"),
])
def test_through_the_pipeline_a_region_heading_is_the_claims_subject(tmp_path, source, report, status):
    claim = cited_claim(tmp_path, source, report)
    assert claim.status == status, claim.undecided_reasons
