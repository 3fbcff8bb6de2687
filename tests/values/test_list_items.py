"""A list item's figure stays with its item (red team rt32c, "plist").

The bad cases this guards: "A组最常见的不良事件为贫血（45.6%）和中性粒细胞减少（38.3%）" cited for
"A组最常见的不良事件为中性粒细胞减少（45.6%）" passed, and so did "The incidence of hypertension
was 29%" against "The incidences of rash, diarrhoea and hypertension were 38%, 29% and 17%,
respectively". A list joined by '和', '、' or ',' is one clause, so the clause's words held both
items; and a "respectively" list of ordinary nouns was paired by no check at all.
"""

from __future__ import annotations

import pytest

from tests.values.helpers import binding_reason as differs
from tests.values.helpers import list_readings as _items
from tests.values.helpers import verify_pairs

AE_ZH = "A组最常见的不良事件为贫血（45.6%）和中性粒细胞减少（38.3%）。"
ADR_ZH = "主要不良反应包括皮疹（38%）、腹泻（29%）、转氨酶升高（17%）。"
SHARE_ZH = "2023年国内PD-1市场份额前三位分别为恒瑞医药（24.1%）、百济神州（19.5%）和信达生物（15.2%）。"
ADR_EN = "The main adverse reactions included rash (38%), diarrhoea (29%) and elevated transaminases (17%)."
SHARE_EN = "Top three companies by share were Hengrui (24.1%), BeiGene (19.5%) and Innovent (15.2%)."
RESP_ZH = "皮疹、腹泻和高血压的发生率分别为 38%、29% 和 17%。"
RESP_EN = "The incidences of rash, diarrhoea and hypertension were 38%, 29% and 17%, respectively."
RESP_SHARE_ZH = "恒瑞医药、百济神州和信达生物的市场份额分别为24.1%、19.5%和15.2%。"
RESP_LEAD = "Among adults, rates of rash, diarrhoea and hypertension were 38%, 29% and 17%, respectively."

MOVED = [
    ("A组最常见的不良事件为中性粒细胞减少（45.6%）。", AE_ZH),
    ("A组最常见的不良事件为贫血（38.3%）。", AE_ZH),
    ("主要不良反应包括皮疹(29%)。", ADR_ZH),
    ("2023年国内PD-1市场份额前三位分别为恒瑞医药（24.1%）、百济神州（15.2%）。", SHARE_ZH),
    ("The main adverse reactions included rash (29%).", ADR_EN),
    ("The main adverse reactions included diarrhoea (38%).", ADR_EN),
    ("Diarrhoea occurred in 38% of patients.", ADR_EN),
    ("The top companies by share were Hengrui (24.1%) and BeiGene (15.2%).", SHARE_EN),
    ("高血压的发生率为29%。", RESP_ZH),
    ("The incidence of hypertension was 29%.", RESP_EN),
    ("The incidence of rash was 29%.", RESP_EN),
    ("信达生物的市场份额为19.5%。", RESP_SHARE_ZH),
    ("Among adults, the rate of rash was 29%.", RESP_LEAD),
]

