from __future__ import annotations

from dataclasses import replace

import pytest
from excerpt_docs import assert_offsets_true, filler, flat, lines_of, make_document, make_window

from excerpt.builder import ELISION, ExcerptUnavailable, build_excerpt, quantifies_over_window
from excerpt.tokens import count_tokens, truncate_to_tokens


# ---------------------------------------------------------------- locator


def test_a_tight_locator_gets_its_lines_not_the_first_page():
    lines = filler(500)
    lines[39:42] = [
        "The median dose was 200 mg/day in the maintenance phase.",
        "Doses were reduced in 12 participants.",
        "No participant stopped for toxicity.",
    ]
    doc = make_document(lines)
    window = make_window(doc, 40, 42, coarse=False, locator="L40-L42")
    ex = build_excerpt("The median dose was 200 mg/day.", window, max_tokens=256)
    assert ex.strategy == "locator"
    assert (ex.line_start, ex.line_end) == (40, 42)
    assert lines_of(ex.text) == lines[39:42]
    assert ex.locator == "L40-L42"
    assert ex.source_id == "doc1" and ex.source_path == "evidence/doc1.txt"
    assert "Paragraph 1 " not in ex.text
    assert_offsets_true(ex, doc)


def test_source_path_can_be_given():
    doc = make_document(["One line of text."])
    ex = build_excerpt("text", make_window(doc, coarse=False), source_path="sources/evidence/doc1.txt")
    assert ex.source_path == "sources/evidence/doc1.txt"


def test_a_tight_locator_too_big_for_the_budget_is_centred_not_cut_at_the_top():
    lines = filler(40)
    lines[34] = "The objective response rate was 41% in Arm B."
    doc = make_document(lines)
    window = make_window(doc, 1, 40, coarse=False, locator="L1-L40")
    ex = build_excerpt("Arm B had a 41% response rate.", window, max_tokens=64)
    assert ex.strategy == "atoms"
    assert "41%" in ex.text
    assert ex.line_start > 1
    assert ex.tokens <= 64


# ---------------------------------------------------------------- coarse: atoms, then terms


def big_section(evidence_at: int, evidence: str, n: int = 400) -> list[str]:
    lines = filler(n)
    lines[evidence_at - 1] = evidence
    return lines


def test_coarse_window_centres_on_the_claims_number():
    lines = big_section(300, "Grade 3 neutropenia occurred in 17.5% of participants.")
    doc = make_document(lines)
    ex = build_excerpt("Neutropenia of grade 3 affected 17.5% of patients.", make_window(doc), max_tokens=256)
    assert ex.strategy == "atoms"
    assert 300 in range(ex.line_start, ex.line_end + 1)
    assert "17.5%" in ex.text
    assert_offsets_true(ex, doc)


def test_number_match_uses_value_equivalence():
    lines = big_section(250, "Each participant received 0.12 g once daily.")
    doc = make_document(lines)
    ex = build_excerpt("Participants took 120 mg a day.", make_window(doc), max_tokens=128)
    assert ex.strategy == "atoms"
    assert "0.12 g" in ex.text


def test_number_match_beats_a_line_that_only_shares_words():
    lines = big_section(200, "The overall response rate was reported for every arm.")
    lines[319] = "Overall response: 23 of 60 participants (38.3%)."
    doc = make_document(lines)
    ex = build_excerpt("The overall response rate was 38.3%.", make_window(doc), max_tokens=48)
    assert "38.3%" in ex.text


def test_coarse_window_without_numbers_centres_on_terms():
    lines = big_section(333, "Hepatic impairment required a dose reduction at the investigator's discretion.")
    doc = make_document(lines)
    ex = build_excerpt("A dose reduction was needed for hepatic impairment.", make_window(doc), max_tokens=256)
    assert ex.strategy == "terms"
    assert 333 in range(ex.line_start, ex.line_end + 1)
    assert_offsets_true(ex, doc)


