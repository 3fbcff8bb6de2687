"""Chinese numerals that state a quantity, rewritten as Arabic digits before atoms are read.

A report written in Chinese says 三周, 十二名患者, 两百 mg, 百分之三十, 三分之一, 三点五毫克.
Left as characters, such a number is invisible to the numeric gate, and a claim whose
only wrong fact is its number ("持续三周" citing "持续4周") would pass on its words alone
— the worst error. Rewritten (3周, 12名患者, 200 mg, 30%, 1/3, 3.5毫克), it is an atom
like any other and is supported, plausible or missing by the same rules.

Chinese numerals also live inside ordinary words — 一致 (consistent), 统一 (unified),
十分 (very), 千万 (by all means), 万一 (in case), 同一组 (the same group) — and a word
rewritten as a number would fail a correct claim. So only these are rewritten:

* ``百分之N`` (percent) and ``N分之M`` (fraction): unambiguous forms, always;
* a numeral run (with an optional ``点`` decimal, or two runs joined by 至/到/~ as a
  range) directly followed by a unit or measure word from ``_FOLLOW`` (周, 个月, 岁,
  名, 例, 组, 倍, 毫克, ``mg``, ``%`` …);
* never a scale character alone (千克 is a kilogram, not 1000 克) nor one glued to Arabic
  digits (2千名, 1.5千: digits with a scale word, read as such by the atom reader); Arabic
  digits with two or more multipliers are one number (1千5百 = 1500, 3万2千 = 32000);
* never a lone 一 glued to a word-forming character on its left (同一组, 统一名称, 每一组,
  唯一一名), nor 一次 — "once daily" says no more than "daily", in English too — nor 两组,
  which reads "both groups" far more often than "two groups". 两次 is "twice" (2次), as
  "twice" is "2 times" in English (:mod:`citeproof.values.spelled_multiples`).

Runs of bare digits without 十/百/千 (二〇二〇, 三四周 "three or four weeks") are left as
they are: their reading is not one number. A half with a time unit is read too: 2年半 /
两年半 = 2.5年, 半年 = 0.5年 (but 上半年, 下半年 name a half of a year). The rewrite runs only
on non-ASCII text.
"""

from __future__ import annotations

import re

_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_SMALL = {"十": 10, "百": 100, "千": 1000}
_LARGE = {"万": 10_000, "亿": 100_000_000}
_CHARS = "".join(_DIGIT) + "".join(_SMALL) + "".join(_LARGE)
NUMERAL_CHARS = frozenset(_CHARS + "半几")  # a character of a written-out number (每三周: a cadence, not "per")
# A numeral run is at most 16 characters (一亿二千三百四十五万六千七百 is fourteen); a longer run
# states no one number, and bounding it keeps the scan linear on any input.
_RUN = f"[{_CHARS}]{{1,16}}"
# A run starts a number: not glued to a numeral character or to Arabic digits before it
# ("2千名", "1.5千" are digits with a scale word, which the atom reader already reads).
_RUN_START = f"(?<![{_CHARS}0-9.,])"
_DECIMAL = f"{_RUN}(?:点[{''.join(_DIGIT)}]+)?"
# Units and measure words a quantity is counted in. Longest first: 个月 before 月 is
# never tried bare (三月 is March), 分钟 before 分 (十分 is "very").
_FOLLOW = (
    "个月|个小时|个周期|个疗程|周期|疗程|小时|分钟|毫克|微克|千克|公斤|毫升|"
    "周|天|日|年|秒|次|名|例|人|位|组|倍|剂|岁|项|克|升|"
    r"\s?(?:%|[A-Za-zµμ])"
)
_PATTERN = re.compile(
    rf"百分之(?P<pct>{_DECIMAL})"
    rf"|{_RUN_START}(?P<den>{_RUN})分之(?P<num>{_RUN})"
    rf"|{_RUN_START}(?P<a>{_DECIMAL})(?:(?P<sep>至|到|~|～)(?P<b>{_DECIMAL}))?(?=(?P<follow>{_FOLLOW}))"
)
_ANY = re.compile(f"[{_CHARS}]")
# Characters that make a word with a following 一/两 ("the same", "unified", "each", "only").
_WORD_BEFORE_ONE = set("同统唯单每之其任某哪逐划专归合守整纯均万进一")


