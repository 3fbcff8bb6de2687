"""The other ways a list gives each item its figure (red team rt33, "lists2").

The bad cases this guards, each passed: "Rash was reported with drugX in 29%" against a list
written with colons ("rash: 38%, diarrhoea: 29%"), square brackets ("rash [38%]"), figures first
("38% rash, 29% diarrhoea"); "Proteinuria … in 24%" against "hypertension and proteinuria (24% and
11%)" (a respectively list with no "respectively"); "Rash of any grade … in 5%" against "rash (any
grade 38%, grade 3 or higher 5%)"; "Neutropenia was reported with drugX in 9%" against
"neutropenia (12% vs 9% with placebo)"; and "The objective response rate with placebo was 45%"
against "45% and 30% in the drugX and placebo arms, respectively" (the items after the figures).
"""

from __future__ import annotations

import pytest

from tests.values.helpers import binding_reason as differs
from tests.values.helpers import list_readings as _items
from tests.values.helpers import verify_pairs

HEAD = "Adverse events reported with drugX were "
COLON = HEAD + "rash: 38%, diarrhoea: 29%, fatigue: 21%."
SQUARE = HEAD + "rash [38%], diarrhoea [29%] and fatigue [21%]."
SEMI = "Adverse events reported with drugX: rash (38%); diarrhoea (29%); fatigue (21%)."
FIRST = HEAD + "38% rash, 29% diarrhoea and 21% fatigue."
BARE = HEAD + "hypertension and proteinuria (24% and 11%)."
GRADES = HEAD + "rash (any grade 38%, grade 3 or higher 5%) and diarrhoea (29%)."
VERSUS = HEAD + "neutropenia (12% vs 9% with placebo) and thrombocytopenia (7% vs 2%)."
AFTER = "Objective response rates were 45% and 30% in the drugX and placebo arms, respectively."
SWAPPED = "The response rates were 45% and 30% with placebo and drugX, respectively."
PAIRS = HEAD + "nausea and vomiting (12%), hand-foot syndrome (18%) and mucositis (7%)."

MOVED = [
    ("Rash was reported with drugX in 29%.", COLON),
    ("Diarrhoea was reported with drugX in 38%.", COLON),
    ("Rash was reported with drugX in 29%.", SQUARE),
    ("Rash was reported with drugX in 29%.", SEMI),
    ("Rash was reported with drugX in 29%.", FIRST),
    ("Fatigue was reported with drugX in 38%.", FIRST),
    ("Proteinuria was reported with drugX in 24%.", BARE),
    ("Hypertension was reported with drugX in 11%.", BARE),
    ("Rash of any grade was reported with drugX in 5%.", GRADES),
    ("Neutropenia was reported with drugX in 9%.", VERSUS),
    ("The objective response rate with placebo was 45%.", AFTER),
    ("The response rate with placebo was 30%.", SWAPPED),
    ("Mucositis was reported with drugX in 12%.", PAIRS),
]

KEPT = [
    ("Rash was reported with drugX in 38%.", COLON),
    ("Diarrhoea was reported with drugX in 29%.", COLON),
    ("Fatigue was reported with drugX in 21%.", SQUARE),
    ("Rash was reported with drugX in 38%.", SEMI),
    ("Rash was reported with drugX in 38%.", FIRST),
    ("Diarrhoea was reported with drugX in 29%.", FIRST),
    ("Fatigue was reported with drugX in 21%.", FIRST),
    (FIRST, FIRST),
    ("Proteinuria was reported with drugX in 11%.", BARE),
    ("Hypertension was reported with drugX in 24%.", BARE),
    (BARE, BARE),
    ("Rash of any grade was reported with drugX in 38%.", GRADES),
    ("Grade 3 or higher rash was reported with drugX in 5%.", GRADES),
    ("Rash was reported with drugX in 38%.", GRADES),
    ("Diarrhoea was reported with drugX in 29%.", GRADES),
    ("Neutropenia was reported with drugX in 12%.", VERSUS),
    ("Neutropenia was reported with placebo in 9%.", VERSUS),
    ("The objective response rate with placebo was 30%.", AFTER),
    ("The objective response rate was 45% with drugX.", AFTER),
    (AFTER, AFTER),
    ("The response rate with drugX was 30%.", SWAPPED),
    ("Nausea and vomiting were reported with drugX in 12%.", PAIRS),
    ("Hand-foot syndrome was reported with drugX in 18%.", PAIRS),
    ("An adverse event was reported with drugX in 29%.", COLON),  # names no item
]


