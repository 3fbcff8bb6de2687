"""A number framed otherwise — a cadence or a level on one side only — never passes Tier 1.

Red-team round 2 findings: "75 mg/m2 for 3 weeks" citing "75 mg/m2 every 3 weeks", and
"Share rose 25%" / "rose by 25%" citing "Share rose to 25%", passed.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from citeproof.values.framing import framing_differs
from tests.values.helpers import cited_report, verify_against


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Patients received 75 mg/m2 for 3 weeks.", "Patients received 75 mg/m2 every 3 weeks."),
        ("Patients received 75 mg/m2 every 3 weeks.", "Patients received 75 mg/m2 for 3 weeks."),
        ("受试者每3周接受一次治疗。", "受试者接受治疗3周。"),
        ("Share rose 25% in 2023.", "Share rose to 25% in 2023."),
        ("Share rose by 25% in 2023.", "Share rose to 25% in 2023."),
        ("Share rose to 25% in 2023.", "Share rose by 25% in 2023."),
        ("Revenue grew by $3.4B.", "Revenue grew to $3.4B."),
        ("市场份额增长了25%。", "市场份额增长至25%。"),
        # red team round 6: a Chinese level (降低至30%, 'to 30%') read as a change ('by 30%') and back
        ("客观缓解率降低30%。", "与基线相比，客观缓解率降低至30%。"),
        ("客观缓解率降低至30%。", "与基线相比，客观缓解率降低30%。"),
        ("中位总生存期延长3.2个月。", "中位总生存期延长至3.2个月。"),
        ("收入增长40%。", "收入增长到40%。"),
        ("收入提高40%。", "收入提高至40%。"),
    ],
)
def test_a_number_framed_otherwise(claim, source):
    assert framing_differs(claim, source) is not None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Patients received 75 mg/m2 every 3 weeks.", "Patients received 75 mg/m2 every 3 weeks."),
        ("Share rose to 25% in 2023.", "Share rose to 25% in 2023."),
        ("Sales grew 25% to $3.4B.", "Sales grew 25% to $3.4B."),  # the same change and level on both sides
        ("Patients were followed for 3 weeks.", "Follow-up lasted 3 weeks."),  # framed on neither side
        ("客观缓解率降低至30%。", "与基线相比，客观缓解率降低至30%。"),
        ("客观缓解率降低30%。", "与基线相比，客观缓解率降低了30%。"),
        ("2023年收入同比增长12%，达到3.4亿元。", "2023年收入3.4亿元，同比增长12%。"),  # the change is still a change
    ],
)
def test_a_number_framed_the_same_way(claim, source):
    assert framing_differs(claim, source) is None


def test_a_reframed_number_is_left_to_the_judge(tmp_path):
    source = "# S\n\nThe intravenous infusion was given at 75 mg/m2 every 3 weeks.\n"
    out = verify_against(tmp_path, source, cited_report(
        "The intravenous infusion was given at 75 mg/m2 for 3 weeks.",
        "The intravenous infusion was given at 75 mg/m2 every 3 weeks.",
    ))
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    assert "cadence" in out.claims[0].undecided_reasons[0]


def test_the_reason_names_the_same_number_on_every_run():
    # two reframed numbers: the reason is part of the report, so it must not depend on string
    # hashing (set order changes from one process to the next)
    code = ("from citeproof.values.framing import framing_differs; "
            "print(framing_differs('Doses every 2 and every 3 weeks.', 'Doses for 2 and for 3 weeks.'))")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(6)}
    assert seen == {"the claim gives 2 as a cadence ('every 2 …') and the other does not\n"}


# Red-team F10: a change stated as a level ("fell by 12 mmHg" → "was 12 mmHg") passed.
@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Mean systolic blood pressure was 12 mmHg in the treatment group.",
         "Mean systolic blood pressure fell by 12 mmHg in the treatment group."),
        ("Mean HbA1c was 1.2% in the treatment group.",
         "Mean HbA1c decreased by 1.2% in the treatment group and by 0.4% in the control group."),
        ("Mean HbA1c was 0.4% in the control group.",
         "Mean HbA1c decreased by 1.2% in the treatment group and by 0.4% in the control group."),
        ("Mean weight was 3 kg at week 12.", "A reduction of 3 kg in mean weight was seen at week 12."),
        ("收缩压为12 mmHg。", "收缩压下降了12 mmHg。"),
    ],
)
def test_a_change_stated_as_a_level(claim, source):
    why = framing_differs(claim, source)
    assert why is not None and "as a change" in why


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Mean systolic blood pressure fell 12 mmHg in the treatment group.",
         "Mean systolic blood pressure fell by 12 mmHg in the treatment group."),
        ("Mean systolic blood pressure was reduced by 12 mmHg.", "Mean systolic blood pressure fell by 12 mmHg."),
        ("Mean HbA1c decreased by 1.2% in the treatment group.",
         "Mean HbA1c decreased by 1.2% in the treatment group and by 0.4% in the control group."),
        ("The mean change in weight was 3 kg at week 12.", "A reduction of 3 kg in mean weight was seen at week 12."),
        ("收缩压下降12 mmHg。", "收缩压下降了12 mmHg。"),
        # a level in the source stays a level
        ("Mean HbA1c was 7.2% at week 12.", "Mean HbA1c was 7.2% at week 12, after it decreased."),
    ],
)
def test_a_change_stated_as_a_change(claim, source):
    assert framing_differs(claim, source) is None


def test_a_chinese_level_read_as_a_change_is_left_to_the_judge(tmp_path):
    source = "# S\n\n与基线相比，客观缓解率降低至30%。\n"
    out = verify_against(tmp_path, source, cited_report("客观缓解率降低30%。", "客观缓解率降低至30%。"))
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    assert "a level on one side" in out.claims[0].undecided_reasons[0]


# red team round 7: the level a change starts from (由8.9%降至7.1%) given as the level it ends at (降至8.9%)
START_AS_END = [
    ("HbA1c降至8.9%。", "HbA1c由8.9%降至7.1%。"),
    ("HbA1c降至8.9%。", "HbA1c从基线的8.9%降至7.1%。"),
    ("收入增长到10亿元。", "收入从10亿元增长到20亿元。"),
    ("HbA1c decreased to 8.9%.", "HbA1c decreased from 8.9% to 7.1%."),
    ("The share rose to 12%.", "The share rose from 12% in 2019 to 15% in 2021."),
    ("HbA1c从7.1%升至8.9%。", "HbA1c从8.9%降至7.1%。"),
]

START_KEPT = [
    ("HbA1c降至7.1%。", "HbA1c由8.9%降至7.1%。"),
    ("HbA1c从8.9%降至7.1%。", "HbA1c由8.9%降至7.1%。"),
    ("收入从10亿元增长到20亿元。", "收入从10亿元增长到20亿元。"),
    ("HbA1c decreased to 7.1%.", "HbA1c decreased from 8.9% to 7.1%."),
    # a second change that ends where the first started: the source says 'to 10%' too
    ("The rate fell to 10% in 2021.", "The rate rose from 10% to 14% in 2020 and fell to 10% in 2021."),
    # no verb of change: 'from' dates nothing that changes
    ("Patients were enrolled until 2019.", "Patients were enrolled from 2019 onwards."),
]


@pytest.mark.parametrize(("claim", "source"), START_AS_END)
def test_the_start_of_a_change_stated_as_its_end(claim, source):
    why = framing_differs(claim, source)
    assert why is not None and "starts from" in why


@pytest.mark.parametrize(("claim", "source"), START_KEPT)
def test_the_end_of_a_change_stated_as_its_end(claim, source):
    assert framing_differs(claim, source) is None


def test_a_chinese_start_level_read_as_the_end_is_left_to_the_judge(tmp_path):
    source = "# S\n\nHbA1c由8.9%降至7.1%。\n"
    out = verify_against(tmp_path, source, cited_report("HbA1c降至8.9%。", "HbA1c降至7.1%。"))
    assert [c.status for c in out.claims] == ["undecided", "pass"]
