"""A figure stated for a regimen given alone is not one given in combination, and the reverse
(citeproof.values.regimen_form; red team rt29j finding 1: "Median PFS with X alone was 11.5
months" passed on "11.5 months with X and Y and 6.9 months with X alone")."""

from __future__ import annotations

import pytest

from citeproof.values.regimen_form import combined_unnamed, figure_forms, partner_dropped, regimen_differs, written_form

AND_ALONE = "Median PFS was 11.5 months with agent X and agent Y and 6.9 months with agent X alone."
PLUS_MONO = "Median PFS was 11.5 months with agent X plus agent Y versus 6.9 months with agent X monotherapy."
SIGN = "Median PFS was 11.5 months with X+Y and 6.9 months with X alone."
LABEL_FIRST = "With agent X alone, median PFS was 6.9 months, and with the X-Y combination, 11.5 months."
BRACKETS = "Median PFS was 11.5 months (X plus Y) and 6.9 months (X alone)."
ZH = "X联合Y组的中位PFS为11.5个月，X单药组为6.9个月。"
ZH_BRACKETS = "中位PFS为11.5个月（X联合Y）和6.9个月（X单药）。"


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        (AND_ALONE, "Median PFS with agent X alone was 11.5 months.", 11.5),
        (AND_ALONE, "Median PFS with agent X plus agent Y was 6.9 months.", 6.9),
        (PLUS_MONO, "Median PFS with agent X alone was 11.5 months.", 11.5),
        (PLUS_MONO, "Median PFS with agent X as a single agent was 11.5 months.", 11.5),
        (PLUS_MONO, "Median PFS with the combination was 6.9 months.", 6.9),
        (SIGN, "Median PFS with X monotherapy was 11.5 months.", 11.5),
        (SIGN, "Median PFS with X + Y was 6.9 months.", 6.9),
        (LABEL_FIRST, "Median PFS with agent X alone was 11.5 months.", 11.5),
        (LABEL_FIRST, "Median PFS with agent X in combination with agent Y was 6.9 months.", 6.9),
        (BRACKETS, "Median PFS with X alone was 11.5 months.", 11.5),
        (BRACKETS, "Median PFS with X plus Y was 6.9 months.", 6.9),
        (ZH, "X单药组的中位PFS为11.5个月。", 11.5),
        (ZH, "单用X的中位PFS为11.5个月。", 11.5),
        (ZH, "X联合Y的中位PFS为6.9个月。", 6.9),
        (ZH, "X+Y的中位PFS为6.9个月。", 6.9),
        (ZH_BRACKETS, "X单药的中位PFS为11.5个月。", 11.5),
        (ZH_BRACKETS, "X联合Y的中位PFS为6.9个月。", 6.9),
    ],
)
def test_a_figure_given_to_the_other_form_goes_to_the_judge(segment, claim, value):
    why = regimen_differs(claim, segment, [value])
    assert why is not None and f"{value:g}" in why


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        (AND_ALONE, "Median PFS with agent X alone was 6.9 months.", 6.9),
        (PLUS_MONO, "Median PFS with agent X monotherapy was 6.9 months.", 6.9),
        (PLUS_MONO, "Median PFS with agent X plus agent Y was 11.5 months.", 11.5),
        (PLUS_MONO, "Median PFS with the X-Y combination was 11.5 months.", 11.5),
        (SIGN, "Median PFS with X + Y was 11.5 months.", 11.5),
        (SIGN, "Median PFS with X alone was 6.9 months.", 6.9),
        (LABEL_FIRST, "Median PFS with agent X alone was 6.9 months.", 6.9),
        (LABEL_FIRST, "Median PFS with the combination was 11.5 months.", 11.5),
        (BRACKETS, "Median PFS with X alone was 6.9 months.", 6.9),
        (BRACKETS, "Median PFS with X plus Y was 11.5 months.", 11.5),
        # the first break between two figures ends the earlier one's words, not a later comma
        ("PFS was 6.9 months with X alone and with X plus Y, 11.5 months.", "PFS with X alone was 6.9 months.", 6.9),
        ("PFS was 6.9 months with X alone and with X plus Y, 11.5 months.", "PFS with X plus Y was 11.5 months.", 11.5),
        (ZH, "X单药组的中位PFS为6.9个月。", 6.9),
        (ZH, "单用X的中位PFS为6.9个月。", 6.9),
        (ZH, "X联合Y组的中位PFS为11.5个月。", 11.5),
        (ZH_BRACKETS, "X单药的中位PFS为6.9个月。", 6.9),
        (ZH_BRACKETS, "X联合Y的中位PFS为11.5个月。", 11.5),
        # a claim naming no form, or both for one figure, is left to the other checks
        (AND_ALONE, "Median PFS with agent X and agent Y was 11.5 months.", 11.5),
        ("Median PFS with X alone versus X plus Y was 6.9 vs 11.5 months.", "Median PFS with X alone versus X plus Y was 6.9 vs 11.5 months.", 6.9),
        # a source that tells no form apart gives nothing here to misread
        ("Median PFS was 6.9 months with agent X.", "Median PFS with agent X alone was 6.9 months.", 6.9),
    ],
)
def test_a_figure_given_to_its_own_form_is_kept(segment, claim, value):
    assert regimen_differs(claim, segment, [value]) is None


