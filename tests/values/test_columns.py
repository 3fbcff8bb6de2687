"""A table row's numbers read under their column headers (citeproof.values.columns)."""

from __future__ import annotations

import pytest

from citeproof.model import TableColumn
from citeproof.values import claim_atoms
from citeproof.values.assess import index_text, match_atom
from citeproof.values.columns import column_atoms, header_subjects, header_unit, read_columns, row_atoms, text_subject


def columns_bind_differently(columns, segment_text: str) -> str | None:
    """Why the line pairs the row's cells otherwise (``read_columns``' first part), or None."""
    return read_columns(columns, segment_text)[0]


def cols(*pairs: tuple[str, str]) -> tuple[TableColumn, ...]:
    return tuple(TableColumn(header=h, cell=c) for h, c in pairs)


SOURCE = "Objective response rate: Arm A 40%, Arm B 25%."


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("Dose (mg)", "mg"),
        ("ORR (%)", "%"),
        ("Dose (mg/m2)", "mg/m2"),  # the whole phrase, not its first unit
        # a bracket's unit before a comma; what follows says how it is given (rt32a l2, s29-units)
        ("Dose (mg, oral)", "mg"),
        ("Starting dose (mg, twice daily)", "mg"),
        ("AUC0-12 (µg·h/mL)", "µg·h/mL"),  # an exposure, read past its "·"
        ("Creatinine clearance (mL/min/1.73 m²)", "mL/minute/1.73 m2"),
        ("Median PFS, months", "month"),
        ("中位PFS（个月）", "month"),
        ("Revenue (USD)", "USD"),
        ("Weight [kg]", "kg"),
        ("%", "%"),  # the sign alone heads a column of percentages (rt17b: '| n | % |' failed true shares)
        ("％", "%"),
    ],
)
def test_a_header_ending_in_a_unit_states_it(header, unit):
    found = header_unit(header)
    assert found is not None and found.unit == unit


@pytest.mark.parametrize(
    "header",
    [
        "n (%)", "No. of patients (%)", "Patients, n (%)", "例数（%）",  # the unit is the bracketed share's
        "HR (95% CI)", "Value", "数值", "Measure", "Arm A",
        "Patients (patients)", "Events (n)", "Cases (万例)", "Score (points)", "Arm A (2023)", "n", "% change",
    ],
)
def test_a_header_that_states_no_unit_for_its_cells(header):
    assert header_unit(header) is None


@pytest.mark.parametrize(
    ("header", "number", "unit"),
    [
        ("2023 revenue ($B)", 1e9, "USD"),
        ("Revenue (US$ m)", 1e6, "USD"),
        ("Revenue, USD bn", 1e9, "USD"),
        ("Sales (€ million)", 1e6, "EUR"),
        ("Sales (亿元)", 1e8, "CNY"),
        ("Revenue (万)", 1e4, ""),
        ("Users (millions)", 1e6, ""),
    ],
)
def test_a_header_stating_a_scale_makes_each_bare_cell_that_many(header, number, unit):
    found = header_unit(header)
    assert found is not None and (found.number, found.unit) == (number, unit)
    atoms = column_atoms(cols(("Company", "Acme"), (header, "4.2")), claim_atoms("Acme | 4.2"))
    read = atoms[0].under_header
    assert read is not None and read.number == pytest.approx(4.2 * number) and read.step == pytest.approx(0.1 * number)


@pytest.mark.parametrize(
    ("header", "source", "state"),
    [
        ("Revenue ($B)", "Acme revenue was $4.2 billion.", "supported"),
        ("Revenue (US$ m)", "Acme revenue was US$4.2 million.", "supported"),
        ("Revenue ($B)", "Acme revenue was US$4,200 million.", "supported"),
        ("Revenue ($M)", "Acme revenue was $4.2 billion.", "missing"),  # a thousandfold off
        ("Revenue ($B)", "Acme revenue was $4.3 billion.", "missing"),
        ("Revenue (€ billion)", "Acme revenue was $4.2 billion.", "missing"),  # another currency
        ("Sales (亿元)", "Acme销售额为4.2亿元。", "supported"),
    ],
)
def test_a_scaled_cell_is_compared_as_the_amount_it_states(header, source, state):
    atoms = row_atoms("Acme | 4.2", cols(("Company", "Acme"), (header, "4.2")))
    assert match_atom(atoms[0], index_text(source))[0] == state


