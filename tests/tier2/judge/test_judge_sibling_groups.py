"""The answer check holds a supported quote to its group and to the claim's direction.

rt21c lie3: a judge answering ``supported`` for a claim about the first arm, quoting the claim's
number from the *second* arm's block ("Results 2:" / "Adverse Events 2:"), passed every check.
rt21c lie4: a number-free comparison ("Adding X shortened … compared with Y alone") passed on
a quote of the second arm's bare title."""

from __future__ import annotations

import pytest

from tier2.answer_check import check_answer, compared_figures
from tier2.fake import answer
from tier2.sibling_blocks import group_names, heading_shape, sibling_blocks

RESULTS = """Outcome Measurement:
Time to Tumor Progression
Time frame: Every 4 weeks while on treatment.
Results 1:
Arm/Group Title: Arm I Lumexol
Arm/Group Description: Patients receive oral lumexol once daily.
lumexol: Given orally
Overall Number of Participants Analyzed: 345
Median (95% Confidence Interval)
Unit of Measure: months 13.5 (12.1 to 15.1)
Results 2:
Arm/Group Title: Arm II Lumexol and Corvastat
Arm/Group Description: Patients receive oral lumexol as in arm I, and corvastat intramuscularly.
lumexol: Given orally
corvastat: Given intramuscularly
Overall Number of Participants Analyzed: 349
Median (95% Confidence Interval)
Unit of Measure: months 15.0 (13.2 to 18.4)"""

ADVERSE = """Adverse Events 1:
Total: 21/337 (6.23%)
Hemoglobin 2/337 (0.59%)
Cardiac-ischemia/infarction 1/337 (0.30%)
Adverse Events 2:
Total: 48/348 (13.79%)
Hemoglobin 1/348 (0.29%)
Cardiac-ischemia/infarction 2/348 (0.57%)"""


def check(claim: str, quote: str, excerpt: str, verdict: str = "supported"):
    return check_answer(answer(verdict, quote), claim, excerpt)


# ------------------------------------------------------------------ the other group's figure


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [
        ("In the lumexol-alone arm, the median time to tumor progression was 15.0 months.",
         "Unit of Measure: months 15.0 (13.2 to 18.4)", RESULTS),
        ("In Arm I, the median time to tumor progression was 15.0 months.",
         "Unit of Measure: months 15.0 (13.2 to 18.4)", RESULTS),
        ("Serious adverse events occurred in 13.79% of patients receiving lumexol alone.",
         "Total: 48/348 (13.79%)", ADVERSE),
        ("Cardiac ischemia or infarction was reported in 0.57% of patients in the lumexol-alone arm.",
         "Cardiac-ischemia/infarction 2/348 (0.57%)", ADVERSE),
    ],
)
def test_a_quote_from_a_block_the_claim_does_not_name_is_refused(claim, quote, excerpt):
    checked = check(claim, quote, excerpt)
    assert checked == (False, "quote_in_other_group")
    assert "which the claim does not name" in checked.detail


@pytest.mark.parametrize(
    "claim",
    [
        "In Arm II (lumexol and corvastat) the median time to tumor progression was 15.0 months.",
        "With corvastat added, the median time to tumor progression was 15.0 months.",
    ],
)
def test_a_claim_naming_the_block_passes(claim):
    assert check(claim, "Unit of Measure: months 15.0 (13.2 to 18.4)", RESULTS) == (True, None)


def test_the_first_block_is_named_by_its_indexed_title():
    claim = "In Arm I the median time to tumor progression was 13.5 months."
    assert check(claim, "Unit of Measure: months 13.5 (12.1 to 15.1)", RESULTS) == (True, None)


def test_a_quote_taking_in_the_block_title_names_it_itself():
    claim = "Patients in one arm received corvastat intramuscularly."
    assert check(claim, "Arm/Group Title: Arm II Lumexol and Corvastat", RESULTS) == (True, None)


def test_a_line_stated_under_every_sibling_holds_for_each():
    assert check("Lumexol was given orally.", "lumexol: Given orally", RESULTS) == (True, None)


def test_a_quote_outside_the_blocks_is_not_held_to_one():
    assert check("Progression was assessed every 4 weeks.", "Time frame: Every 4 weeks while on treatment.", RESULTS) == (True, None)


def test_an_excerpt_of_one_block_has_no_siblings():
    one = RESULTS.split("Results 2:")[0]
    claim = "The median time to tumor progression was 13.5 months."
    assert check(claim, "Unit of Measure: months 13.5 (12.1 to 15.1)", one) == (True, None)


def test_a_contradicted_answer_is_not_held_to_a_group():
    claim = "In the lumexol-alone arm, the median time to tumor progression was 15.0 months."
    assert check(claim, "Unit of Measure: months 13.5 (12.1 to 15.1)", RESULTS, "contradicted") == (True, None)