KEPT = [
    ("A组最常见的不良事件为贫血（45.6%）。", AE_ZH),
    ("A组最常见的不良事件为中性粒细胞减少（38.3%）。", AE_ZH),
    ("A组最常见的不良事件为贫血（45.6%）和中性粒细胞减少（38.3%）。", AE_ZH),
    ("主要不良反应包括皮疹（38%）。", ADR_ZH),
    ("主要不良反应包括腹泻（29%）。", ADR_ZH),
    ("转氨酶升高的发生率为17%。", ADR_ZH),
    ("2023年国内PD-1市场份额前三位分别为恒瑞医药（24.1%）、百济神州（19.5%）。", SHARE_ZH),
    ("The main adverse reactions included rash (38%).", ADR_EN),
    ("The main adverse reactions included diarrhoea (29%).", ADR_EN),
    ("The main adverse reactions included elevated transaminases (17%).", ADR_EN),
    ("The main adverse reactions included rash (38%), diarrhoea (29%) and elevated transaminases (17%).", ADR_EN),
    ("The most common adverse event occurred in 38%.", ADR_EN),  # names no item
    ("The top companies by share were Hengrui (24.1%) and BeiGene (19.5%).", SHARE_EN),
    ("BeiGene had a 19.5% share.", SHARE_EN),
    ("腹泻的发生率为29%。", RESP_ZH),
    ("皮疹的发生率为38%。", RESP_ZH),
    ("高血压的发生率为17%。", RESP_ZH),
    ("皮疹、腹泻和高血压的发生率分别为38%、29%和17%。", RESP_ZH),
    ("The incidence of rash was 38%.", RESP_EN),
    ("The incidence of diarrhoea was 29%.", RESP_EN),
    ("The incidence of hypertension was 17%.", RESP_EN),
    ("The incidences of rash, diarrhoea and hypertension were 38%, 29% and 17%, respectively.", RESP_EN),
    ("百济神州的市场份额为19.5%。", RESP_SHARE_ZH),
    ("信达生物的市场份额为15.2%。", RESP_SHARE_ZH),
    ("Among adults, the rate of diarrhoea was 29%.", RESP_LEAD),
    # a claim listing too: each figure is read with its own item of the claim's list, not the whole clause
    ("常见不良反应为皮疹（38%）、腹泻（29%）。", ADR_ZH),
    # the figure is stated outside the list too: which statement the claim cites is open
    ("Rash occurred in 29% of patients.", "Rash occurred in 29% of patients. Events were rash (38%) and diarrhoea (29%)."),
]


@pytest.mark.parametrize(("claim", "source"), MOVED)
def test_a_figure_given_to_another_item_of_its_list_differs(claim, source):
    why = differs(claim, source)
    assert why is not None and "with another figure" in why


@pytest.mark.parametrize(("claim", "source"), KEPT)
def test_a_figure_given_to_its_own_item_does_not_differ(claim, source):
    assert differs(claim, source) is None


def test_bracketed_items_run_from_one_bracket_to_the_next_and_the_first_holds_the_head():
    assert _items(ADR_EN) == [[("38%", "the main adverse reactions included rash"), ("29%", "diarrhoea"),
                               ("17%", "elevated transaminases")]]
    assert _items(AE_ZH) == [[("45.6%", "a组最常见的不良事件为贫血"), ("38.3%", "中性粒细胞减少")]]


def test_a_bracket_after_no_words_or_alone_or_not_joined_lists_nothing():
    # an interval brackets its estimate; one bracketed figure is no list; a verb between two is no join
    assert _items("The hazard ratio was 0.65 (0.52-0.81) and 0.70 (0.55-0.90).") == []
    assert _items("Rash occurred in some patients (38%).") == []
    assert _items("Rash (38%) was more common than diarrhoea (29%).") == []


def test_a_respectively_list_pairs_the_kth_figure_with_the_kth_piece():
    assert _items(RESP_EN) == [[("38%", "the incidences of rash"), ("29%", "diarrhoea"), ("17%", "hypertension were")]]
    assert _items(RESP_SHARE_ZH) == [[("24.1%", "恒瑞医药"), ("19.5%", "百济神州"), ("15.2%", "信达生物的市场份额分别为")]]
    # more pieces than figures: the last ones are the items, a leading phrase is none
    assert _items(RESP_LEAD) == [[("38%", "rates of rash"), ("29%", "diarrhoea"), ("17%", "hypertension were")]]
    # figures apart (not one run) and fewer pieces than figures: no list
    assert _items("Rash was seen in 38% and, later, diarrhoea in 29%, respectively.") == []
    assert _items("The rates were 38%, 29% and 17%, respectively.") == []


def test_through_the_pipeline_a_moved_figure_is_not_passed_and_its_own_passes(tmp_path):
    pairs = [(AE_ZH, "A组最常见的不良事件为中性粒细胞减少（45.6%）。"), (RESP_EN, "The incidence of hypertension was 29%."),
             (ADR_EN, "The main adverse reactions included rash (29%)."),
             (AE_ZH, "A组最常见的不良事件为贫血（45.6%）。"), (RESP_EN, "The incidence of rash was 38%."),
             (ADR_EN, "The main adverse reactions included rash (38%).")]
    assert [c.status for c in verify_pairs(tmp_path, pairs)] == ["undecided"] * 3 + ["pass"] * 3
