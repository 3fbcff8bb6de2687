"""The unit and per-time matchers (first-character dispatch) match what their alternation matches.

``FirstCharMatcher.match(text, pos)`` tries only the aliases opening with ``text[pos]``; the
answer must be the whole alternation's (``.pattern``): same alias, same end, at every position,
including aliases that are prefixes of others and positions past the end.
"""

from __future__ import annotations

import random

import pytest

from citeproof.values.lexicon import FirstCharMatcher, lexicon


def _spans(matcher: FirstCharMatcher, text: str) -> tuple[list, list]:
    fast = [(m.group(0) if (m := matcher.match(text, p)) else None) for p in range(len(text) + 2)]
    plain = [(m.group(0) if (m := matcher.pattern.match(text, p)) else None) for p in range(len(text) + 2)]
    return fast, plain


@pytest.mark.parametrize("name", ["unit_re", "per_time_re"])
def test_dispatch_matches_the_alternation(name: str) -> None:
    matcher = getattr(lexicon(), name)
    aliases = sorted({*lexicon().unit_by_alias, *lexicon().per_time_by_alias})
    rng = random.Random(13)
    texts = [
        "200 mg/day orally for 12 weeks, 5 mg/kg q3w",
        "3.5 mmol/l 10 ml/min/1.73 m2 20 µg 30 μg 12 months 2 yrs",
        "1200 mg per day, twice daily, 3 times a week, 毫克 每日 3个月",
        "",
    ]
    for _ in range(400):
        texts.append("".join(rng.choice([*aliases, " ", "1", "/", "-", "x", "s"]) for _ in range(rng.randint(1, 6))))
    for text in texts:
        fast, plain = _spans(matcher, text.lower())
        assert fast == plain, text


def test_order_decides_among_aliases_sharing_a_first_character() -> None:
    matcher = FirstCharMatcher([("mg/kg", r"mg/kg"), ("mg", r"mg(?![a-z])"), ("m", r"m(?![a-z])"), ("kg", "kg")])
    assert matcher.match("5 mg/kg", 2).group(0) == "mg/kg"
    assert matcher.match("5 mgx", 2) is None
    assert matcher.match("5 m", 2).group(0) == "m"
    assert matcher.match("5 kg", 2).group(0) == "kg"
    assert matcher.match("5 kg", 9) is None


def test_end_matcher_gate_changes_no_answer() -> None:
    # EndMatcher.search returns None at once when the text ends with neither a space nor a
    # cue's last character; every other text still runs the reversed match
    from citeproof.values.lexicon import EndMatcher

    cues = ["more than", "at least", "超过", "<", "over"]
    matcher = EndMatcher(cues)
    rng = random.Random(3)
    pieces = [*cues, " ", "x", "5", "n", "t", "r", "超", "\n", ""]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 5)))
        m = matcher._re.match(text[::-1])
        assert matcher.search(text) == (m.group(0)[::-1].strip() if m else None), text