def test_markdown_arm_headings_are_siblings():
    excerpt = "## Arm A: Lumexol\nORR was 45%.\n## Arm B: Corvastat\nORR was 30%."
    assert check("In Arm A, ORR was 30%.", "ORR was 30%.", excerpt) == (False, "quote_in_other_group")
    assert check("In Arm B, ORR was 30%.", "ORR was 30%.", excerpt) == (True, None)
    assert check("With corvastat, ORR was 30%.", "ORR was 30%.", excerpt) == (True, None)


def test_a_recurring_heading_above_the_blocks_ends_the_last_one():
    excerpt = RESULTS + "\nOutcome Measurement:\nOverall Survival\nTime frame: 5 years"
    assert check("Overall survival was followed for 5 years.", "Time frame: 5 years", excerpt) == (True, None)


def test_sibling_blocks_read_by_the_excerpt_headings():
    lines = RESULTS.split("\n")
    blocks = sibling_blocks(lines)
    assert [(b.start, b.end) for b in blocks] == [(3, 10), (10, len(lines))]
    assert blocks[1].title == "Results 2: Arm/Group Title: Arm II Lumexol and Corvastat"
    assert heading_shape("Adverse Events 2:") == ("adverse events", "2")
    assert heading_shape("Arm B") == ("arm", "B")
    assert heading_shape("Table 2") is None  # a caption is no group
    assert heading_shape("Outcome Measurement:") is None  # no index
    assert sibling_blocks(["Results 1:", "a", "Results 1:", "b"]) == []  # one index twice: no siblings


# ------------------------------------------------------------------ the claim's direction

COMPARISON = "Adding corvastat shortened the time to tumor progression compared with lumexol alone."


def test_a_bare_title_does_not_support_a_comparison():
    checked = check(COMPARISON, "Arm/Group Title: Arm II Lumexol and Corvastat", RESULTS)
    assert checked == (False, "quote_lacks_direction")
    assert "the claim states down; the quote states no direction" in checked.detail
    checked = check("Corvastat was compared with lumexol alone.", "Arm/Group Title: Arm II Lumexol and Corvastat", RESULTS)
    assert checked == (False, "quote_lacks_direction") and "the claim states a comparison" in checked.detail


@pytest.mark.parametrize(
    ("claim", "quote", "ok"),
    [
        # a change stated by its verb, with no comparison word: the verbs of 缩短 / 延长
        ("Adding corvastat shortened the time to tumor progression.", "Arm/Group Title: Arm II Lumexol and Corvastat", False),
        ("Adding corvastat prolonged the time to tumor progression.", "Arm/Group Title: Arm II Lumexol and Corvastat", False),
        ("Adding corvastat prolonged the time to progression.", "time to progression was longer with corvastat", True),
    ],
)
def test_a_change_verb_is_a_direction(claim, quote, ok):
    excerpt = RESULTS + "\ntime to progression was longer with corvastat"
    assert check(claim, quote, excerpt).ok is ok


def test_a_quote_with_the_compared_figures_supports_a_comparison():
    excerpt = "Time to progression was longer with the combination (15.0 vs 13.5 months)."
    quote = "time to progression was longer with the combination (15.0 vs 13.5 months)"
    claim = "Adding corvastat lengthened the time to progression compared with lumexol alone."
    assert check(claim, quote, excerpt.lower()) == (True, None)


@pytest.mark.parametrize(
    ("claim", "quote", "ok"),
    [
        ("Response rates were higher with corvastat.", "Response rates were higher with corvastat.", True),
        ("Response rates were higher with corvastat.", "Response rates with corvastat were reported.", False),
        ("Response rates were higher with corvastat.", "Response rates were lower with corvastat.", False),  # the opposite
        ("Response rates were higher with corvastat.", "Response with corvastat 45% versus 30%.", True),  # two figures
        ("Response rates were higher with corvastat.", "Response rates improved with corvastat.", True),  # another axis
        ("Corvastat was compared with placebo.", "Corvastat versus placebo.", True),  # a comparison, stated
        ("Corvastat came later than usual.", "Corvastat given at 12 weeks.", False),  # compared with what?
        ("More than 50 patients received corvastat.", "52 patients received corvastat.", True),  # a bound
        ("Patients older than 65 received corvastat.", "Patients over 65 received corvastat.", True),  # a bound
        ("Response rates were higher with corvastat.", "Response with corvastat 45% (95% CI 38-52).", False),  # one figure
        ("Corvastat was given intramuscularly.", "corvastat: Given intramuscularly", True),  # no direction to show
        ("The response rate was high with corvastat.", "Response with corvastat 45%.", True),  # a level, no change
        ("The response rate was higher with corvastat.", "Response with corvastat 45%.", False),
    ],
)
def test_a_direction_claim_needs_its_direction_or_two_figures(claim, quote, ok):
    checked = check(claim, quote, quote)
    assert checked.ok is ok, checked.detail
    if not ok:
        assert checked.reason == "quote_lacks_direction"


