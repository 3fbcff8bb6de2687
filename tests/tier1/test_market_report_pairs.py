"""Claim/source pairs from market and finance reports through the whole pipeline (red team,
market round): a sign, a Chinese numeral, a shared currency symbol; scale abbreviations,
glued currency codes, Chinese number formats, "pounds". A PASS on the left list publishes a
false figure; a FAIL on the right list withholds a true one.

Every claim cites its own line of one evidence file, so each pair is judged on its source alone.
"""

from __future__ import annotations

import pytest

from tests.tier1.test_label_and_grade_pairs import _statuses

NOT_PASS = [
    ("Net income was -$120 million in 2023.", "Net income was $120 million in 2023."),
    ("Free cash flow was −$80 million in 2023.", "Free cash flow was $80 million in 2023."),
    ("Net income was ($120 million) in 2023.", "Net income was $120 million in 2023."),
    ("公司营收同比-5%，净利润同比-12%。", "公司营收同比增长5%，净利润同比增长12%。"),
    ("营收同比-5%。", "营收同比+5%。"),
    ("公司实现营业收入120亿元，同比增长15%。", "公司实现营业收入十五亿元，同比增长15%。"),
    ("公司营业收入为3000亿元。", "公司营业收入为五千亿元。"),
    ("Toyota reported operating income of ¥1.2 trillion for the year.",
     "Toyota reported operating income of 1.2 trillion yuan for the year."),
    ("丰田公司本财年营业利润为¥1.2万亿。", "丰田公司本财年营业利润为1.2万亿元。"),
]

NOT_FAIL = [
    ("Net income was -$120 million in 2023.", "Net income was -$120 million in 2023."),
    ("公司实现营业收入120亿元，同比增长15%。", "公司实现营业收入一百二十亿元，同比增长15%。"),
    ("Revenue was $1.2 billion in 2023.", "Revenue was $1.2 bln in 2023."),
    ("Revenue was $1.2 trillion in 2023.", "Revenue was $1.2 tn in 2023."),
    ("Monthly active users reached 12 million in 2023.", "Monthly active users reached 12M in 2023."),
    ("Revenue was $1.2 million in 2023.", "Revenue was $1.2MM in 2023."),
    ("Revenue was USD1.2bn in 2023.", "Revenue was $1.2 billion in 2023."),
    ("公司2023年实现营业收入RMB12亿。", "公司2023年实现营业收入12亿元。"),
    ("截至2023年底，公司员工总数为35,000人。", "截至2023年底，公司员工总数为35，000人。"),
    ("公司营业收入为3000亿元。", "公司营业收入为3千亿元。"),
    ("公司营业收入为12亿元。", "公司营业收入为12億元。"),
    ("公司2023年实现营业收入203亿元。", "公司2023年实现营业收入200余亿元。"),
    ("Revenue was 3.4 billion pounds in 2023.", "Revenue was £3.4 billion in 2023."),
]


@pytest.mark.parametrize("pairs, wrong", [(NOT_PASS, "pass"), (NOT_FAIL, "fail")], ids=["false-claims", "true-claims"])
def test_no_market_pair_ends_the_wrong_way(tmp_path, pairs, wrong):
    wrongly = [text for status, text in _statuses(tmp_path, pairs) if status == wrong]
    assert wrongly == []


# rt30t x01–x04, y01, z18: an approximation cue with a short link before the figure (约为, 大约为,
# 约达, 约合, 大约在, 约是) approximates it as 约 alone does: a rounded honest figure goes to the
# judge, a far one still fails, and the same figure without the cue is still a miss.
ROUNDED = [
    ("2024年市场规模约为590亿元。", "2024年市场规模为587.4亿元。", "undecided"),
    ("2024年市场规模大约为590亿元。", "2024年市场规模为587.4亿元。", "undecided"),
    ("2024年市场规模约达590亿元。", "2024年市场规模为587.4亿元。", "undecided"),
    ("2024年市场规模约合590亿元。", "2024年市场规模为587.4亿元。", "undecided"),
    ("2024年市场规模大约在590亿元。", "2024年市场规模为587.4亿元。", "undecided"),
    ("2024年市场规模约是590亿元。", "2024年市场规模为587.4亿元。", "undecided"),
    ("2024年新能源汽车销量约为1300万辆。", "2024年新能源汽车销量为1286.6万辆。", "undecided"),
    ("Market revenue was approximately at $21 billion in 2024.", "Market revenue was $20.8 billion in 2024.", "undecided"),
    ("2024年市场规模约为900亿元。", "2024年市场规模为587.4亿元。", "fail"),
    ("2024年市场规模为590亿元。", "2024年市场规模为587.4亿元。", "fail"),
    ("2024年市场规模约为590亿元。", "2024年市场规模约为590亿元。", "pass"),
]


def test_an_approximation_cue_before_a_link_rounds_the_figure(tmp_path):
    pairs = [(source, claim) for claim, source, _ in ROUNDED]
    assert [status for status, _ in _statuses(tmp_path, pairs)] == [want for _, _, want in ROUNDED]
