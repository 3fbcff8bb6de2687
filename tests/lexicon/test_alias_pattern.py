"""detector._alias_pattern opens with its first token; it must match where the plain form does."""

from __future__ import annotations

import random
import re

from citeproof.lexicon.detector import _alias_pattern

_LETTER = r"[0-9a-z\u00c0-\u024f\u0370-\u03ff]"


def _plain(parts: tuple[str, ...]) -> re.Pattern[str]:
    word = r"[\s\-\u2010\u2011]+".join(re.escape(p) for p in parts)
    return re.compile(r"(?<!" + _LETTER + ")" + word + r"(?!" + _LETTER + ")")


def test_same_matches_as_the_plain_boundary_pattern() -> None:
    rng = random.Random(2)
    for _ in range(3000):
        parts = tuple("".join(rng.choice("ab1é") for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(1, 3)))
        fast, plain = _alias_pattern(parts), _plain(parts)
        for _ in range(10):
            text = "".join(rng.choice("ab1 -é\u2010xα") for _ in range(rng.randint(0, 14)))
            assert [m.span() for m in fast.finditer(text)] == [m.span() for m in plain.finditer(text)], (parts, text)
