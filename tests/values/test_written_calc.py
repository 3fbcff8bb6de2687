"""A calculation written in a cited source is checked, not taken as text (citeproof.values.written_calc).

Each case is a pair: the note whose working holds supports its figure as before; the same
note with a wrong result supports no claim of that figure — on the calculation's line or on
a sentence restating it.
"""

from __future__ import annotations

import pytest

from citeproof.values.written_calc import wrong_calculations
from tests.values.helpers import cited_claim

CLAIM = "The US addressable market for the therapy is about {figure}."


def _note(calculation: str, figure: str) -> str:
    return ("# US addressable market\n\n"
            "- patients = 12,000 per year [evidence:epi.md#L3]\n"
            "- price = $30,000 [evidence:price.md#L3]\n\n"
            f"{calculation}\n"
            f"{CLAIM.format(figure=figure)}\n")


def _status(tmp_path, note: str, claim: str, line: int) -> tuple[str, str]:
    anchor = f"[evidence:s.md#L{line}]"
    report = "# R\n\n" + (f"{claim[:-1]}{anchor}。" if claim.endswith("。") else f"{claim[:-1]} {anchor}.") + "\n"
    claim_out = cited_claim(tmp_path, note, report)
    reasons = " ".join(r.message for r in claim_out.reasons)
    return claim_out.status, reasons


@pytest.mark.parametrize("calculation, wrong, right", [
    ("Calculation: 12,000 patients × $30,000 = {r}", "$3.6 billion", "$360 million"),
    ("TAM = patients × price = {r}", "$3.6 billion", "$360 million"),
    ("**Calculation:** 12,000 x $30,000 = {r}", "$3.6 billion", "$0.36 billion"),
])
@pytest.mark.parametrize("line", [6, 7])  # the calculation, and the sentence restating its result
def test_a_figure_from_a_wrong_calculation_fails_and_from_a_right_one_passes(tmp_path, calculation, wrong, right, line):
    status, why = _status(tmp_path / "wrong", _note(calculation.format(r=wrong), wrong), CLAIM.format(figure=wrong), line)
    assert status == "fail"
    assert "s.md line 6 calculates it" in why and "give $0.36 billion, not $3.6 billion" in why
    status, why = _status(tmp_path / "right", _note(calculation.format(r=right), right), CLAIM.format(figure=right), line)
    # the calculation's line carries the figure but not the claim's words: the judge's, as before
    assert status == ("pass" if line == 7 else "undecided"), why


@pytest.mark.parametrize("result, status", [("36亿美元", "fail"), ("3.6亿美元", "pass")])
def test_a_chinese_calculation_is_checked_with_its_scale_words(tmp_path, result, status):
    note = (f"# 美国可及市场\n\n计算：12,000人 × 30,000美元 = {result}\n"
            f"美国可及市场规模约为每年{result}。\n")
    assert _status(tmp_path, note, f"美国可及市场规模约为每年{result}。", 4)[0] == status


@pytest.mark.parametrize("total, status", [("$2.5 billion", "fail"), ("$2.0 billion", "pass")])
def test_a_sum_written_in_a_note_is_checked(tmp_path, total, status):
    note = ("# Revenue, 2023\n\n"
            f"Combined revenue in 2023: $1.2 billion + $0.8 billion = {total}.\n"
            f"Combined revenue in 2023 was {total}.\n")
    assert _status(tmp_path, note, f"Combined revenue in 2023 was {total}.", 4)[0] == status


@pytest.mark.parametrize("figure, status", [("$3.6 billion", "fail"), ("$360 million", "pass")])
def test_a_restatement_naming_a_period_is_the_calculations_figure(tmp_path, figure, status):
    # "$3.6 billion a year" restates the result "$3.6 billion": the period does not make it another figure
    claim = f"The US addressable market for the therapy is about {figure} a year."
    note = _note(f"Calculation: 12,000 patients × $30,000 = {figure}", figure).replace(CLAIM.format(figure=figure), claim)
    assert _status(tmp_path, note, claim, 7)[0] == status


def test_a_wrong_calculation_leaves_the_files_other_figures_alone(tmp_path):
    # the operands are right; only the result is wrong: a claim of an operand is judged as before
    note = _note("Calculation: 12,000 patients × $30,000 = $3.6 billion", "$3.6 billion")
    note += "About 12,000 patients per year are eligible for the therapy in the US.\n"
    status, why = _status(tmp_path, note, "About 12,000 patients per year are eligible for the therapy in the US.", 8)
    assert status == "pass", why


