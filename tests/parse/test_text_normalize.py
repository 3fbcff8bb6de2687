"""citeproof.text.normalize: emphasis folding and Unicode normalisation."""

from __future__ import annotations

import pytest
from evidence_sources import verify_citing

from citeproof.text import fold_emphasis, normalize_text
from citeproof.text.normalize import fold_tex_math


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("**200 mg**/day", "200 mg/day"),
        ("__200 mg__/day", "200 mg/day"),
        ("*12%* of patients", "12% of patients"),
        ("_12%_ of patients", "12% of patients"),
        ("`30 mg` daily", "30 mg daily"),
        ("## Results", "Results"),
        ("a **bold** and *it* mix", "a bold and it mix"),
    ],
)
def test_fold_emphasis_removes_markers(text: str, expected: str) -> None:
    assert fold_emphasis(text) == expected


@pytest.mark.parametrize(
    "text",
    ["results.primary_outcome", "snake_case_name", "2 * 3 = 6", "p*q", "C# code", "no markup here", "a ** b"],
)
def test_fold_emphasis_leaves_non_emphasis(text: str) -> None:
    assert fold_emphasis(text) == text


def test_normalize_full_width_minus_spaces() -> None:
    assert normalize_text("１２３ ｍｇ") == "123 mg"
    assert normalize_text("\u22125 and \uff0d3") == "-5 and -3"
    assert normalize_text("a\u00a0b\u2009c\u202fd\u3000e") == "a b c d e"
    assert normalize_text("x\u200by\u00adz") == "xyz"
    assert normalize_text("½") == "1/2"


def test_normalize_keeps_chinese_punctuation_and_superscripts() -> None:
    assert normalize_text("好，是的；对！吗？（注）") == "好，是的；对！吗？（注）"
    assert normalize_text("2.5 × 10⁹/L in mg/m²") == "2.5 × 10⁹/L in mg/m²"


def test_normalize_whitespace() -> None:
    assert normalize_text("  a \n\t b  ") == "a b"
    assert normalize_text("a  b \n  c\t d\r\n", keep_newlines=True) == "a b\nc d\n"


def test_ascii_fast_path_is_identity_apart_from_spaces() -> None:
    assert normalize_text("plain ascii 3.5 mg") == "plain ascii 3.5 mg"


def test_whitespace_collapse_matches_the_regex_definition() -> None:
    """normalize_text collapses whitespace with str.split; it must equal the regex reading
    (runs of \\s → one space, or per line runs of [^\\S\\n] and no space around a newline)."""
    import random
    import re

    def by_regex(text: str, keep_newlines: bool) -> str:
        if keep_newlines:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
            text = re.sub(r"[^\S\n]+", " ", text)
            return re.sub(r" ?\n ?", "\n", text).strip(" ")
        return re.sub(r"\s+", " ", text).strip()

    rng = random.Random(3)
    alphabet = ["a", "b", " ", " ", "\n", "\r", "\t", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "x"]
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        for keep in (True, False):
            assert normalize_text(text, keep_newlines=keep) == by_regex(text, keep), (repr(text), keep)


def test_unicode_tables_applied_exactly_as_full_translates() -> None:
    """normalize_text skips a translate when no key of its table occurs; the result must be
    the unconditional pipeline's (protect, NFKC, after-NFKC fixes, unprotect)."""
    import random
    import unicodedata

    from citeproof.text import normalize as n

    def unconditional(text: str) -> str:
        text = text.translate(n._TO_PRIVATE)
        text = unicodedata.normalize("NFKC", text)
        text = text.translate(n._AFTER_NFKC).translate(n._FROM_PRIVATE)
        return " ".join(text.split())

    specials = list(n._PROTECTED) + [chr(c) for c in n._AFTER_NFKC] + [chr(c) for c in n._FROM_PRIVATE]
    alphabet = specials + ["a", "1", " ", "×", "µ", "½", "Ａ", "é", "\u3000"]
    rng = random.Random(8)
    for _ in range(20000):
        text = "é" + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 10)))
        assert normalize_text(text) == unconditional(text), repr(text)


def test_char_class_holds_exactly_its_code_points() -> None:
    import re

    from citeproof.text import normalize as n

    for table in (n._TO_PRIVATE, n._AFTER_NFKC, n._FROM_PRIVATE):
        cls = re.compile(n._char_class(table))
        for k in table:
            for cp in range(max(0, k - 3), k + 4):
                assert bool(cls.fullmatch(chr(cp))) == (cp in table), hex(cp)
    assert n._char_class([0x2D, 0x5D, 0x5E, 0x5C]) == r"[\-\\-\^]"  # escaped ends, one run


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("were n\u043et observed", "were not observed"),  # Cyrillic o inside a Latin word
        ("were n\u03bft observed", "were not observed"),  # Greek omicron
        ("\u0422he trial", "The trial"),  # Cyrillic capital Te
        ("\u039d\u039f events", "NO events"),  # Greek capitals only: no other Greek letter in the text
    ],
)
def test_normalize_folds_latin_lookalikes(text: str, expected: str) -> None:
    assert normalize_text(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "\u043d\u0435 \u0431\u044b\u043b\u043e",  # a Russian phrase: letters of its own, stays
        "TNF\u03b1 and IFN-\u03b3",  # Greek letters that look like no Latin letter
        "\u03bcg",  # the micro sign after NFKC
        "TNF\u03b1 and \u039d\u039f",  # a real Greek letter in the text: a Greek-only word stays
    ],
)
def test_normalize_keeps_real_cyrillic_and_greek(text: str) -> None:
    assert normalize_text(text) == text