def test_a_bare_number_under_a_unit_header_is_also_read_in_that_unit():
    columns = cols(("Item", "Daily dose"), ("Dose (mg)", "200"))
    (atom,) = row_atoms("Daily dose | 200", columns)
    assert atom.under_header is not None and atom.under_header.unit == "mg" and atom.describe() == "200 [column: 200 mg]"
    assert match_atom(atom, index_text("The dose was 0.2 g."))[0] == "supported"
    assert match_atom(atom, index_text("The dose was 200 µg."))[0] == "missing"
    # a source that is itself a table writes the bare number under its own unit header
    assert match_atom(atom, index_text("Dose (mg): 200"))[0] == "supported"


@pytest.mark.parametrize(
    ("columns", "text"),
    [
        (cols(("Item", "Responders"), ("n (%)", "12")), "Responders | 12"),  # a count
        (cols(("Item", "Dose"), ("Dose (mg)", "200 mg/m2")), "Dose | 200 mg/m2"),  # the cell's own unit
        (cols(("Item", "Dose"), ("Dose (mg)", "200 (12 patients)")), "Dose | 200 (12 patients)"),
        (cols(("Arm A (%)", "40"), ("PFS (months)", "40")), "40 | 40"),  # one number under two units
        (cols(("Value", "40"), ("ORR (%)", "40")), "40 | 40"),  # under a unit and under none
        (cols(("ORR (%)", "40"), ("Value", "40 (12 patients)")), "40 | 40 (12 patients)"),
    ],
)
def test_numbers_the_header_unit_may_not_belong_to_stay_as_written(columns, text):
    assert all(a.under_header is None for a in column_atoms(columns, claim_atoms(text)))


def test_a_cell_spanning_columns_under_one_unit_is_read_in_it():
    columns = cols(("Measure", "ORR"), ("Arm A (%)", "40"), ("Arm B (%)", "40"))
    assert [a.under_header.unit for a in column_atoms(columns, claim_atoms("ORR | 40"))] == ["%"]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("header", "subjects"),
    [
        ("Arm B", ["arm b"]),
        ("Arm A (%)", ["arm a"]),
        ("Cohort 2", ["cohort 2"]),
        ("B组", ["b组"]),
        ("对照组", ["对照组"]),
        ("Placebo", ["placebo"]),
        ("安慰剂", ["安慰剂"]),
        ("Women", ["women"]),
        ("Week 12", ["week 12"]),
        ("2023", ["2023"]),
        ("Control Arm", ["control"]),
        # not subjects: title case, measures, units, value columns
        ("Objective Response Rate", []),
        ("Experimental Arm", []),
        ("ORR", []),
        ("Value", []),
        ("数值", []),
        ("n (%)", []),
        ("Dose (mg)", []),
    ],
)
def test_header_subjects_are_labels_not_capitalised_words(header, subjects):
    assert header_subjects(header) == subjects


def test_a_drug_header_is_a_subject_when_the_run_names_the_drug():
    assert header_subjects("Cisplatin", ["cisplatin"]) == ["cisplatin"]


def test_values_under_swapped_headers_differ_and_under_the_right_ones_do_not():
    swapped = cols(("Measure", "Objective response rate"), ("Arm B", "40%"), ("Arm A", "25%"))
    right = cols(("Measure", "Objective response rate"), ("Arm A", "40%"), ("Arm B", "25%"))
    assert "under 'Arm B'" in columns_bind_differently(swapped, SOURCE)  # type: ignore[operator]
    assert columns_bind_differently(right, SOURCE) is None


@pytest.mark.parametrize(
    "source",
    [
        "The objective response rate was 40% in Arm A and 25% in Arm B.",  # the number before its subject
        "Arm A: 40%; Arm B: 25%.",
        "In Arm A, 40% responded; in Arm B, 25% responded.",
    ],
)
def test_either_side_of_the_subject_is_read(source):
    swapped = cols(("Measure", "ORR"), ("Arm B", "40%"), ("Arm A", "25%"))
    right = cols(("Measure", "ORR"), ("Arm A", "40%"), ("Arm B", "25%"))
    assert columns_bind_differently(swapped, source) is not None
    assert columns_bind_differently(right, source) is None