def test_a_claim_comparing_the_forms_is_read_figure_by_figure():
    claim = "Median PFS with agent X alone was 11.5 months, versus 6.9 months with the combination."
    assert regimen_differs(claim, AND_ALONE, [11.5, 6.9]) is not None
    honest = "Median PFS with agent X alone was 6.9 months, versus 11.5 months with the combination."
    assert regimen_differs(honest, PLUS_MONO, [6.9, 11.5]) is None


def test_only_the_claims_figures_are_read():
    # "grade 3" is no figure of the claim: its stretch holds no form in the source
    source = "Grade 3 events occurred in 12% with agent X alone and 20% with agent X plus agent Y."
    claim = "Grade 3 events with agent X alone occurred in 12%."
    assert regimen_differs(claim, source, [12.0]) is None
    assert regimen_differs(claim, source, [12.0, 3.0]) is not None
    assert regimen_differs("Grade 3 events with agent X alone occurred in 20%.", source, [20.0]) is not None


def test_a_sign_joins_two_names_only():
    forms = {raw: f for raw, _, f in figure_forms("CD8+ cells rose by 12%; grade 3+ events in 5% and +4% overall.")}
    assert forms == {"12": frozenset(), "3": frozenset(), "5": frozenset(), "4": frozenset()}
    assert all(f == {"in combination"} for _, _, f in figure_forms("X + Y gave 30%; X+Y gave 40%; X＋Y gave 41%."))


def test_words_between_two_figures_with_no_break_are_both_figures():
    # nothing tells which figure "alone" is written for: the claim's form is not read off one of them
    forms = [f for _, _, f in figure_forms("Rates of 30% alone 40% were seen.")]
    assert forms == [frozenset({"alone"}), frozenset({"alone"})]


def test_a_figure_written_with_both_forms_backs_neither():
    # 'or' cuts no clause: the 35% stretch holds 'alone' and 'plus', so it is not the combination's for sure
    source = "Response rates of 40% with agent X alone or 35% with agent X plus agent Y were seen."
    assert regimen_differs("The response rate with agent X plus agent Y was 35%.", source, [35.0]) is not None
    assert regimen_differs("The response rate with agent X alone was 40%.", source, [40.0]) is None


