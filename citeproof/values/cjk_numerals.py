"""Chinese numerals that state a quantity, rewritten as Arabic digits before atoms are read.

A report written in Chinese says 三周, 十二名患者, 两百 mg, 百分之三十, 三分之一, 三点五毫克.
Left as characters, such a number is invisible to the numeric gate, and a claim whose
only wrong fact is its number ("持续三周" citing "持续4周") would pass on its words alone
— the worst error. Rewritten (3周, 12名患者, 200 mg, 30%, 1⁄3 — a share, see spelled_shares —, 3.5毫克), it is an atom
like any other and is supported, plausible or missing by the same rules.

Chinese numerals also live inside ordinary words — 一致 (consistent), 统一 (unified),
十分 (very), 千万 (by all means), 万一 (in case), 同一组 (the same group) — and a word
rewritten as a number would fail a correct claim. So only these are rewritten:

* ``百分之N`` (percent), ``千分之N`` (per mille, ‰), ``万分之N`` (per ten thousand, ‱) — N in
  Chinese or Arabic digits — and ``N分之M`` (fraction): unambiguous forms, always;
* a numeral run (with an optional ``点`` decimal, or two runs joined by 至/到/~ as a
  range) directly followed by a unit or measure word from ``_FOLLOW`` (周, 个月, 岁,
  名, 例, 组, 倍, 毫克, 单位, ``mg``, ``%`` …);
* a numeral run directly followed by a measure word of ``value_cues.json``
  ``bound_measure_words`` (五十家医院, 七款产品, 六个生产基地, 八百张床位, 五轮融资): a count;
  a lone 一 there is the article "a" (一家公司, 一种新药, 这是一个重要发现) unless 仅/只 make it
  a count (仅一家) — as a word would, it gives the claim no number its source must hold;
* a decimal with no unit after it (风险比为零点六五 = 0.65, 一点五), only where its phrase ends
  (punctuation, Latin text, or a word of ``number_words.json`` ``zh_decimal_followers``: 的, 至 …):
  before any other character 点 may be no decimal point (一点一滴, 这两点一致, 三点零五分);
* a numeral scaled by 万/亿, whatever follows (十五亿元, 两千万用户, 五千亿): written in digits
  before its last scale character (15亿, 2000万, 5000亿), which the atom reader reads as a scale
  word, so a fabricated 十五亿 is checked like 15亿; a range scaled at its end scales both ends
  (十二至十五亿 = 12至15亿, 三至五万人 = 3至5万人); after 数/几 ("several": 数十亿) a numeral is
  no one number and is left alone;
* 余/多 between a numeral and its scale or unit stays (十余亿 → 10余亿, 二十多名 → 20多名): the
  atom reader reads it as "over";
* never a scale character alone (千克 is a kilogram, not 1000 克) nor one glued to Arabic
  digits (2千名, 1.5千: digits with a scale word, read as such by the atom reader); Arabic
  digits with two or more multipliers are one number (1千5百 = 1500, 3万2千 = 32000);
* never a lone 一 glued to a word-forming character on its left (同一组, 统一名称, 每一组,
  唯一一名), nor 一次 — "once daily" says no more than "daily", in English too — nor 两组,
  which reads "both groups" far more often than "two groups"; nor 一 as the article "a" before
  the measure words of ``number_words.json`` ``zh_article_one`` (每21天为一个周期 "a cycle is 21
  days", 一项研究 "a study") unless 仅/只 make it a count (仅一个疗程 "only one course"). 两次 is "twice" (2次), as
  "twice" is "2 times" in English (:mod:`citeproof.values.spelled_multiples`).

Traditional 萬/億/兩 are written as 万/亿/两 first, and financial numerals (大写: 壹佰伍拾万元,
叁次) as the everyday ones where the run cannot be a word (队伍, 大陆, 收拾 are left alone); and digit groups split by a full-width comma
(35，000) as by an ASCII one. Runs of bare digits without 十/百/千 (二〇二〇, 三四周 "three or
four weeks") are left as they are: their reading is not one number. A half with a time unit is read too: 2年半 /
两年半 = 2.5年, 半年 = 0.5年 (but 上半年, 下半年 name a half of a year). The rewrite runs only
on non-ASCII text.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from citeproof.values.spelled_shares import SHARE_SLASH
from citeproof.values.lexicon import data_json

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
    "个月|个小时|个周期|个疗程|周期|疗程|小时|分钟|毫克|微克|千克|公斤|毫升|国际单位|单位|"
    "周|天|日|年|秒|次|名|例|人|位|组|倍|剂|岁|项|克|升|"
    r"\s?(?:%|[A-Za-zµμ])"
)
# What may stand between a numeral and what it counts: 余/多 "over" (二十多名 "over twenty", 十余亿
# "over a billion"), read as a bound by the atom reader.
_OVER = "[余多]"
# A numeral scaled by 万/亿 states an amount whatever follows it (十五亿元, 两千万用户): the numeral
# is rewritten before its last scale character, which the atom reader reads as a scale word
# (十五亿 → 15亿, 一亿二千万 → 12000万), keeping the figure's precision.
_LARGE_FOLLOW = "万亿|万|亿"
# A numeral that goes on past its 万/亿 (十二万五千 = 125000, 一万二千五百 = 12500, 一万五 = 15000)
# is one number whatever follows: read whole, never as its leading 十二万 (a fabricated 十二万五千
# must not find "120,000"), and written in units of its scale (12.5万). The run must end there
# (三亿五千万 is 35000万, the scale path's).
_SMALL_RUN = f"[{''.join(_DIGIT)}十百千]"
_SCALED_WHOLE = f"[{''.join(_DIGIT)}十]{_SMALL_RUN}{{0,6}}[万亿](?:{_SMALL_RUN}{{1,6}}万)?{_SMALL_RUN}{{1,12}}(?![{_CHARS}点])"
# A decimal with no unit after it (风险比为零点六五): 点 between numerals is a decimal point only
# where the phrase ends after it (see _ends_phrase).
_BARE_DECIMAL = f"{_RUN}点[{''.join(_DIGIT)}]{{1,16}}"


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    # The measure words (家, 个, 款 …) come from value_cues.json, after _FOLLOW so that 个月 is
    # still a unit, never 个 + 月; a lone 一 before one is the article (see _reads_as_quantity).
    # A run ending in 万/亿 takes the scale path instead (十五万台 → 15万台), so that a range
    # "十二万五千至十五万台" keeps both ends in 万.
    measure = "|".join(re.escape(w) for w in sorted(data_json("value_cues.json")["bound_measure_words"]["words"], key=len, reverse=True))
    # Currency words written after an amount (units.json: 元, 美元, 港币 …) count it too (三百元);
    # after 万/亿 the scale path reads it instead (十五亿元 → 15亿元, keeping the figure's precision).
    money = "|".join(re.escape(w) for w in sorted(_money_words(), key=len, reverse=True))
    return re.compile(
        rf"(?P<per>百|千|万)分之(?:(?P<pct>{_DECIMAL})|(?P<digits>\d+(?:\.\d+)?))"
        rf"|{_RUN_START}(?P<den>{_RUN})分之(?P<num>{_RUN})"
        rf"|{_RUN_START}(?P<whole>{_SCALED_WHOLE})"
        rf"|{_RUN_START}(?P<a>{_DECIMAL})(?:(?P<sep>至|到|~|～)(?P<b>{_DECIMAL}))?"
        rf"(?=(?P<over>{_OVER})?(?:(?P<large>{_LARGE_FOLLOW})|(?P<follow>{_FOLLOW})|(?<![万亿])(?P<measure>{measure})|(?<![万亿])(?P<money>{money})))"
        rf"|{_RUN_START}(?P<bare>{_BARE_DECIMAL})"
    )
def _money_words() -> list[str]:
    suffixes = data_json("units.json")["currencies"]["suffix"]
    return [w for w in suffixes if not w.isascii()]


# Traditional forms of the numeral characters, written as the simplified ones the readers know.
_TRADITIONAL = str.maketrans({"萬": "万", "億": "亿", "兩": "两"})
# Digit groups split by a full-width comma ("35，000人"): the thousands separator a Chinese text
# may write, read as the ASCII one (a 3-digit list "100，200" reads as 100,200 does: one number).
_FULLWIDTH_GROUPS = re.compile(r"(?<![\d.,，])\d{1,3}(?:，\d{3})+(?![\d]|，\d)")
_ANY = re.compile(f"[{_CHARS}]")
# Financial numerals (大写), written in contracts and invoices so that no stroke can be added
# (壹佰伍拾万元 is 一百五十万元). 肆 伍 陆 拾 also live in ordinary words (放肆, 队伍, 大陆, 陆续,
# 收拾), so a run is read as financial only when it holds a character no word uses (壹 贰 叁 柒
# 捌 玖 佰 仟) or at least two financial characters (伍拾): "队伍十人" keeps its team.
_FINANCIAL = {
    "壹": "一", "贰": "二", "貳": "二", "叁": "三", "叄": "三", "肆": "四", "伍": "五", "陆": "六",
    "陸": "六", "柒": "七", "捌": "八", "玖": "九", "拾": "十", "佰": "百", "仟": "千",
}
_FINANCIAL_ONLY = frozenset("壹贰貳叁叄柒捌玖佰仟")
_FINANCIAL_ANY = re.compile(f"[{''.join(_FINANCIAL)}]")
_FINANCIAL_RUN = re.compile(f"[{''.join(_FINANCIAL)}{_CHARS}]{{1,24}}")
_PER_SIGN = {"百": "%", "千": "‰", "万": "‱"}  # 千分之3.5 is 3.5 per mille, not 3.5
# Characters that make a word with a following 一/两 ("the same", "unified", "each", "only").
_WORD_BEFORE_ONE = set("同统唯单每之其任某哪逐划专归合守整纯均万进一")
# Characters that make a numeral after them vague: 数十 "several tens", 几百 "a few hundred".
_VAGUE_BEFORE = set("数几")


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
    text = text.translate(_TRADITIONAL)
    if _FINANCIAL_ANY.search(text):
        text = _FINANCIAL_RUN.sub(_financial, text)
    if "，" in text:
        text = _FULLWIDTH_GROUPS.sub(lambda m: m.group(0).replace("，", ","), text)
    if _ANY.search(text):
        text = _MIXED.sub(_mixed, text)
        text = _pattern().sub(_rewrite, text)
        if _SCALED_LOW_END.search(text):
            text = _SCALED_LOW_END.sub(_high_end_in_scale, text)
    if "半" in text:
        text = _HALF_A.sub("0.5", _AND_A_HALF.sub(r"\1.5\2", text))
    return text


def _financial(m: re.Match[str]) -> str:
    run = m.group(0)
    financial = [c for c in run if c in _FINANCIAL]
    if not _FINANCIAL_ONLY.intersection(financial) and len(financial) < 2:
        return run
    return "".join(_FINANCIAL.get(c, c) for c in run)


def _rewrite(m: re.Match[str]) -> str:
    if m.group("per") is not None:
        value = m.group("digits") or _decimal(m.group("pct"))
        return m.group(0) if value is None else f"{value}{_PER_SIGN[m.group('per')]}"
    if m.group("den") is not None:
        den, num = _integer(m.group("den")), _integer(m.group("num"))
        return m.group(0) if den is None or num is None else f"{num}{SHARE_SLASH}{den}"
    if m.group("bare") is not None:
        return _bare_decimal(m)
    if m.group("whole") is not None:
        whole = _scaled_whole(m.group("whole"))
        vague = m.start() and m.string[m.start() - 1] in _VAGUE_BEFORE
        return m.group(0) if whole is None or vague else _in_scale_units(whole, m.group("whole"))
    a, b = m.group("a"), m.group("b")
    if m.group("measure") and "点" in f"{a}{b or ''}":
        return m.group(0)  # a count is whole: 这三点一个也不能少 is "three points", 一点一滴 no 1.1
    if not _reads_as_quantity(m, a):
        return m.group(0)
    if m.group("large"):
        return _before_scale(a, b, m.group("sep"), m.group("large"))
    if b is not None and b[-1] in _LARGE and not any(c in _LARGE for c in a):
        return _before_scale(a, b[:-1], m.group("sep"), b[-1]) + b[-1]  # 三至五万人: 3至5万人, both ends in 万
    first = _decimal(a)
    if first is None:
        return m.group(0)
    if b is None:
        return first
    second = _decimal(b)
    return m.group(0) if second is None else f"{first}{m.group('sep')}{second}"


def _scaled_whole(run: str) -> int | None:
    """The value of a numeral that goes on past its last 万/亿. A single digit after the scale
    character counts in tenths of it, as spoken Chinese elides the unit (一万五 = 15000, 三亿五 =
    3.5亿), never as units (10005 is written 一万零五)."""
    last = max(run.rfind("万"), run.rfind("亿"))
    tail = run[last + 1:]
    if len(tail) == 1 and tail in _DIGIT and _DIGIT[tail]:
        head = _integer(run[:last + 1])
        return None if head is None else head + _DIGIT[tail] * _LARGE[run[last]] // 10
    return _integer(run)


def _in_scale_units(value: int, run: str) -> str:
    """``value`` in units of the largest scale character of ``run`` (十二万五千 → 12.5万): a range
    ending in that scale ("十二万五千至十五万") then reads as one quantity, its precision as written."""
    large = "亿" if "亿" in run else "万"
    return format((Decimal(value) / _LARGE[large]).normalize(), "f") + large


# A range whose low end is written in 万/亿 (十二万五千 → 12.5万) and whose high end, counted
# by a measure word, in full digits (十五万名 → 150000名): the reader would scale the high end
# too (12.5万至150000 = 125000 to 1.5 billion), so the high end is written in the low end's scale.
_SCALED_LOW_END = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)([万亿])(至|到|~|～)(\d+)(?![\d.万亿])")


def _high_end_in_scale(m: re.Match[str]) -> str:
    low, large, sep, high = m.groups()
    scaled = Decimal(high) / _LARGE[large]
    if scaled < Decimal(low):
        return m.group(0)  # the high end is no figure in that scale (12万至15: left to the reader)
    return f"{low}{large}{sep}{format(scaled.normalize(), 'f')}{large}"


def _before_scale(a: str, b: str | None, sep: str | None, large: str) -> str:
    """The numeral(s) before a 万/亿 in digits, in units of that scale character (the
    characters after them stay as written); unchanged when a run states no one number."""
    if b is None:
        first = _in_units_of(a, large, large)
        return first if first is not None else a
    # a range's low end carries its own scale (一亿至两亿: 1亿至2亿) or shares the high end's (十二至十五亿)
    first = _in_units_of(a[:-1], None, a[-1]) + a[-1] if a[-1] in _LARGE and _decimal(a[:-1] or "?") else _in_units_of(a, None, large)
    second = _in_units_of(b, large, large)
    if first is None or second is None:
        return f"{a}{sep}{b}"
    return f"{first}{sep}{second}"


def _in_units_of(run: str, scaled_by: str | None, large: str) -> str | None:
    """``run`` in digits; with ``scaled_by``, the run is followed by that scale character and
    may hold a larger one itself (一亿二千 before 万 is 12000 of 万; 三万 before 亿 is 3 of 万亿)."""
    if scaled_by is None or not any(c in _LARGE for c in run.split("点", 1)[0]):
        return _decimal(run)
    if "点" in run:
        return None
    if large == "亿" and "万" in run and "亿" not in run and not run.endswith("万"):
        return None if (inner := _integer(run)) is None else str(inner)  # 一万二千亿: 12000 of 亿
    if run.endswith("万") and large == "亿":
        inner = _decimal(run[:-1])
        return None if inner is None else inner + "万"  # 三万亿: 3万 followed by 亿, the 万亿 scale word
    value = _integer(run + large)
    if value is None:
        return None
    units, rest = divmod(value, _LARGE[large])
    return str(units) if not rest else None


def _reads_as_quantity(m: re.Match[str], run: str) -> bool:
    head = run.split("点", 1)[0]
    if head in ("百", "千", "万", "亿"):
        return False  # a scale word alone: 千克 is a kilogram, 每千克 "per kilogram", not 1000 grams
    if m.start() and m.string[m.start() - 1] in _VAGUE_BEFORE:
        return False  # 数十亿, 几百万: "several tens of", no one number
    if head in ("一", "两"):
        before = m.string[m.start() - 1] if m.start() else ""
        if head == "一" and before in _WORD_BEFORE_ONE:
            return False
        if (head == "一" and m.group("follow") == "次") or (head == "两" and m.group("follow") == "组"):
            return False  # 一次 "once" (as "once daily" = "daily"); 两组 "both groups"
        if head == "一" and run == "一" and _is_article_one(m.group("follow"), m.group("measure"), before):
            return False  # 一个周期 "a cycle": the article, a count only after 仅/只
    if run in ("一", "二") and m.group("money") == "元":
        return False  # 一元化 "unified", 二元 "binary": words far more often than one or two yuan
    return True


@lru_cache(maxsize=1)
def _article_one() -> tuple[frozenset[str], frozenset[str]]:
    doc = data_json("number_words.json")
    entry = doc["zh_article_one"]
    return frozenset(entry["measure_words"]), frozenset(entry["counted_after"])


def _is_article_one(follow: str | None, measure: str | None, before: str) -> bool:
    measure_words, counted_after = _article_one()
    return (measure is not None or follow in measure_words) and before not in counted_after


def _bare_decimal(m: re.Match[str]) -> str:
    run = m.group("bare")
    before = m.string[m.start() - 1] if m.start() else ""
    # 第二点 is "the second point", not 2.x
    if before == "第" or not _reads_as_quantity(m, run) or not _ends_phrase(m.string, m.end()):
        return run
    return _decimal(run) or run


_IDEOGRAPH = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@lru_cache(maxsize=1)
def _decimal_followers() -> tuple[str, ...]:
    return tuple(data_json("number_words.json")["zh_decimal_followers"]["words"])


def _ends_phrase(text: str, end: int) -> bool:
    """Whether a Chinese decimal ending at ``end`` ends its phrase: nothing, punctuation, a space or
    Latin text after it, or a word of ``zh_decimal_followers`` (的, 和, 至 …). Any other character
    may continue a word or a clock time the 点 belongs to (一点一滴, 这两点一致, 三点零五分)."""
    return end == len(text) or not _IDEOGRAPH.match(text, end) or text.startswith(_decimal_followers(), end)


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