@pytest.mark.parametrize(
    ("quote", "figures"),
    [
        ("15.0 vs 13.5 months", 2),
        ("Total: 48/348 (13.79%)", 1),  # a count and its share are one figure
        ("Unit of Measure: months 15.0 (13.2 to 18.4)", 1),  # an interval bounds one figure
        ("45% (95% CI 38-52)", 1),
        ("Arm/Group Title: Arm II Lumexol and Corvastat", 0),
        ("Result: difference = 15.0 - 13.5 = 1.5 months", 3),  # a difference written out
        ("Patients aged 18-65 years", 0),  # a span bounds one figure
    ],
)
def test_compared_figures(quote, figures):
    assert len(compared_figures(quote)) == figures


# ------------------------------------------------------------------ a comparison names both groups

TWO_ARMS = """Outcome Measurement:
Objective Response Rate
Results 1:
Arm/Group Title: Lumexol + Chemotherapy
Overall Number of Participants Analyzed: 278
Unit of Measure: percentage of participants 57.9
Results 2:
Arm/Group Title: Placebo + Chemotherapy
Overall Number of Participants Analyzed: 281
Unit of Measure: percentage of participants 38.4"""
PLACEBO_QUOTE = "Overall Number of Participants Analyzed: 281 Unit of Measure: percentage of participants 38.4"
DRUG_QUOTE = "Overall Number of Participants Analyzed: 278 Unit of Measure: percentage of participants 57.9"


@pytest.mark.parametrize(
    "claim",
    [  # rt23b L1-L3: the comparator's figure given to the subject
        "Lumexol plus chemotherapy achieved an objective response rate of 38.4% versus placebo.",
        "The objective response rate with lumexol plus chemotherapy was 38.4%, compared with placebo plus chemotherapy.",
        "Adding lumexol to chemotherapy improved the objective response rate to 38.4% over placebo.",
        "Compared with placebo, lumexol plus chemotherapy raised the objective response rate to 38.4%.",
    ],
)
def test_a_comparators_figure_is_no_figure_of_the_claims_subject(claim):
    result = check(claim, PLACEBO_QUOTE, TWO_ARMS)
    assert (result.ok, result.reason) == (False, "quote_in_other_group"), result


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Lumexol plus chemotherapy achieved an objective response rate of 57.9% versus placebo.", DRUG_QUOTE),
        ("Compared with placebo, lumexol plus chemotherapy raised the objective response rate to 57.9%.", DRUG_QUOTE),
        ("With placebo plus chemotherapy the objective response rate was 38.4%, lower than with lumexol.", PLACEBO_QUOTE),
        # a quote over both groups is named by the whole claim
        ("The objective response rate was 57.9% with lumexol plus chemotherapy versus 38.4% with placebo.",
         "Unit of Measure: percentage of participants 57.9 Results 2: Arm/Group Title: Placebo + Chemotherapy "
         "Overall Number of Participants Analyzed: 281 Unit of Measure: percentage of participants 38.4"),
    ],
)
def test_the_subjects_own_figure_still_passes(claim, quote):
    result = check(claim, quote, TWO_ARMS)
    assert result.ok, result


def test_a_block_ends_at_the_heading_of_another_sibling_shape():
    # rt23b C16: in a rendered record the last "INTERVENTION n:" block ran over both results blocks
    excerpt = ("INTERVENTION 1:\nArm I Lumexol\nlumexol orally\nINTERVENTION 2:\nArm II Lumexol and Corvastat\n"
               "corvastat intramuscularly\n" + RESULTS.split("\n", 3)[3])
    blocks = {b.name: (b.start, b.end) for b in sibling_blocks([ln for ln in excerpt.split("\n") if ln.strip()])}
    assert blocks["intervention 2"][1] == blocks["results 1"][0]
    result = check("In Arm I (lumexol alone), median time to tumor progression was 13.5 months.",
                   "Unit of Measure: months 13.5 (12.1 to 15.1)", excerpt)
    assert result.ok, result


PLAIN_ARMS = """Efficacy results by arm
Arm A: Lumexol plus chemotherapy
Median PFS was 11.2 months.
Arm B: Placebo plus chemotherapy
Median PFS was 7.4 months."""
BOLD_ARMS = PLAIN_ARMS.replace("Arm A: Lumexol plus chemotherapy", "**Arm A: Lumexol plus chemotherapy**").replace(
    "Arm B: Placebo plus chemotherapy", "**Arm B: Placebo plus chemotherapy**")
