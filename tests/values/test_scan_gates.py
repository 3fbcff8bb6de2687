"""The cheap tests the scanner runs before a $-anchored search of the text before a number never
skip a text that search finds something in (they only spare the search where it finds nothing)."""

from __future__ import annotations

import random

import pytest

from citeproof.values import extract, navigation
from citeproof.values.lexicon import data_json, lexicon


def _random_texts(pieces: list[str], seed: int, count: int = 20000) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))) for _ in range(count)]


def test_label_gate_never_skips_a_label() -> None:
    words = [w.lower() for w in data_json("value_cues.json")["label_before"]]
    pieces = [*words, " ", "  ", ":", "#", "s", "x", "e", "1", ".", "\n", "\u3000", "é", "study", "was ", "treated "]
    found = 0
    for text in _random_texts(pieces, 5):
        if lexicon().label_before_re.search(text) is not None:
            found += 1
            assert extract._may_end_with_label(text), text
    assert found > 3000


@pytest.mark.parametrize("before", ["in cohort ", "arms #", "fig. ", "no. ", "Table: ".lower(), "adverse events: ", "第", "#"])
def test_label_gate_passes_labels(before: str) -> None:
    assert lexicon().label_before_re.search(before) is not None
    assert extract._may_end_with_label(before)


@pytest.mark.parametrize("before", ["overall number of participants analyzed was ", "complete response was ", "in the armed "])
def test_label_gate_skips_other_words(before: str) -> None:
    assert not extract._may_end_with_label(before)


def test_index_gate_never_skips_an_index() -> None:
    names = list(lexicon().index_stats)
    pieces = [*names, " ", "(", ")", "95% ci", " of", " was", "=", ":", ",", "x", "the ", "κ", "’"]
    found = 0
    for text in _random_texts(pieces, 6):
        if lexicon().index_stat_re.search(text) is not None:
            found += 1
            assert extract._may_name_an_index(text), text
    assert found > 3000
    assert not extract._may_name_an_index("overall number of participants analyzed was ")
    assert extract._may_name_an_index("an auc (95% ci) of ")


def test_p_value_gate_never_skips_a_p_value() -> None:
    pieces = ["p", "P", " ", "-", "value", "values", " of", " is", " was", " were", ":", "=", "<", ">", "<=", "≤", "≥",
              "x", "a", "v", "o", "i", "w", "(", "up", "help", "1"]
    found = 0
    for text in _random_texts([p.lower() for p in pieces], 7):
        if extract._P_STAT.search(text) is not None:
            found += 1
            assert extract._P_ALONE.search(text) is not None, text
    assert found > 500
    assert extract._P_ALONE.search("participants analyzed was ") is None


def test_chinese_part_gate_equals_the_search() -> None:
    labels = data_json("claim_support.json")["navigation_references"]["zh_before"]
    pieces = [*labels, " ", "见", "如", "代", "和", "1", "a", "表", "图"]
    for text in _random_texts(pieces, 8, 5000):
        low = text.lower() + "3"
        start = len(low) - 1
        expected = navigation._zh_label_ending().search(low, max(0, start - 8), start) is not None
        assert navigation.zh_part_before(low, start) == expected, text


def test_time_point_gate_never_skips_a_plural_time_word() -> None:
    pieces = ["days", "weeks", "months", "day", " ", "\n", "s", "x", ",", "1", "and "]
    found = 0
    for text in _random_texts(pieces, 9):
        low = text + "7"
        start = len(low) - 1
        if extract._TIME_POINTS.search(low, max(0, start - 9), start) is not None:
            found += 1
            assert "s" in low[max(0, start - 3):start], text
    assert found > 1000