def test_chinese_headers_bind_like_chinese_labels():
    source = "A组的客观缓解率为40%，B组为25%。"
    assert columns_bind_differently(cols(("指标", "客观缓解率"), ("B组", "40%"), ("A组", "25%")), source) is not None
    assert columns_bind_differently(cols(("指标", "客观缓解率"), ("A组", "40%"), ("B组", "25%")), source) is None


@pytest.mark.parametrize("source", ["The response rate was 40% in women and 25% in men.", "Response rate in men: 25%; women 40%."])
def test_a_subject_is_a_whole_name_in_the_line(source):
    assert columns_bind_differently(cols(("Measure", "RR"), ("Women", "40%"), ("Men", "25%")), source) is None
    assert columns_bind_differently(cols(("Measure", "RR"), ("Men", "40%"), ("Women", "25%")), source) is not None


@pytest.mark.parametrize("source", ["The response rate was 40% in women and 25% in all patients.",
                                    "In women the response rate was 40%; overall it was 25%."])
def test_a_subject_only_inside_a_longer_word_is_not_written(source):
    # "men" stands in "women" only: the row naming men is not the line's, the row naming women is
    assert columns_bind_differently(cols(("Measure", "RR"), ("Men", "40%"), ("Overall", "25%")), source) is not None
    assert columns_bind_differently(cols(("Measure", "RR"), ("Women", "40%"), ("Overall", "25%")), source) is None


def test_a_unit_header_value_is_compared_in_its_unit():
    swapped = cols(("Measure", "ORR"), ("Arm B (%)", "40"), ("Arm A (%)", "25"))
    assert "the source gives 'arm b' 25%" in columns_bind_differently(swapped, SOURCE)  # type: ignore[operator]


def test_an_absent_header_subject_is_open_where_the_line_gives_several_values_of_its_kind():
    two_values = "The objective response rate was 40% in group 1 and 25% in group 2."
    compared = cols(("Measure", "ORR"), ("Arm A", "40%"), ("Arm B", "25%"))
    assert "which the source line does not" in columns_bind_differently(compared, two_values)  # type: ignore[operator]
    # one subject column: the line still gives two values and never says which is Arm A's
    # (rt13a: "| ORR | 30% |" under "Arm A" passed on a source row "| ORR | 45% | 30% |"
    # whose 30% sits under "Arm B" in the source's header)
    alone = columns_bind_differently(cols(("Measure", "ORR"), ("Arm A", "40%")), two_values)
    assert alone is not None and "which the source line does not" in alone
    assert columns_bind_differently(cols(("Endpoint", "ORR"), ("Arm A", "30%")), "| ORR | 45% | 30% |") is not None
    # one value of the kind in the line: nothing to confuse it with
    assert columns_bind_differently(compared, "The objective response rate was 40%.") is None
    assert columns_bind_differently(cols(("Measure", "ORR"), ("Arm A", "40%")), "The objective response rate was 40%.") is None


def test_headers_without_subjects_bind_nothing():
    assert columns_bind_differently(cols(("Arm", "Arm B"), ("Value", "40%")), SOURCE) is None
    assert columns_bind_differently(cols(("组别", "B组"), ("数值", "40%")), "A组的缓解率为40%，B组为25%。") is None


@pytest.mark.parametrize(
    "source",
    [
        # both sides fit and disagree: Arm A has 40% before it and 25% after it (and the line
        # states a third value, so its clauses are not the row said as a sentence)
        "The response rate was 40% in Arm A, 25% in Arm B and 10% overall.",
        # neither side fits, nor do the clauses pair them: the subjects come first, the values after
        "Arm A and Arm B had response rates of 40% and 25%.",
    ],
)
def test_a_layout_the_line_leaves_open_decides_nothing(source):
    right = cols(("Measure", "ORR"), ("Arm A", "40%"), ("Arm B", "25%"))
    swapped = cols(("Measure", "ORR"), ("Arm B", "40%"), ("Arm A", "25%"))
    assert columns_bind_differently(right, source) is None
    assert columns_bind_differently(swapped, source) is None  # the judge's (and the order check's)