# "2年半" is 2.5 years, "半年" half a year; 上半年/下半年 (first/second half of a year) name a period.
_TIME_UNIT = "年|个月|个小时|小时|周|天"
_AND_A_HALF = re.compile(rf"(\d+)({_TIME_UNIT})半")
_HALF_A = re.compile(rf"(?<![上下前后])半(?=(?:{_TIME_UNIT}))")


# Arabic digits written with two or more Chinese multipliers: 1千5百 = 1500, 3万2千 = 32000.
# (One multiplier, "2千", is digits with a scale word: the atom reader's.)
_MIXED = re.compile(r"(?<![0-9.])(?:\d{1,4}[十百千万亿]{1,2}){2,}\d{0,3}(?![0-9])")
_MIXED_PART = re.compile(r"(\d+)([十百千万亿]{0,2})")


def _mixed(m: re.Match[str]) -> str:
    total = section = 0
    for digits, mults in _MIXED_PART.findall(m.group(0)):
        n = int(digits)
        for c in mults:
            n *= _SMALL.get(c, 1)
        large = next((_LARGE[c] for c in mults if c in _LARGE), None)
        if large is None:
            section += n
        else:
            total += (section + n) * large  # 1亿2千万: 1亿 + 2千 × 万
            section = 0
    return str(total + section)


def arabic_numerals(text: str) -> str:
    """``text`` with every Chinese numeral that states a quantity written in Arabic digits."""
    if text.isascii():
        return text
    if _ANY.search(text):
        text = _MIXED.sub(_mixed, text)
        text = _PATTERN.sub(_rewrite, text)
    if "半" in text:
        text = _HALF_A.sub("0.5", _AND_A_HALF.sub(r"\1.5\2", text))
    return text


def _rewrite(m: re.Match[str]) -> str:
    if m.group("pct") is not None:
        value = _decimal(m.group("pct"))
        return m.group(0) if value is None else f"{value}%"
    if m.group("den") is not None:
        den, num = _integer(m.group("den")), _integer(m.group("num"))
        return m.group(0) if den is None or num is None else f"{num}/{den}"
    a, b = m.group("a"), m.group("b")
    if not _reads_as_quantity(m, a):
        return m.group(0)
    first = _decimal(a)
    if first is None:
        return m.group(0)
    if b is None:
        return first
    second = _decimal(b)
    return m.group(0) if second is None else f"{first}{m.group('sep')}{second}"


def _reads_as_quantity(m: re.Match[str], run: str) -> bool:
    head = run.split("点", 1)[0]
    if head in ("百", "千", "万", "亿"):
        return False  # a scale word alone: 千克 is a kilogram, 每千克 "per kilogram", not 1000 grams
    if head in ("一", "两"):
        before = m.string[m.start() - 1] if m.start() else ""
        if head == "一" and before in _WORD_BEFORE_ONE:
            return False
        if (head == "一" and m.group("follow") == "次") or (head == "两" and m.group("follow") == "组"):
            return False  # 一次 "once" (as "once daily" = "daily"); 两组 "both groups"
    return True


def _decimal(text: str) -> str | None:
    whole, _, frac = text.partition("点")
    value = _integer(whole)
    if value is None:
        return None
    if not frac:
        return str(value)
    return f"{value}." + "".join(str(_DIGIT[c]) for c in frac)


def _integer(run: str) -> int | None:
    """The value of one numeral run, or None when it is not one number (二〇二〇, 三四)."""
    if not any(c in _SMALL or c in _LARGE for c in run):
        return _DIGIT[run] if len(run) == 1 and run in _DIGIT else None
    total = section = digit = 0
    last_small = 10**9
    for c in run:
        if c in _DIGIT:
            digit = _DIGIT[c]
        elif c in _SMALL:
            unit = _SMALL[c]
            if unit >= last_small:
                return None  # 十百, 百百: not a numeral
            section += (digit or 1) * unit
            digit, last_small = 0, unit
        else:
            section += digit
            if section == 0:
                return None  # a scale word with nothing to scale (万 alone)
            total += section * _LARGE[c]
            section = digit = 0
            last_small = 10**9
    return total + section + digit