def test_chinese_claim_centres_on_chinese_terms():
    lines = big_section(150, "不良事件导致停药的比例较低，主要为皮疹。")
    doc = make_document(lines)
    ex = build_excerpt("因不良事件停药的患者较少。", make_window(doc), max_tokens=128)
    assert "停药" in ex.text


# ---------------------------------------------------------------- never the first N tokens


def test_never_the_first_n_tokens_when_the_evidence_is_elsewhere():
    lines = big_section(380, "Progression-free survival was 9.1 months (95% CI 6.8 to 10.8).")
    doc = make_document(lines)
    window = make_window(doc)
    first_n = truncate_to_tokens(window.text, 256)
    ex = build_excerpt("Median progression-free survival was 9.1 months.", window, max_tokens=256)
    assert not first_n.startswith(ex.text[:40])
    assert "Paragraph 1 " not in ex.text
    assert "9.1 months" in ex.text


def test_no_match_in_a_large_window_is_an_error_not_the_first_page():
    doc = make_document(filler(300))
    with pytest.raises(ExcerptUnavailable) as info:
        build_excerpt("Cardiac toxicity was uncommon.", make_window(doc), max_tokens=128)
    assert info.value.reason == "no_match"
    assert "evidence/doc1.txt" in str(info.value)


def test_no_match_in_a_window_just_over_the_budget_keeps_nearly_all_of_it():
    # A criteria list a little over the budget, one long line among short ones: nothing
    # matches the claim, so the excerpt is the place minus its longest line — every short
    # line (and the heading) kept, the gap marked — not an error and not a prefix.
    short = [f"Criterion {k}: the garden near the harbor is allowed." for k in range(24)]
    long_line = "A long closing note about the " + " ".join(["orchard lantern meadow violin"] * 20) + "."
    lines = ["Exclusion Criteria:", *short[:12], long_line, *short[12:]]
    doc = make_document(lines)
    window = make_window(doc, coarse=False)
    budget = count_tokens(window.text) - count_tokens(long_line) // 2
    ex = build_excerpt("Cardiac toxicity was uncommon.", window, max_tokens=budget)
    assert ex.tokens <= budget
    assert long_line not in ex.text and ELISION in ex.text
    assert all(line in ex.text for line in lines if line != long_line)
    assert ex.line_start == 1 and ex.line_end == len(lines)
    assert_offsets_true(ex, doc)


def test_no_match_in_a_window_far_over_the_budget_is_still_an_error():
    lines = [f"Criterion {k}: the garden near the harbor is allowed." for k in range(200)]
    doc = make_document(lines)
    with pytest.raises(ExcerptUnavailable) as info:
        build_excerpt("Cardiac toxicity was uncommon.", make_window(doc, coarse=False), max_tokens=256)
    assert info.value.reason == "no_match"


def test_no_match_in_a_small_window_gives_the_whole_window():
    lines = ["Arm A enrolled adults.", "Arm B enrolled adults over sixty."]
    doc = make_document(lines)
    ex = build_excerpt("Cardiac toxicity was uncommon.", make_window(doc, coarse=True), max_tokens=128)
    assert ex.strategy == "locator"
    assert lines_of(ex.text) == lines


def test_a_window_of_only_furniture_is_an_error():
    doc = make_document(["Skip to content", "Accept all", "Menu"])
    with pytest.raises(ExcerptUnavailable) as info:
        build_excerpt("anything", make_window(doc, coarse=False))
    assert info.value.reason == "empty_window"


def test_budget_below_the_minimum_is_refused():
    doc = make_document(["One line."])
    with pytest.raises(ValueError, match="max_tokens"):
        build_excerpt("line", make_window(doc), max_tokens=4)


# ---------------------------------------------------------------- tight