COHORTS = "Cohort A: first-line\nORR 41%.\nCohort B: second-line\nORR 18%."


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt", "ok"),
    [  # rt23b L14/L15/L10: an arm or cohort heading with its label on the same line, plain or bold
        ("In the placebo plus chemotherapy arm, median PFS was 11.2 months.", "Median PFS was 11.2 months.", PLAIN_ARMS, False),
        ("In the placebo plus chemotherapy arm, median PFS was 11.2 months.", "Median PFS was 11.2 months.", BOLD_ARMS, False),
        ("In the second-line cohort, ORR was 41%.", "ORR 41%.", COHORTS, False),
        ("In the lumexol plus chemotherapy arm, median PFS was 11.2 months.", "Median PFS was 11.2 months.", PLAIN_ARMS, True),
        ("In the placebo plus chemotherapy arm, median PFS was 7.4 months.", "Median PFS was 7.4 months.", BOLD_ARMS, True),
        ("In the first-line cohort, ORR was 41%.", "ORR 41%.", COHORTS, True),
    ],
)
def test_a_heading_line_holding_its_label_opens_a_sibling_block(claim, quote, excerpt, ok):
    result = check(claim, quote, excerpt)
    assert result.ok is ok, result
    if not ok:
        assert result.reason == "quote_in_other_group"


def test_a_heading_holding_its_label_is_the_whole_title():
    # the line under "Arm A: Lumexol" is the block's text, not its title: its words name no arm
    excerpt = "Arm A: Lumexol\nFirst-line patients: ORR 41%.\nArm B: Placebo\nSecond-line patients: ORR 18%."
    result = check("Among first-line patients in the placebo arm, ORR was 41%.", "First-line patients: ORR 41%.", excerpt)
    assert (result.ok, result.reason) == (False, "quote_in_other_group"), result


# ------------------------------------------------------------------ Chinese groups and years

CN_ARMS = "**A组（卢美索联合化疗）**\n中位PFS为11.2个月。\n**B组（安慰剂联合化疗）**\n中位PFS为7.4个月。"
CN_COHORTS = "队列1：一线治疗\n客观缓解率为41%。\n队列2：二线治疗\n客观缓解率为18%。"
CN_NUMBERED = "第1组：卢美索\n中位PFS为11.2个月。\n第2组：安慰剂\n中位PFS为7.4个月。"
YEARS = "## 2022\nRevenue grew on new contracts.\n## 2023\nRevenue fell on lost contracts."


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt", "ok"),
    [  # the note's rt23b leftovers: a lying judge's quote from B组, 队列2 or "## 2022"
        ("安慰剂联合化疗组的中位PFS为11.2个月。", "中位PFS为11.2个月。", CN_ARMS, False),
        ("B组的中位PFS为11.2个月。", "中位PFS为11.2个月。", CN_ARMS, False),
        ("二线治疗患者的客观缓解率为41%。", "客观缓解率为41%。", CN_COHORTS, False),
        ("Revenue grew on new contracts in FY2023.", "Revenue grew on new contracts.", YEARS, False),
        ("卢美索联合化疗组的中位PFS为11.2个月。", "中位PFS为11.2个月。", CN_ARMS, True),
        ("A组的中位PFS为11.2个月。", "中位PFS为11.2个月。", CN_ARMS, True),
        ("第二组的中位PFS为7.4个月。", "中位PFS为7.4个月。", CN_NUMBERED, True),
        ("第一组的中位PFS为7.4个月。", "中位PFS为7.4个月。", CN_NUMBERED, False),
        ("一线治疗患者的客观缓解率为41%。", "客观缓解率为41%。", CN_COHORTS, True),
        ("Revenue grew on new contracts in FY2022.", "Revenue grew on new contracts.", YEARS, True),
    ],
)
def test_chinese_group_and_year_headings_are_siblings(claim, quote, excerpt, ok):
    result = check(claim, quote, excerpt)
    assert result.ok is ok, result
    if not ok:
        assert result.reason == "quote_in_other_group"


@pytest.mark.parametrize(
    ("line", "shape"),
    [
        ("A组：卢美索联合化疗", ("组", "a")),
        ("**B组（n=40）**", ("组", "b")),
        ("第二组：", ("组", "2")),
        ("组B", ("组", "b")),
        ("## 队列2", ("## 队列", "2")),
        ("## 2023", ("## year", "2023")),
        ("2022年：", ("year", "2022")),
        ("FY2023:", ("year", "2023")),
        ("A组患者的中位PFS为11.2个月。", None),  # a sentence about the group, not its heading
        ("A组患者在治疗期间接受了每三周一次的静脉输注以及每日口服维持治疗方案", None),  # too long to be one
        ("组别：", None),
        ("ABC组", None),
        ("2023 revenue", None),
    ],
)
def test_chinese_group_and_year_heading_shapes(line, shape):
    assert heading_shape(line) == shape


