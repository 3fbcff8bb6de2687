"""DrugDetector: drug mentions from data only — lexicon file, PubTator entities, INN stems.

Drug names here are invented (INN-shaped: "sampletinib") or read from the shipped lexicon
data file, so the tests stay true to the rule they guard: names live in data.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from citeproof.errors import InputError
from citeproof.lexicon import DrugDetector, load_drug_detector
from citeproof.lexicon.lexicon_file import DEFAULT_LEXICON, read_lexicon
from citeproof.settings import Settings

DET = DrugDetector.from_sources(Settings())


def names(text: str, det: DrugDetector = DET) -> list[str]:
    return [m.shown for m in det.find(text)]


# ---------------------------------------------------------------- stems


@pytest.mark.parametrize(
    "text",
    [
        "We establish a kebab stand on a vertical street in April.",
        "The concept, except where noted, was accepted; an intercept model fits.",
        "A mongrel dog; statins as a class; the statin group.",
        "Nibs, tinib, xtinib and mab are fragments, not names.",
        "使用他汀类药物的患者增多。他获得普利策奖，望向地平线。",
        "单抗类药物和替尼类药物。",
        "我们把这些东西利用起来；我觉得那非常重要；参加其他赛事的人。",
    ],
)
def test_stems_do_not_fire_on_ordinary_words(text):
    assert names(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sampletinib was given.", ["Sampletinib"]),
        ("after examplumab and FOOPRAZOLE", ["examplumab", "FOOPRAZOLE"]),
        ("sampletinib-resistant cells", ["sampletinib"]),
        ("trialciclib, demoparib; placebosartan", ["trialciclib", "demoparib", "placebosartan"]),
        ("患者服用示例替尼后好转。", ["示例替尼"]),
        ("示例替尼联合样本帕利治疗", ["示例替尼", "样本帕利"]),
        ("给予测试单抗每周一次", ["测试单抗"]),
    ],
)
def test_stems_fire_on_inn_shaped_names(text, expected):
    assert names(text) == expected
    assert all(m.origin == "stem" for m in DET.find(text))


def test_minimum_prefix_before_a_stem():
    assert names("abtinib and abctinib") == ["abctinib"]  # 2 letters before -tinib is not a name


# ---------------------------------------------------------------- lexicon


def _lexicon_rows() -> list[list[str]]:
    return [row for row in read_lexicon(DEFAULT_LEXICON)]


def test_default_lexicon_has_provenance_and_chinese_names():
    head = DEFAULT_LEXICON.read_text(encoding="utf-8").split("\n", 12)[:12]
    assert any("WHO Model List of Essential Medicines" in line for line in head)
    rows = _lexicon_rows()
    assert len(rows) >= 150
    assert sum(1 for r in rows if any("\u4e00" <= c <= "\u9fff" for n in r[1:] for c in n)) >= 150


def test_every_default_lexicon_name_is_found_and_linked_to_its_aliases():
    for row in _lexicon_rows():
        for name in row:
            found = DET.find(f"x {name} y" if name.isascii() else f"用{name}后")
            assert found, name
            assert {n.casefold() for n in row} <= set(found[0].aliases), (name, found[0].aliases)


def test_lexicon_names_match_whole_words_only():
    inn = next(r[0] for r in _lexicon_rows() if " " not in r[0] and len(r[0]) > 6)
    assert names(f"pre{inn}post and {inn}x") == []
    assert names(f"{inn.upper()}-treated; ({inn})") == [inn.upper(), inn]


def test_chinese_claim_is_supported_by_english_source_through_aliases():
    row = next(r for r in _lexicon_rows() if len(r) >= 2 and not r[1].isascii())
    inn, zh = row[0], row[1]
    (mention,) = DET.find(f"患者服用{zh}。")
    assert DET.occurs_in(mention, f"Patients received {inn} daily.")
    assert not DET.occurs_in(mention, "Patients received placebo daily.")
    (mention_en,) = DET.find(f"Patients received {inn}.")
    assert DET.occurs_in(mention_en, f"患者接受{zh}治疗。")


def test_longest_listed_name_wins_over_a_shorter_one():
    multi = next(r for r in _lexicon_rows() if " " in r[0])
    found = DET.find(f"given {multi[0]} twice")
    assert [m.name for m in found] == [multi[0]]


def test_user_lexicon_extends_the_default(tmp_path):
    extra = tmp_path / "extra.txt"
    extra.write_text("# my list\nZorblaxol\t佐布拉索\tZBX-7, zorblax\nplainname\n", encoding="utf-8")
    det = DrugDetector.from_sources(Settings(drug_lexicon_path=extra))
    assert names("Zorblaxol (ZBX-7) and plainname", det) == ["Zorblaxol", "ZBX-7", "plainname"]
    (zh,) = det.find("口服佐布拉索")
    assert det.occurs_in(zh, "zorblax 10 mg") and not det.occurs_in(zh, "zorblaxes 10 mg")
    # the default list is still there
    assert det.find(f"and {_lexicon_rows()[0][0]}")
    assert names("Zorblaxol") == []  # not in the default detector


def test_missing_user_lexicon_is_an_input_error_naming_it(tmp_path):
    with pytest.raises(InputError, match="nope.txt"):
        DrugDetector.from_sources(Settings(drug_lexicon_path=tmp_path / "nope.txt"))


def test_undecodable_user_lexicon_names_the_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"okname\n\xff\xfe broken\n")
    with pytest.raises(InputError, match=r"bad.txt line 2"):
        DrugDetector.from_sources(Settings(drug_lexicon_path=bad))


# ---------------------------------------------------------------- PubTator entities


def _sources(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "sources"
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root


def test_pubtator_tab_format_chemicals_become_drug_names(tmp_path):
    root = _sources(tmp_path, {"pubtator/1.txt": (
        "1|t|Title\n1|a|Abstract\n"
        "1\t0\t10\tCompoundex\tChemical\tMESH:C01\n"
        "1\t20\t30\tCPX-11\tChemical\tMESH:C01\n"
        "1\t40\t50\tGenewidget\tGene\t1234\n"
        "1\t60\t70\tAilmentia\tDisease\tMESH:D01\n"
    )})
    det = DrugDetector.from_sources(Settings(), root)
    assert names("Compoundex, Genewidget and Ailmentia", det) == ["Compoundex"]
    (m,) = det.find("CPX-11 was given")
    assert m.origin == "pubtator" and det.occurs_in(m, "compoundex at 5 mg")  # same identifier = alias


def test_pubtator_bioc_json_and_xml(tmp_path):
    bioc = {"PubTator3": [{"passages": [{"annotations": [
        {"text": "Jsonmedix", "infons": {"type": "Chemical", "identifier": "MESH:C02"}},
        {"text": "Jsongene", "infons": {"type": "Gene", "identifier": "7"}},
    ]}]}]}
    xml = ("<collection><document><passage><annotation id='1'><infon key='type'>Drug</infon>"
           "<infon key='identifier'>X</infon><text>Xmlmedix</text></annotation></passage></document></collection>")
    root = _sources(tmp_path, {"pubtator/a.json": json.dumps(bioc), "pubtator/b.xml": xml})
    det = DrugDetector.from_sources(Settings(), root)
    assert names("Jsonmedix, Jsongene, Xmlmedix", det) == ["Jsonmedix", "Xmlmedix"]


def test_malformed_pubtator_json_is_an_input_error_naming_file_and_line(tmp_path):
    root = _sources(tmp_path, {"pubtator/bad.json": '{"passages": [\n  {"annotations": [}\n]}'})
    with pytest.raises(InputError, match=r"pubtator/bad.json line 2"):
        DrugDetector.from_sources(Settings(), root)


def test_pubtator_files_outside_the_sources_folder_are_never_read(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.txt").write_text("1\t0\t5\tEscapol\tChemical\tM\n", encoding="utf-8")
    root = _sources(tmp_path, {"pubtator/ok.txt": "1\t0\t5\tInsidol\tChemical\tN\n"})
    os.symlink(outside / "x.txt", root / "pubtator" / "link.txt")
    os.symlink(outside, root / "pubtator" / "dirlink")
    det = DrugDetector.from_sources(Settings(), root)
    assert names("Escapol and Insidol", det) == ["Insidol"]


def test_pubtator_channel_folder_follows_the_channel_map(tmp_path):
    root = _sources(tmp_path, {"entities/1.txt": "1\t0\t5\tMappedol\tChemical\tN\n"})
    settings = Settings(channel_map={**Settings().channel_map, "pubtator": "entities"})
    assert names("Mappedol", DrugDetector.from_sources(settings, root)) == ["Mappedol"]
    assert names("Mappedol", DrugDetector.from_sources(Settings(), root)) == []


def test_load_drug_detector_is_memoised_and_sees_new_files(tmp_path):
    root = _sources(tmp_path, {"pubtator/1.txt": "1\t0\t5\tFirstol\tChemical\tN\n"})
    a = load_drug_detector(Settings(), root)
    assert load_drug_detector(Settings(), root) is a
    (root / "pubtator" / "2.txt").write_text("1\t0\t5\tSecondol\tChemical\tM\n", encoding="utf-8")
    b = load_drug_detector(Settings(), root)
    assert b is not a and names("Secondol", b) == ["Secondol"]


def test_detector_plugs_into_fact_bearing_detection():
    from citeproof.parse.facts import EntityDetector, fact_signals

    assert isinstance(DET, EntityDetector)
    assert fact_signals("we then gave sampletinib", [DET]) == ("entity",)
    assert fact_signals("we then gave water", [DET]) == ()


def test_multi_word_aliases_match_whole_words_in_sources(tmp_path):
    extra = tmp_path / "extra.txt"
    extra.write_text("zorb lax\n", encoding="utf-8")
    det = DrugDetector.from_sources(Settings(drug_lexicon_path=extra))
    (m,) = det.find("zorb lax was given")
    assert det.occurs_in(m, "We gave Zorb-Lax daily.")
    # every word is present, but "zorb lax" only as the start of "zorb laxity"
    assert not det.occurs_in(m, "zorb laxity was noted; lax rules")


def test_parse_report_makes_a_drug_only_sentence_a_claim_with_the_detector():
    from citeproof.parse import parse_report

    text = "# Therapy\n\nPatients also received exampleparib.\n\n部分患者还接受了样本帕利。\n"
    without = parse_report(text, "markdown", Settings(), detectors=[])
    with_drugs = parse_report(text, "markdown", Settings(), detectors=[DET])
    assert [c.text for c in without.claims] == []
    assert [c.fact_signals for c in with_drugs.claims] == [("entity",), ("entity",)]


# ---------------------------------------------------------------- abbreviations in the lexicon


def _abbreviated() -> list[tuple[str, str]]:
    """(INN, abbreviation) pairs of the shipped lexicon: an upper-case synonym of at most 5 characters."""
    return [(g[0], a) for g in read_lexicon(DEFAULT_LEXICON) for a in g[1:] if a.isupper() and len(a) <= 5]


def test_the_lexicon_lists_the_abbreviations_clinical_papers_use():
    assert len(_abbreviated()) >= 6


@pytest.mark.parametrize(("inn", "abbreviation"), _abbreviated())
def test_a_drug_named_in_full_is_found_in_a_source_that_abbreviates_it(inn, abbreviation):
    (mention,) = DET.find(f"Patients took {inn} daily.")
    assert DET.occurs_in(mention, f"{abbreviation} did not improve outcomes.")
    (short,) = DET.find(f"Patients took {abbreviation} daily.")
    assert short.key == mention.key
    assert DET.occurs_in(short, f"Patients on {inn} recovered.")


@pytest.mark.parametrize(("inn", "abbreviation"), _abbreviated())
def test_an_abbreviation_supports_only_its_own_drug(inn, abbreviation):
    (mention,) = DET.find(f"Patients took {inn} daily.")
    others = [a for i, a in _abbreviated() if i != inn and a.casefold() != abbreviation.casefold()]
    assert not DET.occurs_in(mention, " or ".join(others) + " did not improve outcomes.")
    # an abbreviation inside a longer word is no mention ("HCQs" aside, "xHCQ" is not it)
    assert not DET.occurs_in(mention, f"x{abbreviation.lower()}z was measured.")


# ------------------------------------------- a word before a Chinese name (red team rt32c f4)


def _zh_antibodies() -> list[str]:
    """Listed Chinese names ending in the antibody stem that no other listed name ends with."""
    zh = [n for r in _lexicon_rows() for n in r[1].split(",") if n.endswith("单抗")]
    return [n for n in zh if not any(o != n and o.endswith(n) for o in zh)]


@pytest.mark.parametrize("before", ["2023年", "国内", "同期", "全球", "截至2023年", "原研"])
def test_a_time_or_place_word_before_a_listed_chinese_name_is_not_part_of_it(before):
    zh = _zh_antibodies()[0]
    (m,) = DET.find(f"{before}{zh}销售额为62.1亿元")
    assert (m.shown, m.origin, m.stretched) == (zh, "lexicon", "")


@pytest.mark.parametrize("before", ["2023年", "国内", "同期", "全球"])
def test_a_boundary_word_leaves_an_unknown_stem_name_found(before):
    assert [(m.shown, m.origin) for m in DET.find(f"{before}示例单抗销售额")] == [("示例单抗", "stem")]


def test_a_listed_name_inside_a_longer_stem_word_is_the_mention_and_keeps_the_longer_word():
    zh = _zh_antibodies()[0]
    (m,) = DET.find(f"冠军{zh}销售额")  # an ordinary word the boundaries do not list
    assert (m.shown, m.origin, m.stretched) == (zh, "lexicon", f"冠军{zh}")
    assert DET.stretch_in(m, f"冠军{zh}。") and not DET.stretch_in(m, f"{zh}。")


def test_a_listed_conjugate_ending_in_a_listed_name_is_still_read_whole():
    zh = [n for r in _lexicon_rows() for n in r[1].split(",") if n]
    long, short = next((a, b) for a in zh for b in zh if a != b and a.endswith(b))
    (m,) = DET.find(f"国内{long}销售额")
    assert m.shown == long and not DET.occurs_in(m, f"{short}。")
