"""Text normalisation shared by the report parser, the source store, value atoms and excerpts.

Two small, linear functions:

``fold_emphasis(text)``
    Removes Markdown formatting that splits a value atom without changing what it says:
    paired ``**``/``__``/``*``/``_`` emphasis, backtick code spans and ATX heading marks.
    ``**200 mg**/day`` becomes ``200 mg/day`` (seed 000). Underscores inside words
    (``primary_outcome``) and arithmetic stars (``2 * 3``) are left alone.

``fold_tex_math(text)`` (called by ``fold_emphasis`` first)
    Inline TeX math as a Markdown renderer with KaTeX/MathJax draws it: ``$\\geq 45\\%$`` reads
    ``≥45%``, ``$200\\,\\text{mg}$`` ``200 mg``, ``$p < 0.001$`` ``p < 0.001``. A span is
    ``$…$`` (not ``$$``), ``\\(…\\)`` or ``$$…$$`` on one line. A ``$…$`` opens before a
    non-space and closes after one — never after a currency's letters, before a word or a spaced
    digit, nor across a table cell — so prices are not math (``$45 and $50``, ``$45/$50``,
    ``$45 (HK$ 350)``, ``$150,000 … in US$``, ``($B) | ($M)``). Read inside it: ``\\%``,
    relations (``\\geq \\le \\neq \\approx \\sim``), ``\\times \\pm \\cdot \\mu``, spacing
    commands, ``\\text{…}``-style wrappers, ``\\frac{a}{b}`` → ``a/b``, braces dropped. A
    Markdown report is folded before Markdown reads it, whose backslash escapes would eat TeX's.

``normalize_text(text, keep_newlines=False)``
    NFKC (full-width digits and letters, ligatures, ``½`` → ``1/2``), with Chinese sentence
    punctuation (``，：；！？（）``) and superscripts (``10⁹``, ``m²``) kept as written so
    sentence splitting and powers of ten survive; Unicode minus and hyphen variants → ``-``;
    no-break, thin and ideographic spaces → space; zero-width characters and soft hyphens
    removed; Cyrillic and Greek letters that look exactly like Latin ones (``о`` U+043E,
    ``ο`` U+03BF, ``А`` …) → the Latin letter inside a word that also holds a Latin letter,
    or anywhere when no other Cyrillic or Greek letter is in the text (``nоt`` with a
    Cyrillic o reads "not" to the eye and must read "not" to the rules);
    whitespace runs collapsed (per line with ``keep_newlines``); a masculine ordinal or ring
    written for the degree sign before C or F (``38.5 ºC``, ``38.5˚F``) → ``°`` (NFKC would make
    it the letter o, and the temperature unit would be lost); one or two superscript letters
    right after a figure (``0.71ᵃ``, ``45%ᵇ``), a footnote mark, set apart from it (``0.71 a``;
    an ordinal's ``1ˢᵗ`` stays ``1st``).
    Note: NFKC maps the micro sign ``µ`` to Greek ``μ``; value code compares after this.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import partial

_PAIRED_STRONG = re.compile(r"(\*\*|__)(?=\S)([^\n]{1,400}?)(?<=\S)\1")
_PAIRED_STAR = re.compile(r"(?<![\w*])\*(?=[^\s*])([^\n*]{1,400}?)(?<=[^\s*])\*(?![\w*])")
_PAIRED_UNDERSCORE = re.compile(r"(?<![\w_])_(?=[^\s_])([^\n_]{1,400}?)(?<=[^\s_])_(?![\w_])")
_CODE_SPAN = re.compile(r"(`+)([^`\n]{1,400}?)\1")
_HEADING_MARK = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t]+")


_TEX_SPAN = re.compile(
    r"\$\$(?P<display>[^$\n]{1,400}?)\$\$"
    # no "|" inside: a table's "($B) | 2022 revenue ($B)" is two headers, not math
    # nor an anchor's opening ("$4.2 billion [evidence:f/x.html#Revenue ($ in millions)]" is a figure
    # and a locator, not math: folded, the claim lost its "$" and the locator its section's name)
    r"|(?<![\\$\w])\$(?=[^\s$])(?P<inline>(?:(?!\[[a-z]+:)[^$|\n]){1,400}?)(?<=[^\s$\\])(?<![A-Z]{2})\$(?![\w$]|\s\d)"
    r"|\\\((?P<paren>[^\n]{1,400}?)\\\)"
)
_TEX_WRAPPER = re.compile(r"\\(?:text|mathrm|textrm|mathit|mathbf|textbf|operatorname|mbox|rm)\s*\{([^{}]*)\}")
_TEX_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_TEX_THOUSANDS = re.compile(r"(?<=\d)\\[,;:!](?=\d{3}(?!\d))")
_TEX_SYMBOLS = {
    "geqslant": "≥", "leqslant": "≤", "geq": "≥", "leq": "≤", "ge": "≥", "le": "≤", "neq": "≠", "ne": "≠",
    "approx": "≈", "sim": "~", "times": "×", "pm": "±", "mp": "∓", "cdot": "·", "mu": "µ", "lt": "<", "gt": ">",
    "%": "%", ",": " ", ";": " ", ":": " ", "!": "", " ": " ", "quad": " ", "qquad": " ", "left": "", "right": "",
}
# a control word eats the spaces after it, as TeX reads it: "\\geq 45" is drawn "≥45", "\\mu g" "µg"
_TEX_COMMAND = re.compile(r"\\(?:([A-Za-z]+)\s*|([%,;:! ]))")


def _tex_to_text(body: str) -> str:
    body = _TEX_THOUSANDS.sub("", body)  # 1\,000 is one thousand
    body = body.replace("{,}", ",")  # a comma TeX keeps tight: "1{,}234" or a decimal "0{,}125", as its digits say
    for _ in range(3):  # \frac{\text{…}}{…}: a few levels of nesting, each pass linear
        body = _TEX_FRAC.sub(r"\1/\2", _TEX_WRAPPER.sub(r"\1", body))
    body = body.replace("~", " ")  # a tie is a space; "\\sim" below is the tilde a reader sees
    body = _TEX_COMMAND.sub(lambda m: _TEX_SYMBOLS.get(m.group(1) or m.group(2), m.group(0)), body)
    return body.replace("{", "").replace("}", "").strip()


def fold_tex_math(text: str) -> str:
    """Inline TeX math as it is drawn (see the module doc)."""
    if "$" not in text and "\\(" not in text:
        return text
    return _TEX_SPAN.sub(lambda m: _tex_to_text(m.group("display") or m.group("inline") or m.group("paren")), text)


def fold_emphasis(text: str) -> str:
    """Drop Markdown emphasis/code markers and inline TeX math delimiters, keeping the words."""
    text = fold_tex_math(text)
    if "*" in text or "_" in text:
        # strong first so "**x**" is not read as two empty single-star spans
        text = _PAIRED_STRONG.sub(r"\2", text)
        text = _PAIRED_STAR.sub(r"\1", text)
        text = _PAIRED_UNDERSCORE.sub(r"\1", text)
    if "`" in text:
        text = _CODE_SPAN.sub(lambda m: m.group(2).strip() or m.group(0), text)
    if "#" in text:
        text = _HEADING_MARK.sub("", text)
    return text


# Characters NFKC would rewrite that we keep: Chinese sentence punctuation and superscripts.
_PROTECTED = "，：；！？（）" + "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ₀₁₂₃₄₅₆₇₈₉"
_PRIVATE_BASE = 0xF0000  # supplementary private use: NFKC leaves it alone
_TO_PRIVATE = {ord(c): _PRIVATE_BASE + k for k, c in enumerate(_PROTECTED)}
_FROM_PRIVATE = {_PRIVATE_BASE + k: c for k, c in enumerate(_PROTECTED)}

_AFTER_NFKC = {
    0x2212: "-",  # minus sign
    0x2010: "-",  # hyphen
    0x2011: "-",  # non-breaking hyphen
    0xFE63: "-",  # small hyphen-minus
    0xFF0D: "-",  # full-width hyphen-minus
    0x2044: "/",  # fraction slash (from ½)
    0x200B: None,  # zero-width space
    0x200C: None,
    0x200D: None,
    0x2060: None,  # word joiner
    0xFEFF: None,  # byte-order mark
    0x00AD: None,  # soft hyphen
}
# NFKC already turns NBSP, en/em/thin spaces and U+3000 into " "; these are belt and braces.
for _cp in (0x00A0, 0x2007, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000):
    _AFTER_NFKC[_cp] = " "


def _char_class(codepoints: Iterable[int]) -> str:
    """A character class of exactly these code points, consecutive ones as ranges (a class of
    listed characters beyond the BMP is scanned several times slower than a range)."""
    runs: list[list[int]] = []
    for cp in sorted(set(codepoints)):
        if runs and cp == runs[-1][1] + 1:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp])
    return "[" + "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in runs) + "]"


def _table_sub(table: dict[int, int | str | None]) -> Callable[[str], str]:
    """``text.translate(table)`` as a substitution of the table's characters only: translate
    looks every character up (~50 ns each: 0.3 ms for a 6 kB record), while a character-class
    scan runs at C speed and the few characters found are swapped one by one."""
    swap = {chr(k): (v if isinstance(v, str) else "" if v is None else chr(v)) for k, v in table.items()}
    pattern = re.compile(_char_class(table))

    def swapped(m: re.Match[str]) -> str:
        return swap[m.group()]

    return partial(pattern.sub, swapped)  # no Python frame per call: most texts hold no such character


# Cyrillic and Greek letters drawn like Latin ones. A reader sees "nоt" (Cyrillic о) as "not";
# left as is, the negation cue would not match and a negated claim could pass as positive.
# Folded inside a word that also holds an ASCII letter; and everywhere when the text holds no
# other Cyrillic or Greek letter ("ΝΟ events" in Greek capitals is Latin text in disguise),
# so a Russian or Greek word, which always brings letters of its own, stays as written.
_LOOKALIKES = dict(
    zip(
        "аеорсухѕіјԁԛԝһӏАВЕКМНОРСТХЅІЈҮοΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
        "aeopcyxsijdqwhlABEKMHOPCTXSIJYoABEZHIKMNOPTYX",
        strict=True,
    )
)
_LOOKALIKE = _char_class(map(ord, _LOOKALIKES))
_ANY_LOOKALIKE = re.compile(_LOOKALIKE)
_MIXED_WORD = re.compile(r"(?=[^\W\d_]*[A-Za-z])(?=[^\W\d_]*" + _LOOKALIKE + r")[^\W\d_]+")
_OTHER_CYRILLIC_GREEK = re.compile(
    _char_class(cp for cp in (*range(0x0370, 0x0400), *range(0x0400, 0x0530)) if chr(cp) not in _LOOKALIKES)
)


def _fold_lookalikes(text: str) -> str:
    if _ANY_LOOKALIKE.search(text) is None:
        return text
    if _OTHER_CYRILLIC_GREEK.search(text) is None:
        return _ANY_LOOKALIKE.sub(lambda m: _LOOKALIKES[m.group()], text)
    return _MIXED_WORD.sub(lambda m: "".join(_LOOKALIKES.get(c, c) for c in m.group()), text)


# "º" (masculine ordinal) and "˚" (ring) typed for the degree sign: only before a temperature's
# C or F, so a Spanish ordinal ("1º") stays what NFKC makes of it
_DEGREE_LOOKALIKE = re.compile(r"[º˚](?= ?[CcFf](?![A-Za-z]))")

# Unicode superscript letters ("0.71ᵃ", "45%ᵇ"): NFKC makes them plain letters glued to the figure
# ("0.71a", an identifier whose figure is never read). One or two right after a digit or a percent
# sign are a footnote mark, set apart as the source reader sets a "<sup>a</sup>" apart; an ordinal's
# "ˢᵗ", "ʳᵈ", "ᵗʰ" stays glued, and "ⁿ" (an exponent, kept as written) is none of them.
_SUPER_LETTERS = "ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻ"
_SUPER_LETTER_RUN = re.compile(f"[{_SUPER_LETTERS}]{{1,2}}(?![{_SUPER_LETTERS}])")
_SUPER_ORDINALS = frozenset({"ˢᵗ", "ʳᵈ", "ᵗʰ"})


def _super_letter_mark(m: re.Match[str]) -> str:
    before = m.string[m.start() - 1:m.start()]
    if (before.isdigit() or before in "%‰") and m.group() not in _SUPER_ORDINALS:
        return " " + m.group()
    return m.group()


_protect = _table_sub(_TO_PRIVATE)
_fix_after_nfkc = _table_sub(_AFTER_NFKC)
_unprotect = _table_sub(_FROM_PRIVATE)


def normalize_text(text: str, *, keep_newlines: bool = False) -> str:
    """Unicode-normalise ``text`` and collapse whitespace (see module doc)."""
    if not text.isascii():
        text = _protect(text)
        if "º" in text or "˚" in text:
            text = _DEGREE_LOOKALIKE.sub("°", text)
        text = _SUPER_LETTER_RUN.sub(_super_letter_mark, text)
        text = unicodedata.normalize("NFKC", text)
        text = _fold_lookalikes(_unprotect(_fix_after_nfkc(text)))
    # str.split() splits on exactly the characters regex \s matches (str.isspace), so these
    # joins collapse runs like re.sub(r"\s+", " ") (per line: r"[^\S\n]+", then r" ?\n ?")
    # and strip the ends, without one replacement per space (~5x faster; tests/parse).
    if keep_newlines:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        return "\n".join([" ".join(line.split()) for line in text.split("\n")])
    return " ".join(text.split())
