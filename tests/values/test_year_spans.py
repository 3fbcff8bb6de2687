"""A claim that states one end of the source's span of years as a year of its own is not carried.

The bad case this guards: "Enrollment ran in 2018 in 12 centres" citing "Enrollment ran from 2015
to 2018 in 12 centres": years are labels, not values, so the 12 was found and the claim passed.
"""

from __future__ import annotations

import pytest

from citeproof.values.year_spans import span_end_alone

EN = "Enrollment ran from 2015 to 2018 in 12 centres."
ZH = "本研究于2019—2023年间共纳入十二万五千名受试者。"


@pytest.mark.parametrize(
    "claim, source, year",
    [
        ("Enrollment ran in 2018 in 12 centres.", EN, "2018"),
        ("Enrollment ran from 2015 in 12 centres.", EN, "2015"),
        ("本研究于2023年间共纳入十二万五千名受试者。", ZH, "2023"),
        ("Enrollment ran in 2019 at 3 sites.", "Enrollment ran 2019-23 at 3 sites.", "2019"),
        ("Enrollment ran in 2016.", "Enrollment ran between 2011 and 2016.", "2016"),
    ],
)
def test_one_end_of_a_span_claimed_alone_is_named(claim, source, year):
    why = span_end_alone(claim, source)
    assert why is not None and f"states {year} alone" in why


@pytest.mark.parametrize(
    "claim, source",
    [
        ("Enrollment ran from 2015 to 2018 in 12 centres.", EN),
        ("Enrollment ran 2015–2018 in 12 centres.", EN),
        ("Enrollment ran between 2015 and 2018 in 12 centres.", EN),
        ("本研究于2019—2023年间共纳入十二万五千名受试者。", ZH),
        ("本研究于2019年至2023年间共纳入12.5万名受试者。", ZH),
        ("Enrollment ran 2015 to 2018 in 12 centres.", "Enrollment ran 2015–18 in 12 centres."),
        # the source writes the year alone as well
        ("The trial closed in 2018.", "Enrollment ran from 2015 to 2018; the trial closed in 2018."),
        # a date is no span ("2009-10-15"), and a number of milligrams is no year
        ("Patients were randomised in 2009.", "Patients were randomised on 2009-10-15."),
        ("Patients received 2000 mg.", "From 2000 to 2010 patients received 2000 mg."),
    ],
)
def test_the_span_itself_or_a_year_the_source_states_is_carried(claim, source):
    assert span_end_alone(claim, source) is None