def test_a_chinese_sibling_block_runs_to_the_next_group():
    blocks = sibling_blocks(CN_ARMS.split("\n"))
    assert [(b.name, b.start, b.end) for b in blocks] == [("组 a", 0, 2), ("组 b", 2, 4)]
    # the line under a group's heading is its text, not its label: "中位PFS" names no group
    assert [b.title for b in blocks] == ["**A组（卢美索联合化疗）**", "**B组（安慰剂联合化疗）**"]
    assert [b.title for b in sibling_blocks(YEARS.split("\n"))] == ["## 2022", "## 2023"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("A组的中位PFS为11.2个月，第二组为7.4个月", {"组 a", "组 2"}),
        ("队列 1与组B", {"队列 1", "组 b"}),
        ("FY2023 revenue", {"year 2023"}),
        ("ABC组与XYZ队列", set()),  # a letter ending a longer name is no group index
        ("12023 units", set()),
    ],
)
def test_group_names_a_text_writes(text, names):
    assert group_names(text) == names
# ------------------------------------------------------------------ s24 (rt24c c2): another group within one sentence

TOPLINE = (
    "## Results\n"
    "Median progression-free survival was not reached in the lumexol arm and was 33.7 months in the corvastat arm.\n"
    "The overall response rate was 94.6% with lumexol and 85.3% with corvastat.\n"
    "At 24 months, the estimated progression-free survival rate was 85.5% with lumexol.\n"
    "Grade 3 or higher neutropenia occurred in 11.3% of the 240 lumexol patients."
)


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Lumexol achieved a median progression-free survival of 33.7 months.", "was 33.7 months in the corvastat arm"),
        ("Lumexol achieved a median progression-free survival of 33.7 months.", "33.7 months"),
        ("Lumexol achieved an overall response rate of 85.3%.", "85.3% with corvastat"),
        ("Lumexol achieved an overall response rate of 85.3%.", "The overall response rate was 94.6% with lumexol and 85.3%"),
    ],
)
def test_a_quote_of_the_other_arms_clause_is_refused(claim, quote):
    # rt24c c2 (a): the other arm's number, named inside the sentence, passed
    checked = check(claim, quote, TOPLINE)
    assert checked == (False, "quote_in_other_group")
    assert "'corvastat'" in checked.detail


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("Corvastat achieved a median progression-free survival of 33.7 months.", "was 33.7 months in the corvastat arm"),
        ("Lumexol achieved an overall response rate of 94.6%.", "The overall response rate was 94.6% with lumexol and 85.3% with corvastat."),
        ("Lumexol achieved an overall response rate of 94.6% versus 85.3% with corvastat.",
         "The overall response rate was 94.6% with lumexol and 85.3% with corvastat."),
        ("The response rate was 85.3% in one arm.", "85.3% with corvastat"),  # the claim names no group
    ],
)
def test_a_quote_of_the_claims_own_arm_passes(claim, quote):
    assert check(claim, quote, TOPLINE) == (True, None)


@pytest.mark.parametrize(
    ("claim", "quote"),
    [  # rt24c c2 (b): a time point, a grade, a group's size counted as a second figure
        ("Lumexol improved the 24-month progression-free survival rate to 85.5% compared with corvastat.",
         "At 24 months, the estimated progression-free survival rate was 85.5% with lumexol."),
        ("Lumexol reduced grade 3 or higher neutropenia to 11.3% compared with corvastat.",
         "Grade 3 or higher neutropenia occurred in 11.3% of the 240 lumexol patients."),
    ],
)
def test_a_one_arm_quote_does_not_back_a_comparison(claim, quote):
    checked = check(claim, quote, TOPLINE)
    assert checked == (False, "quote_lacks_direction"), checked.detail


@pytest.mark.parametrize(
    ("quote", "figures"),
    [
        ("At 24 months, the rate was 85.5%.", {85.5}),
        ("24-month rate 85.5% vs 70.1%", {85.5, 70.1}),
        ("Grade 3 neutropenia: 11.3% (n=240)", {11.3}),
        ("11.3% of the 240 patients versus 51.1%", {11.3, 51.1}),
        ("Response 45% versus 30% at week 12", {45.0, 30.0}),
        ("Median 15.0 vs 13.5 months", {15.0, 13.5}),
    ],
)
def test_settings_of_a_figure_are_not_compared_figures(quote, figures):
    assert compared_figures(quote) == figures


def test_the_claims_own_time_point_is_not_a_compared_figure():
    quote = "Progression-free survival 24 months: 85.5%"
    assert compared_figures(quote) == {24.0, 85.5}
    assert compared_figures(quote, "the 24-month rate rose to 85.5% versus the comparator") == {85.5}


def test_the_claims_own_time_point_does_not_make_a_second_figure_for_the_direction_check():
    quote = "Progression-free survival, 24 months: 85.5% (lumexol)"
    claim = "Lumexol improved the 24-month progression-free survival rate to 85.5% compared with corvastat."
    assert check(claim, quote, quote) == (False, "quote_lacks_direction")
    two = "Progression-free survival, 24 months: 85.5% (lumexol) vs 70.1% (corvastat)"
    assert check(claim, two, two) == (True, None)


