"""Chinese numerals that state a quantity are atoms; Chinese numerals inside words are not.

The bad case this guards: "持续三周" citing "持续4周" passed on its words alone, because
三 was not read as a number. Each positive case has its twin: the word that merely holds a
numeral character is left alone, so a correct claim does not fail on a number it never stated.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers, claim_atoms
from citeproof.values.cjk_numerals import arabic_numerals
from tests.values.helpers import verify_against, window


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("持续三周", "持续3周"),
        ("共有十二名患者", "共有12名患者"),
        ("每日两百 mg", "每日200 mg"),
        ("约一百二十名受试者", "约120名受试者"),
        ("一百零五例", "105例"),
        ("十八岁以上", "18岁以上"),
        ("持续三个月", "持续3个月"),
        ("百分之三十的患者", "30%的患者"),
        ("百分之三点五", "3.5%"),
        ("三分之一的患者", "1⁄3的患者"),
        ("三点五毫克", "3.5毫克"),
        ("三至四周", "3至4周"),
        ("三万名", "30000名"),
        ("一亿二千万人", "120000000人"),
        ("第一周", "第1周"),
        ("一名患者死亡", "1名患者死亡"),
        ("风险增加三倍", "风险增加3倍"),
        ("每周两次", "每周2次"),  # "twice weekly"
        ("每两周一次", "每2周一次"),  # "every two weeks": 每 makes a word with 一, not with 两
        ("每盒售价三百元", "每盒售价300元"),
        ("两元", "2元"),
        ("十二美元", "12美元"),
        ("人民币壹佰伍拾万元整", "人民币150万元整"),  # financial numerals (大写)
        ("壹仟贰佰叁拾肆元", "1234元"),
        ("每日给药叁次", "每日给药3次"),
        ("伍拾名患者", "50名患者"),  # two financial characters, neither unique to numerals
        ("陆拾岁", "60岁"),
        ("队伍十人", "队伍10人"),
        ("十二万五千至十五万名", "12.5万至15万名"),  # the high end in the low end's scale, never 12.5万至150000
        ("十二万五千至十五万元", "12.5万至15万元"),  # 伍 of 队伍 (team) is no financial five: 十人 alone is read
    ],
)
def test_a_numeral_stating_a_quantity_is_written_in_digits(text, expected):
    assert arabic_numerals(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "差异十分显著",  # 十分: "very"
        "千万不要停药",  # 千万: "by all means"
        "同一组患者",  # 同一: "the same"
        "统一名称",  # 统一: "unified"
        "每一组的结果",  # 每一: "each"
        "唯一一名",  # 唯一: "only"
        "结果一致",  # no unit after it
        "每日一次",  # 一次: "once daily" says no more than "daily"
        "两组间差异无统计学意义",  # 两组: "both groups"
        "一线治疗",  # first-line: 线 is not a unit
        "三月开始入组",  # 三月 is March, not three months
        "三四周",  # "three or four weeks": not 34
        "二〇二〇年",  # a year written digit by digit
        "十百名",  # not a numeral
        "患者体重下降2千克。",  # digits with a unit: 2千克 is 2 kg, not "21000克"
        "共纳入2千名患者。",  # digits with a scale word
        "1.5千名",
        "2十名",  # Arabic digits glued to a numeral character: not one number either way
        "2毫克/千克",  # 千克 alone is the kilogram
        "每千克体重2 mg",
        "Plain ASCII text, 3 weeks.",
        "实行一元化管理",  # 一元化: "unified", not one yuan
        "二元醇",  # "diol"
        "陆续入组",  # 陆续: "one after another"
        "收拾行李",  # 收拾: "to pack"
        "疫情肆虐",  # 肆虐: "to rage"
    ],
)
def test_a_numeral_inside_a_word_or_without_a_unit_is_left_alone(text):
    assert arabic_numerals(text) == text


def test_chinese_and_arabic_claims_read_the_same_atoms():
    for zh, arabic in (("持续三周", "持续3周"), ("百分之三十的患者", "30%的患者"), ("三分之一的患者", "1⁄3的患者")):
        got = [(a.kind, a.number, a.unit) for a in claim_atoms(zh)]
        assert got and got == [(a.kind, a.number, a.unit) for a in claim_atoms(arabic)]


def test_a_word_holding_a_numeral_gives_no_atom():
    assert claim_atoms("同一组患者结果一致。") == []
    assert claim_atoms("每日一次，两组间差异无统计学意义。") == []


def test_a_chinese_numeral_is_supported_only_by_its_own_value():
    source = window("受试者接受每日200 mg治疗，持续4周。")
    assert [r.state for r in assess_numbers("持续四周。", [source])] == ["supported"]
    assert [r.state for r in assess_numbers("持续三周。", [source])] == ["missing"]


def _verdicts(tmp_path, report: str, source: str) -> list[tuple[str, str]]:
    out = verify_against(tmp_path, source, report, name="trial.md")
    return [(c.text, c.status) for c in out.claims]


def test_a_fabricated_duration_in_chinese_numerals_fails_and_the_true_one_passes(tmp_path):
    source = "# 试验结果\n\n受试者接受每日200 mg治疗，持续4周。\n共有12名患者完成了治疗。\n"
    report = (
        "# 报告\n\n"
        "受试者接受每日两百 mg治疗，持续三周。[evidence:trial.md#L3]\n\n"
        "受试者接受每日两百 mg治疗，持续四周。[evidence:trial.md#L3]\n\n"
        "共有十五名患者完成了治疗。[evidence:trial.md#L4]\n\n"
        "共有十二名患者完成了治疗。[evidence:trial.md#L4]\n"
    )
    assert [status for _, status in _verdicts(tmp_path, report, source)] == ["fail", "pass", "fail", "pass"]


def test_an_amount_in_financial_or_plain_numerals_before_yuan_is_checked(tmp_path):
    source = "# 合同\n\n合同总金额为人民币壹佰贰拾万元整。\n每盒售价200元。\n"
    report = (
        "# 报告\n\n"
        "合同总金额为人民币壹佰伍拾万元整。[evidence:trial.md#L3]\n\n"
        "合同总金额为人民币120万元整。[evidence:trial.md#L3]\n\n"
        "每盒售价三百元。[evidence:trial.md#L4]\n\n"
        "每盒售价二百元。[evidence:trial.md#L4]\n"
    )
    assert [status for _, status in _verdicts(tmp_path, report, source)] == ["fail", "pass", "fail", "pass"]


def test_a_range_starting_past_a_scale_character_keeps_its_high_end():
    # red-team finding: 十二万五千至十五万名 read as 125,000 to 1.5 billion and failed a true claim
    source = window("The study enrolled 125,000 to 150,000 participants.")
    assert [r.state for r in assess_numbers("研究共纳入十二万五千至十五万名受试者。", [source])] == ["supported"]
    assert [r.state for r in assess_numbers("研究共纳入十二万五千至十六万名受试者。", [source])] == ["missing"]


def test_a_run_of_numerals_too_long_to_be_one_number_is_left_alone():
    # bounded runs also keep the rewrite linear on hostile input (see bench/, not timed here)
    assert arabic_numerals("三十" * 5000 + "周") == "三十" * 5000 + "周"
    assert arabic_numerals("一亿二千三百四十五万六千七百人") == "123456700人"


def test_digits_before_a_scale_character_keep_their_own_reading():
    # the bad case: "2千克" was rewritten to "21000克" and passed against a source's 21 kg
    assert [(a.number, a.unit) for a in claim_atoms("患者体重下降2千克。")] == [(2, "kg")]
    assert [(a.number, a.unit) for a in claim_atoms("2毫克/千克")] == [(2, "mg/kg")]
    assert [r.state for r in assess_numbers("患者体重下降2千克。", [window("患者体重下降21 kg。")])] == ["missing"]
    assert [r.state for r in assess_numbers("患者体重下降2千克。", [window("患者体重下降2 kg。")])] == ["supported"]
    assert [r.state for r in assess_numbers("共纳入2千名患者。", [window("共纳入21000名患者。")])] == ["missing"]


def test_nian_is_a_year_of_duration_and_a_four_digit_nian_is_a_calendar_year():
    # red-team finding: 随访时间为2年 against 随访时间为24个月 failed (年 was no unit)
    assert [(a.number, a.unit) for a in claim_atoms("随访时间为2年。")] == [(2, "year")]
    assert claim_atoms("于2020年开始入组") == [] and claim_atoms("2019年至2021年") == []
    assert [r.state for r in assess_numbers("随访时间为2年。", [window("随访时间为24个月。")])] == ["supported"]
    assert [r.state for r in assess_numbers("随访时间为3年。", [window("随访时间为24个月。")])] == ["missing"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2年半", "2.5年"), ("两年半", "2.5年"), ("一年半", "1.5年"), ("半年", "0.5年"), ("半个月", "0.5个月"),
     ("上半年", "上半年"), ("下半年的销售额", "下半年的销售额"), ("半数", "半数")],
)
def test_a_half_with_a_time_unit(text, expected):
    assert arabic_numerals(text) == expected



@pytest.mark.parametrize(
    ("text", "expected"),
    [("共纳入1千5百名患者。", "共纳入1500名患者。"), ("3万2千人", "32000人"), ("1亿2千万元", "120000000元"),
     ("12万3千5百", "123500"), ("1千5百万人", "15000000人"), ("2千名", "2千名"), ("5千万元", "5千万元")],
)
def test_arabic_digits_with_two_or_more_multipliers_are_one_number(text, expected):
    # red-team finding: 1千5百名 failed against 1,500名 (read as 1千 and 5)
    assert arabic_numerals(text) == expected