def test_where_the_layout_is_open_the_lines_clauses_pair_the_row():
    # neither side fits ("Arm A and Arm B had … 40% and 25%"), but "respectively" pairs them in order
    source = "Arm A and Arm B had response rates of 40% and 25%, respectively."
    right = cols(("Measure", "ORR"), ("Arm A", "40%"), ("Arm B", "25%"))
    swapped = cols(("Measure", "ORR"), ("Arm B", "40%"), ("Arm A", "25%"))
    assert read_columns(right, source) == (None, True)
    assert columns_bind_differently(swapped, source) == "the row puts 40% under 'Arm B'; the source gives 'arm b' 25%"


def test_a_value_after_its_subject_with_words_between_is_its_own():
    # "B组的缓解率为30%": the 40% just before B组 belongs to A组
    source = "A组的缓解率为40%，B组的缓解率为30%，两组的成年患者均完成了治疗。"
    assert columns_bind_differently(cols(("指标", "缓解率"), ("A组", "40%"), ("B组", "30%")), source) is None
    assert columns_bind_differently(cols(("指标", "缓解率"), ("B组", "40%"), ("A组", "30%")), source) is not None


def test_a_scaled_range_scales_both_ends_and_a_number_under_two_scales_keeps_none():
    rng = row_atoms("Acme | 4.2-4.8", cols(("Company", "Acme"), ("Revenue ($B)", "4.2-4.8")))
    assert match_atom(rng[0], index_text("Revenue was $4.2-4.8 billion."))[0] == "supported"
    assert match_atom(rng[0], index_text("Revenue was $4.2-5.8 billion."))[0] != "supported"
    both = row_atoms("Acme | 4.2 | 4.2", cols(("Company", "Acme"), ("Revenue ($B)", "4.2"), ("Cost ($M)", "4.2")))
    assert both and all(a.under_header is None for a in both)


@pytest.mark.parametrize(
    ("columns", "segment", "every"),
    [
        # each value under its subject, whatever the columns' order
        (cols(("Measure", "ORR"), ("Arm B", "25%"), ("Arm A", "40%")), "ORR: Arm A 40%, Arm B 25%.", True),
        (cols(("Measure", "ORR"), ("Arm A", "40%"), ("Arm B", "25%")), "ORR: Arm A 40%, Arm B 25%.", True),
        # one percentage in the line: nothing pairs the other column's value
        (cols(("Measure", "ORR"), ("Arm B", "25%"), ("Arm A", "40%")), "ORR: Arm A 40%, Arm B 25 patients.", False),
        # the line leaves the pairing open
        (cols(("Measure", "ORR"), ("Arm B", "25%"), ("Arm A", "40%")), "Arm A and Arm B had 40% and 25%.", False),
        # one subject column: there is no order of columns to excuse
        (cols(("Measure", "ORR"), ("Arm A", "40%")), "ORR: Arm A 40%, Arm B 25%.", False),
        # a number outside the subject columns is paired by nobody
        (cols(("Measure", "ORR at week 12"), ("Arm B", "25%"), ("Arm A", "40%")), "At week 12: Arm A 40%, Arm B 25%.", False),
    ],
)
def test_whether_the_headers_pair_every_number_of_the_row(columns, segment, every):
    from citeproof.values.columns import read_columns

    why, paired_all = read_columns(columns, segment)
    assert why is None and paired_all is every


# ---- a count with its share in brackets under "n (%)" --------------------------------------

@pytest.mark.parametrize(
    ("header", "cell", "source", "state"),
    [
        ("Placebo, n (%)", "2 (3.57)", "Neutropenia 2/56 (3.57%)", "supported"),
        ("Placebo, n (%)", "2 (3.75)", "Neutropenia 2/56 (3.57%)", "missing"),  # the false twin
        ("Group 1 n/N (%)", "3/133 (2.26)", "Vomiting 3/133 (2.26%)", "supported"),
        ("Group 1 n/N (%)", "3/133 (2.62)", "Vomiting 3/133 (2.26%)", "missing"),
        ("第1组 例数（%）", "3（2.26）", "呕吐 3/133（2.26%）", "supported"),
        ("第1组 例数（%）", "3（2.62）", "呕吐 3/133（2.26%）", "missing"),
    ],
)
def test_the_bracketed_number_under_a_count_and_share_header_is_a_percentage(header, cell, source, state):
    columns = cols(("Adverse event", "AE"), (header, cell))
    share = next(a for a in row_atoms(f"AE | {cell}", columns) if a.under_header is not None)
    assert share.under_header.dim == "percent"
    assert match_atom(share, index_text(source))[0] == state


