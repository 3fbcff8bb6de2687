"""The format-neutral middle of parsing: visible blocks in document order.

Both front ends (``html.py``, ``markdown.py``) push into one ``BlockSink``; it tracks the
heading path and whether the current section is a source list. Everything after this point
(sentences, anchors, claims) is the same for HTML and Markdown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# kind: heading | p | li | blockquote | tr | header_row | code
BODY_KINDS = frozenset({"p", "li", "blockquote"})

_SOURCE_LIST_TITLE = re.compile(
    r"^\s*(?:(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.)、:：]?\s+|第[一二三四五六七八九十百\d]+[章节部分]\s*)?"
    r"(?:references?|sources?(?:\s+(?:list|index|cited|used))?|bibliography|appendix|appendices|annex(?:es)?"
    r"|citations?|works\s+cited|further\s+reading|reference\s+list|evidence\s+index"
    r"|参考文献|参考资料|资料来源|数据来源|信息来源|证据来源|引用文献|来源|附录|引用)"
    r"(?:\s*$|[\s:：（(—–-]|(?-i:[A-Z])\b|[0-9一二三四五六七八九十]+\b)",
    re.IGNORECASE,
)


def is_source_list_title(title: str) -> bool:
    """A heading that opens a references/sources/appendix section (its rows are not body analysis)."""
    return bool(_SOURCE_LIST_TITLE.match(title))


@dataclass(slots=True)
class RawBlock:
    kind: str
    tag: str  # element the block came from (p, li, h2, tr, pre, …): Location.block
    text: str  # visible text, newlines kept so sentence lines can be counted
    line: int  # 1-based line of the block's first character
    section_path: tuple[str, ...]
    in_source_list: bool
    links: list[tuple[str, int]] = field(default_factory=list)  # (url as written, offset after link text)


@dataclass(slots=True)
class RawMermaid:
    source: str
    line: int
    section_path: tuple[str, ...]
    attributes: dict[str, str]


class BlockSink:
    """Collects blocks in document order and keeps the heading stack."""

    def __init__(self) -> None:
        self.items: list[RawBlock | RawMermaid] = []
        self._headings: list[tuple[int, str, bool]] = []  # (level, title, opens a source list)

    @property
    def section_path(self) -> tuple[str, ...]:
        return tuple(title for _, title, _ in self._headings)

    @property
    def in_source_list(self) -> bool:
        return any(flag for _, _, flag in self._headings)

    def heading(self, level: int, title: str, line: int, tag: str) -> None:
        title = " ".join(title.split())
        if not title:
            return
        while self._headings and self._headings[-1][0] >= level:
            self._headings.pop()
        self._headings.append((level, title, is_source_list_title(title)))
        self.items.append(
            RawBlock("heading", tag, title, line, self.section_path, self.in_source_list)
        )

    def block(self, kind: str, tag: str, text: str, line: int, links: list[tuple[str, int]] | None = None) -> None:
        if not text.strip():
            if links:
                # a bare link with no text is still a citation: keep the URL as the text
                text = " ".join(url for url, _ in links)
            else:
                return
        self.items.append(
            RawBlock(kind, tag, text, line, self.section_path, self.in_source_list, list(links or ()))
        )

    def mermaid(self, source: str, line: int, attributes: dict[str, str]) -> None:
        self.items.append(RawMermaid(source, line, self.section_path, dict(attributes)))