@pytest.mark.parametrize("line, gives", [
    ("Calculation: 12,000 patients × $30,000 = $3.6 billion", "$0.36 billion"),
    ("计算：12,000人 × 30,000美元 = 36亿美元", "3.6亿美元"),
    ("Combined: $1.2 billion + $0.8 billion = $2.5 billion.", "$2.0 billion"),
    ("$10 billion × 30% = $4 billion", "$3 billion"),
    ("12 / 40 = 35%", "30%"),
    ("1.2 + 0.8 = $2.5 billion", "$2.0 billion"),
    ("Difference: 45% − 30% = 20 percentage points", "15"),
])
def test_wrong_calculations_are_found_with_the_value_they_give(line, gives):
    [wrong] = wrong_calculations("n.md", f"# Note\n{line}\n")
    assert (wrong.line, wrong.gives) == (2, gives)


@pytest.mark.parametrize("line", [
    "Calculation: 12,000 patients × $30,000 = $360 million",
    "计算：12,000人 × 30,000美元 = 3.6亿美元",
    "$10 billion × 30% = $3 billion",
    "12 / 40 = 30%",
    "12 / 40 × 100 = 30%",
    "45% - 30% = 15 percentage points",
    "1.2 + 0.8 = $2.0 billion",  # bare operands in the result's scale
    "CAGR 2021-2023 = (2.5 / 1.45)^(1/2) - 1 = 31%; revenue grew at a CAGR of 31%",
    # what the checker cannot tell is not shown wrong
    "$1.2 billion + $0.8 billion = 2,000",  # a bare result beside amounts: maybe in millions
    "RMB 36 billion / 7.2 = $5.5 billion",  # another currency: no exchange rate is read
    "Revenue 2023 = $1.2 billion + other = $2.5 billion",  # a name no input defines
    "HR = 0.56", "n = 120", "95% CI = 1.2-3.4", "ages 18-65 = 47 patients",
])
def test_right_or_unreadable_calculations_are_not_wrong(line):
    assert wrong_calculations("n.md", f"# Note\n{line}\n") == ()


def test_sum_words_are_no_derived_cue_a_sum_of_two_cited_figures_fails_anyway(tmp_path):
    # "combined"/"total"/"合计"/"总计" are not in value_cues.json derived_before: a sum the source does
    # not state is already absent from it (CP104 fails it), while as cues they would send the
    # source's own verbatim "a combined $2.0 billion" and "合计20亿美元" to the judge
    from tests.values.helpers import verify_pairs

    claims = verify_pairs(tmp_path, [
        ("Cloud revenue was $1.2 billion and hardware revenue was $0.8 billion in 2023.", "Combined revenue was $2.0 billion in 2023."),
        ("云业务收入12亿美元，硬件收入8亿美元。", "2023年收入合计20亿美元。"),
        ("Revenue totalled a combined $2.0 billion in 2023.", "Revenue totalled a combined $2.0 billion in 2023."),
        ("Total revenue was $2.0 billion in 2023.", "Total revenue was $2.0 billion in 2023."),
        ("2023年收入合计20亿美元。", "2023年收入合计20亿美元。"),
        ("2023年收入总计20亿美元。", "2023年收入总计20亿美元。"),
    ])
    assert [c.status for c in claims] == ["fail", "fail", "pass", "pass", "pass", "pass"]


@pytest.mark.parametrize("line, gives", [
    # a hedged or round result is read at its precision, but one its operands cannot round to is wrong
    ("Calculation: 12,345 × $29,900 ≈ $3.7 billion", "$0.369 billion"),
    ("Calculation: 12,345 × $29,900 = ~$3.7 billion", "$0.369 billion"),
    ("Calculation: 12,345 × $29,900 = $380 million", "$369.12 million"),
    ("Difference: 45% − 30% = 20 percentage points", "15"),  # 20 unhedged keeps two figures: not 15–25
    # a difference of percentages is in points: 1 point is 100 basis points
    ("Margin change = 24.5% − 21.3% = 420 bps", "320 bps"),
    ("150 bps + 170 bps = 420 bps", "320 bps"),
    # every step of a chain is a result of the expression before it
    ("Calculation: 12,000 patients × $30,000 = $360,000,000 = $3.6 billion", "$0.36 billion"),
    ("12,000 × $30,000 = $360 million = $3,600 million", "$360 million"),
    # a percentage beside a count is a share of it; the result is a count
    ("Treated patients: 150,000 prevalent × 40% diagnosed × 20% treated = 1,200", "12,000"),
    ("Patients treated = 1.5 million × 8% = 12,000", "120,000"),
    ("Expected events: 300 patients × 14% = 24", "42"),
    # "≈" as the equals sign; working in a table cell or a code span; the year on both sides
    ("Calculation: 12,000 patients × $30,000 ≈ $3.6 billion", "$0.36 billion"),
    ("| TAM | 12,000 × $30,000 = $3.6 billion |", "$0.36 billion"),
    ("`12,000 × $30,000 = $3.6 billion`", "$0.36 billion"),
    ("- TAM: 12,000 × $30,000/year = $3.6 billion/year", "$0.36 billion"),
    ("Calculation: 12,000 patients × $30,000 = $3.6 billion annually", "$0.36 billion"),
    ("Calculation: 12,000 patients × $30,000 per year = $3.6 billion a year", "$0.36 billion"),
])
def test_rt29t_wrong_calculations_are_found(line, gives):
    [wrong] = wrong_calculations("n.md", f"# Note\n{line}\n")
    assert (wrong.line, wrong.gives) == (2, gives)