@pytest.mark.parametrize(
    ("header", "cell"),
    [
        ("Placebo, n (%)", "0 (0)"),  # count and share written alike: which is which is open
        ("Placebo, n (%)", "2 (3.57) (a)"),  # not "count (share)"
        ("Placebo, n", "2 (3.57)"),  # no share named
    ],
)
def test_no_share_is_read_where_the_cell_or_header_does_not_say_count_and_share(header, cell):
    columns = cols(("Adverse event", "AE"), (header, cell))
    assert all(a.under_header is None for a in row_atoms(f"AE | {cell}", columns))


def test_the_count_beside_the_share_stays_a_count():
    columns = cols(("Adverse event", "AE"), ("Placebo, n (%)", "2 (3.57)"))
    count = next(a for a in row_atoms("AE | 2 (3.57)", columns) if a.raw == "2")
    assert count.under_header is None


def test_a_count_and_share_written_alike_stay_as_written_beside_a_unit_column():
    # the cell "2 (2)" is not split; it used to be dropped from the row's cells altogether, so
    # the "2" under "Rate (%)" alone decided, and the count 2 was read as 2% too
    columns = cols(("Adverse event", "AE"), ("Arm A, n (%)", "2 (2)"), ("Rate (%)", "2"))
    assert all(a.under_header is None for a in row_atoms("AE | 2 (2) | 2", columns))


# ---- a unit header's own words name its column's group (rt24a) ----------------------------------


@pytest.mark.parametrize(
    ("header", "subject"),
    [
        ("Maintenance therapy (%)", "maintenance therapy"),
        ("Grade 3 (%)", "grade 3"),
        ("Any grade (%)", "any grade"),
        ("Branded ($B)", "branded"),
        ("Hospital segment ($M)", "hospital segment"),
        ("Combination, %", "combination"),
        ("%", None),  # the unit alone
        ("Value", None),  # no unit: not a column of values in one unit
        ("Patients, n (%)", None),  # a count's header
    ],
)
def test_a_unit_header_names_its_group_in_the_words_before_its_unit(header, subject):
    assert text_subject(header) == subject


RELAPSE = "The incidence of relapse was 11% with maintenance therapy and 29% with observation."
RELAPSE_AFTER = "With maintenance therapy the incidence of relapse was 11%; with observation it was 29%."
GRADE_LINE = "Anaemia occurred in 49% of patients; grade 3 anaemia in 10%."


@pytest.mark.parametrize("source", [RELAPSE, RELAPSE_AFTER], ids=["value-before-subject", "value-after-subject"])
def test_a_unit_headers_words_pair_its_cell_in_either_sentence_order(source):
    def row(first, second, a, b):
        return cols(("Outcome", "Incidence of relapse"), (first, a), (second, b))

    assert read_columns(row("Maintenance therapy (%)", "Observation (%)", "11", "29"), source) == (None, True)
    assert read_columns(row("Observation (%)", "Maintenance therapy (%)", "29", "11"), source) == (None, True)
    why = columns_bind_differently(row("Maintenance therapy (%)", "Observation (%)", "29", "11"), source)
    assert why == "the row puts 29 under 'Maintenance therapy (%)'; the source gives 'maintenance therapy' 11%"
    assert columns_bind_differently(row("Observation (%)", "Maintenance therapy (%)", "11", "29"), source) is not None


def test_a_grade_column_takes_its_own_clauses_value():
    # "grade 3" stands between 49% and 10%: the layout leaves it open, its clause gives it 10%
    right = cols(("Adverse event", "Anaemia"), ("Grade 3 (%)", "10"), ("Any grade (%)", "49"))
    swapped = cols(("Adverse event", "Anaemia"), ("Grade 3 (%)", "49"), ("Any grade (%)", "10"))
    assert columns_bind_differently(right, GRADE_LINE) is None
    assert columns_bind_differently(swapped, GRADE_LINE) == "the row puts 49 under 'Grade 3 (%)'; the source gives 'grade 3' 10%"


def test_a_unit_headers_words_that_restrict_nothing_leave_the_row_to_the_order_check():
    # "Any grade" is the line's unqualified figure: not written, never a reason on its own
    right = cols(("Adverse event", "Anaemia"), ("Any grade (%)", "49"), ("Grade 3 (%)", "10"))
    assert read_columns(right, GRADE_LINE) == (None, False)
    overall = cols(("Outcome", "Response"), ("Overall (%)", "45"), ("Arm B (%)", "28"))
    assert read_columns(overall, "Response was 45% in all patients and 28% in arm B.") == (None, False)