# s28 bare: a figure of a combination backs no claim naming one of its drugs but not the other,
# though the claim writes no form word ("Median PFS with agent X was 11.5 months" on AND_ALONE)
CODES = "Median PFS was 11.5 months with ABC-123 plus XYZ-456 versus 6.9 months with ABC-123."
CODES_ZH = "ABC-123联合XYZ-456组的中位PFS为11.5个月，ABC-123单药组为6.9个月。"
NOUNS_ZH = "药物A联合药物B组的中位PFS为11.5个月，药物A组为6.9个月。"


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        (AND_ALONE, "Median PFS with agent X was 11.5 months.", 11.5),
        (PLUS_MONO, "Median PFS with agent X was 11.5 months.", 11.5),
        (PLUS_MONO, "Median PFS with agent Y was 11.5 months.", 11.5),
        (CODES, "Median PFS with ABC-123 was 11.5 months.", 11.5),
        ("Median PFS was 11.5 months with ABC-123 in combination with XYZ-456.", "Median PFS with ABC-123 was 11.5 months.", 11.5),
        ("Median PFS was 11.5 months with ABC-123 + XYZ-456.", "Median PFS with ABC-123 was 11.5 months.", 11.5),
        ("Median PFS was 11.5 months with ABC-123 with XYZ-456.", "Median PFS with ABC-123 was 11.5 months.", 11.5),
        ("With agent X and agent Y, median PFS was 11.5 months.", "With agent X, median PFS was 11.5 months.", 11.5),
        (CODES_ZH, "ABC-123组的中位PFS为11.5个月。", 11.5),
        (CODES_ZH, "XYZ-456的中位PFS为11.5个月。", 11.5),
        (NOUNS_ZH, "药物A组的中位PFS为11.5个月。", 11.5),
    ],
)
def test_a_combinations_figure_backs_no_claim_dropping_a_partner(segment, claim, value):
    why = partner_dropped(claim, segment, [value])
    assert why is not None and f"{value:g}" in why and "given together" in why


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        # the claim names the whole combination
        (AND_ALONE, "Median PFS with agent X and agent Y was 11.5 months.", 11.5),
        (PLUS_MONO, "Median PFS with agent X plus agent Y was 11.5 months.", 11.5),
        (CODES, "Median PFS with ABC-123 and XYZ-456 was 11.5 months.", 11.5),
        (CODES_ZH, "ABC-123联合XYZ-456组的中位PFS为11.5个月。", 11.5),
        (NOUNS_ZH, "药物A联合药物B的中位PFS为11.5个月。", 11.5),
        # the figure of the regimen the claim names alone: the pair's 'and' cuts no clause, the next one does
        (AND_ALONE, "Median PFS with agent X alone was 6.9 months.", 6.9),
        (AND_ALONE, "Median PFS with agent X was 6.9 months.", 6.9),
        (CODES, "Median PFS with ABC-123 was 6.9 months.", 6.9),
        (CODES_ZH, "ABC-123单药组的中位PFS为6.9个月。", 6.9),
        (NOUNS_ZH, "药物A组的中位PFS为6.9个月。", 6.9),
        # one regimen only: no partner near the figure
        ("Median PFS was 11.5 months with agent X.", "Median PFS with agent X was 11.5 months.", 11.5),
        ("Median PFS was 11.5 months with ABC-123.", "Median PFS was 11.5 months.", 11.5),
        # a claim naming no drug is left to the other checks
        (AND_ALONE, "Median PFS was 11.5 months.", 11.5),
        # names listed against figures in order, or each with its own figure, are no combination
        ("Median PFS was 11.5 and 6.9 months with ABC-123 and XYZ-456, respectively.", "Median PFS with XYZ-456 was 6.9 months.", 6.9),
        ("Median PFS was 11.5 months with ABC-123 and 6.9 months with XYZ-456.", "Median PFS with ABC-123 was 11.5 months.", 11.5),
        # a registry number is no drug
        ("In NCT01234567 and ABC-123, 11.5 months.", "In ABC-123, 11.5 months.", 11.5),
    ],
)
def test_a_claim_naming_the_whole_regimen_or_a_lone_one_is_kept(segment, claim, value):
    assert partner_dropped(claim, segment, [value]) is None


def test_the_runs_drug_mentions_are_names_too():
    segment = "Median PFS was 11.5 months with sampletinib and exampleparib."
    a, b = segment.index("sampletinib"), segment.index("exampleparib")
    drugs = [(a, a + len("sampletinib"), True), (b, b + len("exampleparib"), False)]
    why = partner_dropped("Median PFS with sampletinib was 11.5 months.", segment, [11.5], drugs=lambda: drugs)
    assert why is not None and "exampleparib" in why
    both = [(a, a + len("sampletinib"), True), (b, b + len("exampleparib"), True)]
    assert partner_dropped("PFS with both was 11.5 months.", segment, [11.5], drugs=lambda: both) is None
    # only the claim's figures are read
    assert partner_dropped("Median PFS with sampletinib was 11.5 months.", segment, [6.9], drugs=lambda: drugs) is None


