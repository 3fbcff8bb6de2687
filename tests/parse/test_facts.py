"""Fact-bearing detection, both ways: each signal fires on what it should and not on transitions."""

from __future__ import annotations

import pytest
from evidence_sources import verify_citing

from citeproof.parse import fact_signals, is_fact_bearing, register_entity_detector, unregister_entity_detector


@pytest.mark.parametrize(
    "text",
    [
        "In this section we summarise the evidence.",
        "The next section turns to safety.",
        "We now discuss the design of the review.",
        "First, we describe how the evidence was gathered.",
        "This is discussed below.",
        "综上所述，我们讨论如下。",
        "下一节讨论安全性。",
        "本节说明证据的整理方式。",
        "这一点十分重要。",
        "We discuss this as well as the methods below.",
        "The following paragraphs describe the review process.",
        "Results",
        "",
    ],
)
def test_transitions_are_not_fact_bearing(text: str) -> None:
    assert fact_signals(text) == (), text
    assert not is_fact_bearing(text)


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("The response rate was 45%.", "number"),
        ("Median age was ６５ years.", "number"),
        ("None of the participants withdrew.", "number"),
        ("Twelve participants withdrew.", "number"),
        ("The market reached one million users.", "number"),
        ("共纳入三万名受试者。", "number"),
        ("共有十二例出现不良反应。", "number"),
        ("费用增长了两倍。", "number"),
        ("The trial NCT01234567 enrolled adults.", "entity"),
        ("Tumours expressing HER2 were included.", "entity"),
        ("Cells were CD20 positive.", "entity"),
        ("Patients with EGFR mutations were included.", "entity"),
        ("The guidance was issued by the National Health Service in England.", "entity"),
        ("Responses were more frequent in the treated arm.", "comparative"),
        ("The treated arm fared better than placebo.", "comparative"),
        ("Outcomes were compared with usual care.", "comparative"),
        ("治疗组的缓解率高于对照组。", "comparative"),
        ("与安慰剂相比，症状改善。", "comparative"),
        ("Smoking causes harm.", "causal"),
        ("The exposure leads to fatigue.", "causal"),
        ("The drop was due to dropouts.", "causal"),
        ("Treatment reduced symptoms.", "causal"),
        ("Use was associated with weight gain.", "causal"),
        ("该治疗导致疲劳。", "causal"),
        ("Alcohol stimulates the immune system.", "causal"),
        ("Ageing weakens the immune system.", "causal"),
        ("The compound is highly effective in isolated cells.", "causal"),
        ("Guidelines recommend screening at diagnosis.", "causal"),
        ("Masks protect against droplet spread.", "causal"),
        ("该疗法可抑制炎症。", "causal"),
        ("指南推荐首选该方案。", "causal"),
        ("There were threefold the number of cases.", "number"),
        ("Patients diagnosed within the last decade were excluded.", "number"),
        ("The intervention lasted the same duration as the comparator.", "comparative"),
        ("It was as effective as surgery.", "comparative"),
        ("由于依从性差，疗效下降。", "causal"),
        ("治疗降低了住院风险。", "causal"),
    ],
)
def test_each_signal_fires(text: str, signal: str) -> None:
    assert signal in fact_signals(text), (text, fact_signals(text))


def test_signals_are_ordered_and_unique() -> None:
    assert fact_signals("HER2 tumours responded more often (45%) because of X.") == (
        "number", "entity", "comparative", "causal",
    )


def test_footnote_markers_are_not_numbers() -> None:
    assert fact_signals("This is discussed below [1].") == ()
    assert fact_signals("This is discussed below [^2].") == ()


def test_capitalised_words_at_sentence_start_are_not_names() -> None:
    assert "entity" not in fact_signals("Further Reading follows here.")
    assert "entity" in fact_signals("We follow the Further Reading list.")


class _Names:
    def __init__(self, *names: str) -> None:
        self.names = names

    def mentions_entity(self, text: str) -> bool:
        return any(n in text.lower() for n in self.names)


def test_pluggable_entity_detector() -> None:
    text = "Patients took examplinib daily."
    assert fact_signals(text) == ()
    assert fact_signals(text, detectors=[_Names("examplinib")]) == ("entity",)
    detector = _Names("examplinib")
    register_entity_detector(detector)
    try:
        assert fact_signals(text) == ("entity",)
    finally:
        unregister_entity_detector(detector)
    assert fact_signals(text) == ()