def test_small_evidence_in_a_large_section_gives_a_small_excerpt():
    lines = big_section(210, "The trial enrolled 1480 participants across 12 sites.")
    doc = make_document(lines)
    ex = build_excerpt("1480 participants were enrolled.", make_window(doc), max_tokens=512)
    assert "1480 participants" in ex.text
    assert len(ex.spans) == 1
    assert ex.line_end - ex.line_start <= 2  # the line and at most one neighbour either side
    assert ex.tokens <= 64, ex.text  # a ceiling, not a fill level
    assert ex.tokens < count_tokens(truncate_to_tokens(doc.text, 512)) // 4


def test_tight_locator_is_not_padded_with_neighbours():
    lines = filler(100)
    lines[49] = "Serum creatinine above 1.5 mg/dL was an exclusion criterion."
    doc = make_document(lines)
    ex = build_excerpt("Creatinine above 1.5 mg/dL excluded patients.", make_window(doc, 50, 50, coarse=False), max_tokens=512)
    assert lines_of(ex.text) == [lines[49]]


# ---------------------------------------------------------------- furniture never reaches the judge


def web_capture() -> list[str]:
    return [
        "Skip to main content",
        "We use cookies to give you the best experience. Accept all",
        "Accept all",
        "Home › Guidance › Dosing",
        "Menu",
        "Share this page",
        *filler(120),
        "Dosing",
        "The starting dose is 12.5 mg once daily, increased every 2 weeks.",
        "Titrate to a target of 50 mg daily as tolerated.",
        *filler(60, start=500),
        "© 2024 Example Publisher. All rights reserved.",
    ]


def test_navigation_cookie_banner_and_skip_link_are_stripped_from_the_excerpt():
    doc = make_document(web_capture(), media="html")
    window = make_window(doc)
    ex = build_excerpt("The starting dose is 12.5 mg once daily.", window, max_tokens=512)
    for furniture in ("Skip to main content", "cookies", "Accept all", "Home ›", "Menu", "Share this page", "©"):
        assert furniture not in ex.text
    assert "12.5 mg once daily" in ex.text


def test_a_small_page_with_furniture_is_used_whole_minus_the_furniture():
    lines = ["Skip to content", "Menu", "Accept all", "Dosing", "The starting dose is 12.5 mg once daily.", "Share this page"]
    doc = make_document(lines, media="html")
    ex = build_excerpt("Start at 12.5 mg.", make_window(doc, coarse=False), max_tokens=256)
    assert lines_of(ex.text) == ["Dosing", "The starting dose is 12.5 mg once daily."]
    assert ex.strategy == "locator"


def test_running_heads_are_stripped_but_a_line_with_the_claims_number_is_kept():
    lines, spans = [], []
    for p in range(1, 6):
        first = len(lines) + 1
        lines.append("Clinical Guideline on Dosing — Version 2")
        lines.extend(filler(8, start=p * 100))
        if p == 4:
            lines.append("Renal dosing: reduce to 250 mg when clearance is below 30 mL/min.")
        lines.append(f"Page {p} of 5")
        spans.append((first, len(lines)))
    doc = make_document(lines, pages=spans)
    window = make_window(doc, coarse=True)
    ex = build_excerpt("Reduce to 250 mg below 30 mL/min clearance.", window, max_tokens=512)
    assert "Clinical Guideline on Dosing" not in ex.text
    assert "Page 4 of 5" not in ex.text
    assert "reduce to 250 mg" in ex.text
    # ... but when the running head carries the claim's number, it stays available
    lines2 = ["Report 2031", *filler(5, 1), "Report 2031", *filler(5, 200), "Report 2031", *filler(5, 300)]
    doc2 = make_document(lines2, pages=((1, 6), (7, 12), (13, 18)))
    ex2 = build_excerpt("The report dates from 2031.", make_window(doc2, coarse=True), max_tokens=128)
    assert "Report 2031" in ex2.text


# ---------------------------------------------------------------- context and structure