# s28 regimen2 (red team rt31 findings 1–2): a figure stated with a combined word backs a claim
# only when the claim writes one too or names both sides of the join, whatever the partner is (a
# class of treatment, a regimen's letters, a drug no list knows): partner_dropped knows only names
PLUS_CHEMO = "Median PFS was 25.5 months with agent X plus chemotherapy and 16.7 months with agent X alone."
ZH_PLUS = "药物甲加化疗组中位PFS为25.5个月，药物甲单药组为16.7个月。"


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        (PLUS_CHEMO, "Median PFS with agent X was 25.5 months.", 25.5),
        (PLUS_CHEMO, "Median PFS was 25.5 months with agent X.", 25.5),
        ("Median PFS was 9.2 months with agent X plus FOLFIRI.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months with chemotherapy plus agent X.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months with agent X + chemotherapy.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months when agent X was added to FOLFIRI.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months with agent X along with standard care.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months with agent X on top of standard care.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months with agent X in combination with platinum.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months in the combination arm.", "Median PFS was 9.2 months in the X arm.", 9.2),
        # each figure of a 'respectively' list may be any of its regimens
        ("Median PFS was 9.2 and 5.0 months with agent X plus FOLFIRI and agent X alone, respectively.",
         "Median PFS was 9.2 months with agent X.", 9.2),
        (ZH_PLUS, "药物甲的中位PFS为25.5个月。", 25.5),
        ("药物甲联合化疗组的中位PFS为25.5个月。", "药物甲的中位PFS为25.5个月。", 25.5),
    ],
)
def test_a_combined_figure_backs_no_claim_leaving_out_the_partner(segment, claim, value):
    why = combined_unnamed(claim, segment, [value])
    assert why is not None and f"{value:g}" in why and "in combination" in why


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        # the claim writes a combined word, or names both sides of the join
        (PLUS_CHEMO, "Median PFS with agent X plus chemotherapy was 25.5 months.", 25.5),
        (PLUS_CHEMO, "Median PFS with agent X and chemotherapy was 25.5 months.", 25.5),
        ("Median PFS was 9.2 months when agent X was added to FOLFIRI.", "Median PFS was 9.2 months with agent X and FOLFIRI.", 9.2),
        ("Median PFS was 9.2 months in the combination arm.", "Median PFS was 9.2 months in the combination arm.", 9.2),
        (ZH_PLUS, "药物甲加化疗组的中位PFS为25.5个月。", 25.5),
        (ZH_PLUS, "药物甲和化疗组的中位PFS为25.5个月。", 25.5),
        # the figure stated for the drug alone, or for one regimen with no combined word
        (PLUS_CHEMO, "Median PFS with agent X was 16.7 months.", 16.7),
        (ZH_PLUS, "药物甲的中位PFS为16.7个月。", 16.7),
        ("Median PFS was 9.2 months with agent X.", "Median PFS was 9.2 months with agent X.", 9.2),
        # rt31 found these fine: no combined word
        ("Patients with agent X had a median PFS of 9.2 months.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months with agent X with or without agent Y.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Median PFS was 9.2 months with agent X taken with food.", "Median PFS was 9.2 months with agent X.", 9.2),
        ("Premedication with agent A and agent B, then agent C; median PFS was 9.2 months.",
         "Median PFS was 9.2 months with agent C.", 9.2),
        # a word holding '加' that joins no two names
        ("中位OS增加了3.2个月。", "中位OS增加了3.2个月。", 3.2),
        ("药物甲组中位PFS为9.2个月，参加试验的患者均可评估。", "药物甲组的中位PFS为9.2个月。", 9.2),
        # only the claim's figures are read
        (PLUS_CHEMO, "Median PFS with agent X was 25.5 months.", 16.7),
        # a function word beside the join is no name the claim could write
        ("Median OS was 16.0 months with the combination.", "Overall, median OS was 16.0 months with treatment.", 16.0),
        # a claim naming no side of the join gives the figure to no regimen: left to the other checks
        (PLUS_CHEMO, "Median PFS was 25.5 months.", 25.5),
        ("Median OS was 16.0 months with the combination.", "The mOS was 16.0 months.", 16.0),
    ],
)
def test_a_claim_writing_the_combination_or_a_lone_figure_is_kept(segment, claim, value):
    assert combined_unnamed(claim, segment, [value]) is None


def test_words_holding_a_chinese_cue_state_no_form():
    assert written_form("中位os增加了3.2个月") is None
    assert written_form("药物甲加化疗组") == "in combination"
    assert [forms for _, _, forms in figure_forms("参加试验的患者中位PFS为9.2个月。")] == [frozenset()]


