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


# --- whose items they are: the subject a lead-in, caption or heading names (rt34b) --------------

from citeproof.values.lead_in import context_subject  # noqa: E402


@pytest.mark.parametrize("lead_in, path, subject", [
    # a parent item, a lead-in paragraph, a caption, a <dt>: the anchor in it names nothing
    (("Control arm [evidence:trial.md#Efficacy]:",), ("R",), "control arm"),
    (("In the control arm, outcomes were as follows:",), ("R",), "control arm"),
    (("Table 2. Control arm outcomes:",), ("R",), "control arm"),
    # the innermost names it: a list under "Arm A:" after one under "Arm B:" is Arm A's
    (("Arm B:", "Arm A:"), ("R",), "arm a"),
    # a lead-in naming none is read past to the nearest heading
    (("Outcomes were as follows:",), ("R", "Outcomes", "Control arm"), "control arm"),
    ((), ("R", "Placebo group"), "placebo group"),
    # the anchor is no part of what the lead-in says: "#Arm B" names the cited section
    (("Key outcomes [nct:NCT00000001#Arm B]:",), ("R", "Control arm"), "control arm"),
    (("对照组：",), ("综述",), "对照组"),
    # rt37 r1: a heading naming none is read past to the one above it, the title's excepted
    ((), ("R", "Control arm", "Efficacy"), "control arm"),
    ((), ("R", "Asia-Pacific", "Quarterly detail", "Revenue"), "asia-pacific"),
    ((), ("R", "Control arm", "Placebo group"), "placebo group"),  # the nearest naming one
])
def test_the_context_names_one_subject(lead_in, path, subject):
    assert context_subject(lead_in, path) == subject


@pytest.mark.parametrize("lead_in, path", [
    # a heading or lead-in naming no subject
    ((), ("R", "Efficacy")), ((), ("R", "Results")), (("Key outcomes:",), ("R",)),
    # one naming both arms, or arms in the plural: its items may be either's
    (("Arm A and Arm B:",), ("R", "Control arm")),
    (("In the experimental and control arms, outcomes were:",), ("R",)),
    # only the nearest heading: a title heading names the report's topic, not an item's arm
    ((), ("Control arm review", "Efficacy")),
    ((), ("Europe", "Revenue")),
    # a heading naming several stops the search above it
    ((), ("R", "Control arm", "Arm A and Arm B", "Efficacy")),
])
def test_the_context_names_no_one_subject(lead_in, path):
    assert context_subject(lead_in, path) == ""