def results_section() -> list[str]:
    out = ["Outcome Measurement:", "Progression-free Survival", "Time from randomisation to progression.", "Time frame: 3 years"]
    for k, (title, value) in enumerate([("Arm A", "9.1 (6.8 to 10.8)"), ("Arm B", "7.1 (5.6 to 10.8)")], 1):
        out += [
            f"Results {k}:",
            f"Arm/Group Title: {title}",
            "Arm/Group Description: " + " ".join(filler(3, start=k * 10)),
            f"Overall Number of Participants Analyzed: {50 + k}",
            "Median (95% Confidence Interval)",
            f"Unit of Measure: months {value}",
        ]
    return out


def test_a_result_line_brings_its_arm_heading_and_title():
    lines = results_section() + ["Other Outcome Measures:"] + filler(200)
    doc = make_document(lines, media="json")
    ex = build_excerpt("Median PFS in Arm B was 7.1 months.", make_window(doc, coarse=True), max_tokens=512)
    text = ex.text
    assert "Unit of Measure: months 7.1" in text
    assert "Results 2:" in text and "Arm/Group Title: Arm B" in text
    assert "Outcome Measurement:" in text and "Progression-free Survival" in text
    assert ex.line_end <= len(results_section())  # none of the unrelated text after it
    assert_offsets_true(ex, doc)


def test_non_contiguous_parts_are_joined_with_an_elision_line_in_document_order():
    lines = big_section(100, "Arm A: 30 participants had a partial response.")
    lines[299] = "Arm B: 30 participants had stable disease."
    doc = make_document(lines)
    ex = build_excerpt("30 participants in each arm responded.", make_window(doc), max_tokens=256)
    assert ELISION in ex.text
    assert len(ex.spans) >= 2
    assert [s.line_start for s in ex.spans] == sorted(s.line_start for s in ex.spans)
    assert ex.text.index("Arm A") < ex.text.index("Arm B")
    assert_offsets_true(ex, doc)


def test_a_claim_about_the_whole_place_gets_the_whole_window_when_it_fits():
    lines = ["Adverse Events 1:", "Total: 5/40 (12.50%)", "Nausea 3/40 (7.50%)", "Rash 1/40 (2.50%)", "Fatigue 1/40 (2.50%)"]
    lines += [f"Event {k} 0/40 (0.00%)" for k in range(60)]
    doc = make_document(lines, media="json")
    window = make_window(doc, coarse=True)
    ex = build_excerpt("Nausea was the most common adverse event.", window, max_tokens=1024)
    assert lines_of(ex.text) == [line for line in lines]
    narrow = build_excerpt("Nausea occurred in 3/40 patients.", window, max_tokens=1024)
    assert narrow.tokens < ex.tokens // 3


def test_scope_words():
    assert quantifies_over_window("Nausea was the most common adverse event.")
    assert quantifies_over_window("None of the participants had a rash.")
    assert quantifies_over_window("两组的结局指标相同。")
    assert not quantifies_over_window("Nausea occurred in 3 of 40 participants.")


def test_a_single_segment_larger_than_the_budget_is_cut_around_the_match():
    long_line = " ".join(f"Clause {k} concerns an unrelated procedure detail" for k in range(120))
    long_line = long_line.replace("Clause 90 ", "Clause 90 states a loading dose of 875 mg and ")
    doc = make_document(["Intro.", long_line + "."], media="json")
    ex = build_excerpt("A loading dose of 875 mg was given.", make_window(doc, coarse=True), max_tokens=64)
    assert "875 mg" in ex.text
    assert ex.tokens <= 64
    assert ex.text.startswith("…") and ex.text.endswith("…")
    span = ex.spans[0]
    assert flat(ex.text.strip("…")) in flat(doc.text[span.char_start : span.char_end]) or flat(
        doc.text[span.char_start : span.char_end]
    ) in flat(ex.text.strip("…"))


# ---------------------------------------------------------------- budget