@pytest.mark.parametrize(
    "text",
    ["11.5 months with agent x plus agent y and 6.9 months with agent x alone", "药物甲单药组为16.7个月，药物甲联合化疗组为25.5个月"],
)
def test_a_text_writing_both_forms_writes_neither(text):
    # the answer check reads a quote clause's form with this: a clause naming both regimens
    # states no one form, so it neither backs nor contradicts a claim's
    assert written_form(text) is None


# s29 joins (red team rt31 cases p3, p4): a pair written "X-Y" or "X/Y", a partner after a dose
# or schedule word, and a list closed by a partner word ("X, Y and Z", "X、Y和Z") are one regimen
# each; a claim naming some of its members but not all takes none of its figures. The run's drug
# mentions stand in here for the lexicon's: these invented names, and a name holding one ("T-DM1")
KNOWN = ("sampletinib", "exampleparib", "demomab", "T-DM1", "样本替尼", "示例帕利", "演示单抗")


def _known(segment: str, claim: str):
    def drugs():
        spans = []
        for name in KNOWN:
            at = segment.find(name)
            while at >= 0:
                if all(at >= b or at + len(name) <= a for a, b, _ in spans):
                    spans.append((at, at + len(name), name.lower() in claim.lower()))
                at = segment.find(name, at + 1)
        return sorted(spans)
    return drugs


def _dropped(claim: str, segment: str, value: float) -> str | None:
    return partner_dropped(claim, segment, [value], drugs=_known(segment, claim))


