"""CP209: a heading that states a measured figure is a claim, checked against its own or its section's sources, both ways.

The pipeline runs whole; each test reads the heading's claim (unit ``heading``): its status and
the finding codes of every rule on it (numbers are CP104's, the missing citation CP209's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citeproof.pipeline import VerifyOptions, run
from citeproof.parse.heading_figures import heading_text, measured_atoms

SOURCE = "The objective response rate was 45.2% (54 of 120 patients); the HR for progression was 0.72.\n"
ZH_SOURCE = "客观缓解率为45.2%，年治疗费用为12万元。\n"


def cp209(tmp_path: Path, report: str, source: str = SOURCE) -> tuple[str, list[str]]:
    """The heading claim's status and its finding codes ("n/a" when no heading states a figure)."""
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "s.md").write_text(source, encoding="utf-8")
    (folder / "other.md").write_text("Enrolment closed in 2021.\n", encoding="utf-8")
    result = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report"))
    headings = [c for c in result.claims if c.unit == "heading"]
    tally = next(t for t in result.rules if t.id == "CP209")
    if not headings:
        assert tally.status == "n/a"
        return "n/a", []
    (heading,) = headings
    assert tally.applicable == 1
    return heading.status, sorted({f.code for f in heading.reasons})


CITED = "The objective response rate was 45.2% [evidence:s.md#L1].\n"


@pytest.mark.parametrize(
    "heading",
    [
        "## Drug X achieved a 62% response rate",
        "## 2.1 Efficacy: ORR 54.2%",
        "## HR 0.81 for progression",
        "## A $4.2 billion market",
    ],
)
def test_a_heading_figure_its_section_does_not_source_fails(tmp_path, heading):
    status, codes = cp209(tmp_path, f"# Report\n\n{heading}\n\n{CITED}")
    assert status == "fail" and codes == ["numeric_token_miss"]  # CP104's, on the heading's claim


@pytest.mark.parametrize(
    "heading",
    [
        "## Drug X achieved a 45.2% response rate",
        "## 2.1 Efficacy: ORR 45.2%",  # the section number is no '2.1 per …'
        "## HR 0.72 for progression",
        "## 3. Weekly arm: 45.2% responded",
    ],
)
def test_a_heading_figure_its_section_sources_is_never_failed(tmp_path, heading):
    # supported figures; whether the heading's words are the line's is CP105's (pass or undecided)
    status, codes = cp209(tmp_path, f"# Report\n\n{heading}\n\n{CITED}")
    assert status in ("pass", "undecided") and codes == []


def test_a_figure_cited_only_in_a_subsection_supports_the_heading_above_it(tmp_path):
    report = f"# Report\n\n## Objective response rate was 45.2%\n\n### Details\n\n{CITED}"
    assert cp209(tmp_path, report) == ("pass", [])


def test_a_figure_cited_only_in_the_next_section_does_not(tmp_path):
    report = f"# Report\n\n## Efficacy: ORR 45.2%\n\nSee below.\n\n## Details\n\n{CITED}"
    assert cp209(tmp_path, report) == ("fail", ["heading_number_unanchored"])


def test_the_headings_own_anchor_is_used_before_its_sections(tmp_path):
    own = "# Report\n\n## ORR 45.2% [evidence:other.md#L1]\n\n" + CITED
    assert cp209(tmp_path, own) == ("fail", ["numeric_token_miss"])  # its own source does not say 45.2%
    own = "# Report\n\n## The objective response rate was 45.2% [evidence:s.md#L1]\n\nNo citation here.\n"
    assert cp209(tmp_path, own) == ("pass", [])


def test_chinese_headings_both_ways(tmp_path):
    body = "客观缓解率为45.2%[evidence:s.md#L1]。\n"
    assert cp209(tmp_path, f"# 报告\n\n## 客观缓解率高达62%\n\n{body}", ZH_SOURCE)[1] == ["numeric_token_miss"]
    status, codes = cp209(tmp_path, f"# 报告\n\n## 二、年治疗费用12万元\n\n{body}", ZH_SOURCE)
    assert status != "fail" and codes == []


@pytest.mark.parametrize(
    "heading",
    ["2.1 Week 24 outcomes", "12-month results", "Phase 3 trials (n=3)", "Results at 24 weeks", "3.2 Dose escalation",
     "Top 10 markets in 2024", "Grade 3 events", "第二部分：24周疗效", "Version 2.0 of the protocol"],
)
def test_labels_durations_counts_and_section_numbers_are_not_measured_figures(heading):
    assert measured_atoms(heading) == []


def test_a_leading_figure_with_its_unit_is_no_section_number():
    assert heading_text("200 mg once daily") == "200 mg once daily"
    assert heading_text("2.5亿美元市场") == "2.5亿美元市场"
    assert heading_text("2.1 Weekly arm") == "Weekly arm" and heading_text("IV. Costs") == "Costs"
    assert [a.raw for a in measured_atoms("2.1 mg/kg dosing")] == ["2.1 mg/kg"]


ARMS = "Arm A: the objective response rate was 45.2%.\nArm B: the objective response rate was 30.1%.\n"


def test_a_figure_written_over_the_other_arm_never_passes(tmp_path):
    # mutation: headings are not claims → the figure is "in the record" and the heading passes unseen
    body = "Response by arm [evidence:s.md#L1-L2].\n"
    (tmp_path / "good").mkdir()
    (tmp_path / "bad").mkdir()
    assert cp209(tmp_path / "good", f"# Report\n\n## Arm A: the objective response rate was 45.2%\n\n{body}", ARMS) == ("pass", [])
    assert cp209(tmp_path / "bad", f"# Report\n\n## Arm B: the objective response rate was 45.2%\n\n{body}", ARMS) == ("undecided", [])


