"""Which headings open a references/sources/appendix section (units there are not body analysis)."""

from __future__ import annotations

import pytest

from citeproof.parse import is_source_list_title


@pytest.mark.parametrize(
    "title",
    ["References", "5. References", "VII. References", "Reference list", "Sources", "Source list", "Bibliography",
     "Appendix", "Appendix A: Evidence table", "Appendices", "Works cited", "参考文献", "来源", "资料来源", "附录",
     "附录A 证据说明", "附录一：方法", "第五章 参考文献", "引用文献"],
)
def test_source_list_titles(title: str) -> None:
    assert is_source_list_title(title)


@pytest.mark.parametrize(
    "title",
    ["Results", "Referenced trials show benefit", "Sourcing strategy", "来源分析", "Efficacy", "Data sources and methods",
     "Appendectomy outcomes", "安全性"],
)
def test_body_titles(title: str) -> None:
    assert not is_source_list_title(title)
