"""A cited model file is checked, not trusted (citeproof.values.model_check, SPEC §3.4).

Each case is a pair: the model whose every link holds backs its number; the same model with
one link broken (stated result, input value, input anchor, formula) backs nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from citeproof.model import Location
from citeproof.parse.anchors import scan_anchors
from citeproof.settings import Settings
from citeproof.sources.store import SourceStore
from citeproof.values import assess_numbers
from citeproof.values.model_check import ModelChecker
from citeproof.values.model_file import FormulaError, evaluate, read_model

REVENUE = "# Source\nCloud revenue was $1.2 billion in fiscal 2023.\nHardware revenue was $0.8 billion in fiscal 2023.\n"
MARKET = "# Source\nThe battery market was $50.0 billion in 2019 and $87.1 billion in 2023.\n"
SHARES = ("# Source\nThe market was $12.0 billion in 2023.\nCompany A held a 30% share in 2023 and Company B 20%.\n"
          "Response was 45% in Arm A and 30% in Arm B.\nThe list price of $100 rose by 5% in 2024.\n")
TRIAL = "# Trial\nMedian time to progression: 13.5 months in Arm I.\nMedian time to progression: 15.0 months in Arm II.\n"


def sum_model(*, cloud: str = "$1.2 billion", anchor: str = "[evidence:s.md#L2]", formula: str = "Formula: total = cloud + hardware",
              last: str = "Total revenue in fiscal 2023 was $2.0 billion.") -> str:
    return (f"# Model: total revenue\n\n- cloud = {cloud} {anchor}\n- hardware = $0.8 billion [evidence:s.md#L3]\n"
            f"{formula}\nUnits: USD billion\n\n{last}\n")


CAGR_MODEL = (
    "# Model: market growth\n\n"
    "- start = $50.0 billion [evidence:market.md#L2]\n"
    "- end = $87.1 billion [evidence:market.md#L2]\n"
    "Formula: cagr = (end / start) ^ (1 / (2023 - 2019)) - 1\n"
    "Units: percent per year\n"
    "Result: cagr = {stated}\n"
)

DIFFERENCE_MODEL = (
    "# Model: difference in median time to progression\n\n"
    "- median_arm_I = 13.5 months [evidence:trial.md#L2]\n"
    "- median_arm_II = {arm_ii} months [evidence:trial.md#L3]\n\n"
    "Formula: difference = median_arm_II - median_arm_I\n"
    "Units: months\n"
    "Result: difference = {arm_ii} - 13.5 = {stated} months\n"
)


def assess(tmp_path: Path, model: str, claim: str, anchor: str, *, kind_path: str = "models/m.md") -> list:
    """``claim`` citing ``anchor`` against a sources folder holding ``model`` and three evidence files."""
    root = tmp_path / "sources"
    for rel, text in {kind_path: model, "evidence/s.md": REVENUE, "evidence/market.md": MARKET, "evidence/trial.md": TRIAL,
                      "evidence/shares.md": SHARES}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    settings = Settings()
    store = SourceStore(root, settings)
    [cited] = scan_anchors(anchor, Location(line=1), settings).anchors
    resolution = store.resolve(cited)
    assert resolution.window is not None, resolution.finding
    return assess_numbers(claim, [resolution.window], [cited.kind], models=ModelChecker(store.resolve, settings))


def test_a_sum_whose_inputs_and_result_hold_backs_its_number(tmp_path):
    [n] = assess(tmp_path, sum_model(), "Total revenue in fiscal 2023 was $2.0 billion.", "[model:m.md#L8]")
    assert n.state == "supported"


def test_a_sum_the_file_gets_wrong_backs_nothing(tmp_path):
    model = sum_model(last="Total revenue in fiscal 2023 was $2.5 billion.")
    [n] = assess(tmp_path, model, "Total revenue in fiscal 2023 was $2.5 billion.", "[model:m.md#L8]")
    assert n.state == "missing"
    assert "models/m.md line 8: the formula gives $2.0 billion, the file states $2.5 billion" in n.why


def test_a_wrong_result_line_breaks_the_model_for_every_number(tmp_path):
    model = sum_model(last="Result: total = $2.5 billion")
    [n] = assess(tmp_path, model, "Total revenue was $2.5 billion.", "[model:m.md]")
    assert n.state == "missing" and "the file states $2.5 billion" in n.why
    [ok] = assess(tmp_path / "ok", sum_model(last="Result: total = $2.0 billion"), "Total revenue was $2.0 billion.", "[model:m.md]")
    assert ok.state == "supported"


def test_an_input_its_anchor_does_not_carry_backs_nothing(tmp_path):
    model = sum_model(cloud="$1.3 billion", last="Total revenue in fiscal 2023 was $2.1 billion.")
    [n] = assess(tmp_path, model, "Total revenue in fiscal 2023 was $2.1 billion.", "[model:m.md#L8]")
    assert n.state == "missing"
    assert "line 3: input cloud: $1.3 billion not found at [evidence:s.md#L2]" in n.why


@pytest.mark.parametrize("anchor", ["[evidence:gone.md#L2]", "[evidence:s.md#L40]"])
def test_an_input_anchor_that_resolves_nowhere_backs_nothing(tmp_path, anchor):
    [n] = assess(tmp_path, sum_model(anchor=anchor), "Total revenue in fiscal 2023 was $2.0 billion.", "[model:m.md#L8]")
    assert n.state == "missing"
    assert f"input cloud: {anchor} does not resolve" in n.why


def test_an_input_without_an_anchor_backs_nothing(tmp_path):
    [n] = assess(tmp_path, sum_model(anchor=""), "Total revenue in fiscal 2023 was $2.0 billion.", "[model:m.md#L8]")
    assert n.state == "missing" and "names no anchor" in n.why


def test_a_constant_input_without_an_anchor_fails_saying_how_to_write_it(tmp_path):
    # rt24a case2: "years = 3" with no anchor failed with no hint; "^ (1 / 3)" in the formula is accepted
    inputs = CAGR_MODEL.replace("Formula: cagr = (end / start) ^ (1 / (2023 - 2019)) - 1", "- years = 4\nFormula: cagr = (end / start) ^ (1 / years) - 1")
    [n] = assess(tmp_path, inputs.format(stated="14.9%"), "The market grew at a CAGR of 14.9%.", "[model:m.md#L8]")
    assert n.state == "missing"
    assert "input years (4) names no anchor" in n.why and "as a literal in the formula ('^ (1 / 4)'" in n.why
    assert "or cite where the input comes from" in n.why
    literal = CAGR_MODEL.replace("(2023 - 2019)", "4")
    [n] = assess(tmp_path / "lit", literal.format(stated="14.9%"), "The market grew at a CAGR of 14.9%.", "[model:m.md#L7]")
    assert n.state == "supported", n.why


def test_a_model_without_a_formula_backs_no_number_even_verbatim(tmp_path):
    model = "# Model: battery market growth\n\nThe battery market grew at a CAGR of 25.0% from 2019 to 2023.\n"
    [n] = assess(tmp_path, model, "The battery market grew at a CAGR of 25.0% from 2019 to 2023.", "[model:m.md#L3]")
    assert n.state == "missing" and "holds no formula" in n.why
    [plain] = assess(tmp_path / "b", sum_model(formula="Total is the sum of both."), "Total revenue in fiscal 2023 was $2.0 billion.",
                     "[model:m.md#L8]")
    assert plain.state == "missing" and "holds no formula" in plain.why


def test_a_difference_model_backs_its_difference_and_not_a_wrong_one(tmp_path):
    good = DIFFERENCE_MODEL.format(arm_ii="15.0", stated="1.5")
    [n] = assess(tmp_path, good, "The combination arm gained a median of 1.5 months.", "[model:m.md#L8]")
    assert n.state == "supported"
    bad = DIFFERENCE_MODEL.format(arm_ii="15.0", stated="2.5")
    [m] = assess(tmp_path / "b", bad, "The combination arm gained a median of 2.5 months.", "[model:m.md#L8]")
    assert m.state == "missing" and "line 8: the formula gives 1.5 months, the file states 2.5 months" in m.why


def test_a_cagr_model_with_a_power_backs_the_true_cagr_only(tmp_path):
    good = CAGR_MODEL.format(stated="14.9%")
    [n] = assess(tmp_path, good, "The market grew at a CAGR of 14.9% from 2019 to 2023.", "[model:m.md#L7]")
    assert n.state == "supported"
    bad = CAGR_MODEL.format(stated="25.0%")
    [m] = assess(tmp_path / "b", bad, "The market grew at a CAGR of 25.0% from 2019 to 2023.", "[model:m.md#L7]")
    assert m.state == "missing" and "line 7: the formula gives 14.885%, the file states 25.0%" in m.why
    [other] = assess(tmp_path / "c", good, "The market grew at a CAGR of 25.0% from 2019 to 2023.", "[model:m.md#L7]")
    assert other.state == "missing"


def test_a_cagr_in_a_plain_source_is_never_supported_by_its_text(tmp_path):
    # the source states the same CAGR: copied, not fabricated — judged (plausible), never supported
    source = "# Source\nThe market grew at a CAGR of 14.9% from 2019 to 2023.\n"
    [n] = assess(tmp_path, source, "The market grew at a CAGR of 14.9% from 2019 to 2023.", "[evidence:e.md#L2]",
                 kind_path="evidence/e.md")
    assert n.state == "plausible" and "derived number" in n.why
    [m] = assess(tmp_path / "b", source, "The market grew at a CAGR of 16.2% from 2019 to 2023.", "[evidence:e.md#L2]",
                 kind_path="evidence/e.md")
    assert m.state == "missing" and "derived number" in m.why


def test_an_evidence_file_used_as_a_model_is_checked_for_derived_numbers(tmp_path):
    good = DIFFERENCE_MODEL.format(arm_ii="15.0", stated="1.5")
    [n] = assess(tmp_path, good, "The difference was 1.5 months.", "[evidence:calc.md#L8]", kind_path="evidence/calc.md")
    assert n.state == "supported"
    bad = DIFFERENCE_MODEL.format(arm_ii="16.0", stated="2.5")  # 16.0 is not in the trial's line 3
    [m] = assess(tmp_path / "b", bad, "The difference was 2.5 months.", "[evidence:calc.md#L8]", kind_path="evidence/calc.md")
    assert m.state == "missing" and "input median_arm_II: 16.0 months not found at [evidence:trial.md#L3]" in m.why


def _outer(tmp_path: Path, total: str, margin: str) -> Path:
    outer = (f"# Model\n- total = {total} [model:m.md#L8]\n- hardware = $0.8 billion [evidence:s.md#L3]\n"
             f"Formula: margin = total - hardware\nResult: margin = {margin}\n")
    folder = tmp_path / "sources" / "models"
    folder.mkdir(parents=True)
    (folder / "outer.md").write_text(outer, encoding="utf-8")
    return tmp_path


def test_a_model_input_that_cites_a_checked_model_holds_only_if_that_model_does(tmp_path):
    [n] = assess(_outer(tmp_path / "a", "$2.0 billion", "$1.2 billion"), sum_model(), "The margin was $1.2 billion.",
                 "[model:outer.md#L5]")
    assert n.state == "supported"
    wrong_inner = sum_model(last="Total revenue in fiscal 2023 was $2.5 billion.")
    [m] = assess(_outer(tmp_path / "b", "$2.5 billion", "$1.7 billion"), wrong_inner, "The margin was $1.7 billion.",
                 "[model:outer.md#L5]")
    assert m.state == "missing"
    assert "input total: $2.5 billion not found at [model:m.md#L8]" in m.why and "the file states $2.5 billion" in m.why


@pytest.mark.parametrize(("formula", "why"), [
    ("total = sum(cloud, hardware)", "cannot read ', hardware)' in the formula"),
    ("total = cloud + hardware + services", "the formula uses 'services', which no input or earlier formula defines"),
])
def test_a_formula_the_parser_cannot_read_leaves_the_number_to_the_judge(tmp_path, formula, why):
    [n] = assess(tmp_path, sum_model(formula=f"Formula: {formula}"),
                 "Total revenue in fiscal 2023 was $2.0 billion.", "[model:m.md#L8]")
    assert n.state == "plausible" and f"models/m.md line 5: {why}" in n.why


def test_without_a_store_no_model_backs_a_number():
    from values.helpers import window

    model = window(DIFFERENCE_MODEL.format(arm_ii="15.0", stated="1.5"), source_id="m.md", path="models/m.md")
    assert [a.state for a in assess_numbers("a difference of 1.5 months", [model], kinds=["model"])] == ["missing"]


# ---------------------------------------------------------------- the formula reader


@pytest.mark.parametrize(("expression", "value"), [
    ("a + b * c", 7.0), ("(a + b) * c", 9.0), ("a - b - c", -4.0), ("2 ^ 3 ^ 2", 512.0), ("-a ^ 2", -1.0),
    ("c / b", 1.5), ("1,000 * a", 1000.0), ("(b / a) ^ (1 / 2) - 1", 2 ** 0.5 - 1), ("a ** 2 × c", 3.0),
])
def test_formulas_follow_arithmetic_precedence(expression, value):
    assert evaluate(expression, {"a": 1.0, "b": 2.0, "c": 3.0}) == pytest.approx(value)


@pytest.mark.parametrize("expression", ["__import__('os').system('x')", "a +", "(a + b", "a b", "open", "a; b"])
def test_formulas_that_are_not_arithmetic_are_refused_unread(expression):
    with pytest.raises(FormulaError) as caught:
        evaluate(expression, {"a": 1.0, "b": 2.0})
    assert caught.value.unreadable


@pytest.mark.parametrize("expression", ["(" * 5000 + "a" + ")" * 5000, "-" * 5000 + "a", "^".join(["a"] * 5000)])
def test_a_formula_nested_past_any_model_is_refused_unread_not_a_crash(expression):
    with pytest.raises(FormulaError) as caught:
        evaluate(expression, {"a": 1.0})
    assert caught.value.unreadable and "nests deeper" in str(caught.value)


def test_nesting_within_the_limit_is_evaluated():
    assert evaluate("(" * 60 + "a" + ")" * 60, {"a": 2.0}) == 2.0
    assert evaluate("-" * 60 + "a", {"a": 2.0}) == 2.0


def test_a_power_too_large_or_without_a_real_value_is_named_as_such():
    with pytest.raises(FormulaError, match="too large to compute"):
        evaluate("a ^ 99999", {"a": 10.0})
    with pytest.raises(FormulaError, match="has no real value"):
        evaluate("a ^ 0.5", {"a": -1.0})


def test_a_division_by_zero_is_a_broken_formula_not_an_unreadable_one():
    with pytest.raises(FormulaError) as caught:
        evaluate("a / (b - b)", {"a": 1.0, "b": 2.0})
    assert not caught.value.unreadable


def test_the_model_reader_finds_inputs_formulas_units_and_results():
    model = read_model(DIFFERENCE_MODEL.format(arm_ii="15.0", stated="1.5"))
    assert [(i.name, i.value_text) for i in model.inputs] == [("median_arm_I", "13.5 months"), ("median_arm_II", "15.0 months")]
    assert [(f.target, f.expression) for f in model.formulas] == [("difference", "median_arm_II - median_arm_I")]
    assert model.units == "months"
    assert [(r.line, r.target, r.value_text) for r in model.results] == [(8, "difference", "1.5 months")]


@pytest.mark.parametrize("formula, units, result", [
    ("**Formula:** difference = median_arm_II - median_arm_I", "**Units:** months", "**Result:** difference = 1.5 months"),
    ("**Formula**: difference = median_arm_II - median_arm_I", "__Units__: months", "*Result:* difference = 1.5 months"),
    ("- **公式：** difference = median_arm_II - median_arm_I", "**单位：** months", "**结果：** difference = 1.5 months"),
])
def test_labels_in_markdown_emphasis_read_as_plain_labels(formula, units, result):
    # an LLM writes "**Formula:** …": the emphasis is no part of the label
    text = DIFFERENCE_MODEL.format(arm_ii="15.0", stated="1.5")
    text = (text.replace("Formula: difference = median_arm_II - median_arm_I", formula)
            .replace("Units: months", units).replace("Result: difference = 15.0 - 13.5 = 1.5 months", result))
    model = read_model(text)
    assert [(f.target, f.expression) for f in model.formulas] == [("difference", "median_arm_II - median_arm_I")]
    assert model.units == "months"
    assert [(r.target, r.value_text) for r in model.results] == [("difference", "1.5 months")]


@pytest.mark.parametrize("stated, state", [("$2.0 billion", "supported"), ("$2.5 billion", "missing")])
def test_a_model_written_with_bold_labels_is_checked_as_a_model(tmp_path, stated, state):
    model = sum_model(formula="**Formula:** total = cloud + hardware", last=f"**Result:** total = 1.2 + 0.8 = {stated}")
    [n] = assess(tmp_path, model, f"Total revenue in fiscal 2023 was {stated}.", "[model:m.md#L8]")
    assert n.state == state, n.why
    assert "holds no formula" not in (n.why or "")


def test_a_bare_result_is_read_in_the_units_scale(tmp_path):
    model = sum_model(last="Result: total = 2.0")  # Units: USD billion
    [n] = assess(tmp_path, model, "Total revenue was $2.0 billion.", "[model:m.md]")
    assert n.state == "supported"
    [m] = assess(tmp_path / "b", sum_model(last="Result: total = 2.5"), "Total revenue was $2.5 billion.", "[model:m.md]")
    assert m.state == "missing" and "the formula gives 2.0, the file states 2.5" in m.why


def test_a_bare_result_in_a_scale_the_checker_cannot_read_goes_to_the_judge(tmp_path):
    model = sum_model(last="Result: total = 2.0").replace("Units: USD billion", "Units: USD (bn, nominal)")
    [n] = assess(tmp_path, model, "Total revenue (USD bn, nominal) was 2.0.", "[model:m.md#L8]")
    assert n.state == "plausible" and "do not say what scale the bare value 2.0 is in" in n.why


def share_model(formula: str, result: str, *, units: str = "USD billion") -> str:
    return ("# Model: shares\n\n- market = $12.0 billion [evidence:shares.md#L2]\n- share_a = 30% [evidence:shares.md#L3]\n"
            "- share_b = 20% [evidence:shares.md#L3]\n- orr_a = 45% [evidence:shares.md#L4]\n- orr_b = 30% [evidence:shares.md#L4]\n"
            f"- price = $100 [evidence:shares.md#L5]\n- rise = 5% [evidence:shares.md#L5]\nFormula: {formula}\nUnits: {units}\n"
            f"Result: {result}\n")


@pytest.mark.parametrize(
    ("formula", "good", "bad", "claim"),
    [
        # a percentage input is a proportion: 30% of $12.0 billion is $3.6 billion, never $360 billion
        ("revenue = market * share_a", "revenue = $3.6 billion", "revenue = $360 billion", "Company A's revenue was {v}."),
        ("new_price = price * (1 + rise)", "new_price = $105", "new_price = $600", "The new list price was {v}."),
        # percentages added stay a percentage; a difference of percentages is in points
        ("both = share_a + share_b", "both = 50%", "both = 0.5%", "Together they held {v} of the market."),
        ("gap = orr_a - orr_b", "gap = 15 percentage points", "gap = 0.15 percentage points", "Response was {v} higher in Arm A."),
        # among percentages alone they are read as written (rt14a: "100 - a - b" gave 99.25%)
        ("rest = 100 - share_a - share_b", "rest = 50%", "rest = 99.5%", "Other companies held {v} of the market."),
        ("rest = 1 - share_a - share_b", "rest = 50%", "rest = -49%", "Other companies held {v} of the market."),  # as proportions
    ],
    ids=["share-of-amount", "price-rise", "sum-of-shares", "points", "rest-of-market", "rest-as-proportions"],
)
def test_percentage_inputs_enter_a_formula_as_proportions(tmp_path, formula, good, bad, claim):
    value = good.split(" = ")[1]
    [n] = assess(tmp_path, share_model(formula, good), claim.format(v=value), "[model:m.md#L12]")
    assert n.state == "supported", n.why
    wrong = bad.split(" = ")[1]
    [m] = assess(tmp_path / "bad", share_model(formula, bad), claim.format(v=wrong), "[model:m.md#L12]")
    assert m.state == "missing" and "the formula gives" in (m.why or "")


TAM_SOURCE = "# Source\n预计2030年目标用户为5000万。\n每位用户年均支出为1000元。\n"


@pytest.mark.parametrize(("stated", "claim", "state"), [
    ("500", "2030年市场规模将达500亿元。", "supported"),  # a bare result is in the Units' scale
    ("500", "2030年市场规模将达500元。", "missing"),  # … never in the base unit
    ("600", "2030年市场规模将达600亿元。", "missing"),
])
def test_a_bare_result_the_formula_scales_is_read_in_the_units_line(tmp_path, stated, claim, state):
    # rt13b: "Formula: tam = users * arpu / 100000000", "Units: 亿元", "Result: tam = 500" failed a true 500亿元
    model = ("# Model: TAM\n\n- users = 5000万 [evidence:tam.md#L2]\n- arpu = 1000元 [evidence:tam.md#L3]\n"
             f"Formula: tam = users * arpu / 100000000\nUnits: 亿元\nResult: tam = {stated}\n")
    (tmp_path / "sources" / "evidence").mkdir(parents=True)
    (tmp_path / "sources" / "evidence" / "tam.md").write_text(TAM_SOURCE, encoding="utf-8")
    [n] = assess(tmp_path, model, claim, "[model:m.md#L7]")
    assert n.state == state, n.why


YEARS_SOURCE = "# Source\nRevenue was $100 million in 2023 and $120 million in 2024.\n"


@pytest.mark.parametrize(
    ("inputs", "state"),
    [
        (("rev2023 = $100 million", "rev2024 = $120 million"), "supported"),
        (("rev2023 = $120 million", "rev2024 = $100 million"), "missing"),  # each value taken from the other year
        (("fy2023_rev = $120 million", "fy2024_rev = $100 million"), "missing"),
        (("first = $120 million", "second = $100 million"), "supported"),  # a name that says no period
    ],
    ids=["right-years", "swapped-years", "fy-names", "no-period"],
)
def test_an_input_named_for_a_period_must_be_that_periods_value(tmp_path, inputs, state):
    # rt13b: "rev2023 = $120 million" at a line giving 2023 $100 million vouched a fall that was a rise
    a, b = (i.split(" = ")[0] for i in inputs)
    model = (f"# Model: change\n\n- {inputs[0]} [evidence:years.md#L2]\n- {inputs[1]} [evidence:years.md#L2]\n"
             f"Formula: change = {a} - {b}\nUnits: USD million\nResult: change = $20 million\n")
    if state == "supported" and a == "rev2023":
        model = model.replace("Result: change = $20 million", "Result: change = $-20 million")
    (tmp_path / "sources" / "evidence").mkdir(parents=True)
    (tmp_path / "sources" / "evidence" / "years.md").write_text(YEARS_SOURCE, encoding="utf-8")
    claim = "The change was $-20 million." if "$-20" in model else "The change was $20 million."
    [n] = assess(tmp_path, model, claim, "[model:m.md#L7]")
    assert n.state == state, n.why
    if state == "missing":
        assert "the input's name gives" in (n.why or "")


def test_each_formula_reads_its_percentages_as_it_needs_them(tmp_path):
    # rt14a: one "* 100" formula made the whole file's percentages read as written, so a share
    # sum beside it read 0.75% and failed; each formula decides for itself
    model = ("# Model: shares and growth\n\n- market = $12.0 billion [evidence:shares.md#L2]\n"
             "- share_a = 30% [evidence:shares.md#L3]\n- share_b = 20% [evidence:shares.md#L3]\n"
             "- price = $100 [evidence:shares.md#L5]\n"
             "Formula: both = share_a + share_b\nFormula: revenue = market * both\n"
             "Formula: growth = (revenue - price) / price * 100\nUnits: USD\n"
             "Result: both = 50%\nResult: revenue = $6.0 billion\n")
    [n] = assess(tmp_path, model, "Together they held 50% of the market.", "[model:m.md#L11]")
    assert n.state == "supported", n.why
    [m] = assess(tmp_path / "b", model, "Their revenue was $6.0 billion.", "[model:m.md#L12]")
    assert m.state == "supported", m.why


@pytest.mark.parametrize(("stated", "state"), [("20%", "supported"), ("2000%", "missing"), ("0.2%", "missing")])
def test_a_formula_that_multiplies_by_100_gives_a_percentage_once(tmp_path, stated, state):
    model = ("# Model: growth\n\n- start = $100 million [evidence:years.md#L2]\n- end = $120 million [evidence:years.md#L2]\n"
             f"Formula: growth = (end - start) / start * 100\nUnits: percent\nResult: growth = {stated}\n")
    (tmp_path / "sources" / "evidence").mkdir(parents=True)
    (tmp_path / "sources" / "evidence" / "years.md").write_text(
        "# Source\nRevenue was $100 million in 2022 and $120 million in 2023.\n", encoding="utf-8")
    [n] = assess(tmp_path, model, f"Revenue grew {stated} from 2022 to 2023.", "[model:m.md#L7]")
    assert n.state == state, n.why


@pytest.mark.parametrize(
    ("formulas", "stated", "wrong"),
    [
        ("Formula: rel = (orr_a - orr_b) / orr_b * 100", "rel = 50%", "rel = 5000%"),
        ("Formula: ratio = orr_a / orr_b * 100", "ratio = 150%", "ratio = 15000%"),
        ("Formula: mean = (orr_a + orr_b) / 2 * 100", "mean = 37.5%", "mean = 40%"),
        ("Formula: arr = orr_a - orr_b\nFormula: nnt = 100 / arr", "nnt = 6.7", "nnt = 7.5"),
    ],
    ids=["relative-change", "ratio", "mean", "nnt-from-points"],
)
def test_a_100_beside_percentages_reads_them_either_way(tmp_path, formulas, stated, wrong):
    # rt15a: relative changes and an NNT of 100 / points failed ("the formula gives 5000%"). Either
    # reading is the formula's, so only a figure neither gives is missing
    def model(result: str) -> str:
        return ("# Model: response\n\n- orr_a = 45% [evidence:shares.md#L4]\n- orr_b = 30% [evidence:shares.md#L4]\n"
                f"{formulas}\nResult: {result}\n")
    value = stated.split(" = ")[1]
    line = 5 + formulas.count("\n") + 1
    [n] = assess(tmp_path, model(stated), f"The figure was {value}.", f"[model:m.md#L{line}]")
    assert n.state == "supported", n.why
    [m] = assess(tmp_path / "w", model(wrong), f"The figure was {wrong.split(' = ')[1]}.", f"[model:m.md#L{line}]")
    assert m.state != "supported"


def test_the_file_restating_an_input_in_its_own_words_is_left_to_the_judge(tmp_path):
    # rt17b: prose "hardware revenue was $1.2 billion" passed on the checked input cloud = $1.2 billion
    model = sum_model(last="Hardware revenue in fiscal 2023 was $1.2 billion.")
    [n] = assess(tmp_path, model, "Hardware revenue in fiscal 2023 was $1.2 billion.", "[model:m.md#L8]")
    assert n.state == "plausible" and "equals a checked input" in n.why
    # the result in the file's prose is still checked and supported
    [n] = assess(tmp_path, sum_model(), "Total revenue in fiscal 2023 was $2.0 billion.", "[model:m.md#L8]")
    assert n.state == "supported"


FX = "# Source\nThe market reached RMB 36 billion in 2023.\nThe average exchange rate in 2023 was 7.2.\n"


def test_a_result_in_a_currency_no_input_is_stated_in_is_left_to_the_judge(tmp_path):
    # rt17b: RMB 36 billion x 7.2 (RMB per USD) "= USD 259.2 billion" passed on its arithmetic
    model = ("# Model\n\n- market_rmb = RMB 36 billion [evidence:fx.md#L2]\n- fx = 7.2 [evidence:fx.md#L3]\n"
             "Formula: market_usd = market_rmb * fx\nUnits: USD billion\nResult: market_usd = USD 259.2 billion\n")
    root = tmp_path / "sources" / "evidence"
    root.mkdir(parents=True)
    (root / "fx.md").write_text(FX, encoding="utf-8")
    [n] = assess(tmp_path, model, "The market was USD 259.2 billion in 2023.", "[model:m.md#L7]")
    assert n.state == "plausible" and "no input is stated in" in n.why
    # a result in the inputs' currency is checked as before: its arithmetic holds
    same = model.replace("USD 259.2 billion", "RMB 259.2 billion").replace("USD billion", "RMB billion")
    [n] = assess(tmp_path, same, "The figure was RMB 259.2 billion.", "[model:m.md#L7]")
    assert n.state == "supported"


SIZES = "# Market sizing\n\n| Year | Market size (USD billion) |\n|---|---|\n| 2023 | 10.4 |\n| 2030 | 28.1 |\n"


def table_model(size2023: str, size2030: str = "USD 28.1 billion", *, units: str = "percent",
                formula: str = "cagr = (size2030 / size2023) ^ (1 / 7) - 1", stated: str = "15.3%") -> str:
    return (f"# Model: CAGR 2023-2030\n\n- size2023 = {size2023} [evidence:sizes.md#L5]\n"
            f"- size2030 = {size2030} [evidence:sizes.md#L6]\nFormula: {formula}\nUnits: {units}\nResult: cagr = {stated}\n")


def assess_table(tmp_path: Path, model: str, claim: str = "The market grows at a CAGR of 15.3% from 2023 to 2030.") -> list:
    root = tmp_path / "sources" / "evidence"
    root.mkdir(parents=True, exist_ok=True)
    (root / "sizes.md").write_text(SIZES, encoding="utf-8")
    return assess(tmp_path, model, claim, "[model:m.md#L7]")


def test_an_input_at_a_table_row_is_read_in_its_column_headers_unit(tmp_path):
    # rt24a case18: "USD 10.4 billion" at "| 2023 | 10.4 |" under "Market size (USD billion)" was
    # "not found", though a claim citing the same row reads it so (one reading of the window)
    [n] = assess_table(tmp_path, table_model("USD 10.4 billion"))
    assert n.state == "supported", n.why


@pytest.mark.parametrize("size2023", ["USD 10.4 million", "USD 10.5 billion", "EUR 10.4 billion"])
def test_an_input_the_table_row_does_not_state_breaks_the_model(tmp_path, size2023):
    [n] = assess_table(tmp_path, table_model(size2023))
    assert n.state == "missing" and "input size2023" in n.why


def test_a_bare_input_at_a_scaled_table_row_is_read_in_the_models_units(tmp_path):
    # "size2023 = 10.4" under "Units: USD billion" is USD 10.4 billion: the row states it
    growth = table_model("10.4", "28.1", units="USD billion", formula="growth = size2030 - size2023", stated="17.7")
    [n] = assess_table(tmp_path, growth, "The market adds USD 17.7 billion from 2023 to 2030.")
    assert n.state == "supported", n.why
    # in another scale the bare input is not the row's amount: no more than the judge's reading
    millions = growth.replace("Units: USD billion", "Units: USD million")
    [n] = assess_table(tmp_path / "m", millions, "The market adds USD 17.7 million from 2023 to 2030.")
    assert n.state == "plausible" and "input size2023: 10.4 is only approximately at" in n.why



SALES = ("# Source\nSales were $10.0 billion in 2019.\nSales were $20.0 billion in 2021.\nSales were $30.0 billion in 2023.\n"
         "Sales were $5.0 billion in 2024.\nSales were $40.0 billion in 2025.\nSales were $25.0 billion in 2026.\n"
         "Sales were $10.0 billion in 2027.\n")
FOLD = "fold = later / earlier"
INCREASE = "growth = (later / earlier - 1) * 100"


@pytest.mark.parametrize("claim, later, formula, stated, state", [
    # rt24a case3: "tripled" (read as an increase of 200%) failed against a fold of 3.0
    ("Sales tripled from 2019 to 2023.", 4, FOLD, "3.0", "supported"),
    ("Sales increased by 200% from 2019 to 2023.", 4, FOLD, "3.0", "supported"),
    ("Sales tripled from 2019 to 2023.", 4, INCREASE, "200%", "supported"),
    ("Sales doubled from 2019 to 2021.", 3, FOLD, "2.0", "supported"),
    ("Sales halved from 2019 to 2024.", 5, FOLD, "0.5", "supported"),
    ("销售额从2019年到2021年翻了一番。", 3, FOLD, "2.0", "supported"),
    ("Sales increased by 150% from 2019 to 2026.", 7, FOLD, "2.5", "supported"),
    # a bare 1.0 is a doubling as a proportion of increase but no change as a fold: the judge's
    ("Sales doubled from 2019 to 2027.", 8, FOLD, "1.0", "plausible"),
    # another multiple, or a percentage that is no change, is not the fold
    ("Sales tripled from 2019 to 2021.", 3, FOLD, "2.0", "missing"),
    ("Sales quadrupled from 2019 to 2023.", 4, FOLD, "3.0", "missing"),
    ("Sales tripled from 2019 to 2025.", 6, INCREASE, "300%", "missing"),
    ("Sales grew to 200% of their 2019 level by 2023.", 4, FOLD, "3.0", "missing"),
    ("Sales increased by about 200% from 2019 to 2023.", 4, FOLD, "3.0", "missing"),
])
def test_a_multiplicative_verb_is_backed_by_its_fold_or_its_increase(tmp_path, claim, later, formula, stated, state):
    root = tmp_path / "sources" / "evidence"
    root.mkdir(parents=True)
    (root / "sales.md").write_text(SALES, encoding="utf-8")
    model = (f"# Model: sales multiple\n\n- earlier = $10.0 billion [evidence:sales.md#L2]\n"
             f"- later = {SALES.splitlines()[later - 1].split()[2]} billion [evidence:sales.md#L{later}]\n"
             f"Formula: {formula}\nResult: {formula.split()[0]} = {stated}\n")
    [n] = assess(tmp_path, model, claim, "[model:m.md#L6]")
    assert n.state == state, n.why


# rt34a c16/c38: a model whose arithmetic holds can still derive the wrong figure — a root over
# the wrong count of years, a total change read as a rate per year, an input that is another
# subject's figure, a difference of percentages written as percent
NOTE = ("# Note\nThe market was $24.1 billion in 2023.\nThe market is expected to reach $105 billion by 2030.\n"
        "Acme held a 34% share of the market in 2023, while Beta held 21%.\nGross margin was 18% in 2022 and 21% in 2023.\n"
        "Sales were $5.8 billion in 2021.\nSales were $8.4 billion in 2024.\nSales were $5.8 billion and later $8.4 billion.\n")


def assess_note(tmp_path: Path, model: str, claim: str, line: int) -> object:
    (tmp_path / "sources" / "evidence").mkdir(parents=True, exist_ok=True)
    (tmp_path / "sources" / "evidence" / "note.md").write_text(NOTE, encoding="utf-8")
    [n] = [a for a in assess(tmp_path, model, claim, f"[model:m.md#L{line}]") if a.raw.endswith("%") or "point" in claim]
    return n


def growth_model(names: tuple[str, str], formula: str, stated: str, lines: tuple[int, int] = (2, 3)) -> str:
    a, b = names
    return (f"# Model: growth\n\n- {a} = {'$24.1 billion' if lines[0] == 2 else '$5.8 billion'} [evidence:note.md#L{lines[0]}]\n"
            f"- {b} = {'$105 billion' if lines[1] == 3 else '$8.4 billion'} [evidence:note.md#L{lines[1]}]\n"
            f"Formula: rate = {formula.format(a=a, b=b)}\nUnits: percent\nResult: rate = {stated}\n")


@pytest.mark.parametrize(
    ("names", "lines", "root", "stated", "state"),
    [
        (("size2023", "size2030"), (2, 3), "7", "23.4%", "supported"),
        (("size2023", "size2030"), (2, 3), "5", "34.2%", "missing"),  # 7 years rooted as 5
        (("start", "end"), (6, 7), "3", "13.1%", "supported"),  # the years are on the cited lines
        (("start", "end"), (6, 7), "2", "20.3%", "missing"),
        (("start", "end"), (8, 8), "2", "20.3%", "supported"),  # no years to compare: the formula is read as written
    ],
    ids=["name-years-right", "name-years-wrong", "cited-years-right", "cited-years-wrong", "no-years"],
)
def test_a_root_over_a_count_of_years_must_match_the_inputs_years(tmp_path, names, lines, root, stated, state):
    model = growth_model(names, "({b} / {a}) ^ (1 / " + root + ") - 1", stated, lines)
    n = assess_note(tmp_path, model, f"Sales grew at a CAGR of {stated}.", 7)
    assert n.state == state, n.why
    if state == "missing":
        assert f"the root 1 / {root}" in n.why and "years apart" in n.why


@pytest.mark.parametrize(
    ("formula", "lines", "claim", "state"),
    [
        ("({b} - {a}) / {a} * 100", (6, 7), "Sales grew 44.8% from 2021 to 2024.", "supported"),
        ("({b} - {a}) / {a} * 100", (6, 7), "Sales grew at a CAGR of 44.8% from 2021 to 2024.", "missing"),
        ("({b} - {a}) / {a} * 100", (6, 7), "Sales grew 44.8% annually from 2021 to 2024.", "missing"),
        ("({b} - {a}) / {a} * 100", (6, 7), "销售额年复合增长率为44.8%。", "missing"),
        ("({b} - {a}) / {a} * 100", (8, 8), "Sales grew 44.8% per year.", "plausible"),  # the span is not named: judged
        ("(({b} / {a}) ^ (1 / 3) - 1) * 100", (6, 7), "Sales grew at a CAGR of 13.1% from 2021 to 2024.", "supported"),
    ],
    ids=["total-as-total", "total-as-cagr", "total-as-annual", "total-as-cagr-zh", "span-unnamed", "cagr-as-cagr"],
)
def test_a_rate_per_year_needs_a_formula_that_annualises(tmp_path, formula, lines, claim, state):
    stated = "13.1%" if "^" in formula else "44.8%"
    model = growth_model(("start", "end"), formula, stated, lines)
    n = assess_note(tmp_path, model, claim, 7)
    assert n.state == state, n.why
    if state != "supported":
        assert "no root or power that annualises it" in n.why


@pytest.mark.parametrize(
    ("first", "second", "state"),
    [("acme_share = 34%", "beta_share = 21%", "supported"), ("beta_share = 34%", "acme_share = 21%", "missing")],
    ids=["right-subjects", "swapped-subjects"],
)
def test_an_input_named_for_a_subject_must_be_that_subjects_figure(tmp_path, first, second, state):
    a, b = first.split(" = ")[0], second.split(" = ")[0]
    model = (f"# Model: gap\n\n- {first} [evidence:note.md#L4]\n- {second} [evidence:note.md#L4]\n"
             f"Formula: gap = {a} - {b}\nUnits: percentage points\nResult: gap = 13 percentage points\n")
    n = assess_note(tmp_path, model, "Acme led Beta by 13 percentage points of share.", 7)
    assert n.state == state, n.why
    if state == "missing":
        assert "the input's name gives 34% to 'beta'" in n.why


@pytest.mark.parametrize(
    ("result", "claim", "state"),
    [
        ("3 percentage points", "Gross margin rose 3 percentage points in 2023.", "supported"),
        ("3 percentage points", "Gross margin rose 3% in 2023.", "missing"),  # 3 points is a 16.7% relative rise
        ("3%", "Gross margin rose 3% in 2023.", "missing"),  # the model's own unit is wrong
        ("3%", "Gross margin rose 3 percentage points in 2023.", "missing"),
    ],
    ids=["points-as-points", "points-as-percent", "model-writes-percent", "model-writes-percent-claim-points"],
)
def test_a_difference_of_percentages_is_in_points(tmp_path, result, claim, state):
    model = ("# Model: margin change\n\n- margin2022 = 18% [evidence:note.md#L5]\n- margin2023 = 21% [evidence:note.md#L5]\n"
             f"Formula: change = margin2023 - margin2022\nUnits: percentage points\nResult: change = 21 - 18 = {result}\n")
    n = assess_note(tmp_path, model, claim, 7)
    assert n.state == state, n.why
    if result == "3%":
        assert "gives percentage points, but the file states 3%" in n.why


def test_a_difference_of_percentages_the_prose_writes_as_percent_is_not_vouched(tmp_path):
    model = ("# Model: margin change\n\n- margin2022 = 18% [evidence:note.md#L5]\n- margin2023 = 21% [evidence:note.md#L5]\n"
             "Formula: change = margin2023 - margin2022\nUnits: percentage points\nResult: change = 3 percentage points\n\n"
             "Gross margin rose 3% in 2023.\n")
    n = assess_note(tmp_path, model, "Gross margin rose 3% in 2023.", 9)
    assert n.state == "missing", n.why
    assert "gives percentage points" in n.why
    # the remaining share after two others is a percentage again, not points
    model = ("# Model: rest\n\n- acme = 34% [evidence:note.md#L4]\n- beta = 21% [evidence:note.md#L4]\n"
             "Formula: rest = 100 - acme - beta\nUnits: percent\nResult: rest = 45%\n")
    assert assess_note(tmp_path, model, "Others held 45% of the market.", 7).state == "supported"


@pytest.mark.parametrize(
    ("claim", "annual"),
    [("Sales grew 12% a year.", True), ("Sales grew 12% annually.", True), ("Sales grew at a CAGR of 12%.", True),
     ("销售额年均增长12%。", True), ("Sales grew 12% in 2024.", False), ("Margin was 18%, up from 12% a year earlier.", False)],
)
def test_a_rate_per_year_is_read_from_the_words_beside_the_percentage(claim, annual):
    from citeproof.values.assess import claim_atoms
    from citeproof.values.model_check import says_annual

    atom = next(a for a in claim_atoms(claim) if a.number == 12)
    assert says_annual(claim, atom) is annual
