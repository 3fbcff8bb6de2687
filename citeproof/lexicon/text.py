"""Text folding shared by every drug-name matcher, so claim and source compare alike."""

from __future__ import annotations

import re
import unicodedata

# Latin-script word pieces. Hyphens and apostrophes split pieces, so "X-resistant" still
# yields the drug token X, and a multi-word name matches across a hyphen or spaces.
LATIN_TOKEN = re.compile(r"[0-9a-z\u00c0-\u024f\u0370-\u03ff]+")
CJK_CHAR = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# What may sit between two tokens of one multi-word name.
NAME_GAP = re.compile(r"[\s\-\u2010\u2011]+")


def fold(text: str) -> str:
    """NFKC (full-width letters and digits become ASCII) then casefold; length may change."""
    return unicodedata.normalize("NFKC", text).casefold()


def has_cjk(text: str) -> bool:
    return CJK_CHAR.search(text) is not None


def latin_tokens(folded: str) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in LATIN_TOKEN.finditer(folded)]
