"""CP104 numeric-support: every number of a claim is in the window its anchors cite.

Each numeric fact (value atom: number, unit, denominator, qualifier, precision) ends in one
of three states against the cited windows (SPEC §3.4, ``citeproof.values``):
supported (equal value and unit, exact equivalences included), plausible (a bound some
same-unit value satisfies, an approximation, a calendar conversion — Tier 2 judges it) or
missing. A missing number is a fabricated or mis-copied figure: critical, however it is
formatted (bold, full-width digits, a scale word).
"""

from __future__ import annotations

from citeproof.parse.heading_figures import is_measured
from citeproof.model import RuleOutcome
from citeproof.values import NumberAssessment, assess_atoms
from citeproof.values.columns import row_atoms
from citeproof.sources.types import SourceWindow
from citeproof.values.assess import claim_negated
from citeproof.values.model_check import ModelChecker
from citeproof.values.window_index import WindowIndex, read_window
from tier1.context import ClaimContext
from tier1.rule import Rule, RuleDoc, RuleExample

_TRIAL = (
    '{"Clinical Trial ID": "NCT0000001",\n'
    ' "Intervention": ["INTERVENTION 1: ", "  Study drug 200 mg/day orally for 12 weeks", '
    '"  Loading dose of 120 mg on day 1"],\n'
    ' "Results": ["Overall Number of Participants Analyzed: 20", "  Total: 2/20 (10.00%)", '
    '"  Response rate 93%"]}\n'
)
_TRIAL_ZH = (
    '{"Clinical Trial ID": "NCT0000002",\n'
    ' "Intervention": ["干预 1：", "  研究药物每日200 mg，口服12周", "  第1天负荷剂量120 mg"],\n'
    ' "Results": ["共入组3.5万名受试者", "  总费用12亿元"]}\n'
)


_LAB = "# Lab\n\nSerum IL-6 fell by day 7.\n\nIL-6 is a cytokine that fell after treatment.\n"
_REVENUE = "# Source\nCloud revenue was $1.2 billion in fiscal 2023.\nHardware revenue was $0.8 billion in fiscal 2023.\n"


def _sum_model(stated: str) -> str:
    return ("# Model: total revenue\n\n- cloud = $1.2 billion [evidence:revenue.md#L2]\n"
            "- hardware = $0.8 billion [evidence:revenue.md#L3]\nFormula: total = cloud + hardware\n"
            f"Units: USD billion\nResult: total = {stated}\n")


def _tam_note(stated: str) -> str:
    return (f"# Addressable market\n\nCalculation: 12,000 patients × $30,000 = {stated}\n"
            f"The addressable market is about {stated} a year.\n")


_RUN = object()  # key for memos that belong to the whole run (the store), not to one window


def run_model_checker(ctx: ClaimContext) -> ModelChecker:
    """One checker per run: each cited model file's inputs are resolved and checked once, each
    at its anchor's window read as a claim's number is (the run's window indexes, tables and all)."""
    store = ctx.store
    memo = ctx.memo
    return memo.derived(_RUN, "values.models", lambda _: ModelChecker(
        store.resolve if store else None, ctx.settings, index_of=lambda w: read_window(w, memo)))