@pytest.mark.parametrize(("claim", "source"), MOVED)
def test_a_figure_given_to_another_item_of_its_list_differs(claim, source):
    why = differs(claim, source)
    assert why is not None and "with another figure" in why


@pytest.mark.parametrize(("claim", "source"), KEPT)
def test_a_figure_given_to_its_own_item_does_not_differ(claim, source):
    assert differs(claim, source) is None


def test_a_colon_or_a_square_bracket_marks_a_figure_as_its_item_like_a_bracket():
    assert _items(COLON) == [[("38%", "adverse events reported with drugx were rash"), ("29%", "diarrhoea"),
                              ("21%", "fatigue")]]
    assert _items(SQUARE) == _items(COLON)
    # a colon between digits is a time or a ratio, no item's mark
    assert _items("Doses were given at 10:30 and 12:30.") == []


def test_a_semicolon_joins_the_items_of_a_list():
    assert _items(SEMI) == [[("38%", "rash"), ("29%", "diarrhoea"), ("21%", "fatigue")]]


def test_a_figure_written_first_is_the_item_after_it_up_to_the_join():
    assert _items(FIRST) == [[("38%", "rash"), ("29%", "diarrhoea"), ("21%", "fatigue")]]
    # a join right after a figure names the item before it; figures joined directly are one run
    assert _items("Rates were rash 38%, diarrhoea 29% and fatigue 21%.") == []
    assert _items("Rates were 38%, 29% and 21% overall.") == []
    # an item holding a join itself: where it ends is open
    assert _items("Median PFS was 11.5 months with drugX and drugY and 6.9 months with drugX alone.") == []


def test_a_run_all_its_bracket_holds_is_a_respectively_list_without_the_word():
    assert _items(BARE) == [[("24%", "adverse events reported with drugx were hypertension"), ("11%", "proteinuria")]]
    # a run of figures in the middle of words, with no "respectively", is none
    assert _items("Hypertension and proteinuria were seen in 24% and 11% of patients.") == []


def test_the_figures_inside_one_bracket_are_each_their_own_piece():
    assert _items(GRADES)[1] == [("38%", "any grade 38%"), ("5%", "grade 3 or higher 5%")]
    # a piece of no words is the bracket's item
    assert _items(VERSUS)[1] == [("12%", "adverse events reported with drugx were neutropenia"),
                                 ("9%", "9% with placebo")]
    # no piece with words of its own: no sub-list (the list of the brackets only)
    assert len(_items(HEAD + "rash (38% and 12%) and diarrhoea (29% and 10%).")) == 1


def test_a_respectively_list_with_its_items_after_the_figures():
    assert _items(AFTER) == [[("45%", "in the drugx"), ("30%", "placebo arms")]]
    assert _items(SWAPPED) == [[("45%", "with placebo"), ("30%", "drugx")]]
    # items before the figures are read first (as before)
    assert _items("Rates with drugX and placebo were 45% and 30% in adults, respectively.") == [
        [("45%", "rates with drugx"), ("30%", "placebo were")]]


def test_a_figure_moved_to_the_other_arm_after_the_figures_is_not_passed():
    assert differs("The objective response rate with drugX was 30%.", AFTER) is not None


def test_the_message_names_the_items_not_the_head_of_the_list():
    why = differs("Rash was reported with drugX in 29%.", COLON)
    assert "'rash'" in why and "'diarrhoea'" in why and "adverse" not in why
    why = differs("Mucositis was reported with drugX in 12%.", PAIRS)
    assert "'nausea and vomiting'" in why and "adverse" not in why
    why = differs("Neutropenia was reported with drugX in 9%.", VERSUS)
    assert "'neutropenia'" in why and "adverse" not in why


def test_through_the_pipeline_a_moved_figure_is_not_passed_and_its_own_passes(tmp_path):
    pairs = [(COLON, "Rash was reported with drugX in 29%."), (FIRST, "Rash was reported with drugX in 29%."),
             (BARE, "Proteinuria was reported with drugX in 24%."),
             (GRADES, "Rash of any grade was reported with drugX in 5%."),
             (VERSUS, "Neutropenia was reported with drugX in 9%."),
             (AFTER, "The objective response rate with placebo was 45%."),
             (COLON, "Rash was reported with drugX in 38%."), (FIRST, "Diarrhoea was reported with drugX in 29%."),
             (BARE, "Proteinuria was reported with drugX in 11%."),
             (GRADES, "Rash of any grade was reported with drugX in 38%."),
             (VERSUS, "Neutropenia was reported with drugX in 12%."),
             (AFTER, "The objective response rate was 45% with drugX.")]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["undecided"] * 6 + ["pass"] * 6