HYPHEN = "Median OS was 17.1 months with sampletinib-exampleparib versus 13.9 months with chemotherapy."
DOSE_WORD = "Median PFS was 23.9 months with sampletinib and low-dose exampleparib."
LISTED = "The pooled ORR was 35% with sampletinib, exampleparib and chemotherapy."
LISTED_KNOWN = "The pooled ORR was 35% with sampletinib, exampleparib, and demomab."
SLASH = "Median PFS was 13.3 months with examplitril/exampleparib."
ZH_LISTED = "样本替尼、示例帕利和化疗组的客观缓解率为35%。"
ZH_HYPHEN = "样本替尼-示例帕利组的中位OS为17.1个月。"
ZH_SLASH = "样本替尼/示例帕利组的中位OS为17.1个月。"
ZH_GLUED = "示例帕利/化疗组的中位OS为17.1个月。"


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        (HYPHEN, "Median OS was 17.1 months with sampletinib.", 17.1),
        ("Median OS was 17.1 months with sampletinib–exampleparib.", "Median OS was 17.1 months with exampleparib.", 17.1),
        (DOSE_WORD, "Median PFS was 23.9 months with sampletinib.", 23.9),
        ("Median PFS was 23.9 months with sampletinib plus weekly exampleparib.", "Median PFS was 23.9 months with sampletinib.", 23.9),
        ("Median PFS was 23.9 months with sampletinib and oral exampleparib.", "Median PFS was 23.9 months with sampletinib.", 23.9),
        ("样本替尼和低剂量示例帕利组的中位PFS为23.9个月。", "样本替尼组的中位PFS为23.9个月。", 23.9),
        (LISTED, "The pooled ORR was 35% with sampletinib and exampleparib.", 35),
        (LISTED, "The pooled ORR was 35% with sampletinib.", 35),
        (LISTED_KNOWN, "The pooled ORR was 35% with sampletinib and exampleparib.", 35),
        ("Median PFS was 9.4 months with sampletinib, exampleparib and the standard regimen.", "Median PFS was 9.4 months with sampletinib and exampleparib.", 9.4),
        (SLASH, "Median PFS was 13.3 months with examplitril.", 13.3),
        (SLASH, "Median PFS was 13.3 months with exampleparib.", 13.3),
        (ZH_LISTED, "样本替尼和示例帕利组的客观缓解率为35%。", 35),
        (ZH_HYPHEN, "样本替尼组的中位OS为17.1个月。", 17.1),
        (ZH_SLASH, "示例帕利组的中位OS为17.1个月。", 17.1),
        (ZH_GLUED, "示例帕利组的中位OS为17.1个月。", 17.1),
    ],
)
def test_a_joined_pair_or_list_backs_no_claim_naming_part_of_it(segment, claim, value):
    why = _dropped(claim, segment, value)
    assert why is not None and f"{value:g}" in why and "given together" in why


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        # the claim names the whole pair or list, in its words or others
        (HYPHEN, "Median OS was 17.1 months with sampletinib-exampleparib.", 17.1),
        (HYPHEN, "Median OS was 17.1 months with sampletinib plus exampleparib.", 17.1),
        (DOSE_WORD, "Median PFS was 23.9 months with sampletinib and exampleparib.", 23.9),
        (LISTED, "The pooled ORR was 35% with sampletinib, exampleparib and chemotherapy.", 35),
        (LISTED_KNOWN, "The pooled ORR was 35% with sampletinib, exampleparib and demomab.", 35),
        (SLASH, "Median PFS was 13.3 months with examplitril/exampleparib.", 13.3),
        (SLASH, "Median PFS was 13.3 months with examplitril and exampleparib.", 13.3),
        (ZH_LISTED, "样本替尼、示例帕利和化疗组的客观缓解率为35%。", 35),
        (ZH_HYPHEN, "样本替尼联合示例帕利组的中位OS为17.1个月。", 17.1),
        (ZH_GLUED, "示例帕利/化疗组的中位OS为17.1个月。", 17.1),
        # a claim naming no drug is left to the other checks
        (HYPHEN, "Median OS was 17.1 months.", 17.1),
        (SLASH, "Median PFS was 13.3 months.", 13.3),
        # a hyphen or a slash inside one name or one unit joins no two names
        ("Patients received nab-sampletinib 125 mg/m2 and exampleparib 1000 mg/m2 on day 1.", "Patients received nab-sampletinib 125 mg/m2.", 125),
        ("Patients received T-DM1 3.6 mg/kg every 3 weeks.", "Patients received T-DM1 3.6 mg/kg every 3 weeks.", 3.6),
        ("Patients received sampletinib 3 mg/kg every 2 weeks.", "Patients received sampletinib 3 mg/kg.", 3),
        # either drug, or the drug against placebo, is no combination
        ("Median PFS was 9.4 months with sampletinib and/or exampleparib.", "Median PFS was 9.4 months with sampletinib.", 9.4),
        ("Median PFS was 9.4 months in the sampletinib/placebo arms.", "Median PFS was 9.4 months in the sampletinib arm.", 9.4),
        ("Median PFS was 9.4 months with sampletinib, exampleparib or demomab.", "Median PFS was 9.4 months with sampletinib.", 9.4),
        # a list of names each with its own figure
        ("Median PFS was 9.4 months with sampletinib, 7.1 months with exampleparib and 5.0 months with demomab.", "Median PFS was 9.4 months with sampletinib.", 9.4),
        # a list closing on no name, and a comma opening a clause
        ("The ORR was 35% with sampletinib, exampleparib and 20% with demomab.", "The ORR was 35% with sampletinib.", 35),
        ("Median PFS was 9.4 months with sampletinib, exampleparib and in the third arm 7.1 months.", "Median PFS was 9.4 months with sampletinib.", 9.4),
        ("Median PFS was 9.4 months with sampletinib, and exampleparib was stopped early.", "Median PFS was 9.4 months with sampletinib.", 9.4),
    ],
)
def test_a_claim_naming_the_whole_pair_or_list_or_a_lone_drug_is_kept(segment, claim, value):
    assert _dropped(claim, segment, value) is None


