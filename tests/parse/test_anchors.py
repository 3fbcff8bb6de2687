"""Anchor grammar (SPEC §2): every accepted shape, every malformed shape, never an exception."""

from __future__ import annotations

import pytest

from citeproof.model import Location
from citeproof.parse import parse_locator, scan_anchors
from citeproof.parse.anchors import AnchorProblem
from citeproof.settings import Settings

LOC = Location(line=7, section_path=("Results",), block="p")
SETTINGS = Settings()


def scan(text: str, **kw):
    return scan_anchors(text, LOC, SETTINGS, **kw)


def test_simple_anchor_kind_channel_id() -> None:
    (a,) = scan("Rate was 45% [nct:NCT00001832].").anchors
    assert (a.kind, a.source_id, a.channel, a.locator, a.raw) == ("nct", "NCT00001832", "clinical_trials", None, "nct:NCT00001832")
    assert a.location == LOC


def test_kind_is_case_insensitive_and_stored_lower() -> None:
    (a,) = scan("x [PMID:123]").anchors
    assert a.kind == "pmid" and a.channel == "pubmed" and a.source_id == "123"


def test_several_anchors_share_a_bracket() -> None:
    s = scan("x [pmid:1; nct:NCT2#L3 ;aact:NCT3#Results]")
    assert [(a.kind, a.source_id) for a in s.anchors] == [("pmid", "1"), ("nct", "NCT2"), ("aact", "NCT3")]
    assert not s.problems
    assert len(s.spans) == 1


def test_full_width_semicolon_separates_too() -> None:
    assert len(scan("x [pmid:1；pmid:2]").anchors) == 2


def test_full_width_hash_and_colon_are_the_locators_and_kinds_marks() -> None:
    # rt21b case27/case16: "nct：NCT1＃Adverse Events" read its id as "NCT1＃Adverse Events" (whitespace)
    # and "NCT1＃Results" as an id with no locator
    (a,) = scan("x [nct:NCT1＃Adverse Events]").anchors
    assert (a.source_id, a.locator.kind, a.locator.name, a.raw) == ("NCT1", "section", "Adverse Events", "nct:NCT1#Adverse Events")
    (b,) = scan("x [nct：NCT1＃Results]").anchors
    assert (b.source_id, b.locator.name, b.raw) == ("NCT1", "Results", "nct:NCT1#Results")
    (c,) = scan("x [nct:NCT1＃L3-L5]").anchors
    assert (c.locator.kind, c.locator.start, c.locator.end) == ("lines", 3, 5)
    s = scan("x [nct：A；nct：B＃Results]")
    assert [(a.source_id, a.locator and a.locator.name) for a in s.anchors] == [("A", None), ("B", "Results")]
    assert not s.problems
    # still the grammar: an id with a space in it before the hash is malformed, prose stays prose
    assert scan("x [nct:NCT1 2＃Results]").problems[0].code == "malformed_anchor"
    assert scan("x [Note：see ＃ below]").anchors == () and scan("x [Note：see ＃ below]").problems == ()
    assert scan("x [nct:NCT1＃]").problems[0].code == "empty_locator"


def test_path_kind_keeps_relative_path() -> None:
    (a,) = scan("x [evidence:models/arm-a/dose_v1.2.json#results.primary_outcome]").anchors
    assert a.source_id == "models/arm-a/dose_v1.2.json" and a.channel == "evidence"
    assert a.locator is not None and a.locator.kind == "section" and a.locator.name == "results.primary_outcome"


def test_path_kind_ids_may_hold_commas() -> None:
    (a,) = scan("x [evidence:tables/arm_a,b.csv#L2]").anchors
    assert a.source_id == "tables/arm_a,b.csv"


def test_configurable_channel_map() -> None:
    settings = Settings(channel_map={**SETTINGS.channel_map, "trial": "clinical_trials"})
    (a,) = scan_anchors("x [trial:T1#L2]", LOC, settings).anchors
    assert a.channel == "clinical_trials"
    assert scan("x [trial:T1#L2]").problems[0].code == "unknown_anchor_kind"