# Red team round 5: "Figure 2 summarises the response data." and "表1 各组客观缓解率" failed
# missing_anchor on the number of a pointer to the report's own part, which states nothing.
@pytest.mark.parametrize(
    "text",
    [
        "Figure 2 summarises the response data.",
        "See Section 4 for the safety data.",
        "Tables 1 and 2 list the arms.",
        "Fig. 3B shows the curves.",
        "表1 各组客观缓解率",
        "详见第4节。",
        "见表2。",
        "见补充表2。",  # rt34b: a supplementary table, and pointers after a cue other than 见/如
        "由表1可知，各组疗效相近。",
        "表1和表2汇总各组疗效。",
    ],
)
def test_a_pointer_to_the_reports_own_part_states_no_number(text: str) -> None:
    assert "number" not in fact_signals(text)


@pytest.mark.parametrize(
    "text",
    [
        "Table 1 shows 45 patients responded.",
        "In Table 2, 30 patients died.",
        "Table 1 shows 45% responded.",
        "Under Section 230, platforms are not liable.",  # a law's section, not the report's
        "代表3例患者。",  # 表 inside a word
        "Section 4 lists 12 harms.",
    ],
)
def test_a_number_beside_a_pointer_still_states_a_fact(text: str) -> None:
    assert "number" in fact_signals(text)


@pytest.mark.parametrize("text", ["More", "Show more »", "Read more…", "See more", "(more)", "Show more results", "查看更多", "Less"])
def test_a_controls_label_is_no_comparison(text: str) -> None:
    # a disclosure's <summary>More</summary> or a "Read more" link was a comparative claim with
    # no anchor: a true report blocked for missing_anchor
    assert fact_signals(text) == ()


@pytest.mark.parametrize(
    ("text", "signals"),
    [
        ("More patients responded", ("comparative",)),
        ("Show more patients responded than expected", ("comparative",)),
        ("Better", ("comparative",)),  # a lone comparative may answer a lead-in: still a claim
        ("Load 10 more", ("number", "comparative")),  # a number is a number wherever it stands
        ("Read more about HER2", ("number", "entity", "comparative")),
    ],
)
def test_a_phrase_that_only_contains_a_controls_words_keeps_its_signals(text: str, signals: tuple[str, ...]) -> None:
    assert fact_signals(text) == signals


def test_a_summary_that_says_more_does_not_block_a_true_report(tmp_path) -> None:
    html = (
        "<html><body><h1>R</h1><details><summary>More</summary><p>Rates were 45% [evidence:s.md#L1].</p></details>"
        '<p><a href="#top">Read more</a></p></body></html>'
    )
    report = verify_citing(tmp_path, html, "Rates were 45%.\n", fmt="html", mode="enforce")
    assert [c.text for c in report.claims] == ["Rates were 45%."]
    assert (report.verdict, report.exit_code) == ("pass", 0)


def test_a_controls_word_that_answers_a_lead_in_is_the_finding(tmp_path) -> None:
    # red team rt10: "- Less" under "Compared with placebo, nausea … was reported:" was dropped as a button
    doc = "# R\n\nCompared with placebo, nausea with the study drug was reported [evidence:s.md#L1]:\n\n- Less\n"
    report = verify_citing(tmp_path, doc, "Nausea was more frequent with the study drug.\n")
    item = next(c for c in report.claims if c.unit == "list_item")
    assert item.text == "Less" and item.fact_bearing and item.status != "pass"


# rt36b y2: a lead-in that names only a year labels the items under it, as a heading "## 2024" does:
# "2024:" over cited items failed missing_anchor and withheld a correct report
@pytest.mark.parametrize("text", ["2024:", "In 2024:", "Results for FY2023:", "Q3 2024:", "2024年：", "2023年度："])
def test_a_lead_in_naming_a_year_only_is_a_label(text: str) -> None:
    from citeproof.parse.facts import names_a_year_only

    assert names_a_year_only(text)


@pytest.mark.parametrize("text", [
    "In 2024, revenue grew 12%:",  # a figure beside the year
    "In 2024, 120 patients enrolled:",
    "2024",  # no lead-in
    "Revenue in 2024 was $4.2 billion.",
    "2024 to 2030, at a CAGR of 12%:",
])
def test_a_lead_in_stating_more_than_a_year_is_no_label(text: str) -> None:
    from citeproof.parse.facts import names_a_year_only

    assert not names_a_year_only(text)


def test_through_the_pipeline_a_year_lead_in_needs_no_anchor(tmp_path) -> None:
    source = "Revenue was $4.2 billion in 2024.\n"
    good = verify_citing(tmp_path / "a", "**2024:**\n\n- Revenue was $4.2 billion [evidence:s.md#L1].\n", source)
    assert [(c.text, c.status) for c in good.claims] == [("Revenue was $4.2 billion.", "pass")]
    stated = verify_citing(tmp_path / "b", "In 2024, revenue grew 12%:\n\n- It reached $4.2 billion [evidence:s.md#L1].\n", source)
    assert [c.status for c in stated.claims][0] == "fail"  # a figure in the lead-in still needs its anchor
