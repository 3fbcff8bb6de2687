from __future__ import annotations

import pytest
from excerpt_docs import filler, make_document

from excerpt.boilerplate import boilerplate_lines, kept_lines
from excerpt.numbers import ClaimNumbers


def reasons(lines, **kw):
    doc = make_document(lines, **kw)
    return {doc.lines[n - 1]: why for n, why in boilerplate_lines(doc, 1, len(lines)).items()}


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("Skip to content", "skip_link"),
        ("Skip to main content", "skip_link"),
        ("跳到主要内容", "skip_link"),
        ("We use cookies to improve your experience on our site.", "cookie"),
        ("This website uses cookies. By continuing you consent to our cookie policy.", "cookie"),
        ("Accept all", "cookie"),
        ("Accept all cookies", "cookie"),
        ("Reject all", "cookie"),
        ("Manage preferences", "cookie"),
        ("Share this page", "share"),
        ("Share on Twitter", "share"),
        ("Back to top", "share"),
        ("Menu", "nav"),
        ("Sign in", "nav"),
        ("Home › Health topics › Guidance", "breadcrumb"),
        ("Home > News > Article", "breadcrumb"),
        ("Home | About us | Contact", "breadcrumb"),
        ("Page 3 of 12", "page_number"),
        ("第 3 页", "page_number"),
        ("© 2024 Example Publisher. All rights reserved.", "copyright"),
    ],
)
def test_furniture_line_is_dropped_with_its_reason(line, reason):
    lines = ["Results", "The response rate was 30% in Arm A.", line, "Median follow-up was 14 months."]
    assert reasons(lines) == {line: reason}


@pytest.mark.parametrize(
    "line",
    [
        # content that looks a little like furniture must stay
        "ER / PR / HER-neu status by local assay",
        "Arm A | Arm B | Placebo",
        "Arm/Group Title: Arm A / Arm B / Arm C",
        "Response 30% vs 20% | p = 0.03 | HR 0.7",
        "Patients who accept all study procedures may enrol.",
        "Home visits were scheduled every 2 weeks.",
        "Results 2:",
        "Outcome Measurement:",
        "12",  # a bare number mid-page is a table cell, not a page number
        "Share of participants with a response: 41%",
    ],
)
def test_content_line_is_kept(line):
    lines = ["Results", "The response rate was 30% in Arm A.", line, "Median follow-up was 14 months."]
    assert reasons(lines) == {}


def test_menu_run_is_navigation_but_a_short_list_is_not():
    menu = ["Home", "About", "Products", "Research", "Contact", "Our findings were consistent across sites."]
    dropped = reasons(menu)
    assert set(dropped) == {"Home", "About", "Products", "Research", "Contact"}
    short_list = ["Arms", "Arm A", "Arm B", "Arm C", "Arm D", "Each arm enrolled 20 participants."]
    assert reasons(short_list) == {}


def paged_document(pages: int = 4, per_page: int = 6):
    lines, spans = [], []
    for p in range(1, pages + 1):
        first = len(lines) + 1
        lines.append("Clinical Guideline on Dosing — Version 2")  # running head
        lines.extend(filler(per_page, start=p * 100))
        lines.append(f"Page {p}")
        lines.append(f"{p}")  # bare page number at the bottom
        spans.append((first, len(lines)))
    return lines, spans


def test_running_heads_and_page_numbers_repeated_across_pages_are_dropped():
    lines, spans = paged_document()
    doc = make_document(lines, pages=spans)
    dropped = boilerplate_lines(doc, 1, len(lines))
    heads = [n for n, line in enumerate(lines, 1) if line.startswith("Clinical Guideline")]
    assert all(dropped[n] == "running_head" for n in heads)
    bare = [n for n, line in enumerate(lines, 1) if line.isdigit()]
    assert all(n in dropped for n in bare)
    assert not any(lines[n - 1].startswith("Paragraph") for n in dropped)


def test_a_head_on_only_two_pages_is_not_a_running_head():
    lines, spans = paged_document(pages=2)
    doc = make_document(lines, pages=spans)
    dropped = boilerplate_lines(doc, 1, len(lines))
    assert not any(lines[n - 1].startswith("Clinical Guideline") for n in dropped)


def test_running_head_text_mid_page_is_content():
    lines, spans = paged_document()
    mid = spans[1][0] + 4
    lines[mid - 1] = "Clinical Guideline on Dosing — Version 2"
    doc = make_document(lines, pages=spans)
    assert mid not in boilerplate_lines(doc, 1, len(lines))


def test_repetition_without_pages_is_structure_not_furniture():
    lines = []
    for k in range(1, 5):
        lines += [f"Results {k}:", "Mean (Standard Deviation)", f"Unit of Measure: months {k}.5 (1.{k})"]
    assert reasons(lines) == {}


def test_a_line_with_a_claim_number_is_never_stripped():
    lines, spans = paged_document()
    doc = make_document(lines, pages=spans)
    three = next(n for n, line in enumerate(lines, 1) if line == "3")
    assert three in boilerplate_lines(doc, 1, len(lines))
    claim = ClaimNumbers.of("Three arms were compared; 3 of them reached the endpoint.")
    assert three not in boilerplate_lines(doc, 1, len(lines), protect=claim.protects)
    # a cookie-looking line that carries the claim's figure is kept too
    lines2 = ["We use cookies; 41% of visitors accept them.", "Content line."]
    doc2 = make_document(lines2)
    assert boilerplate_lines(doc2, 1, 2)
    assert not boilerplate_lines(doc2, 1, 2, protect=ClaimNumbers.of("41% accepted").protects)


def test_kept_lines_are_original_line_numbers_within_the_range():
    lines = ["Skip to content", "", "Alpha line.", "Accept all", "Beta line."]
    doc = make_document(lines)
    assert kept_lines(doc, 1, 5) == (3, 5)
    assert kept_lines(doc, 4, 5) == (5,)
