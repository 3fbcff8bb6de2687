"""Basis points are hundredths of a percentage point: a change in a rate, not a rate.

Red team rt28t (f2_basis_points): "basis points" were an alias of ‱ (per ten thousand), so a
source's "Gross margin improved by 320 basis points" read as 3.2% and passed the claim "improved
by 3.2%" — a relative change where the source gives an absolute one, as "5%" against "5
percentage points" (failed elsewhere). A figure in basis points now matches only basis points;
‱ keeps its equivalences.
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_pairs

_SOURCE = "Gross margin improved by 320 basis points year over year, to 68.4%."


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("Margin rose 320 basis points.", "bp"),
        ("Margin rose 1 basis point.", "bp"),
        ("Margin widened by 150 bps.", "bp"),
        ("毛利率提升320个基点。", "bp"),
        ("Incidence was 35‱.", "‱"),
        ("Incidence was 35 per ten thousand.", "‱"),
    ],
)
def test_basis_points_are_their_own_unit(text, unit):
    (atom,) = [a for a in extract_atoms(text, mode="source") if a.number in (320, 1, 150, 35)]
    assert atom.unit == unit


def test_a_percentage_never_passes_on_basis_points(tmp_path):
    claims = verify_pairs(tmp_path, [
        (_SOURCE, "Gross margin improved by 3.2% year over year."),
        (_SOURCE, "Gross margin improved by 320 basis points year over year."),
        (_SOURCE, "Gross margin improved by 320 bps year over year."),
        ("毛利率同比提升320个基点，至68.4%。", "毛利率同比提升3.2%。"),
        ("毛利率同比提升320个基点，至68.4%。", "毛利率同比提升320个基点。"),
    ])
    assert [c.status for c in claims] == ["fail", "pass", "pass", "fail", "pass"]