def test_overall_is_no_comparator():
    # rt25b e1: "over" matched inside "overall", so the subject was "Median " and the other arm's figure passed
    excerpt = "Median overall survival was 28.1 months in the lumexol arm and 33.7 months in the placebo arm."
    assert check("Median overall survival in the lumexol arm was 33.7 months.", "33.7 months in the placebo arm", excerpt) \
        == (False, "quote_in_other_group")
    assert check("Median overall survival in the placebo arm was 33.7 months.", "33.7 months in the placebo arm", excerpt).ok


def test_a_statistic_between_the_groups_is_held_to_no_group():
    # rt25b H27: a hazard ratio's clause names the other arm as well; quoting it is honest
    excerpt = ("Median overall survival was 20.1 months in the lumexol arm and 14.2 months in the placebo arm; "
               "the placebo arm had more deaths (hazard ratio for death, 0.72; 95% CI, 0.56 to 0.93).")
    quote = "hazard ratio for death, 0.72; 95% CI, 0.56 to 0.93"
    assert check("Lumexol improved overall survival (HR 0.72).", quote, excerpt).ok
    assert check("Lumexol improved overall survival (hazard ratio 0.72).", quote, excerpt).ok
    # a figure of one arm is still held to its arm
    assert check("Median overall survival in the lumexol arm was 14.2 months.", "14.2 months in the placebo arm", excerpt) \
        == (False, "quote_in_other_group")


_WITH = "Median overall survival was 28.1 months with lumexol and 33.7 months with placebo."
_RECIPIENTS = "Median overall survival was 28.1 months among lumexol recipients and 33.7 months among placebo recipients."
_ASSIGNED = ("Patients assigned to placebo had a median overall survival of 33.7 months, "
             "whereas those given lumexol had 28.1 months.")


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [  # rt25b A1, A4, L6b: arms written without "arm" or "group"
        ("Median overall survival with lumexol was 33.7 months.", "33.7 months with placebo", _WITH),
        ("Median overall survival among lumexol recipients was 33.7 months.", "33.7 months among placebo recipients", _RECIPIENTS),
        ("Lumexol patients had a median overall survival of 33.7 months.", "a median overall survival of 33.7 months", _ASSIGNED),
        ("With lumexol, median overall survival was 33.7 months.", "Patients assigned to placebo had a median overall survival of 33.7 months", _ASSIGNED),
    ],
)
def test_another_arm_named_by_with_recipients_or_assigned_is_refused(claim, quote, excerpt):
    result = check(claim, quote, excerpt)
    assert result.reason == "quote_in_other_group" and "'placebo'" in result.note, result


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [
        ("Median overall survival with lumexol was 28.1 months.", "28.1 months with lumexol", _WITH),
        ("Median overall survival with placebo was 33.7 months.", "33.7 months with placebo", _WITH),
        ("Median overall survival was 33.7 months in the placebo group.", "33.7 months with placebo", _WITH),
        ("Median overall survival among lumexol recipients was 28.1 months.", "28.1 months among lumexol recipients", _RECIPIENTS),
        ("Lumexol patients had a median overall survival of 28.1 months.", "those given lumexol had 28.1 months", _ASSIGNED),
        ("Placebo patients had a median overall survival of 33.7 months.", "Patients assigned to placebo had a median overall survival of 33.7 months", _ASSIGNED),
        # "with a" names no group, nor does "with" after no figure ("patients with relapse")
        ("Median overall survival with lumexol was 28.1 months.", "Median overall survival was 28.1 months",
         "Patients given lumexol were followed up. Median overall survival was 28.1 months with a median follow-up of 12 months."),
        ("Median overall survival with lumexol was 28.1 months.", "In patients with relapse, median overall survival was 28.1 months",
         "Patients given lumexol were followed up. In patients with relapse, median overall survival was 28.1 months."),
    ],
)
def test_the_claims_own_arm_named_by_with_recipients_or_assigned_passes(claim, quote, excerpt):
    result = check(claim, quote, excerpt)
    assert result.ok, result


_ZH_GROUPS = "甲药组3例患者发生严重感染，安慰剂组未发生严重感染。"


