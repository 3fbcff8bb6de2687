"""A lead-in that denies the items under it."""

from __future__ import annotations

import pytest

from citeproof.values.lead_in import denying_lead_in


@pytest.mark.parametrize("lead_in", [
    "The following did not happen:", "The following were not observed:", "None of the following occurred:",
    "No patient had any of these:", "The following claims are false:", "Common myths:", "未发生以下情况：",
    "以下说法不实：",
])
def test_denying_lead_ins(lead_in):
    assert denying_lead_in((lead_in,)) == lead_in


@pytest.mark.parametrize("lead_in", [
    "The following were observed:", "Patients were eligible if they had all of the following:",
    # a negation in another clause than the one naming the list restricts who, not what
    "Among patients without prior therapy, the following were seen:",
    "以下为观察到的不良事件：",
])
def test_ordinary_lead_ins(lead_in):
    assert denying_lead_in((lead_in,)) is None


def test_an_outer_lead_in_denies_the_items_of_an_inner_one():
    assert denying_lead_in(("The following did not happen:", "In Arm B:")) == "The following did not happen:"