class NumericSupport(Rule):
    id = "CP104"
    name = "numeric-support"
    severity = "critical"
    scope = "claim"
    doc = RuleDoc(
        what="Every numeric fact of a claim (count, percentage, fraction, dose with unit and denominator, "
        "time window, currency, CI, p-value, HR/OR) is looked up in the cited windows after normalisation "
        "(thousands separators, full-width digits, Unicode minus, Markdown emphasis, scale words, number words) "
        "and exact equivalences (120 mg = 0.12 g; 1/3 = 33.33% at the claim's precision). A bare number in a table "
        "cell whose column header ends in a unit ('Dose (mg)', 'ORR (%)', '（个月）'; not a count column such as "
        "'n (%)') or in a row whose label ends in one ('Median PFS (months)') is read in that unit, and under a "
        "currency scale ('Revenue ($B)', '(亿元)') as that amount "
        "(citeproof.values.columns); the bare number alone is only plausible ('12 stores' is no '$12B'), unless the "
        "source line brackets the same unit itself ('Daily dose (mg): 200'). A source table is read the same way: its "
        "header or row label gives its bare cells their unit, a last bracket naming the spread ('ORR, % (95% CI)') "
        "leaves the unit before it, under 'n (%)' only the bracketed number of '24 (20.0)' is a percentage, and rows "
        "cited without their header ('#L3') read the header of the same table above them (units only, never its numbers). "
        "A unit the table states once for all its cells — in its corner cell ('Revenue ($B)', 'Region (USD billion)', "
        "'USD million'), a caption over its header ('Table 2. Revenue by region (USD billion)') or a note ('All figures "
        "in USD billion.') — gives the cells no header or row label gives one that unit as a reading only (plausible), "
        "also for rows cited without it. "
        "A claim written 'Median PFS (months) in Arm A: 11.2' reads its bare value in its label's unit the same way. A value and its spread share a unit written once: '62 (range 35-81) years' "
        "states 62 years, and '71 ± 8 kg' meets '71 kg (SD 8)'.",
        why="A fabricated or mis-copied figure is the most harmful error a cited report can carry; "
        "string matching misses it when formatted differently and rejects true paraphrases.",
        fails="Some number has nothing equal or plausible in any cited window (critical numeric_token_miss, "
        "naming the number and the sources searched). A derived number (fold change, percentage points, "
        "difference, sum, CAGR) is missing unless a cited model/evidence file holds its formula, input anchors, units "
        "and result, or the cited window itself states that derived figure as such ('a CAGR of 12.4%', '2.5-fold', "
        "'15 percentage points', 两倍), which leaves it plausible: copied, not fabricated, and judged. A cited model file is checked, not read as text (citeproof.values.model_check): each input "
        "'name = value [anchor]' must be supported at its own anchor, each 'Formula: name = expression' (+ - * / ^ "
        "and parentheses over the inputs; a percentage input is a proportion, 30% is 0.30, unless the formula "
        "multiplies by 100) must give the stated result at its precision, and the claim's number must "
        "be that result or a checked input. A broken link — an input not at its anchor or without one, an anchor "
        "that resolves nowhere, a result the formula does not give, a model without a formula, an input named for a "
        "period or subject ('rev2023', 'acme_share') that its anchor gives to another, a root over a count of years "
        "('^ (1 / 5)') its inputs' years (in their names or cited lines) are not apart, a difference of two "
        "percentages stated in percent, not points ('21 - 18 = 3%') — makes the number "
        "missing (critical, like a number absent from a window: the cited calculation does not carry it); a link "
        "the checker cannot read (an unknown formula token or name) leaves it plausible. A rate per year in the claim "
        "('a CAGR of 13.1%', '13.1% annually', 年复合增长率) is backed only by a formula that annualises (a root or "
        "power) or a change over one year: a change over inputs years apart is missing, over a span the inputs do "
        "not name plausible. A calculation any other cited "
        "file writes out in prose ('Calculation: 12,000 patients × $30,000 = $3.6 billion', 'TAM = patients × price "
        "= …' over its 'name = value' lines, '计算：…= 36亿美元') is checked with the same arithmetic, scale words and "
        "percentages (citeproof.values.written_calc): a figure equal to a result its operands do not give is missing "
        "wherever in that file it stands, the calculation or a sentence restating it, naming the line and the value "
        "the operands give; a calculation it cannot take apart is left as text.",
        passes="Every number is supported: an equal value with an equal unit (for a bound, the same bound). A "
        "name's number written after a space ('IL 6', 'CD 20') is supported by the same name written glued ('IL-6', "
        "'CD20'), and by nothing else. "
        "When some number is only plausible (a bound another value satisfies, 'about', months ↔ weeks, a review's "
        "'one study' where the source says 'a study', a count of a set the source lists rather than writes: 'the two "
        "cohorts', '3 different drugs') the claim is undecided and goes to Tier 2.",
        not_applicable="The claim has no numeric fact (identifiers, ordinal labels such as 'Cohort 2', calendar "
        "years and reference markers are not numeric facts, nor is 'one' as a pronoun — 'one that', 'one called', "
        "'one another' — or after 'no' — 'no one', 'no two patients had the same event'), none of its anchors resolved to a window "
        "(anchor resolution already failed those), or it is an entry of a references/sources list.",
    )
    examples = (
        RuleExample(
            name="bold-dose-supported-en",
            expect="pass",
            report="# Dosing\n\nThe study drug was given at **200 mg**/day for 12 weeks [nct:NCT0000001#Intervention].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="unit-equivalence-en",
            expect="pass",
            report="# Dosing\n\nA loading dose of 0.12 g was given on day 1 [nct:NCT0000001#Intervention].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="unit-in-column-header-en",
            expect="pass",
            # the bare 0.12 sits under "(g)": it is also read as 0.12 g, which is the record's 120 mg
            report="# Dosing\n\n| Dose | Amount (g) |\n|---|---|\n| Loading dose on day 1 | 0.12 "
            "[nct:NCT0000001#Intervention] |\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="unit-in-column-header-wrong-en",
            expect="fail",
            reason="numeric_token_miss",
            # 12 under "(g)" is 12 g, a hundredfold the record's 120 mg (and no bare 12 is in the record)
            report="# Dosing\n\n| Dose | Amount (g) |\n|---|---|\n| Loading dose on day 1 | 12 "
            "[nct:NCT0000001#Intervention] |\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="fabricated-bold-dose-en",
            expect="fail",
            reason="numeric_token_miss",
            report="# Dosing\n\nThe study drug was given at **250 mg**/day for 12 weeks [nct:NCT0000001#Intervention].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="checked-model-sum-en",
            expect="pass",
            report="# Revenue\n\nTotal revenue in fiscal 2023 was $2.0 billion [model:total.md#L7].\n",
            sources={"models/total.md": _sum_model("$2.0 billion"), "evidence/revenue.md": _REVENUE},
        ),
        RuleExample(
            name="model-states-a-wrong-sum-en",
            expect="fail",
            reason="numeric_token_miss",
            # 1.2 + 0.8 is 2.0: the file's own formula does not give the 2.5 it states
            report="# Revenue\n\nTotal revenue in fiscal 2023 was $2.5 billion [model:total.md#L7].\n",
            sources={"models/total.md": _sum_model("$2.5 billion"), "evidence/revenue.md": _REVENUE},
        ),
        RuleExample(
            name="note-writes-a-wrong-calculation-en",
            expect="fail",
            reason="numeric_token_miss",
            # 12,000 × $30,000 is $360 million: the note's own working does not give the $3.6 billion it restates
            report="# Market\n\nThe addressable market is about $3.6 billion a year [evidence:tam.md#L4].\n",
            sources={"evidence/tam.md": _tam_note("$3.6 billion")},
        ),
        RuleExample(
            name="note-writes-a-right-calculation-en",
            expect="pass",
            report="# Market\n\nThe addressable market is about $360 million a year [evidence:tam.md#L4].\n",
            sources={"evidence/tam.md": _tam_note("$360 million")},
        ),
        RuleExample(
            name="name-written-glued-en",
            expect="pass",
            # "IL 6" is the source's "IL-6": the number is the name's tail (day 7 is checked as usual)
            report="# Markers\n\nSerum IL 6 fell by day 7 [evidence:lab.md#L3].\n",
            sources={"evidence/lab.md": _LAB},
        ),
        RuleExample(
            name="name-with-other-digits-en",
            expect="fail",
            reason="numeric_token_miss",
            # the source names IL-6, not IL-8: only the same word glued to the same digits supports it
            report="# Markers\n\nSerum IL 8 fell by day 7 [evidence:lab.md#L3].\n",
            sources={"evidence/lab.md": _LAB},
        ),
        RuleExample(
            name="pronoun-one-en",
            expect="na",
            # "one that …" is a pronoun: the claim states no number
            report="# Markers\n\nIL-6 is a cytokine, one that fell after treatment [evidence:lab.md#L5].\n",
            sources={"evidence/lab.md": _LAB},
        ),
        RuleExample(
            name="no-numbers-en",
            expect="na",
            report="# Dosing\n\nThe study drug was taken orally [nct:NCT0000001#Intervention].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="scale-word-zh",
            expect="pass",
            lang="zh",
            report="# 结果\n\n研究共入组35000名受试者[nct:NCT0000002#Results]。\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
        RuleExample(
            name="fabricated-scale-word-zh",
            expect="fail",
            reason="numeric_token_miss",
            lang="zh",
            report="# 结果\n\n研究总费用为15亿元[nct:NCT0000002#Results]。\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
        RuleExample(
            name="no-numbers-zh",
            expect="na",
            lang="zh",
            report="# 用法\n\n研究药物为口服给药[nct:NCT0000002#Intervention]。\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
    )

    def check_claim(self, ctx: ClaimContext) -> RuleOutcome:
        claim = ctx.claim
        resolved = [r for r in ctx.resolutions if r.window is not None]
        if not resolved or claim.in_source_list:
            return self.na(claim.id)
        atoms = ctx.cache.get("atoms")
        if atoms is None:
            atoms = row_atoms(claim.text, claim.columns)
            ctx.cache["atoms"] = atoms
        if claim.unit == "heading":
            # a heading states its figures; "Week 24" and "(n=120)" beside them name the period and
            # the group a section covers, as they do in a heading with no figure
            atoms = [a for a in atoms if is_measured(a, claim.text)]
        if not atoms:
            return self.na(claim.id)
        windows = [r.window for r in resolved]

        def index_of(window: SourceWindow) -> WindowIndex:
            # a window's lines are read once per run, however many claims cite it; across the
            # wraps its segments rejoin, so a number meets its unit as the claim-support rule reads it
            return read_window(window, ctx.memo)

        assessments: list[NumberAssessment] = assess_atoms(
            atoms, windows, [r.anchor.kind for r in resolved], negated=claim_negated(claim.text, atoms),  # type: ignore[arg-type]
            index_of=index_of, models=run_model_checker(ctx), claim_text=claim.text, memo=ctx.memo,
        )
        ctx.cache["numbers"] = assessments
        missing = [a for a in assessments if a.state == "missing"]
        if missing:
            searched = ", ".join(dict.fromkeys(f"{r.anchor.raw}" for r in resolved))
            findings = [
                self.finding(
                    "numeric_token_miss",
                    f"'{a.raw}' ({a.normalised}) is not in the cited window of [{searched}]"
                    + (f": {a.why}" if a.why else ": no equal or plausible value there"),
                    claim_id=claim.id,
                    location=claim.location,
                )
                for a in missing
            ]
            return self.fail(*findings, claim_id=claim.id)
        plausible = [a for a in assessments if a.state == "plausible"]
        if plausible:
            detail = "; ".join(f"{a.normalised} ~ '{(a.matched or '')[:80]}'" + (f" ({a.why})" if a.why else "")
                               for a in plausible)
            return self.undecided(f"plausible: {detail}", claim_id=claim.id)
        return self.ok(claim.id)