@pytest.mark.parametrize("line", [
    # the right twins of the lines above
    "Calculation: 12,345 × $29,900 = ~$370 million",
    "Calculation: 12,345 × $29,900 = about $370 million",
    "Calculation: 12,345 × $29,900 = around $370 million",
    "Calculation: 12,345 × $29,900 = $370 million",  # 370: two significant figures
    "Calculation: 12,345 × $29,900 ≈ $0.37 billion",
    "Calculation: 12,345 × $29,900 ≈ $369 million",
    "Calculation: 12 × 26 ≈ 300",  # hedged: every trailing zero is rounding
    "Margin change = 24.5% − 21.3% = 320 bps",
    "Margin change = 24.5% - 21.3% = 320 basis points",
    "3.2% × 100 = 320 bps",  # which scale the 100 stands for is not read: unchecked
    "0.5% × 2 = 100 bps",  # a product of a percentage is no difference in points: unchecked
    "150 bps + 170 bps = 320 bps",
    "Calculation: 12,000 patients × $30,000 = $360,000,000 = $0.36 billion",
    "12,000 × $30,000 = 12 × $30 million = $360 million",  # a second expression is no result
    "Treated patients: 150,000 prevalent × 40% diagnosed × 20% treated = 12,000",
    "Patients treated = 1.5 million × 8% = 120,000",
    "Expected events: 300 patients × 14% = 42",
    "40% × 50% = 20",  # shares only, a bare result: maybe a percentage, not shown wrong
    "Calculation: 12,000 patients × $30,000 ≈ $360 million",
    "| TAM | 12,000 × $30,000 = $360 million | $360 million |",
    "`12,000 × $30,000 = $360 million`",
    "- TAM: 12,000 × $30,000/year = $360 million/year",
    "Calculation: 12,000 patients × $30,000 = $360 million annually",
])
def test_rt29t_right_calculations_are_not_wrong(line):
    assert wrong_calculations("n.md", f"# Note\n{line}\n") == ()


@pytest.mark.parametrize("result, status", [("~$370 million", "undecided"), ("$370 million", "undecided"),
                                            ("~$3.7 billion", "fail")])
def test_a_round_result_of_a_calculation_is_read_at_its_precision(tmp_path, result, status):
    # rt29t k14: the calculation's line carries the figure, not the claim's words: the judge's when right
    note = f"# Working notes\n\nCalculation: 12,345 × $29,900 = {result}\nSource inputs are listed in the appendix.\n"
    figure = result.lstrip("~")
    assert _status(tmp_path, note, f"The addressable market is about {figure}.", 3)[0] == status


@pytest.mark.parametrize("result, status", [("320 bps", "undecided"), ("420 bps", "fail")])
def test_a_margin_change_in_basis_points_is_checked_in_points(tmp_path, result, status):
    # rt29t k28: 24.5% − 21.3% is 3.2 percentage points, 320 basis points
    note = f"# Working notes\n\nMargin change = 24.5% − 21.3% = {result}\nSource inputs are listed in the appendix.\n"
    figure = result.replace("bps", "basis points")
    assert _status(tmp_path, note, f"Operating margin expanded by {figure}.", 3)[0] == status


@pytest.mark.parametrize("calculation, status", [
    ("Calculation: 12,000 patients × $30,000 = $360,000,000 = $3.6 billion", "fail"),
    ("Calculation: 12,000 patients × $300,000 = $3,600,000,000 = $3.6 billion", "pass"),
    ("| TAM | 12,000 × $30,000 = $3.6 billion |", "fail"),
    ("| TAM | 12,000 × $300,000 = $3.6 billion |", "pass"),
    ("- TAM: 12,000 × $30,000/year = $3.6 billion/year", "fail"),
    ("- TAM: 12,000 × $300,000/year = $3.6 billion/year", "pass"),
])
def test_a_restatement_of_a_wrong_chain_table_or_yearly_result_fails(tmp_path, calculation, status):
    note = f"# Addressable market\n\n{calculation}\nThe addressable market is $3.6 billion a year.\n"
    assert _status(tmp_path, note, "The addressable market is $3.6 billion a year.", 4)[0] == status


def test_each_wrong_step_of_a_chain_is_found():
    # the middle step is as much the expression's result as the last
    wrongs = wrong_calculations("n.md", "# Note\n12,000 × $30,000 = $3.6 billion = $3,600 million\n")
    assert [(w.result, w.gives) for w in wrongs] == [("$3.6 billion", "$0.36 billion"), ("$3,600 million", "$360 million")]