GRADE_AFTER = HEAD + "rash (38%; grade 3, 4%) and diarrhoea (29%; grade 3, 2%)."


def test_a_piece_ends_after_its_figure_not_at_every_join():
    # "grade 3, 4%" is one piece: the comma after "grade 3" follows no figure of the bracket's kind
    assert _items(GRADE_AFTER)[1] == [("38%", "adverse events reported with drugx were rash"), ("4%", "grade 3, 4%")]
    assert differs("Rash was reported with drugX in 4%.", GRADE_AFTER) is not None
    assert differs("Grade 3 rash was reported with drugX in 4%.", GRADE_AFTER) is None


def test_the_respectively_word_among_the_items_after_the_figures_is_no_item():
    assert _items("Objective response rates were 45% and 30%, respectively, in the drugX and placebo arms.") == [
        [("45%", "in the drugx"), ("30%", "placebo arms")]]


# rt33 l5: two items joined by a bare comma alone, each a figure then the words naming what it counts
COMMA_PAIR = HEAD + "38% rash, 29% diarrhoea."


def test_a_bare_comma_run_of_named_figures_ending_its_clause_is_a_list():
    assert _items(COMMA_PAIR) == [[("38%", "rash"), ("29%", "diarrhoea")]]
    assert _items(HEAD + "38% rash, 29% diarrhoea, 21% fatigue.") == [
        [("38%", "rash"), ("29%", "diarrhoea"), ("21%", "fatigue")]]
    assert _items("Enrolment: 120 women, 80 men.") == [[("120", "women"), ("80", "men")]]


@pytest.mark.parametrize("text", [
    # an item that states or qualifies, not names: two statements, or one figure and its aside
    "Agent X gave a 38% response rate, 29% of whom relapsed.",
    "Of the 120 enrolled patients, 100 were evaluable for response.",
    "The response rate was 38% overall, 29% in women.",
    "Adverse events were 38% rash, 29% had diarrhoea.",
    # the clause goes on after the last item, or an item is more than a few words
    "Adverse events were 38% rash, 29% diarrhoea in the first cycle.",
    "Adverse events were 38% rash, 29% diarrhoea 12 weeks after dosing.",
    "Adverse events were 38% rash, 29% diarrhoea (any grade).",
    "Adverse events were 38% mild transient maculopapular rash, 29% diarrhoea.",
    # figures of other kinds are no run at all
    "In 2019, 29% of patients responded.",
    "At 12 months, 45% responded.",
])
def test_a_bare_comma_run_that_is_no_list_is_not_read_as_one(text):
    assert _items(text) == []


def test_through_the_pipeline_a_bare_comma_pair_moves_no_figure(tmp_path):
    pairs = [(COMMA_PAIR, "Rash was reported with drugX in 29%."),
             (COMMA_PAIR, "Diarrhoea was reported with drugX in 38%."),
             (COMMA_PAIR, "Rash was reported with drugX in 38%."),
             (COMMA_PAIR, "Diarrhoea was reported with drugX in 29%."),
             (COMMA_PAIR, COMMA_PAIR),
             # bare commas that list nothing: honest claims still pass
             # ("a 38% response rate, 29% of whom relapsed" is read as no list above; its claims go to
             # the judge on share_base's 'of whom', as before this reading)
             ("The response rate with agent X was 38% overall, 29% in women.", "The response rate with agent X was 29% in women."),
             ("The response rate with agent X was 38% overall, 29% in women.", "The response rate with agent X was 38% overall."),
             ("In 2019, 29% of patients given agent X responded.", "In 2019, 29% of patients given agent X responded."),
             ("At 12 months, 45% of patients given agent X responded.", "At 12 months, 45% of patients given agent X responded."),
             ("Of the 120 enrolled patients, 100 were evaluable for agent X.", "100 patients were evaluable for agent X.")]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["undecided"] * 2 + ["pass"] * 8