@pytest.mark.parametrize("quote", ["未发生严重感染", "安慰剂组未发生严重感染"])
def test_a_chinese_denial_of_the_other_group_is_refused(quote):
    # rt25b L7c/L7d: the other group's 未发生 quoted for the claim's group
    result = check("甲药组未发生严重感染。", quote, _ZH_GROUPS)
    assert result.reason == "quote_in_other_group" and "安慰剂" in result.note, result


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        ("安慰剂组未发生严重感染。", "未发生严重感染"),
        ("安慰剂组未发生严重感染。", "安慰剂组未发生严重感染"),
        ("甲药组有3例患者发生严重感染。", "3例患者发生严重感染"),
    ],
)
def test_a_chinese_quote_of_the_claims_own_group_passes(claim, quote):
    result = check(claim, quote, _ZH_GROUPS)
    assert result.ok, result


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [  # rt27j e006, e008: a figure's "with" before a word the claim does not write names no arm
        ("In the lumexol group, median duration of response was 17.2 months.", "Median duration of response was 17.2 months",
         "In the lumexol group, the objective response rate was 80%. Median duration of response was 17.2 months "
         "with ongoing responses in 40% of responders at data cutoff."),
        ("Median overall survival in the lumexol group was 35.3 months.", "Median overall survival was 35.3 months",
         "In the lumexol group, 512 patients were treated. Median overall survival was 35.3 months with extended "
         "follow-up. In the placebo group, it was 31.3 months."),
    ],
)
def test_a_figures_with_before_no_arm_the_claim_writes_names_no_group(claim, quote, excerpt):
    result = check(claim, quote, excerpt)
    assert result.ok, result


_FOR = "Median overall survival was 28.1 months with lumexol and 33.7 months for placebo."
_ON = "Median overall survival was 28.1 months with lumexol and 33.7 months on placebo."
_BRACKETS = "Median overall survival was 28.1 months (lumexol) and 33.7 months (placebo)."
_TREATED = "Median overall survival was 28.1 months with lumexol versus 33.7 months in placebo-treated patients."


@pytest.mark.parametrize("excerpt", [_FOR, _ON, _BRACKETS, _TREATED])
@pytest.mark.parametrize("quote", ["33.7 months", "Median overall survival was 28.1 months"])
def test_another_arm_named_by_for_on_brackets_or_treated_is_refused(excerpt, quote):
    # rt27j e004, e010: the other arm's figure, its arm written "for X", "on X", "(X)", "X-treated"
    claim = "Median overall survival with lumexol was 33.7 months." if quote == "33.7 months" else "Median overall survival for placebo was 28.1 months."
    result = check(claim, quote, excerpt)
    assert result.reason == "quote_in_other_group", result


@pytest.mark.parametrize("excerpt", [_FOR, _ON, _BRACKETS, _TREATED])
def test_the_claims_own_arm_named_by_for_on_brackets_or_treated_passes(excerpt):
    assert check("Median overall survival with lumexol was 28.1 months.", "28.1 months", excerpt).ok
    assert check("Placebo-treated patients had a median overall survival of 33.7 months.", "33.7 months", excerpt).ok


def test_a_treated_word_the_claim_does_not_write_names_no_group():
    # "previously-treated patients" names no arm unless the claim writes a name read so
    excerpt = "Results of the lumexol arm follow. Median overall survival was 28.1 months in previously-treated patients."
    result = check("Median overall survival in the lumexol arm was 28.1 months.", "Median overall survival was 28.1 months in previously-treated patients", excerpt)
    assert result.ok, result


@pytest.mark.parametrize(
    ("quote", "later"),
    [  # with the claim's arm read from a figure's "with", "with a" and "with" after no figure still name none
        ("median overall survival was 30.2 months",
         "Later, in the lumexol study; median overall survival was 30.2 months with a median follow-up of 12 months."),
        ("in patients with relapse, median overall survival was 30.2 months",
         "Later, in the lumexol study; in patients with relapse, median overall survival was 30.2 months."),
    ],
)
def test_with_a_or_with_after_no_figure_names_no_group_beside_the_claims_arm(quote, later):
    excerpt = "Median overall survival was 28.1 months with lumexol at first. " + later
    result = check("Median overall survival with lumexol was 30.2 months.", quote, excerpt)
    assert result.ok, result


_LISTED = "Median overall survival: lumexol 28.1 months; placebo 33.7 months."
_LISTED_COMMA = "Median overall survival: lumexol 28.1 months, placebo 33.7 months."


@pytest.mark.parametrize("excerpt", [_LISTED, _LISTED_COMMA])
def test_another_arm_named_before_its_figure_is_refused(excerpt):
    # judge7 item 1: the other arm's name written before the figure ("placebo 33.7 months")
    result = check("Median overall survival with lumexol was 33.7 months.", "placebo 33.7 months", excerpt)
    assert result.reason == "quote_in_other_group", result


@pytest.mark.parametrize("excerpt", [_LISTED, _LISTED_COMMA])
def test_the_claims_own_arm_named_before_its_figure_passes(excerpt):
    assert check("Median overall survival with placebo was 33.7 months.", "placebo 33.7 months", excerpt).ok
    assert check("Median overall survival with lumexol was 28.1 months.", "lumexol 28.1 months", excerpt).ok