@pytest.mark.parametrize(
    ("raw", "kind", "start", "end", "name"),
    [
        ("L12", "lines", 12, 12, None),
        ("L12-L18", "lines", 12, 18, None),
        ("L12-18", "lines", 12, 18, None),
        ("l3–l4", "lines", 3, 4, None),
        ("p3", "page", 3, 3, None),
        ("p3-p5", "page", 3, 5, None),
        ("page 4", "page", 4, 4, None),
        ("table2", "table", 2, 2, None),
        ("Table 2", "table", 2, 2, None),
        ("abstract", "section", None, None, "abstract"),
        ("Results", "section", None, None, "Results"),
        ("Adverse Events", "section", None, None, "Adverse Events"),
        ("results.primary_outcome", "section", None, None, "results.primary_outcome"),
        ("primary", "section", None, None, "primary"),
        ("Lancet", "section", None, None, "Lancet"),
    ],
)
def test_locators(raw: str, kind: str, start: int | None, end: int | None, name: str | None) -> None:
    loc = parse_locator(raw)
    assert not isinstance(loc, AnchorProblem)
    assert (loc.kind, loc.start, loc.end, loc.name) == (kind, start, end, name)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("x [nct:]", "malformed_anchor"),
        ("x [nct: ]", "malformed_anchor"),
        ("x [:123]", "malformed_anchor"),
        ("x [pmid 123]", "malformed_anchor"),
        ("x [nct NCT0001]", "malformed_anchor"),
        ("x [nct:NCT1 NCT2]", "malformed_anchor"),
        ("x [nct:#L3]", "malformed_anchor"),
        ("x [foo:bar]", "unknown_anchor_kind"),
        ("x [nct:NCT1#]", "empty_locator"),
        ("x [nct:NCT1#  ]", "empty_locator"),
        ("x [nct:NCT1#L5-L2]", "inverted_range"),
        ("x [nct:NCT1#p5-p2]", "inverted_range"),
        ("x [nct:NCT1#L0]", "invalid_locator"),
        ("x [nct:NCT1#L12-]", "invalid_locator"),
        ("x [nct:NCT1#table0]", "invalid_locator"),
        ("x [nct:NCT1; see the text]", "malformed_anchor"),
        ("x [nct:NCT1, NCT2]", "malformed_anchor"),
        ("x [pmid:1,2]", "malformed_anchor"),
        ("x [nct:NCT1#L3", "malformed_anchor"),  # a bracket that never closes
        ("the dose was 20 mg [evidence:s.md#L1.", "malformed_anchor"),
        ("x [nct:NCT1#L3\nnext line]", "malformed_anchor"),
    ],
)
def test_malformed_shapes_are_problems_not_exceptions(text: str, code: str) -> None:
    s = scan(text)
    assert [p.code for p in s.problems] == [code]
    assert s.spans, "an attempted anchor is still removed from the claim text"


def test_stray_part_beside_valid_anchor_keeps_the_valid_one() -> None:
    s = scan("x [nct:NCT1#L2; see the text]")
    assert [a.source_id for a in s.anchors] == ["NCT1"]
    assert [p.code for p in s.problems] == ["malformed_anchor"]


@pytest.mark.parametrize(
    "text",
    [
        "see [1] and [2, 3] and [1-4]",
        "he said [sic] it",
        "odds were 2.1 [95% CI 1.2–3.4]",
        "[Note: see the appendix] for more",
        "[Note: an unclosed aside",  # not a known kind: prose
        "[Editor: this is prose]",
        "time [10:30]",
        "[a link](https://x.org/a) is a link, not a bracket anchor",
        "",
        "[" * 1000,
    ],
)
def test_non_citation_brackets_are_ignored(text: str) -> None:
    s = scan(text, urls=False)
    assert s.anchors == () and s.problems == () and s.spans == ()


def test_known_kinds_only_ignores_unknown_shapes_in_diagrams() -> None:
    s = scan("A[Phase:II]-->B[nct:NCT1#L3]", known_kinds_only=True)
    assert [a.raw for a in s.anchors] == ["nct:NCT1#L3"] and s.problems == ()
    assert scan("A[nct:]", known_kinds_only=True).problems[0].code == "malformed_anchor"


def test_bare_urls_and_bracketed_urls() -> None:
    s = scan("See https://example.org/a/b?x=1. Also (https://example.org/c) and [https://example.org/d].")
    urls = [a.source_id for a in s.anchors]
    assert sorted(urls) == ["https://example.org/a/b?x=1", "https://example.org/c", "https://example.org/d"]
    assert all(a.kind == "url" and a.channel is None and a.locator is None for a in s.anchors)


def test_url_with_balanced_parentheses() -> None:
    (a,) = scan("see https://en.example.org/wiki/Foo_(bar) now").anchors
    assert a.source_id == "https://en.example.org/wiki/Foo_(bar)"


def test_an_unclosed_bracket_beside_a_closed_one():
    text = "x [nct:NCT1#L3] and [nct:NCT2#L4."
    s = scan(text)
    assert [a.source_id for a in s.anchors] == ["NCT1"]
    assert [(p.code, p.raw) for p in s.problems] == [("malformed_anchor", "[nct:NCT2#L4")]
    assert [text[a:b] for a, b in s.spans] == ["[nct:NCT1#L3]", "[nct:NCT2#L4"]
    assert "never closes" in s.problems[0].message


def test_spans_cover_the_brackets() -> None:
    text = "Rate 45% [nct:NCT1#L3] here [1]."
    s = scan(text)
    assert [text[a:b] for a, b in s.spans] == ["[nct:NCT1#L3]"]


def test_adversarial_input_is_scanned_whole() -> None:
    # The time it takes is bench/text.py's to print; here, what it finds.
    text = ("[nct:NCT1#L3] [x] [" + "a:" * 100 + "] https://e.org/" + "(" * 50 + " ") * 2000
    s = scan(text)
    assert sum(1 for a in s.anchors if a.raw == "nct:NCT1#L3") == 2000
