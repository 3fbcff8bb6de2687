"""Repeated lines are sent once: the marker, its limits, and that it is lossless."""

from __future__ import annotations

from excerpt_docs import assert_offsets_true, make_document, make_window
from hypothesis import given, settings
from hypothesis import strategies as st

from excerpt.builder import ELISION, build_excerpt
from excerpt.repeats import MIN_TOKENS, collapse_repeats, expand_repeats, marker
from excerpt.tokens import count_tokens

DESCRIPTION = [
    "Imaging workflow: participants are screened for contraindications before the scan.",
    "An intravenous line is placed by the study nurse.",
    "Scout images are acquired and shims adjusted.",
    "Contrast is injected and acquisition continues for twelve minutes after it.",
]


def arms_section() -> list[str]:
    return [
        "Outcome Measurement:",
        "Lesions detected",
        "Results 1:",
        "Arm/Group Title: Volunteers",
        *DESCRIPTION,
        "Overall Number of Participants Analyzed: 8",
        "Unit of Measure: lesions 0",
        "Results 2:",
        "Arm/Group Title: Patients",
        *DESCRIPTION,
        "Overall Number of Participants Analyzed: 23",
        "Unit of Measure: lesions 12",
    ]


def collapse(lines: list[str]) -> list[str]:
    return collapse_repeats(lines, count_tokens, gap=ELISION)


# ---------------------------------------------------------------- the marker


def test_a_long_repeated_run_is_sent_once_and_the_marker_quotes_its_start():
    lines = arms_section()
    out = collapse(lines)
    assert out.count(DESCRIPTION[1]) == 1
    assert marker(4, "Imaging workflow: participants") in out
    # every line that is not a repeat stays, in its place
    assert out[out.index("Arm/Group Title: Patients") + 1].startswith("[4 lines repeated from above")
    assert out[-2:] == lines[-2:]
    assert expand_repeats("\n".join(out)) == "\n".join(lines)


def test_lines_that_differ_are_all_sent():
    lines = arms_section()
    lines[-5] = DESCRIPTION[1].replace("study nurse", "site nurse")
    out = collapse(lines)
    assert lines[-5] in out
    # the runs before and after the changed line are each repeats of their own
    assert expand_repeats("\n".join(out)) == "\n".join(lines)


def test_a_short_repeated_run_is_shown_again():
    short = ["Results 1:", "Arm A", "Total: 2/35", "Results 2:", "Arm A", "Total: 2/35"]
    assert count_tokens("Arm A\nTotal: 2/35") < MIN_TOKENS
    assert collapse(short) == short


def test_a_run_just_long_enough_collapses_and_one_token_less_does_not():
    def line_of(tokens: int) -> str:
        return " ".join(["word"] * tokens)  # " word" is one token

    for size, collapsed in ((MIN_TOKENS, True), (MIN_TOKENS - 1, False)):
        text = line_of(size)
        assert count_tokens(text) == size
        out = collapse(["head", text, "middle", text])
        assert (text not in out[3:] and len(out) == 4) is collapsed, size


def test_the_gap_line_is_never_part_of_a_run():
    lines = [*DESCRIPTION, ELISION, *DESCRIPTION[:2], ELISION, *DESCRIPTION[2:]]
    out = collapse(lines)
    assert out.count(ELISION) == 2
    assert expand_repeats("\n".join(out)) == "\n".join(lines)


def test_the_marker_points_at_the_nearest_earlier_copy_it_names():
    # Two earlier lines share their first words; the marker quotes enough words to tell
    # which one the run repeats.
    a = "Arm description: participants received the study agent twice a day for eight weeks in total."
    b = "Arm description: participants received the comparator once a day for eight weeks in total."
    lines = [a, "sep", b, "sep 2", a]
    out = collapse(lines)
    assert out[-1] == marker(1, "Arm description: participants received the study")
    assert expand_repeats("\n".join(out)) == "\n".join(lines)


def test_a_source_line_shaped_like_a_marker_turns_collapsing_off():
    fake = marker(2, "Imaging workflow: participants")
    lines = [*DESCRIPTION, fake, *DESCRIPTION]
    assert collapse(lines) == lines


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([*DESCRIPTION, "short", "Arm/Group Title: A", ELISION, "x y z w v u t s r q p o n m l k j i"]), max_size=30))
def test_collapsing_is_lossless(lines):
    out = collapse(lines)
    assert expand_repeats("\n".join(out)) == "\n".join(lines)
    assert count_tokens("\n".join(out)) <= count_tokens("\n".join(lines))


# ---------------------------------------------------------------- in the builder


def test_a_claim_about_both_arms_reads_both_results_with_the_shared_description_once():
    lines = arms_section()
    doc = make_document(lines)
    window = make_window(doc, 1, len(lines), coarse=False, locator="Results")
    ex = build_excerpt("All participants in both groups had lesions.", window, max_tokens=512)
    assert ex.strategy == "locator"
    assert "lesions 0" in ex.text and "lesions 12" in ex.text
    assert ex.text.count(DESCRIPTION[1]) == 1
    assert ex.tokens == count_tokens(ex.text) < count_tokens("\n".join(lines))
    assert_offsets_true(ex, doc)


def test_the_repeat_lets_a_window_fit_whole_that_would_not_fit_shown_twice():
    lines = arms_section()
    doc = make_document(lines)
    window = make_window(doc, 1, len(lines), coarse=False, locator="Results")
    budget = count_tokens("\n".join(lines)) - 10
    ex = build_excerpt("All participants in both groups had lesions.", window, max_tokens=budget)
    assert ELISION not in ex.text
    assert expand_repeats(ex.text) == "\n".join(lines)


def test_a_run_stops_at_a_gap_even_when_the_earlier_copy_has_one_in_the_same_place():
    block = [*DESCRIPTION[:2], ELISION, *DESCRIPTION[2:]]
    lines = [*block, "Results 2:", *block]
    out = collapse(lines)
    assert out.count(ELISION) == 2  # the parts of the excerpt stay apart
    assert expand_repeats("\n".join(out)) == "\n".join(lines)


def test_a_third_copy_is_collapsed_too():
    lines = [*DESCRIPTION, "Results 2:", *DESCRIPTION, "Results 3:", *DESCRIPTION]
    out = collapse(lines)
    assert out.count(marker(4, "Imaging workflow: participants")) == 2
    assert expand_repeats("\n".join(out)) == "\n".join(lines)