@pytest.mark.parametrize("budget", [16, 24, 48, 96, 200, 512])
def test_the_budget_is_never_exceeded(budget):
    lines = results_section() * 6 + big_section(40, "Unit of Measure: months 7.1 (5.6 to 10.8)", n=80)
    doc = make_document(lines, media="json")
    for claim in (
        "Median PFS in Arm B was 7.1 months.",
        "The most common outcome was progression-free survival.",
        "Participants analysed were 52.",
        "river mountain garden",
    ):
        for coarse in (True, False):
            ex = build_excerpt(claim, make_window(doc, coarse=coarse), max_tokens=budget)
            assert ex.tokens <= budget
            assert count_tokens(ex.text) == ex.tokens


def test_a_reflowed_source_keeps_true_line_numbers():
    lines = filler(80) + [
        "For patients over 65 years the",
        "recommended dose is 250 mg at night.",
    ] + filler(80, start=300)
    doc = make_document(lines)
    ex = build_excerpt("Patients over 65 take 250 mg at night.", make_window(doc), max_tokens=128)
    assert "For patients over 65 years the recommended dose is 250 mg at night." in ex.text
    assert len(ex.spans) == 1
    assert ex.spans[0].line_start <= 81 and ex.spans[0].line_end >= 82
    assert ex.spans[0].line_end - ex.spans[0].line_start <= 3  # the two wrapped lines and a neighbour each side
    assert_offsets_true(ex, doc)


def test_a_window_without_segments_is_segmented_the_shared_way():
    lines = big_section(120, "Grade 3 neutropenia occurred in 17.5% of participants.")
    doc = make_document(lines)
    window = replace(make_window(doc), segments=())
    ex = build_excerpt("17.5% had grade 3 neutropenia.", window, max_tokens=128)
    assert "17.5%" in ex.text
    assert_offsets_true(ex, doc)


# ---------------------------------------------------------------- located or not


def criteria_section() -> list[str]:
    things = [f"{a} {b}" for a in ("garden", "river", "harbor", "orchard", "meadow", "lantern")
              for b in ("levels", "counts", "scores", "records", "history", "status", "tests", "ratios")]
    lines = ["Inclusion Criteria:", *(f"Must have normal {t} at entry." for t in things[:30])]
    lines += ["Exclusion Criteria:", *(f"Abnormal {t} during the screening period." for t in things[30:])]
    lines[30:33] = [f"Patients are excluded with abnormal {t}." for t in ("heart rhythm", "lung volume", "liver size")]
    lines.insert(10, "No history of abdominal fistula or gastrointestinal perforation in the past 6 months.")
    lines.insert(20, "A long note on " + " ".join(["violin pencil window mountain"] * 30) + ".")
    return lines


def test_a_claim_that_locates_nothing_reads_as_many_lines_as_the_budget_holds():
    lines = criteria_section()
    doc = make_document(lines)
    window = make_window(doc, coarse=True)
    assert count_tokens(window.text) > 2 * 256
    ex = build_excerpt("Hypokalaemic patients are excluded from the trial.", window, max_tokens=256)
    assert ex.tokens <= 256
    kept = [line for line in lines if line in ex.text]
    assert len(kept) >= 15  # short criteria fill the budget ...
    assert lines[20] not in ex.text  # ... before one long line that matches nothing
    assert_offsets_true(ex, doc)


def test_a_claim_that_locates_its_evidence_stays_tight():
    lines = criteria_section()
    doc = make_document(lines)
    ex = build_excerpt(
        "A history of abdominal fistula or perforation within 6 months rules a candidate out.",
        make_window(doc, coarse=True),
        max_tokens=256,
    )
    assert lines[10] in ex.text
    assert ex.tokens < 128
    assert len([line for line in lines if line in ex.text]) <= 6


def small_criteria_section() -> list[str]:
    lines = ["Inclusion Criteria:", *(f"Must have normal {t} {u} levels at entry." for t in
             ("garden", "river", "harbor", "orchard", "meadow", "lantern", "violin", "pencil")
             for u in ("calm", "bright"))]
    lines += ["Exclusion Criteria:", *(f"No {t} disorder of the {u} kind." for t, u in
              (("window", "mountain"), ("river", "harbor"), ("garden", "orchard"), ("meadow", "lantern")))]
    lines.insert(19, "No history of abdominal fistula or gastrointestinal perforation in the past 6 months.")
    lines.insert(21, "No history of myocardial infarction, stroke or transient ischemic attacks in the last 6 months.")
    return lines


