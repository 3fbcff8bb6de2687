"""Claims written with markup, through the whole pipeline, as HTML and as Markdown with inline HTML.

The text checked must be the text a reader sees. Each case is (source line, claim as written);
on the left a reader sees something the source does not say (or not every reader gets the same
sentence), so the claim must not pass; on the right the same shape where what a reader sees is
the source's, so it must not fail. Red-team findings F09 and F12 are the first rows.
"""

from __future__ import annotations

import pytest

from citeproof.pipeline import VerifyOptions, run

_OBSERVED = "Serious adverse events were observed in the letrozole cohort."
_NOT_OBSERVED = "Serious adverse events were not observed in the letrozole cohort."
_DOSE = "Patients received 103 mg of drug X daily for 14 days."
_ORR = "The objective response rate was 25% in Arm A among 48 evaluable patients."
_ORR_84 = "The objective response rate was 25% in Arm A among 84 evaluable patients."


def _among(markup: str) -> str:
    return f"The objective response rate was 25% in Arm A among {markup} evaluable patients."


def _were(markup: str) -> str:
    return f"Serious adverse events were {markup} observed in the letrozole cohort."


NOT_PASS = [
    # on screen (aria-hidden only hides from assistive technology; d-md-inline and md:inline show
    # it on wider screens; a textarea and a button show their text): the reader sees "not"
    (_OBSERVED, _were('<span aria-hidden="true">not</span>')),
    (_OBSERVED, _were('<span class="d-none d-md-inline">not</span>')),
    (_OBSERVED, _were('<span class="hidden md:inline">not</span>')),
    (_OBSERVED, _were("<textarea>not</textarea>")),
    (_OBSERVED, _were("<button>not</button>")),
    # some readers get "not", others do not: no one reading passes
    (_OBSERVED, _were('<span class="sr-only">not</span>')),
    (_OBSERVED, _were('<span class="visually-hidden">not</span>')),
    (_OBSERVED, _were("<noscript>not</noscript>")),
    (_OBSERVED, _were('<span hidden="until-found">not</span>')),
    (_OBSERVED, _were('<span class="hidden hover:inline">not</span>')),
    (_OBSERVED, _were('<img src="x.png" alt="not">')),
    # struck through or drawn invisible: the reader sees "not" withdrawn, or does not see it
    (_NOT_OBSERVED, _were("<del>not</del>")),
    (_NOT_OBSERVED, _were("<s>not</s>")),
    (_NOT_OBSERVED, _were('<span style="font-size:0">not</span>')),
    (_NOT_OBSERVED, _were('<span style="color:white">not</span>')),
    (_NOT_OBSERVED, _were('<span aria-hidden="true" style="opacity:0">not</span>')),
    # a superscript never glues into another number
    (_DOSE, "Patients received 10<sup>3</sup> mg of drug X daily for 14 days."),
    (_ORR, "The objective response rate was 2<sup>5</sup>% in Arm A among 48 evaluable patients."),
    ("2 patients had grade 3 events.", "2<sup>5</sup> patients had grade 3 events."),
    (_ORR, "The objective response rate was 2<sub>5</sub>% in Arm A among 48 evaluable patients."),
    # numbers on screen that are not text nodes
    (_ORR, _among('<span aria-hidden="true">84</span>')),
    (_ORR, _among("<math><mn>84</mn></math>")),
    (_ORR, _among("<svg><text>84</text></svg>")),
    (_ORR, _among("<select><option>84</option><option>48</option></select>")),
    (_ORR, _among('<input value="84">')),
]

