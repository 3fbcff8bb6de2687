"""CP301 drug-mentions, both ways in English and Chinese.

Mutations tried on ``tier1/drug_mentions.py`` and the test that kills each: check only the
first mention → ``test_every_mention_must_be_supported``; pass a claim with no cited
source → ``test_drug_claim_citing_nothing_fails``; n/a counted as pass →
``test_claim_without_drug_is_na``; window-only support (instead of the whole cited
document) → ``test_support_is_the_whole_cited_document``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citeproof.lexicon.lexicon_file import DEFAULT_LEXICON, read_lexicon
from citeproof.model import Anchor, Claim, Locator, Location
from citeproof.retrieval import load_retrieved
from citeproof.settings import Settings
from citeproof.sources.store import SourceStore
from tier1.context import ClaimContext
from tier1.drug_mentions import DrugMentions

RULE = DrugMentions()
URL = "https://example.org/trial"


def _anchor(url: str = URL) -> Anchor:
    return Anchor(raw=url, kind="url", source_id=url, location=Location(line=3))


def check(tmp_path: Path, claim_text: str, source_text: str | None, *, anchors: int = 1, **claim_kw):
    claim = Claim(id="c1", text=claim_text, raw_text=claim_text, location=Location(line=3, section_path=("Therapy",)),
                  anchors=tuple(_anchor() for _ in range(anchors)), fact_bearing=True, **claim_kw)
    resolutions = []
    if source_text is not None and anchors:
        path = tmp_path / "retrieved.jsonl"
        path.write_text(json.dumps({"url": URL, "text": source_text}, ensure_ascii=False) + "\n", encoding="utf-8")
        resolutions = [load_retrieved(path).resolve(a) for a in claim.anchors]
    elif anchors:
        path = tmp_path / "retrieved.jsonl"
        path.write_text(json.dumps({"url": "https://other.org", "text": "x"}) + "\n", encoding="utf-8")
        resolutions = [load_retrieved(path).resolve(a) for a in claim.anchors]
    return RULE.check_claim(ClaimContext(claim=claim, resolutions=resolutions, settings=Settings()))


@pytest.mark.parametrize(
    ("claim_text", "source_text"),
    [
        ("Sampletinib lowered the marker in 12 of 40 participants.", "SAMPLETINIB lowered the marker in 12 of 40."),
        ("示例替尼使12名受试者的标志物下降。", "研究中示例替尼使12名受试者的标志物下降。"),
    ],
    ids=["en", "zh"],
)
def test_drug_in_cited_source_passes(tmp_path, claim_text, source_text):
    o = check(tmp_path, claim_text, source_text)
    assert o.applicable and o.passed and not o.blocks


@pytest.mark.parametrize(
    ("claim_text", "source_text", "drug"),
    [
        ("Exampleparib lowered the marker in 12 of 40.", "Sampletinib lowered the marker in 12 of 40.", "Exampleparib"),
        ("样本帕利使12名受试者的标志物下降。", "示例替尼使12名受试者的标志物下降。", "样本帕利"),
    ],
    ids=["en", "zh"],
)
def test_drug_absent_from_cited_source_is_critical_and_named(tmp_path, claim_text, source_text, drug):
    o = check(tmp_path, claim_text, source_text)
    assert o.applicable and o.passed is False and o.blocks
    (f,) = o.findings
    assert f.code == "drug_unsupported" and f.severity == "critical" and f.claim_id == "c1"
    assert drug in f.message and claim_text[:20] in f.message and "line 3" in f.message


def test_every_mention_must_be_supported(tmp_path):
    o = check(tmp_path, "Sampletinib plus exampleparib plus demoumab.", "Sampletinib alone.")
    assert [f.message.split(" names ")[1].split(" (")[0] for f in o.findings] == ["exampleparib", "demoumab"]


def test_claim_without_drug_is_na(tmp_path):
    for text in ("The marker fell in 12 of 40 participants.", "40名受试者中12名的标志物下降。"):
        o = check(tmp_path, text, "Sampletinib lowered the marker.")
        assert not o.applicable and o.passed is None and not o.blocks


def test_source_lists_are_na_and_a_heading_claim_is_checked(tmp_path):
    # a heading is a claim only when it states a figure ("Sampletinib: ORR 45.2%"): then its drug is checked
    assert not check(tmp_path, "Sampletinib, trial report, 2024.", None, anchors=0, in_source_list=True).applicable
    heading = check(tmp_path, "Sampletinib: ORR 45.2%", None, anchors=0, unit="heading")
    assert heading.applicable and heading.passed is False and heading.findings[0].code == "drug_uncited"


def test_drug_claim_citing_nothing_fails(tmp_path):
    o = check(tmp_path, "Sampletinib lowered the marker.", None, anchors=0)
    assert o.passed is False and o.blocks and o.findings[0].code == "drug_uncited"
    assert "Sampletinib" in o.findings[0].message


def test_drug_claim_whose_anchors_do_not_resolve_fails(tmp_path):
    o = check(tmp_path, "Sampletinib lowered the marker.", None, anchors=1)
    assert o.passed is False and o.findings[0].code == "drug_unverifiable"


def test_alias_across_languages_supports_the_claim(tmp_path):
    row = next(r for r in read_lexicon(DEFAULT_LEXICON) if len(r) >= 2 and not r[1].isascii())
    inn, zh = row[0], row[1]
    assert check(tmp_path, f"{zh}使12名受试者的标志物下降。", f"{inn} lowered the marker in 12.").passed
    assert check(tmp_path, f"{inn} lowered the marker in 12.", f"研究中{zh}使标志物下降。").passed
    assert check(tmp_path, f"{zh}使12名受试者的标志物下降。", "Placebo lowered nothing.").passed is False


def test_support_is_the_whole_cited_document(tmp_path):
    # The locator window (L3) says "Arm A"; the drug is named in the arms section (L1).
    root = tmp_path / "sources"
    (root / "pubmed").mkdir(parents=True)
    (root / "pubmed" / "7.txt").write_text(
        "Arm A: sampletinib 10 mg daily.\n\nResults\nArm A lowered the marker in 12 of 40.\n", encoding="utf-8"
    )
    store = SourceStore(root, Settings())
    anchor = Anchor(raw="[pmid:7#L4]", kind="pmid", source_id="7", channel="pubmed", location=Location(line=3),
                    locator=Locator(raw="L4", kind="lines", start=4, end=4))
    res = store.resolve(anchor)
    assert res.window is not None and "sampletinib" not in res.window.text
    claim = Claim(id="c1", text="Sampletinib lowered the marker in 12 of 40.", raw_text="x",
                  location=Location(line=3), anchors=(anchor,), fact_bearing=True)
    o = RULE.check_claim(ClaimContext(claim=claim, resolutions=[res], settings=Settings(), store=store))
    assert o.passed
    other = Claim(id="c2", text="Exampleparib lowered the marker in 12 of 40.", raw_text="x",
                  location=Location(line=3), anchors=(anchor,), fact_bearing=True)
    assert RULE.check_claim(ClaimContext(claim=other, resolutions=[res], settings=Settings(), store=store)).passed is False


def test_pubtator_entities_of_the_run_count_as_drugs(tmp_path):
    root = tmp_path / "sources"
    (root / "pubtator").mkdir(parents=True)
    (root / "pubmed").mkdir(parents=True)
    (root / "pubtator" / "7.txt").write_text("7\t0\t10\tCompoundex\tChemical\tMESH:C1\n", encoding="utf-8")
    (root / "pubmed" / "7.txt").write_text("The marker fell in 12 of 40.\n", encoding="utf-8")
    store = SourceStore(root, Settings())
    anchor = Anchor(raw="[pmid:7]", kind="pmid", source_id="7", channel="pubmed", location=Location(line=3))
    claim = Claim(id="c1", text="Compoundex lowered the marker.", raw_text="x", location=Location(line=3),
                  anchors=(anchor,), fact_bearing=True)
    o = RULE.check_claim(ClaimContext(claim=claim, resolutions=[store.resolve(anchor)], settings=Settings(), store=store))
    assert o.passed is False and "Compoundex (PubTator entity)" in o.findings[0].message


SILENT = "The marker level fell in 12 of 40 participants."  # names no drug


@pytest.mark.parametrize(
    "claim_text",
    [
        "Sampletinib is not used in either arm of the trial.",
        "Participants did not receive sampletinib.",
        "Neither exampleparib nor sampletinib was given.",
        "No sampletinib was given to the participants.",
        "Participants were not treated with any sampletinib.",  # linking words between
        "It was given in the absence of sampletinib.",
        "患者未接受示例替尼治疗。",
        "患者没有使用示例替尼。",
    ],
)
def test_a_denied_drug_absent_from_the_sources_is_left_to_the_judge(tmp_path, claim_text):
    """The claim says the drug was not used; the sources' silence agrees, so no critical
    finding — but silence proves nothing either, so the claim stays undecided."""
    o = check(tmp_path, claim_text, SILENT)
    assert o.applicable and not o.passed and not o.blocks and not o.findings
    assert "only to deny it" in o.undecided


@pytest.mark.parametrize(
    "claim_text",
    [
        "Participants received sampletinib without dose reduction.",  # the negation follows the name
        "Participants who did not respond received sampletinib.",  # the negation governs another verb
        "Patients who did not receive sampletinib progressed earlier.",  # a relative clause: others did
        "Sampletinib, not placebo, lowered the marker.",  # another clause
        "Sampletinib was given daily; it was not stopped early.",
        "Sampletinib was given, and sampletinib was not stopped.",  # one mention affirms it
        "Participants did not receive exampleparib but received sampletinib.",
        "示例替尼的不良事件较少。",  # 不良 is "adverse", no negation
        "No participants discontinued sampletinib.",  # the negation governs "discontinued"
        "Participants did not stop sampletinib early.",
        "患者未停用示例替尼。",  # did not stop it: it was used
        "没有患者停用示例替尼。",
    ],
)
def test_an_affirmed_drug_absent_from_the_sources_still_fails(tmp_path, claim_text):
    o = check(tmp_path, claim_text, SILENT)
    assert o.blocks and [f.code for f in o.findings][:1] == ["drug_unsupported"]


def test_a_denied_drug_beside_an_unsupported_one_still_fails(tmp_path):
    o = check(tmp_path, "Participants received exampleparib and no sampletinib.", SILENT)
    assert o.blocks and len(o.findings) == 1 and "exampleparib" in o.findings[0].message.lower()


# Chinese approved names of oncology antibodies and ADCs (the red team's true claims failed:
# the lexicon lacked them, so only the INN stem 单抗 was found and never matched the English source)
ZH_ANTIBODIES = [
    ("阿替利珠单抗", "atezolizumab"), ("帕妥珠单抗", "pertuzumab"), ("恩美曲妥珠单抗", "trastuzumab emtansine"),
    ("度伐利尤单抗", "durvalumab"), ("戈沙妥珠单抗", "sacituzumab govitecan"), ("伊匹木单抗", "ipilimumab"),
    ("西妥昔单抗", "cetuximab"), ("利妥昔单抗", "rituximab"), ("德曲妥珠单抗", "trastuzumab deruxtecan"),
    ("信迪利单抗", "sintilimab"), ("卡瑞利珠单抗", "camrelizumab"), ("替雷利珠单抗", "tislelizumab"),
    ("特瑞普利单抗", "toripalimab"),
]


@pytest.mark.parametrize(("zh", "inn"), ZH_ANTIBODIES)
def test_chinese_antibody_name_is_supported_by_its_english_name(tmp_path, zh, inn):
    o = check(tmp_path, f"{zh}840 mg。", f"{inn.capitalize()} 840 mg on days 1 and 15.")
    assert o.applicable and o.passed and not o.blocks


@pytest.mark.parametrize(("zh", "inn"), ZH_ANTIBODIES)
def test_chinese_antibody_name_the_source_does_not_mention_still_fails(tmp_path, zh, inn):
    other = "nivolumab" if inn != "nivolumab" else "bevacizumab"
    o = check(tmp_path, f"{zh}840 mg。", f"{other.capitalize()} 840 mg on days 1 and 15.")
    assert o.passed is False and o.blocks and zh in o.findings[0].message


@pytest.mark.parametrize(("zh", "parent"), [("恩美曲妥珠单抗", "Trastuzumab"), ("德曲妥珠单抗", "Trastuzumab")])
def test_a_conjugate_is_not_supported_by_its_bare_antibody(tmp_path, zh, parent):
    o = check(tmp_path, f"{zh}6 mg/kg。", f"{parent} 6 mg/kg every 3 weeks.")
    assert o.passed is False and o.blocks


# red team round 3: breast-cancer kinase inhibitors and endocrine agents missing in Chinese
ZH_SMALL_MOLECULES = [
    ("阿法替尼", "afatinib"), ("拉帕替尼", "lapatinib"), ("来那替尼", "neratinib"), ("吡咯替尼", "pyrotinib"),
    ("妥卡替尼", "tucatinib"), ("阿贝西利", "abemaciclib"), ("瑞波西利", "ribociclib"), ("依维莫司", "everolimus"),
    ("阿培利司", "alpelisib"), ("氟维司群", "fulvestrant"), ("依西美坦", "exemestane"),
]


@pytest.mark.parametrize(("zh", "inn"), ZH_SMALL_MOLECULES)
def test_chinese_small_molecule_name_is_supported_by_its_english_name_and_only_by_it(tmp_path, zh, inn):
    (tmp_path / "same").mkdir()
    (tmp_path / "other").mkdir()
    o = check(tmp_path / "same", f"{zh}40 mg。", f"{inn.capitalize()} 40 mg once daily.")
    assert o.applicable and o.passed and not o.blocks
    other = check(tmp_path / "other", f"{zh}40 mg。", "Nivolumab 40 mg once daily.")
    assert other.blocks and zh in other.findings[0].message


@pytest.mark.parametrize("measure", ["剂", "次", "个疗程", "周期"])
def test_a_measure_word_before_a_chinese_name_is_not_part_of_it(tmp_path, measure):
    o = check(tmp_path, f"患者接受12至16{measure}曲妥珠单抗。", "Trastuzumab was given for 12 to 16 doses.")
    assert o.applicable and o.passed and not o.blocks


@pytest.mark.parametrize(
    "source_text",
    ["The 120 patients who received sample-\ntinib in the first line.", "received SAMPLE- \n  tinib daily."],
    ids=["pdf-wrap", "spaced"],
)
def test_a_name_hyphenated_across_a_line_break_is_found(tmp_path, source_text):
    o = check(tmp_path, "Sampletinib lowered the marker in 12 of 40.", source_text)
    assert o.applicable and o.passed and not o.blocks


@pytest.mark.parametrize(
    ("claim_text", "source_text"),
    [
        ("Exampleparib lowered the marker in 12 of 40.", "The patients who received sample-\ntinib in the first line."),
        # a paragraph break, or a hyphen that does not end the line, joins nothing
        ("Sampletinib lowered the marker in 12 of 40.", "Patients received sample-\n\ntinib was not given."),
        ("Sampletinib lowered the marker in 12 of 40.", "Patients received sample- tinib daily."),
    ],
    ids=["another-drug", "paragraph-break", "mid-line"],
)
def test_rejoining_a_line_break_finds_no_other_name(tmp_path, claim_text, source_text):
    o = check(tmp_path, claim_text, source_text)
    assert o.applicable and o.passed is False and o.blocks


def test_a_compound_split_at_its_own_hyphen_still_names_both_words(tmp_path):
    o = check(tmp_path, "Sampletinib plus exampleparib lowered the marker.", "Sampletinib-\nexampleparib lowered it.")
    assert o.applicable and o.passed


# rt18b case16: a claim citing only a model file, whose inputs' source names the drug the model
# file itself names only by variable
_SHARE_SOURCE = ("# Uptake\n\nBiosimilars held 38.0% of sampletinib volume in 2022.\n"
                 "Biosimilars held 45.5% of sampletinib volume in 2023.\n")
_SHARE_MODEL = ("# Model: change in biosimilar share\n\n- share2022 = 38.0% [evidence:market/share.md#L3]\n"
                "- share2023 = 45.5% [evidence:market/share.md#L4]\nFormula: change = share2023 - share2022\n"
                "Units: percentage points\nResult: change = 7.5 percentage points\n")


@pytest.mark.parametrize(("drug", "unsupported"), [("sampletinib", False), ("exampletinib", True)])
def test_a_model_files_input_sources_name_its_drug(tmp_path, drug, unsupported):
    from citeproof.pipeline import VerifyOptions, run

    sources = tmp_path / "sources"
    for rel, text in {"evidence/market/share.md": _SHARE_SOURCE, "evidence/models/share_change.md": _SHARE_MODEL}.items():
        (sources / rel).parent.mkdir(parents=True, exist_ok=True)
        (sources / rel).write_text(text, encoding="utf-8")
    claim = (f"Biosimilar share of {drug} volume rose by 7.5 percentage points from 2022 to 2023 "
             "[evidence:models/share_change.md#L7].")
    report = run(f"# Biosimilars\n\n{claim}\n", "markdown", sources, VerifyOptions(mode="report"))
    [c] = report.claims
    reasons = [f.message for f in c.reasons]
    assert any("appears in none of the cited sources" in r for r in reasons) is unsupported, reasons


# ------------------------------------------- a word before a Chinese name (red team rt32c f4)


def _zh_names() -> list[str]:
    return [n for r in read_lexicon(DEFAULT_LEXICON) if len(r) > 1 for n in r[1].split(",") if n]


def _zh_antibodies() -> list[str]:
    zh = [n for n in _zh_names() if n.endswith("单抗")]
    return [n for n in zh if not any(o != n and o.endswith(n) for o in zh)]


@pytest.mark.parametrize("before", ["国内", "同期", "截至2023年"])
def test_a_listed_chinese_name_after_a_time_or_place_word_passes(tmp_path, before):
    zh = _zh_antibodies()[0]
    o = check(tmp_path, f"{before}{zh}销售额为62.1亿元。", f"2023年{zh}国内销售额为62.1亿元。")
    assert o.applicable and o.passed and not o.blocks


def test_another_listed_drug_with_the_same_stem_after_such_a_word_still_fails(tmp_path):
    cited, named = _zh_antibodies()[:2]
    o = check(tmp_path, f"国内{named}销售额为62.1亿元。", f"2023年{cited}国内销售额为62.1亿元。")
    assert o.blocks and [f.code for f in o.findings] == ["drug_unsupported"] and named in o.findings[0].message


def test_an_unknown_stem_name_after_such_a_word_still_fails_when_not_cited(tmp_path):
    zh = _zh_antibodies()[0]
    o = check(tmp_path, "国内示例单抗销售额为62.1亿元。", f"2023年{zh}国内销售额为62.1亿元。")
    assert o.blocks and "示例单抗" in o.findings[0].message


def test_a_listed_conjugate_is_not_supported_by_the_name_it_ends_with(tmp_path):
    names = _zh_names()
    long, short = next((a, b) for a in names for b in names if a != b and a.endswith(b))
    o = check(tmp_path, f"国内{long}销售额为62.1亿元。", f"2023年{short}国内销售额为62.1亿元。")
    assert o.blocks and [f.code for f in o.findings] == ["drug_unsupported"]


def test_an_unlisted_word_before_a_listed_name_is_left_to_the_judge(tmp_path):
    """"冠军X单抗": an ordinary word before X, or an unlisted drug named on X (a conjugate): the
    source writing X alone neither supports nor refutes it."""
    zh = _zh_antibodies()[0]
    o = check(tmp_path, f"冠军{zh}销售额为62.1亿元。", f"2023年{zh}国内销售额为62.1亿元。")
    assert o.applicable and not o.passed and not o.blocks and f"冠军{zh}" in o.undecided
    assert check(tmp_path, f"冠军{zh}销售额为62.1亿元。", f"冠军{zh}销售额为62.1亿元。").passed
    assert check(tmp_path, f"冠军{zh}销售额为62.1亿元。", "销售额为62.1亿元。").blocks