def test_a_tight_locator_is_centred_when_the_claim_names_its_lines_precisely():
    lines = small_criteria_section()
    doc = make_document(lines)
    window = make_window(doc, coarse=False, locator="Eligibility")
    assert count_tokens(window.text) <= 512
    claim = ("Patients with a history of abdominal fistula, gastrointestinal perforation, myocardial "
             "infarction, stroke or transient ischemic attacks within 6 months are excluded.")
    ex = build_excerpt(claim, window, max_tokens=512)
    assert lines[19] in ex.text and lines[21] in ex.text and "Exclusion Criteria:" in ex.text
    assert ex.tokens < count_tokens(window.text) * 0.8
    assert "Must have normal violin calm levels at entry." not in ex.text
    assert_offsets_true(ex, doc)


def test_a_tight_locator_stays_whole_for_a_vague_or_quantified_claim():
    lines = small_criteria_section()
    doc = make_document(lines)
    window = make_window(doc, coarse=False, locator="Eligibility")
    for claim in ("Patients with a history of stroke are excluded.",
                  "All patients with a history of abdominal fistula, gastrointestinal perforation, myocardial "
                  "infarction, stroke or transient ischemic attacks within 6 months are excluded."):
        ex = build_excerpt(claim, window, max_tokens=512)
        assert ex.strategy == "locator"
        assert lines_of(ex.text) == lines


# ---------------------------------------------------------------- a tight place the claim does not pinpoint


def exclusion_list() -> list[str]:
    """Short criteria, one long preamble line, and the evidence at the very end — a claim
    that paraphrases it ("an organ transplant" for "major surgery") shares no word with it."""
    lines = ["Exclusion Criteria:"]
    lines += [f"The participant has abnormal {t} {u} at screening." for t in ("garden", "river", "harbor", "orchard")
              for u in ("levels", "counts", "scores", "records", "ratios")]
    lines.insert(3, "The participant has " + " ".join(["violin pencil window mountain"] * 18) + " at screening. "
                 "A second sentence about the " + " ".join(["meadow lantern"] * 10) + ".")
    lines.append("The participant has undergone major surgery within 28 days prior to registration.")
    return lines


def test_a_tight_place_just_over_the_budget_that_the_claim_does_not_pinpoint_is_read_nearly_whole():
    lines = exclusion_list()
    doc = make_document(lines)
    window = make_window(doc, coarse=False, locator="Eligibility")
    budget = count_tokens(window.text) - count_tokens(lines[3]) // 2
    ex = build_excerpt("A participant with an organ transplant last month is excluded at screening.", window, max_tokens=budget)
    assert ex.tokens <= budget and ex.strategy == "locator"
    assert lines[-1] in ex.text  # the real evidence, last in the place, is kept
    assert all(line in ex.text for k, line in enumerate(lines) if k != 3)
    # The long line goes whole — not one of its sentences kept and the other cut.
    assert "violin" not in ex.text and "meadow" not in ex.text and ELISION in ex.text
    assert_offsets_true(ex, doc)