@pytest.mark.parametrize(
    ("written", "drawn"),
    [
        (r"ORR was $\geq 45\%$ in Arm A.", "ORR was ≥45% in Arm A."),
        (r"ORR was $45\%$.", "ORR was 45%."),
        (r"The dose was $200\,\text{mg}$ daily.", "The dose was 200 mg daily."),
        (r"n $=1\,000$ patients", "n =1000 patients"),
        (r"$\frac{1}{3}$ of patients", "1/3 of patients"),
        (r"rate $\sim 30\%$", "rate ~30%"),
        (r"$$ORR = 45\%$$", "ORR = 45%"),
        (r"\(p<0.05\)", "p<0.05"),
        (r"a $50\ \mathrm{mg/m^2}$ dose of $\mu g$", "a 50 mg/m^2 dose of µg"),
    ],
)
def test_inline_tex_math_reads_as_it_is_drawn(written: str, drawn: str) -> None:
    # "$45\%$" read as written was a price of $45: a true claim failed as numeric_token_miss
    assert fold_tex_math(written) == drawn
    assert fold_emphasis(written) == drawn


@pytest.mark.parametrize(
    "text",
    ["costs $45 and $50", "$45/$50", "US$45 and $1.2B", "price was $5", "from $3.4 to $4.1 billion", "a $ sign"],
)
def test_prices_are_not_math(text: str) -> None:
    assert fold_tex_math(text) == text


@pytest.mark.parametrize(
    "text",
    ["| Company | 2023 revenue ($B) | 2022 revenue ($B) |", "| Price ($) | Cost (k$) |", "costs ($B) and revenue ($M)",
     "$45 per vial (HK$ 350)"],
)
def test_currency_markers_around_text_are_not_math(text: str) -> None:
    # a Markdown report is folded whole: a "$…$" across table cells or before a word is no span
    assert fold_tex_math(text) == text


@pytest.mark.parametrize("claim", ["ORR was $\\neq 45\\%$ in Arm A.", "ORR was != 45% in Arm A.", "ORR was ≠45% in Arm A."])
def test_a_number_stated_as_not_equal_is_never_supported(tmp_path, claim: str) -> None:
    # red team rt10: "≠45%" read as 45% passed against "45%" — the line it contradicts
    report = verify_citing(tmp_path, f"# R\n\n{claim[:-1]} [evidence:s.md#L1].\n", "ORR was 45% in Arm A.\n")
    (c,) = report.claims
    assert c.status == "undecided" and [n.state for n in c.numbers] == ["plausible"]


def test_an_html_reports_tex_is_read_as_drawn(tmp_path) -> None:
    html = "<html><body><h1>R</h1><p>ORR was $45\\%$ in Arm A [evidence:s.md#L1].</p></body></html>"
    report = verify_citing(tmp_path, html, "ORR was 45% in Arm A.\n", fmt="html")
    assert [(c.text, c.status) for c in report.claims] == [("ORR was 45% in Arm A.", "pass")]


def test_a_currency_prefix_closes_no_math_span() -> None:
    # red team rt12: "$150,000 per year … in US$." was one span: the price lost its "$"
    text = "The drug costs $150,000 per year. All prices in this report are in US$."
    assert fold_tex_math(text) == text
    assert fold_tex_math("($N$ = 120)") == "(N = 120)"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("HR 0.71ᵃ in the arm", "HR 0.71 a in the arm"),  # a footnote letter is set apart from the figure
        ("ORR 45%ᵇ, DCR 80%", "ORR 45% b, DCR 80%"),
        ("HR 0.71ᵃᵇ", "HR 0.71 ab"),
        ("1ˢᵗ line", "1st line"),  # an ordinal stays glued: no figure
        ("3ʳᵈ dose", "3rd dose"),
        ("HRᵃ 0.71", "HRa 0.71"),  # after a word: not set apart (the figure is not in the way)
    ],
)
def test_superscript_letters_after_a_figure_are_a_mark_set_apart(text, expected):
    assert normalize_text(text) == expected


# rt34a c9, c43 #5: a "$" in an anchor's section name closes no math span opened by the claim's figure
def test_a_tex_span_never_crosses_an_anchor_bracket():
    text = "Revenue was $4.2 billion [evidence:f/x.html#Revenue ($ in millions)]."
    assert fold_tex_math(text) == text
    assert fold_tex_math("where $x^2$ holds [evidence:f/x.md#L3]") == "where x^2 holds [evidence:f/x.md#L3]"