def test_a_heading_claim_reads_as_written_and_cites_its_sections_anchors(tmp_path):
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "s.md").write_text(SOURCE, encoding="utf-8")
    (folder / "other.md").write_text("Enrolment closed in 2021.\n", encoding="utf-8")
    report = (
        "# Report\n\n## 2.1 Efficacy: ORR 45.2% [evidence:s.md#L1]\n\n### Arms\n\n## 3. Safety: HR 0.72\n\n"
        "Enrolment closed [evidence:other.md#L1]. The HR was 0.72 [evidence:s.md#L1].\n\n### Detail\n\nNothing [evidence:other.md#L1].\n"
    )
    result = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report"))
    headings = [(c.text, [a.raw for a in c.anchors], c.location.line) for c in result.claims if c.unit == "heading"]
    assert headings == [
        ("Efficacy: ORR 45.2%", ["evidence:s.md#L1"], 3),  # its own anchor; no section number, no anchor text
        ("Safety: HR 0.72", ["evidence:other.md#L1", "evidence:s.md#L1"], 7),  # its section's, each once
    ]


@pytest.mark.parametrize(
    "heading",
    [
        "## Arm B: median overall survival 21.7 months",  # a duration with decimals is a finding
        "## 治疗组中位总生存期21.7个月",
        "## Median overall survival of 21 months",  # a whole duration after a statistic too
        "## 2.5 Billion USD Market by 2030",  # a figure with its unit is no section number
        "## 45 Percent Responded to Weekly Dosing",
        "## 12.5 MG Daily Was the Chosen Dose",
        "## 0.72 Hazard Ratio",  # a section number never starts with 0
        "## HbA1c 7.5 at week 12",  # a lab value is no version
    ],
)
def test_a_figure_a_title_used_to_hide_is_a_claim(tmp_path, heading):
    # red team rt10: each was read as a label or a section number, and a fabricated one published
    assert cp209(tmp_path, f"# Report\n\n{heading}\n\nGrowth is expected to continue.\n") == ("fail", ["heading_number_unanchored"])


@pytest.mark.parametrize(
    "heading",
    ["## 2.1 疗效", "## 2.2 (Arm A) safety", "## 2.1 — Efficacy", "## 2.4 eGFR", "## 2.3 weekly arm",
     "## 2.1 Week 24 outcomes", "## 3 Week 24 outcomes", "## 2 Weekly arm",
     "## Response by RECIST 1.1", "## Toxicity (CTCAE 5.0)", "## Coding in MedDRA 24.0"],
)
def test_section_numbers_and_versions_are_no_claims(tmp_path, heading):
    # red team rt10: '2.1' before a Chinese title and 'RECIST 1.1' blocked true reports
    assert cp209(tmp_path, f"# Report\n\n{heading}\n\n{CITED}") == ("n/a", [])


def test_a_heading_under_references_is_checked_like_any_other(tmp_path):
    report = f"# Report\n\n{CITED}\n## References\n\n### Arm A: objective response rate 62%\n\n1. A paper [evidence:s.md#L1].\n"
    assert cp209(tmp_path, report) == ("fail", ["numeric_token_miss"])


def test_a_headings_footnotes_and_tex_are_read_as_drawn(tmp_path):
    report = "# Report\n\n## The objective response rate was $45.2\\%$[^1] [evidence:s.md#L1]\n\n[^1]: Investigator assessed.\n"
    result = run(report, "markdown", _sources(tmp_path), VerifyOptions(mode="report"))
    (heading,) = [c for c in result.claims if c.unit == "heading"]
    assert heading.text == "The objective response rate was 45.2%" and heading.status == "pass"


def _sources(tmp_path: Path) -> Path:
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "s.md").write_text(SOURCE, encoding="utf-8")
    return tmp_path / "sources"


def test_a_drug_a_figure_bearing_heading_names_is_checked_like_a_sentences(tmp_path):
    # red team rt10: CP301 skipped headings, so a drug the cited record never names went to the judge
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "s.md").write_text(SOURCE, encoding="utf-8")
    report = "# Report\n\n## Nivolumab in the trial: objective response rate 45.2%\n\n" + CITED
    result = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report"))
    (heading,) = [c for c in result.claims if c.unit == "heading"]
    assert heading.status == "fail" and {f.code for f in heading.reasons} == {"drug_unsupported"}


@pytest.mark.parametrize("heading", ["## 2.2 Months on treatment", "## 2.3 Percent change in HbA1c", "## 2.1 年度收入", "## 2.5 岁末展望"])
def test_a_dotted_section_number_before_a_unit_word_is_a_section_number(tmp_path, heading):
    # red team rt12: "2.2 Months on treatment" read as 2.2 months blocked a true report
    assert cp209(tmp_path, f"# Report\n\n{heading}\n\n{CITED}") == ("n/a", [])


def test_a_headings_periods_and_counts_are_not_held_to_the_sources(tmp_path):
    # red team rt12: "Week 24" and "(n=120)" beside a heading's figure failed as figures the line lacks
    source = "The objective response rate was 45.2%.\n"
    for k, heading in enumerate(("## 1. Week 24 update: ORR 45.2%", "## 2. Phase 2 (n=120): ORR 45.2%")):
        status, codes = cp209(tmp_path / str(k), f"# Report\n\n{heading}\n\n{CITED}", source)
        assert status in ("pass", "undecided") and codes == [], (heading, codes)