NOT_FAIL = [
    (_NOT_OBSERVED, _were('<span aria-hidden="true">not</span>')),
    (_NOT_OBSERVED, _were('<span class="d-none d-md-inline">not</span>')),
    (_NOT_OBSERVED, _were("<textarea>not</textarea>")),
    # hidden at every width stays out of the text
    (_OBSERVED, _were('<span class="d-none">not</span>')),
    (_OBSERVED, _were('<span style="display:none">not</span>')),
    (_OBSERVED, _were("<span hidden>not</span>")),
    ("Patients received 1000 mg of drug X daily for 14 days.", "Patients received 10<sup>3</sup> mg of drug X daily for 14 days."),
    ("Patients received 75 mg/m2 of drug X on day 1.", "Patients received 75 mg/m<sup>2</sup> of drug X on day 1."),
    # a footnote mark after a value or a word is no number (after a value it is left to the judge:
    # '2' is no value there, but the segment check still sees the digit)
    (_ORR, "The objective response rate was 25%<sup>2</sup> in Arm A among 48 evaluable patients."),
    (_ORR, "The objective response rate<sup>a</sup> was 25% in Arm A among 48 evaluable patients."),
    (_ORR_84, _among('<span aria-hidden="true">84</span>')),
    (_ORR_84, _among("<math><mn>84</mn></math>")),
    (_ORR_84, _among("<svg><text>84</text></svg>")),
    (_ORR_84, _among("<select><option>84</option><option>48</option></select>")),
]


def _statuses(tmp_path, pairs, fmt: str) -> list[tuple[str, str, tuple[str, ...]]]:
    source = "\n".join(s for s, _ in pairs) + "\n"
    lines = source.split("\n")
    cited = [f"{claim[:-1]} [evidence:s.md#L{lines.index(s) + 1}]." for s, claim in pairs]
    if fmt == "html":
        report = "<html><body><h1>R</h1>\n" + "\n".join(f"<p>{c}</p>" for c in cited) + "\n</body></html>\n"
    else:
        report = "# R\n\n" + "\n\n".join(cited) + "\n"
    folder = tmp_path / fmt / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "s.md").write_text(source, encoding="utf-8")
    out = run(report, fmt, folder.parent, VerifyOptions(mode="report"))
    claims = [c for c in out.claims if c.anchors]
    assert len(claims) == len(pairs)
    return [(c.status, c.text, tuple(c.undecided_reasons)) for c in claims]


@pytest.mark.parametrize("fmt", ["html", "markdown"])
@pytest.mark.parametrize("pairs, wrong", [(NOT_PASS, "pass"), (NOT_FAIL, "fail")], ids=["false-claims", "true-claims"])
def test_no_pair_ends_the_wrong_way(tmp_path, pairs, wrong, fmt):
    wrongly = [(claim, text) for (status, text, _), (_, claim) in zip(_statuses(tmp_path, pairs, fmt), pairs) if status == wrong]
    assert wrongly == []


@pytest.mark.parametrize("fmt", ["html", "markdown"])
def test_true_claims_with_visible_markup_still_pass(tmp_path, fmt):
    # the pass side: markup a reader sees as the source's words leaves nothing for the judge
    passing = [(_NOT_OBSERVED, _were('<span aria-hidden="true">not</span>')),
               (_OBSERVED, _were('<span class="d-none">not</span>')),
               ("Patients received 1000 mg of drug X daily for 14 days.",
                "Patients received 10<sup>3</sup> mg of drug X daily for 14 days."),
               ("Patients received 75 mg/m2 of drug X on day 1.", "Patients received 75 mg/m<sup>2</sup> of drug X on day 1.")]
    assert [status for status, _, _ in _statuses(tmp_path, passing, fmt)] == ["pass"] * len(passing)


@pytest.mark.parametrize("fmt", ["html", "markdown"])
def test_text_only_some_readers_get_is_named_in_the_reason(tmp_path, fmt):
    pairs = [(_OBSERVED, _were('<span class="sr-only">not</span>')), ("2 patients had grade 3 events.", "2<sup>5</sup> patients had grade 3 events.")]
    (sr, sr_text, sr_why), (sup, _, sup_why) = _statuses(tmp_path, pairs, fmt)
    assert sr == "undecided" and sr_text == _OBSERVED
    assert any('<span class="sr-only"> holds \'not\'' in why and "screen readers" in why for why in sr_why)
    assert sup == "undecided" and any("superscript 5 right after 2" in why for why in sup_why)


def test_a_markdown_strikethrough_never_passes(tmp_path):
    from values.helpers import verify_against

    report = "# R\n\nSerious adverse events were ~~not~~ observed in the letrozole cohort [evidence:s.md#L1].\n"
    (claim,) = verify_against(tmp_path, _NOT_OBSERVED + "\n", report).claims
    assert claim.status == "undecided" and "struck through" in claim.undecided_reasons[0]