# ---- header words the line does not write are a claim it does not make (rt25a) ------------------


@pytest.mark.parametrize(
    ("header", "cells", "source"),
    [
        # the line gives the 45% to another group than the header's
        (("Combination (%)", "Monotherapy (%)"), ("45", "28"), "The ORR was 45% with chemotherapy and 28% with monotherapy."),
        (("Combination (%)", "Monotherapy (%)"), ("45", "28"), "The ORR was 45% in the overall population and 28% with monotherapy."),
        (("Maintenance therapy (%)", "Observation (%)"), ("11", "29"),
         "Relapse occurred in 11% with maintenance therapy and 29% with chemotherapy re-challenge."),
        (("First line (%)", "Second line (%)"), ("11", "29"), RELAPSE),
        # a header's time point the line does not write
        (("6 months (%)", "24 months (%)"), ("45", "28"), "Retention was 45% at 6 months and 28% at 12 months."),
        # "Any grade" restricts nothing, but the line's value is another grade's
        (("Any grade (%)", "Grade ≥3 (%)"), ("10", "6"), "Grade 3 anaemia occurred in 10% of patients and grade 4 anaemia in 6%."),
        (("Any grade (%)", "Grade 3 (%)"), ("10", "6"), "Grade 4 anaemia occurred in 10% of patients and grade 3 anaemia in 6%."),
        (("Overall (%)", "Arm B (%)"), ("45", "28"), "Response was 45% in women and 28% in arm B."),
    ],
)
def test_a_unit_headers_words_the_line_does_not_write_leave_the_row_to_the_judge(header, cells, source):
    row = cols(("Outcome", "Outcome"), (header[0], cells[0]), (header[1], cells[1]))
    why, every = read_columns(row, source)
    assert why is not None and "which the source line does not" in why and every is False


def test_a_unit_headers_words_the_line_writes_still_pair_the_row():
    for header, cells, source in [
        (("Combination (%)", "Monotherapy (%)"), ("45", "28"), "The ORR was 45% with the combination and 28% with monotherapy."),
        (("6 months (%)", "24 months (%)"), ("45", "28"), "Retention was 45% at 6 months and 28% at 24 months."),
        (("Any grade (%)", "Grade 3 (%)"), ("49", "10"), GRADE_LINE),
    ]:
        row = cols(("Outcome", "Outcome"), (header[0], cells[0]), (header[1], cells[1]))
        assert read_columns(row, source)[0] is None


def test_a_unit_headers_words_pair_nothing_where_the_line_states_more_values_than_the_row():
    # the line is not this row said as a sentence: "median progression-free survival" heads both
    # arms' values, and the row (one arm's) must not be read as the first value's
    source = ("Median progression-free survival was 11.2 months in arm A and 7.4 months in arm B; "
              "median overall survival was 20.1 and 15.3 months.")
    row = cols(("Arm", "Arm B"), ("Median progression-free survival (months)", "7.4"), ("Median overall survival (months)", "15.3"))
    assert columns_bind_differently(row, source) is None


def test_a_row_label_binds_no_value_the_lines_layout_gives_a_subject_after_it():
    # "at 5 years was 67% in arm A": the 67% after the row label's time point is arm A's
    source = "Overall survival at 5 years was 67% in arm A and 46% in arm B."
    for value in ("67", "46"):
        why = columns_bind_differently(cols(("Outcome", "Overall survival at 5 years"), ("Control group (%)", value)), source)
        assert why is not None and "names 'control', which the source line does not" in why
    # a layout the line keeps for every subject still binds: 40% before "week 12" is week 12's
    right = cols(("Outcome", "Objective response rate at week 12"), ("Arm A (%)", "40"))
    assert columns_bind_differently(right, "The objective response rate was 35% at week 24 and 40% at week 12.") is None


def test_a_cell_under_a_scaled_header_is_described_with_its_scale():
    # rt30t: "16.9 [column: USD]" under "($M)" hid the million the value is read with
    (atom,) = row_atoms("North America | 16.9", cols(("Region", "North America"), ("2024 revenue ($M)", "16.9")))
    assert atom.describe() == "16.9 [column: USD 16,900,000]"