_MONO = "Median overall survival was 28.1 months with lumexol plus corvastat and 33.7 months with lumexol monotherapy."
_ALONE = "Median overall survival was 28.1 months with lumexol plus corvastat and 33.7 months with lumexol alone."


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [  # judge7 item 2: the regimen alone quoted for its combination, and the other way round
        ("Median overall survival with lumexol plus corvastat was 33.7 months.", "33.7 months with lumexol monotherapy", _MONO),
        ("Median overall survival with lumexol plus corvastat was 33.7 months.", "33.7 months with lumexol alone", _ALONE),
        ("Median overall survival with lumexol monotherapy was 28.1 months.", "28.1 months with lumexol plus corvastat", _MONO),
        ("Median overall survival with lumexol alone was 28.1 months.", "28.1 months with lumexol plus corvastat", _ALONE),
    ],
)
def test_a_regimen_quoted_in_another_form_is_refused(claim, quote, excerpt):
    result = check(claim, quote, excerpt)
    assert result.reason == "quote_in_other_group" and "regimen" in result.note, result


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [
        ("Median overall survival with lumexol plus corvastat was 28.1 months.", "28.1 months with lumexol plus corvastat", _ALONE),
        ("Median overall survival with lumexol alone was 33.7 months.", "33.7 months with lumexol alone", _ALONE),
        ("Median overall survival with lumexol monotherapy was 33.7 months.", "33.7 months with lumexol monotherapy", _MONO),
        # a claim comparing both forms names both
        ("Lumexol plus corvastat versus lumexol alone: 28.1 vs 33.7 months.", "28.1 months with lumexol plus corvastat and 33.7 months with lumexol alone", _ALONE),
    ],
)
def test_a_regimen_quoted_in_its_own_form_passes(claim, quote, excerpt):
    result = check(claim, quote, excerpt)
    assert result.ok, result


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [  # judge7 item 3: Chinese arms written "X臂", "接受X的患者", "X治疗的患者", "X治疗患者"
        ("鲁美索臂中位总生存期为33.7个月。", "安慰剂臂为33.7个月", "鲁美索臂中位总生存期为28.1个月，安慰剂臂为33.7个月。"),
        ("鲁美索组中位总生存期为33.7个月。", "接受安慰剂的患者为33.7个月", "鲁美索治疗的患者中位总生存期为28.1个月，接受安慰剂的患者为33.7个月。"),
        ("鲁美索组中位总生存期为33.7个月。", "安慰剂治疗的患者为33.7个月", "接受鲁美索的患者中位总生存期为28.1个月，安慰剂治疗的患者为33.7个月。"),
        ("鲁美索组中位总生存期为33.7个月。", "为33.7个月", "鲁美索治疗患者的中位总生存期为28.1个月，接受安慰剂的患者为33.7个月。"),
        # "接受X治疗的患者": the leading "接受" is no part of the name
        ("鲁美索组中位总生存期为33.7个月。", "安慰剂组为33.7个月", "接受鲁美索治疗的患者中位总生存期为28.1个月，安慰剂组为33.7个月。"),
    ],
)
def test_another_chinese_arm_written_without_zu_is_refused(claim, quote, excerpt):
    result = check(claim, quote, excerpt)
    assert result.reason == "quote_in_other_group", result


@pytest.mark.parametrize(
    ("claim", "quote", "excerpt"),
    [
        ("安慰剂臂中位总生存期为33.7个月。", "安慰剂臂为33.7个月", "鲁美索臂中位总生存期为28.1个月，安慰剂臂为33.7个月。"),
        ("接受安慰剂的患者中位总生存期为33.7个月。", "接受安慰剂的患者为33.7个月", "鲁美索治疗的患者中位总生存期为28.1个月，接受安慰剂的患者为33.7个月。"),
        ("鲁美索组中位总生存期为28.1个月。", "接受鲁美索的患者中位总生存期为28.1个月", "接受鲁美索的患者中位总生存期为28.1个月，安慰剂治疗的患者为33.7个月。"),
    ],
)
def test_the_claims_own_chinese_arm_written_without_zu_passes(claim, quote, excerpt):
    result = check(claim, quote, excerpt)
    assert result.ok, result


def test_digits_closing_a_name_are_no_figure():
    # rt25b H16: "FEV1 of 160 ml" is no "1 of 160"; the quote holds two figures compared
    quote = "a mean change in FEV1 of 160 ml with lumexol versus 77 ml with placebo"
    assert compared_figures(quote) == {160.0, 77.0}
    assert check("FEV1 improved more with lumexol than placebo (160 ml vs 77 ml).", quote, quote).ok
    # a quote of one figure still states no direction
    result = check("FEV1 improved more with lumexol than placebo.", "FEV1 of 160 ml with lumexol", quote)
    assert result.reason == "quote_lacks_direction", result
