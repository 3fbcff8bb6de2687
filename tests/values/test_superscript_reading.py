"""Unicode superscript digits: a power of ten, a unit's exponent, or a footnote marker (dropped)."""

from __future__ import annotations

import pytest

from citeproof.values.extract import prepare


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("10⁹/L", "10^9/L"),  # a power of ten
        ("1.2×10⁻³", "1.2×10^-3"),
        ("mg/m² and cells/mm³", "mg/m2 and cells/mm3"),  # a unit's exponent
        ("kg⁻¹", "kg-1"),  # a negative exponent after letters is never a footnote
        ("ER⁻ and HER2⁻ tumours", "ER- and HER2- tumours"),  # a lone minus stays a minus
        ("120³ patients", "120 patients"),  # footnote markers: not digits of the number
        ("45.2%³ in the cohort", "45.2% in the cohort"),
        ("approved in 2021².", "approved in 2021."),
        ("enrolled 2010³ and 110² cases", "enrolled 2010 and 110 cases"),  # 10 ends a longer numeral: no power
        ("in the cohort³ of 40", "in the cohort of 40"),  # after a word that is no unit
        ("14.2¹,³ months", "14.2 months"),  # a list of markers
        ("中位14.2个月³", "中位14.2个月"),
    ],
)
def test_superscripts_read_as_a_reader_reads_them(text: str, read: str) -> None:
    assert prepare(text) == read
