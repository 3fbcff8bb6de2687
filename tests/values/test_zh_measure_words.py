"""Chinese numerals before a measure word (五十家, 七款, 六个, 八百张 …), before 单位, and decimals
with no unit after them (零点六五) are numbers.

The bad case a red team found: 每次皮下注射四十单位 passed against a source's 4单位, and
五十家医院 against 30家医院 — the numeral was never read, so nothing numeric was checked and
the claim passed on its words. The twin wrong FAIL: 风险比为0.65 failed against a source's
零点六五. Words that merely hold a numeral character (一线, 三阴性, 十二指肠, 千万, 万一) and the
article 一 (一家公司, 一个重要发现) must stay words, or a correct claim fails on a number it never stated.
"""

from __future__ import annotations

import pytest

from citeproof.values.cjk_numerals import arabic_numerals
from tests.values.helpers import verify_pairs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("每次皮下注射四十单位，", "每次皮下注射40单位，"),
        ("注射十国际单位", "注射10国际单位"),
        ("在全国五十家医院开展", "在全国50家医院开展"),
        ("共有七款产品获批", "共有7款产品获批"),
        ("共拥有六个生产基地", "共拥有6个生产基地"),
        ("售出八千台设备", "售出8000台设备"),
        ("共有八百张床位", "共有800张床位"),
        ("已完成五轮融资", "已完成5轮融资"),
        ("发表六十篇论文", "发表60篇论文"),
        ("建成九座工厂", "建成9座工厂"),
        ("旗下五十所医院", "旗下50所医院"),
        ("共有九条生产线", "共有9条生产线"),
        ("每次两片", "每次2片"),
        ("二十多家医院", "20多家医院"),  # 多 stays: the atom reader reads "over 20"
        ("两家医院", "2家医院"),
        ("仅一家医院", "仅1家医院"),  # after 仅 a lone 一 is a count
        ("三个百分点", "3个百分点"),
    ],
)
def test_a_numeral_before_a_measure_word_is_its_count(text, expected):
    assert arabic_numerals(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("风险比为零点六五。", "风险比为0.65。"),
        ("风险比为零点五", "风险比为0.5"),
        ("增加至一点五，", "增加至1.5，"),
        ("为十八点五的患者", "为18.5的患者"),
        ("零点五至零点八", "0.5至0.8"),
        ("HR零点六五（95% CI", "HR0.65（95% CI"),
    ],
)
def test_a_decimal_ending_its_phrase_is_read_without_a_unit(text, expected):
    assert arabic_numerals(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # the article 一 before a measure word: "a company", "a new drug", "a finding"
        "一家公司宣布",
        "一种新药",
        "这是一个重要发现",
        "一家人",
        "一张一弛",
        "一条龙服务",
        "每21天为一个周期",
        "一项研究显示",
        "唯一一家获批的产品",
        "同一家医院",
        # words that hold a numeral character
        "一线治疗",
        "二线治疗失败后",
        "三阴性乳腺癌",
        "十二指肠溃疡",
        "五官科",
        "以防万一",
        "万一个别患者不耐受",
        "千万不要停药",
        "百分点",
        "三七片",  # a product name: 三七 is no one number
        "第一家医院",  # an ordinal
        # 点 that is no decimal point
        "一点一滴",
        "两点一线",
        "有一点一直没变",
        "这两点一致",
        "下午三点零五分",
        "三点一刻",
        "第二点一，",
        "这三点一个也不能少",  # "none of these three points may be missing": a count is never 3.1
        "一点",
        "零点",
    ],
)
def test_an_article_or_a_word_holding_a_numeral_is_left_alone(text):
    assert arabic_numerals(text) == text


NOT_PASS = [
    ("胰岛素起始剂量为每次皮下注射4单位，每日一次。", "胰岛素起始剂量为每次皮下注射四十单位，每日一次。"),
    ("该研究在全国30家医院开展。", "该研究在全国五十家医院开展。"),
    ("该公司共有5款产品获批上市。", "该公司共有七款产品获批上市。"),
    ("该公司共拥有3个生产基地。", "该公司共拥有六个生产基地。"),
    ("该医院共有500张床位。", "该医院共有八百张床位。"),
    ("该公司已完成3轮融资。", "该公司已完成五轮融资。"),
    ("该公司共发表20篇论文。", "该公司共发表六十篇论文。"),
    ("该公司共有6条生产线。", "该公司共有九条生产线。"),
    ("试验组死亡风险显著降低，风险比为0.65。", "试验组死亡风险显著降低，风险比为零点五六。"),
]

NOT_FAIL = [
    ("胰岛素起始剂量为每次皮下注射40单位，每日一次。", "胰岛素起始剂量为每次皮下注射四十单位，每日一次。"),
    ("该研究在全国30家医院开展。", "该研究在全国三十家医院开展。"),
    ("该公司共有5款产品获批上市。", "该公司共有五款产品获批上市。"),
    ("该公司共拥有3个生产基地。", "该公司共拥有三个生产基地。"),
    ("该医院共有500张床位。", "该医院共有五百张床位。"),
    ("该公司已完成3轮融资。", "该公司已完成三轮融资。"),
    ("试验组死亡风险显著降低，风险比为0.65。", "试验组死亡风险显著降低，风险比为零点六五。"),
    ("试验组死亡风险显著降低，风险比为零点六五。", "试验组死亡风险显著降低，风险比为0.65。"),
    # the article 一 and words holding numerals give the claim no number the source lacks
    ("A company opened a plant in 2020.", "一家公司于2020年开设了工厂。"),
    ("患者接受二线治疗，疾病稳定。", "患者接受二线治疗，疾病稳定。"),
    ("三阴性乳腺癌患者接受了治疗。", "三阴性乳腺癌患者接受了治疗。"),
]


def test_a_fabricated_count_in_chinese_numerals_does_not_pass(tmp_path):
    claims = verify_pairs(tmp_path, NOT_PASS)
    assert [(c.text, c.status) for c in claims if c.status == "pass"] == []


def test_the_true_count_in_chinese_numerals_does_not_fail(tmp_path):
    claims = verify_pairs(tmp_path, NOT_FAIL)
    assert [(c.text, c.status) for c in claims if c.status == "fail"] == []
    # the Chinese numeral is read and found, not merely ignored
    assert [c.status for c in claims[:8]] == ["pass"] * 8