def test_centring_wins_when_it_keeps_more_of_the_place_whole():
    # The claim's one word is in one sentence of a long line. Read "nearly whole", the place
    # would keep that long line and lose several short ones; centred, it keeps the sentence
    # and fills the budget with every short line — more of the place whole: centring wins.
    lines = ["Results:", *(f"Arm {k} enrolled {10 + k} adults in the garden cohort." for k in range(12))]
    pairs = list(zip(["harbor", "river", "window", "pencil", "mountain", "lantern"],
                     ["meadow", "violin", "orchard", "garden", "harbor", "river"]))
    long_line = " ".join(
        [*(f"The {w} assessment used the {v} scale, described at length for the staff of each ward and site."
           for w, v in pairs),
         "Nausea was graded weekly by nurses.",
         *(f"The {v} review followed the {w} protocol, described at length for the staff of each ward and site."
           for w, v in pairs)]
    )
    lines.insert(6, long_line)
    doc = make_document(lines)
    window = make_window(doc, coarse=False, locator="Results")
    budget = count_tokens(window.text) - 40
    ex = build_excerpt("Nausea was common.", window, max_tokens=budget)
    assert ex.tokens <= budget
    assert "Nausea was graded weekly by nurses." in ex.text
    assert "The harbor assessment" not in ex.text
    assert all(line in ex.text for k, line in enumerate(lines) if k != 6)
    assert_offsets_true(ex, doc)


def test_nearly_whole_drops_the_smallest_line_that_is_enough_not_the_longest():
    short = [f"Criterion {k}: abnormal garden counts are allowed." for k in range(10)]
    medium = "A note on the " + " ".join(["river harbor"] * 20) + " records."
    huge = "A longer note on the " + " ".join(["orchard lantern meadow"] * 40) + " records."
    lines = ["Exclusion Criteria:", *short[:5], medium, *short[5:], huge]
    doc = make_document(lines)
    window = make_window(doc, coarse=False, locator="Eligibility")
    budget = count_tokens(window.text) - count_tokens(medium) // 2
    ex = build_excerpt("Cardiac surgery in the past year excludes a candidate.", window, max_tokens=budget)
    assert ex.tokens <= budget
    assert medium not in ex.text and huge in ex.text  # 45 tokens lost, not 120
    assert all(line in ex.text for line in short)


def test_nearly_whole_keeps_a_headings_label_line():
    # The label under a heading names what the lines below it measure: it is dropped only
    # after every plain line, even when it alone would be enough.
    label = "Share of the garden cohort with a response"
    plain = [f"Assessed by the {w} team at the harbor site in cycle {k}." for k, w in
             enumerate(["river", "meadow", "violin", "pencil", "window", "orchard", "lantern", "mountain"] * 3)]
    lines = ["Outcome Measurement:", label, *plain]
    doc = make_document(lines)
    window = make_window(doc, coarse=False, locator="Results")
    budget = count_tokens(window.text) - count_tokens(label) + 2
    assert min(count_tokens(p) for p in plain) > count_tokens(label) and budget > 160
    ex = build_excerpt("Cardiac toxicity was uncommon.", window, max_tokens=budget)  # matches nothing
    assert ex.tokens <= budget
    assert label in ex.text
    assert 1 <= sum(p not in ex.text for p in plain) <= 3  # a line or a few: the estimate is close, not exact


def test_nearly_whole_drops_whole_lines_not_sentences():
    # One line of two sentences; dropping its short sentence alone would be enough, but a
    # criterion read in half is worse than one not read: the whole line goes.
    short = [f"Criterion {k}: abnormal garden counts in cycle {k} are allowed." for k in range(16)]
    first = "The river note: " + " ".join(["orchard lantern meadow"] * 15) + "."
    second = "The harbor note applies to the violin pencil window cohort."
    lines = ["Exclusion Criteria:", *short[:8], f"{first} {second}", *short[8:]]
    doc = make_document(lines)
    window = make_window(doc, coarse=False, locator="Eligibility")
    budget = count_tokens(window.text) - count_tokens(second) + 3
    ex = build_excerpt("Cardiac toxicity was uncommon.", window, max_tokens=budget)  # matches nothing
    assert ex.tokens <= budget
    assert "orchard" not in ex.text and "harbor note" not in ex.text
    assert all(line in ex.text for line in short)


def test_separate_and_distinct_are_claims_about_the_whole_place():
    assert quantifies_over_window("The trial uses separate criteria for its two phases.")
    assert quantifies_over_window("Each phase has distinct inclusion criteria.")
    assert not quantifies_over_window("The trial separated patients by age.")  # a verb, not a scope word