# s29 combo2: a treatment named by its kind, not by a drug name, is a partner too ("X and
# platinum-based chemotherapy", "X and androgen deprivation therapy", "X联合含铂化疗"), a sequence
# is a regimen ("X followed by Y", "X then Y", "X序贯Y"), and so is an optional partner ("X ± Y",
# "X with or without Y"); a form's prefix glued to a mention ("nab-") keeps its partner word
@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        ("The ORR was 52% with sampletinib and platinum-based chemotherapy.", "The ORR was 52% with sampletinib.", 52),
        ("Median OS was 35.3 months with sampletinib and androgen deprivation therapy.", "Median OS was 35.3 months with sampletinib.", 35.3),
        ("Median OS was 35.3 months with sampletinib and ADT.", "Median OS was 35.3 months with sampletinib.", 35.3),
        ("Median OS was 35.3 months with sampletinib with standard chemotherapy.", "Median OS was 35.3 months with sampletinib.", 35.3),
        ("Median OS was 35.3 months with sampletinib plus low-dose radiotherapy.", "Median OS was 35.3 months with sampletinib.", 35.3),
        ("Median OS was 18.2 months with sampletinib followed by exampleparib.", "Median OS was 18.2 months with sampletinib.", 18.2),
        ("Median OS was 18.2 months with sampletinib then exampleparib.", "Median OS was 18.2 months with exampleparib.", 18.2),
        ("Median OS was 11.1 months with sampletinib ± exampleparib.", "Median OS was 11.1 months with sampletinib.", 11.1),
        ("Median OS was 11.1 months with sampletinib with or without exampleparib.", "Median OS was 11.1 months with sampletinib.", 11.1),
        ("Median OS was 11.1 months with sampletinib and nab-exampleparib.", "Median OS was 11.1 months with sampletinib.", 11.1),
        ("Median OS was 11.1 months with sampletinib ± nab-exampleparib.", "Median OS was 11.1 months with sampletinib.", 11.1),
        ("Median OS was 18.2 months with sampletinib followed by adjuvant chemotherapy.", "Median OS was 18.2 months with sampletinib.", 18.2),
        ("样本替尼联合含铂化疗组的客观缓解率为52%。", "样本替尼组的客观缓解率为52%。", 52),
        ("样本替尼联合雄激素剥夺治疗组的中位OS为35.3个月。", "样本替尼组的中位OS为35.3个月。", 35.3),
        ("样本替尼序贯示例帕利组的中位OS为18.2个月。", "样本替尼组的中位OS为18.2个月。", 18.2),
    ],
)
def test_a_partner_named_by_its_kind_a_sequence_or_an_option_is_not_dropped(segment, claim, value):
    why = _dropped(claim, segment, value)
    assert why is not None and f"{value:g}" in why and "given together" in why


@pytest.mark.parametrize(
    ("segment", "claim", "value"),
    [
        # the claim names the whole regimen, the kind by its head word
        ("The ORR was 52% with sampletinib and platinum-based chemotherapy.", "The ORR was 52% with sampletinib and chemotherapy.", 52),
        ("The ORR was 52% with sampletinib and platinum-based chemotherapy.", "The ORR was 52% with sampletinib and platinum-based chemotherapy.", 52),
        ("Median OS was 35.3 months with sampletinib and androgen deprivation therapy.", "Median OS was 35.3 months with sampletinib and androgen deprivation therapy.", 35.3),
        ("Median OS was 18.2 months with sampletinib followed by exampleparib.", "Median OS was 18.2 months with sampletinib followed by exampleparib.", 18.2),
        ("Median OS was 11.1 months with sampletinib ± nab-exampleparib.", "Median OS was 11.1 months with sampletinib ± nab-exampleparib.", 11.1),
        ("样本替尼联合含铂化疗组的客观缓解率为52%。", "样本替尼联合化疗组的客观缓解率为52%。", 52),
        # the kind makes another thing: patients, two arms; or it is no partner of the name
        ("The ORR was 40% with sampletinib and chemotherapy-naive patients.", "The ORR was 40% with sampletinib.", 40),
        ("The ORR was 40% with sampletinib and chemotherapy naive patients.", "The ORR was 40% with sampletinib.", 40),
        ("The ORR was 40% in the sampletinib and chemotherapy arms.", "The ORR was 40% in the sampletinib arm.", 40),
        ("The ORR was 40% with sampletinib in patients with prior chemotherapy.", "The ORR was 40% with sampletinib.", 40),
        ("The ORR was 40% with sampletinib after chemotherapy.", "The ORR was 40% with sampletinib.", 40),
        ("The ORR was 40% with sampletinib and prior chemotherapy.", "The ORR was 40% with sampletinib.", 40),
        ("Exposure rose by 30% with sampletinib with food.", "Exposure rose by 30% with sampletinib.", 30),
        # a form's prefix on a lone name
        ("Median OS was 8.5 months with nab-exampleparib.", "Median OS was 8.5 months with nab-exampleparib.", 8.5),
    ],
)
def test_a_claim_naming_the_whole_regimen_or_no_partner_at_all_is_kept(segment, claim, value):
    assert _dropped(claim, segment, value) is None
