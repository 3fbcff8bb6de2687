"""extract._NUMBER is written for speed; it must find exactly what the plain pattern finds."""

from __future__ import annotations

import random
import re

from citeproof.values.extract import _NUMBER

# the readable form the fast pattern replaces
PLAIN = re.compile(r"(?:\d{1,3}(?:,\d{3})+(?![\d,])|\d+)(?:\.\d+)?|(?<![\d.])\.\d+")


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)]


def test_same_matches_as_the_plain_pattern() -> None:
    rng = random.Random(11)
    alphabet = "0123456789.,٣,.. x-\n"
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
        assert _spans(_NUMBER, text) == _spans(PLAIN, text), text
        for pos in range(len(text)):  # extract also matches at a position (range ends, ± spreads)
            a, b = _NUMBER.match(text, pos), PLAIN.match(text, pos)
            assert (a and a.span()) == (b and b.span()), (text, pos)


def test_examples() -> None:
    text = "1,234,567.5 and 12 or .5 but 1.2.3, 1,23 x.5 9,999,"
    assert _NUMBER.findall(text) == PLAIN.findall(text) == ["1,234,567.5", "12", ".5", "1.2", "3", "1", "23", ".5", "9", "999"]  # "9,999," is no thousands group
