"""Shares spelled as words, written as fractions and percentages before atoms are read.

"Half of the patients responded" citing "30% of the patients responded" shares every word
but the share; left as a word, "half" is no number at all and the sentence passed on its
words. Rewritten ("1⁄2 of the patients", with the fraction slash U+2044 that marks a share: its
digits are no counts), it is a fraction atom, equal to 50% and to 0.5 and
to nothing else. The same for "two-thirds of", "a quarter of", "three quarters of", and in
Chinese 一半 / 半数 (1/2), 过半 (more than 1/2), 三成 (30%), 三成五 (35%), 七成半 (75%).

Only the share reading is rewritten, never an ordinal or a word:

* English: ``N <fraction> of`` / ``N <fraction> the`` where N is a/one/two/three/four/nine
  ("a third of", "two-thirds of the"); "half of" / "half the" also without N, unless an
  ordinal or determiner stands before it ("the second half of the year", "the other half");
  never "half-life", "the third of three cycles", "a quarter past".
* Chinese: 一半 (not 另一半 "the other half", 前一半/后一半), 半数, 过半; 二成…九成 and
  两成 where 成 is not the start of a word (成年 adult, 成功 success, 成为 become …), and
  一成 only where it is not 一成不变 ("unchanging").
"""

from __future__ import annotations

import re

# Written between the digits of a share (U+2044, the fraction slash) so the atom reader knows
# the fraction for a share, not two counts: "three quarters of the patients" states no 3 and no 4.
SHARE_SLASH = "\u2044"
_DENOMINATOR = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4,
    "fifth": 5, "fifths": 5, "tenth": 10, "tenths": 10,
}
_NUMERATOR = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "nine": 9}
_EN = re.compile(
    r"(?<![\w-])(?:(?P<num>a|one|two|three|four|nine)[\s-]+)?"
    r"(?P<den>halves|half|thirds|third|quarters|quarter|fifths|fifth|tenths|tenth)"
    r"(?=\s+(?:of|the)\b)",
    re.IGNORECASE,
)
# Cheap substring cues first: this runs on every line a numeric rule reads.
_EN_CUES = ("half", "third", "quarter", "fifth", "tenth")
# A word before a bare "half" that makes it a part of something, not a share of it.
_NOT_A_SHARE_BEFORE = {"the", "first", "second", "last", "latter", "former", "other", "each", "every",
                       "this", "that", "upper", "lower", "top", "bottom", "early", "late", "later", "earlier"}
_WORD_BEFORE = re.compile(r"([A-Za-z]+)\W*$")

_ZH_TENTHS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# 成 starts these words; after a numeral it is then not "tenths".
_CHENG_WORDS = set("年功为本立熟绩员分型果就长品效像交份都人")
_ZH = re.compile(r"(?P<more>过半数?|超过半数)|(?P<half>半数|一半)|(?P<tenths>[一二两三四五六七八九])成(?P<after>.?)")


def english_share_cue(low: str) -> bool:
    """Can lower-cased ``low`` hold a share spelled in English? (ASCII text can hold no other)"""
    return any(cue in low for cue in _EN_CUES)


def numeric_shares(text: str, low: str | None = None) -> str:
    """``text`` with every share spelled as words written as a fraction or a percentage
    (``low``: the text lower-cased, when the caller has it). Returns ``text`` itself when
    there is no such share."""
    if low is None:
        low = text.lower()
    if english_share_cue(low):
        text = _EN.sub(_english, text)
    if not text.isascii() and ("半" in text or "成" in text):
        text = _ZH.sub(_chinese, text)
    return text


def _english(m: re.Match[str]) -> str:
    word = m.group("den").lower()
    num = m.group("num")
    if num is None:
        if word != "half":
            return m.group(0)  # "the third of three cycles": an ordinal
        before = _WORD_BEFORE.search(m.string, 0, m.start())
        if before and before.group(1).lower() in _NOT_A_SHARE_BEFORE:
            return m.group(0)
        return f"1{SHARE_SLASH}2"
    n = _NUMERATOR[num.lower()]
    plural = word.endswith("s")
    if (n == 1 and plural) or (n > 1 and (not plural or word == "halves")):
        return m.group(0)  # "a thirds of", "two third of", "two halves of": not a share as written
    return f"{n}{SHARE_SLASH}{_DENOMINATOR[word]}"


def _chinese(m: re.Match[str]) -> str:
    before = m.string[m.start() - 1] if m.start() else ""
    if m.group("more") is not None:
        return f"超过1{SHARE_SLASH}2"
    if m.group("half") is not None:
        if m.group("half") == "一半" and before in ("另", "前", "后", "上", "下"):
            return m.group(0)  # 另一半 "the other half", 前一半 "the first half"
        return f"1{SHARE_SLASH}2"
    digit, after = m.group("tenths"), m.group("after")
    if after in _CHENG_WORDS or (digit == "一" and after == "不"):
        return m.group(0)  # 成年, 成功 …; 一成不变
    # 三成五 is 35%, 七成半 75%: a digit or 半 right after 成 is the next tenth's share, not a new number
    if after in _ZH_TENTHS and after != "两":
        return f"{_ZH_TENTHS[digit] * 10 + _ZH_TENTHS[after]}%"
    if after == "半":
        return f"{_ZH_TENTHS[digit] * 10 + 5}%"
    return f"{_ZH_TENTHS[digit] * 10}%{after}"
