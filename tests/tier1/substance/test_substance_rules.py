"""CP201–CP205 on hand-built ParsedReports: blocked bad, passed good, n/a (never counted as pass), EN and ZH.

Each test names the mutation of the rule it kills.
"""

from __future__ import annotations

import pytest
from substance_builders import assert_blocks, assert_na, assert_pass, block, context, mermaid, report, tally

from citeproof.settings import Settings, SubstanceSettings
from tier1.deferred_work import DeferredWork, deferral_in
from tier1.repeated_digest import RepeatedDigestMatrix
from tier1.shallow_mermaid import ShallowMermaid, is_real_label
from tier1.source_inventory import SourceInventory, inventory_reason
from tier1.template_padding import TemplatePadding, normalise_numbering

GOOD_DIAGRAM = (
    "flowchart TD\n  S[Screening visit] --> E{Meets eligibility}\n  E -->|yes| R[Randomised]\n"
    "  E -->|no| X[Standard care]\n  R --> F[Response assessment]\n"
)

# ----------------------------------------------------------------------------- CP201


def _analysis(n: int, zh: bool = False) -> list:
    text = "每周方案的缓解比例高于每月方案。" if zh else "Responses were more frequent with weekly dosing than monthly."
    return [block("p", f"{text} ({i})", i + 2, "Findings") for i in range(n)]


@pytest.mark.parametrize("zh", [False, True])
def test_inventory_dump_blocks(zh):
    saved = "已保存于 sources/clinical_trials/NCT0000000{}.json" if zh else "NCT0000000{} saved in sources/clinical_trials/"
    rows = [block("li", saved.format(i), 10 + i, "Evidence") for i in range(4)]
    out = SourceInventory().check_report(context(report(blocks=[block("heading", "Evidence", 1, "Evidence"), *rows, *_analysis(2, zh)])))
    assert_blocks(out, "source_inventory")


def test_index_table_rows_of_ids_and_paths_are_inventory():
    # mutation: only look for the "saved in" phrase → an index table of ids/paths would pass
    rows = [block("tr", f"NCT0000000{i} | sources/clinical_trials/NCT0000000{i}.json | https://example.org/{i}", i) for i in range(5)]
    out = SourceInventory().check_report(context(report(blocks=[*rows, *_analysis(2)])))
    assert_blocks(out, "source_inventory")


def test_short_trailing_reference_list_does_not_count():
    # mutation: count the trailing references section against the body
    refs = [block("li", f"[nct:NCT0000000{i}]", 20 + i, "References") for i in range(3)]
    parsed = report(blocks=[*_analysis(3), block("heading", "References", 19, "References"), *refs])
    assert_pass(SourceInventory().check_report(context(parsed)))
    zh_refs = [block("li", f"[nct:NCT0000000{i}]", 20 + i, "参考文献") for i in range(3)]
    assert_pass(SourceInventory().check_report(context(report(blocks=[*_analysis(3, True), *zh_refs]))))


def test_reference_list_longer_than_the_body_counts():
    refs = [block("li", f"sources/pubmed/{i}.txt", 20 + i, "References") for i in range(8)]
    out = SourceInventory().check_report(context(report(blocks=[*_analysis(2), *refs])))
    assert_blocks(out, "source_inventory")


def test_repeated_appendix_notes_count_even_at_the_end():
    notes = []
    for i in range(3):
        notes.append(block("heading", "附录证据说明", 30 + 3 * i, "附录证据说明"))
        notes.append(block("p", "本节说明证据来源与检索方式。", 31 + 3 * i, "附录证据说明"))
    out = SourceInventory().check_report(context(report(blocks=[*_analysis(3, True), *notes])))
    assert_blocks(out, "source_inventory")


def test_inventory_threshold_is_a_setting():
    rows = [block("li", f"NCT0000000{i} saved in sources/", i) for i in range(2)]
    parsed = report(blocks=[*rows, *_analysis(3)])  # 2/5 = 40%
    assert_blocks(SourceInventory().check_report(context(parsed)), "source_inventory")
    lenient = Settings(substance=SubstanceSettings(inventory_share=0.5))
    assert_pass(SourceInventory().check_report(context(parsed, lenient)))


@pytest.mark.parametrize(
    ("text", "inventory"),
    [
        ("ORR was 30% in the weekly arm [nct:NCT00000001#L5].", False),
        ("Response 30% [nct:NCT00000001#L5]", False),  # a short claim with an anchor is still a claim
        ("样本已保存于-80°C冰箱。", False),
        ("[nct:NCT00000001]; [nct:NCT00000002]", True),
        ("PMID 12345678 — sources/pubmed/12345678.txt", True),
        ("NCT00000001 | https://clinicaltrials.gov/study/NCT00000001", True),
        ("AB1234567, 20 mg daily", False),  # a compound code is content, not a record id
        ("Smith et al. reported weekly dosing in adults with moderate disease, sources/pubmed/1.txt", False),
    ],
)
def test_inventory_row_classification(text, inventory):
    assert bool(inventory_reason(text, 3)) is inventory


@pytest.mark.parametrize("zh", [False, True])
def test_key_trials_table_with_registry_ids_is_not_inventory(zh):
    # false block: a registry id plus a few words ("| VOYAGE 1 | NCT02207231 | 3 |") counted as an inventory row
    head = block("tr", "试验 | 注册号 | 分期" if zh else "Trial | Registry id | Phase", 1, "Key trials")
    rows = [block("tr", f"{name} | NCT0220723{i} | 3", 2 + i, "Key trials")
            for i, name in enumerate(["VOYAGE 1", "VOYAGE 2", "NAVIGATE", "ECLIPSE"])]
    parsed = report(blocks=[head, *rows, *_analysis(3, zh)])
    assert_pass(SourceInventory().check_report(context(parsed)))
    assert inventory_reason("VOYAGE 1 | NCT02207231 | 3", 3) is None


@pytest.mark.parametrize("zh", [False, True])
def test_key_trials_table_with_saved_paths_still_blocks(zh):
    # twin: the same table whose cells point at saved files is an inventory
    path = "已保存于 sources/clinical_trials/NCT0220723{}.json" if zh else "sources/clinical_trials/NCT0220723{}.json"
    rows = [block("tr", f"{name} | NCT0220723{i} | {path.format(i)}", 2 + i, "Key trials")
            for i, name in enumerate(["VOYAGE 1", "VOYAGE 2", "NAVIGATE", "ECLIPSE"])]
    out = SourceInventory().check_report(context(report(blocks=[*rows, *_analysis(3, zh)])))
    assert_blocks(out, "source_inventory")


def test_inventory_na_without_body_blocks():
    out = SourceInventory().check_report(context(report(diagrams=[mermaid(GOOD_DIAGRAM)])))
    assert_na(out)
    assert tally(out)["passed"] == 0  # n/a is never a pass


# ----------------------------------------------------------------------------- CP202


@pytest.mark.parametrize(
    "text",
    [
        "Market size is pending quant model.",
        "This section will be completed by a later worker.",
        "The ORR will be analysed in a subsequent step.",
        "TODO: add the numbers.",
        "This table is a placeholder.",
        "市场规模待量化模型测算。",
        "由后续 worker 补充。",
        "数据待补充。",
        "该部分后续补充。",
    ],
)
def test_deferral_phrases_fire(text):
    assert deferral_in(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Follow-up was 12 months in both arms.",
        "Patients who progressed received later-line therapy.",
        "The next agent in the class was tried.",
        "The results will be analysed in a subsequent trial.",
        "two todo items",
        "两组随访均为12个月。",
        "进展患者接受后续治疗。",
        "其长期获益有待后续研究证实。",
        "后续补充铁剂治疗有效。",
        "影像提示占位性病变。",
    ],
)
def test_clinical_language_does_not_fire(text):
    assert deferral_in(text) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "OS will be analysed in the next update of the trial.",
        "These gaps will be addressed in a future iteration of the guideline.",
        "Patients in the control arm received a matching placeholder tablet.",
        "The sponsor states that phase 3 results are coming soon.",
        "安全性数据暂缺，待后续随访结果公布。",
        "后续补充分析显示获益在各亚组中一致。",
        "上市申请待补充资料后重新提交。",
        # rt13d: a report relaying what a source says will happen later, and a worker in a plant
        "Enrollment is expected to be completed later in 2025.",
        "总生存期数据尚未成熟，待后续公布。",
        "Benzene exposure was highest for the downstream worker at the filling line (2.1 ppm).",
    ],
)
def test_clinical_and_regulatory_prose_is_not_deferral(text):
    # false block: trial updates, guideline iterations, placebo tablets, sponsor news, 随访 / 补充分析 / 补充资料
    assert deferral_in(text) is None, text
    assert_pass(DeferredWork().check_report(context(report(blocks=[block("p", text, 1)]))))


@pytest.mark.parametrize(
    "text",
    [
        "OS will be analysed in the next pass.",
        "Market size will be computed by the next worker.",
        "The pricing section is a placeholder.",
        "Placeholder text until the model runs.",
        "安全性数据暂缺，待后续补充。",
        "后续补充分析。",
        "上市申请资料待补充。",
        "The remaining rows will be completed later.",
        "The downstream worker will compute the market size.",
        "该部分结论待后续完善。",
    ],
)
def test_deferral_twins_of_clinical_prose_still_block(text):
    # twin: the same sentences when the work is left to a later pass / worker, or the text is a stub
    assert deferral_in(text), text
    assert_blocks(DeferredWork().check_report(context(report(blocks=[block("p", text, 1)]))), "deferred_work")


@pytest.mark.parametrize(
    "text", ["Market size is pending quant model and will be completed by a later worker.", "市场规模待量化模型测算，由后续 worker 补充。"]
)
def test_deferred_work_blocks_and_names_the_line(text):
    parsed = report(blocks=[block("p", "The population is described.", 3), block("p", text, 5, "Market")])
    out = DeferredWork().check_report(context(parsed))
    assert_blocks(out, "deferred_work")
    assert out[0].findings[0].location.line == 5


def test_deferred_work_in_source_list_still_fires():
    # mutation: skip in_source_list units — a deferral hidden in an appendix is still a draft
    parsed = report(blocks=[block("p", "Findings are stated.", 1), block("li", "Appendix: 待补充", 9, "附录")])
    assert_blocks(DeferredWork().check_report(context(parsed)), "deferred_work")


@pytest.mark.parametrize("text", ["Follow-up was 12 months.", "两组随访均为12个月，进展后接受后续治疗。"])
def test_deferred_work_passes_clinical_text(text):
    assert_pass(DeferredWork().check_report(context(report(blocks=[block("p", text, 1)]))))


def test_deferred_work_na_without_blocks():
    assert_na(DeferredWork().check_report(context(report(diagrams=[mermaid(GOOD_DIAGRAM)]))))


# ----------------------------------------------------------------------------- CP203


@pytest.mark.parametrize(
    "src",
    [
        "graph TD\nA-->B",
        "graph TD\n  A[步骤1] --> B[步骤2] --> C[步骤3]",
        # four labelled nodes in a line: enough nodes and edges, but no branching
        "flowchart TD\n  S[Screening] --> R[Randomised] --> T[Treatment] --> F[Follow-up]",
        # branching, but the labels are letters
        "flowchart TD\n  A --> B\n  A --> C\n  B --> D\n  C --> D",
        # placeholder / deferral labels are not real labels
        "flowchart TD\n  A[TODO] --> B{待补充}\n  B --> C[Step 3]\n  B --> D[节点4]",
    ],
)
def test_shallow_diagrams_block(src):
    assert_blocks(ShallowMermaid().check_report(context(report(diagrams=[mermaid(src)]))), "shallow_mermaid")


@pytest.mark.parametrize(
    "src",
    [
        GOOD_DIAGRAM,
        "flowchart TD\n  S[筛选访视] --> E{是否符合入组}\n  E -->|是| R[随机分组]\n  E -->|否| X[标准治疗]\n  R --> F[疗效评估]",
        "flowchart LR\n  D[Diagnosis] --> W[Weekly dosing]\n  D --> M[Monthly dosing]\n  W --> A[Assessment]\n  M --> A",
    ],
)
def test_pathway_diagrams_pass(src):
    assert_pass(ShallowMermaid().check_report(context(report(diagrams=[mermaid(src)]))))


def test_one_outcome_per_diagram():
    out = ShallowMermaid().check_report(context(report(diagrams=[mermaid(GOOD_DIAGRAM, mid="a"), mermaid("graph TD\nA-->B", mid="b")])))
    t = tally(out)
    assert t["applicable"] == 2 and t["passed"] == 1 and t["blocked"] == 1


def test_branching_requirement_is_a_setting():
    chain = "flowchart TD\n  S[Screening] --> R[Randomised] --> T[Treatment] --> F[Follow-up]"
    relaxed = Settings(substance=SubstanceSettings(mermaid_require_branching=False))
    assert_pass(ShallowMermaid().check_report(context(report(diagrams=[mermaid(chain)]), relaxed)))


def test_charts_are_na_and_unknown_types_reported_without_blocking():
    assert_na(ShallowMermaid().check_report(context(report(diagrams=[mermaid('pie\n"A" : 40\n"B" : 60')]))))
    out = ShallowMermaid().check_report(context(report(diagrams=[mermaid("erDiagram\nX ||--o{ Y : has")])))
    t = tally(out)
    assert t == {"applicable": 1, "passed": 0, "blocked": 0, "status": "fail"}
    assert out[0].findings[0].code == "mermaid_unparsed"


def test_shallow_mermaid_na_without_diagrams():
    out = ShallowMermaid().check_report(context(report(blocks=[block("p", "No diagram here.", 1)])))
    assert_na(out)


@pytest.mark.parametrize(
    "src",
    [
        # false block: start/end circles and response categories / staging abbreviations were "unlabelled"
        "flowchart TD\n  A((Start)) --> B{Response}\n  B -->|CR| C[CR]\n  B -->|PR| D[PR]\n  B -->|SD| E[SD]\n"
        "  B -->|PD| G[PD]\n  C --> F(((End)))\n  D --> F\n  E --> F\n  G --> F",
        "flowchart TD\n  A((开始)) --> B{Stage IV}\n  B -->|是| C[OS]\n  B -->|否| D[AE]\n  C --> G[PFS]\n  G --> F(((结束)))\n"
        "  D --> F",
    ],
)
def test_start_end_nodes_and_clinical_abbreviations_pass(src):
    assert_pass(ShallowMermaid().check_report(context(report(diagrams=[mermaid(src)]))))


@pytest.mark.parametrize(
    "src",
    [
        # twin: the same layout with letter placeholders, or only start/end around letters, still blocks
        "flowchart TD\n  A((Start)) --> B{X1}\n  B -->|1| C[A]\n  B -->|2| D[B]\n  B -->|3| E[C]\n"
        "  B -->|4| G[D]\n  C --> F(((End)))\n  D --> F\n  E --> F\n  G --> F",
        "flowchart TD\n  S((Start)) --> A{A}\n  A --> E(((End)))\n  A --> B[B]\n  B --> E",
    ],
)
def test_start_end_nodes_around_placeholders_still_block(src):
    assert_blocks(ShallowMermaid().check_report(context(report(diagrams=[mermaid(src)]))), "shallow_mermaid")


@pytest.mark.parametrize(("label", "real"), [("CR", True), ("OS", True), ("AE", True), ("Stage IV", True),
                                             ("X1", False), ("B", False), ("TBD", False), ("END", False)])
def test_upper_case_abbreviations_are_real_labels(label, real):
    assert is_real_label(label, "X") is real


@pytest.mark.parametrize(("label", "real"), [("A", False), ("Step 1", False), ("节点2", False), ("TODO", False),
                                             ("Screening visit", True), ("筛选", True), ("ORR 30%", True)])
def test_real_label(label, real):
    assert is_real_label(label, "X") is real


# ----------------------------------------------------------------------------- CP204


def _matrix(title: str, line: int, zh: bool) -> list:
    row = "设计 | 随机对照" if zh else "design | randomised"
    return [block("heading", title, line, title), block("tr", row, line + 1, title)]


@pytest.mark.parametrize("zh", [False, True])
def test_repeated_digest_blocks(zh):
    titles = ["证据消化矩阵（一）", "证据消化矩阵（二）"] if zh else ["Evidence digestion matrix 1", "Evidence digestion matrix 2"]
    parsed = report(blocks=[*_matrix(titles[0], 1, zh), *_matrix(titles[1], 5, zh)])
    assert_blocks(RepeatedDigestMatrix().check_report(context(parsed)), "repeated_digest_matrix")


def test_titled_paragraph_matrices_without_headings_count():
    rows = [block("p", f"证据消化矩阵{i}：设计为随机对照，终点为缓解率。", i * 3) for i in range(1, 4)]
    assert_blocks(RepeatedDigestMatrix().check_report(context(report(blocks=rows))), "repeated_digest_matrix")


@pytest.mark.parametrize("zh", [False, True])
def test_single_matrix_and_passing_mention_pass(zh):
    title = "证据消化矩阵" if zh else "Evidence digestion matrix"
    mention = ("随机对照设计支持两组比较，上述证据消化矩阵列出了其要素。" if zh
               else "The randomised design supports the comparison; the evidence digestion matrix above lists it.")
    parsed = report(blocks=[*_matrix(title, 1, zh), block("heading", "Synthesis", 4, "Synthesis"), block("p", mention, 5, "Synthesis")])
    assert_pass(RepeatedDigestMatrix().check_report(context(parsed)))


def test_digest_na_without_matrix():
    assert_na(RepeatedDigestMatrix().check_report(context(report(blocks=[block("p", "Plain analysis.", 1)]))))


# ----------------------------------------------------------------------------- CP205


def test_numbering_normalised_digits_chinese_numerals_letters():
    assert normalise_numbering("场景1：该场景") == normalise_numbering("场景三：该场景")
    assert normalise_numbering("Block 2: summarise block 2.") == normalise_numbering("Block 7: summarise block 7.")
    assert normalise_numbering("Scenario B: x") == normalise_numbering("Scenario C: x")
    assert normalise_numbering("section a lot") == "section a lot"  # lower-case word is not a letter numbering


def test_template_padding_zh_headings_chinese_numerals():
    # mutation: normalise digits only (not 一二三) → these would look distinct
    blocks = []
    for i, n in enumerate("一二三"):
        blocks += [block("heading", f"场景{n}", 10 * i, f"场景{n}"), block("p", "该场景下需结合证据进行综合判断。", 10 * i + 1, f"场景{n}")]
    assert_blocks(TemplatePadding().check_report(context(report(blocks=blocks))), "template_padding")


def test_template_padding_en_list_items_with_number_in_body():
    # mutation: leave the number inside the body ("summarise block 2") → bodies would differ
    items = [block("li", f"Block {i}: Review the evidence for this block and summarise block {i}.", i) for i in (1, 2, 3)]
    assert_blocks(TemplatePadding().check_report(context(report(blocks=items))), "template_padding")


@pytest.mark.parametrize("zh", [False, True])
def test_sensitivity_scenarios_with_different_figures_pass(zh):
    # false block: a sensitivity analysis repeats its wording and varies only the figures
    figures = [("12000", "10"), ("15000", "15"), ("18000", "20")]
    text = ("场景{i}：价格 {p} 美元，渗透率 {u}%，五年累计患者数按同一流行病学假设测算。" if zh
            else "Scenario {i}: price {p} USD, uptake {u}%, five-year patients under the same epidemiology assumptions.")
    items = [block("li", text.format(i=i, p=p, u=u), i) for i, (p, u) in enumerate(figures, 1)]
    assert_pass(TemplatePadding().check_report(context(report(blocks=items))))


@pytest.mark.parametrize("zh", [False, True])
def test_scenarios_repeating_the_same_figures_still_block(zh):
    # twin: the same scenarios with the same figures are padding
    text = ("场景{i}：价格 12000 美元，渗透率 10%，五年累计患者数按同一流行病学假设测算。" if zh
            else "Scenario {i}: price 12000 USD, uptake 10%, five-year patients under the same epidemiology assumptions.")
    items = [block("li", text.format(i=i), i) for i in (1, 2, 3)]
    assert_blocks(TemplatePadding().check_report(context(report(blocks=items))), "template_padding")


def test_template_padding_letters():
    items = [block("li", f"Scenario {c}: the evidence is consistent.", i) for i, c in enumerate("ABC")]
    assert_blocks(TemplatePadding().check_report(context(report(blocks=items))), "template_padding")


def test_two_repeats_are_within_the_limit_three_are_not():
    two = [block("li", f"Block {i}: same body.", i) for i in (1, 2)]
    assert_pass(TemplatePadding().check_report(context(report(blocks=two))))
    strict = Settings(substance=SubstanceSettings(repeated_block_limit=1))
    assert_blocks(TemplatePadding().check_report(context(report(blocks=two), strict)), "template_padding")


@pytest.mark.parametrize("zh", [False, True])
def test_distinct_bodies_pass(zh):
    if zh:
        bodies = ["中度成人患者采用每周给药。", "复发患者改为每月给药。", "儿童缺乏数据，不纳入本方案。"]
        blocks = []
        for i, b in enumerate(bodies, 1):
            blocks += [block("heading", f"场景{i}", 10 * i, f"场景{i}"), block("p", b, 10 * i + 1, f"场景{i}")]
    else:
        blocks = [block("li", f"Scenario {c}: {b}", i) for i, (c, b) in enumerate(
            zip("ABC", ["adults start weekly dosing.", "relapsed adults switch to monthly.", "children are excluded."]))]
    assert_pass(TemplatePadding().check_report(context(report(blocks=blocks))))


def test_template_na_without_numbered_labels():
    assert_na(TemplatePadding().check_report(context(report(blocks=[block("p", "Plain analysis.", 1)]))))


def test_rendered_ids_are_labels_when_meaningful():
    # Mermaid renders a bare id as the node text: "Screening --> Treatment" is labelled, "A --> B" is not
    src = "graph TD\n  Screening --> Eligible\n  Eligible --> Treatment\n  Eligible --> Observation"
    assert_pass(ShallowMermaid().check_report(context(report(diagrams=[mermaid(src)]))))
    seq = "sequenceDiagram\n  participant Clinician\n  participant Patient\n  participant Pharmacy\n  participant Laboratory\n  Clinician->>Laboratory: orders baseline tests\n  Clinician->>Patient: explains options\n  alt accepts\n  Clinician->>Pharmacy: sends prescription\n  Pharmacy->>Patient: dispenses\n  end"
    assert_pass(ShallowMermaid().check_report(context(report(diagrams=[mermaid(seq)]))))


@pytest.mark.parametrize("text", ["All sources were fetched and saved.", "本报告已完成检索。", "检索工作已完成"])
def test_process_filler_is_inventory(text):
    assert inventory_reason(text, 3)


def test_repeated_appendix_note_paragraphs_without_headings_count():
    notes = [block("p", f"附录证据说明：第{i}条证据来自检索结果，详见来源文件。", 20 + i) for i in range(3)]
    out = SourceInventory().check_report(context(report(blocks=[*_analysis(3, True), *notes])))
    assert_blocks(out, "source_inventory")


def test_a_single_appendix_note_is_not_padding():
    parsed = report(blocks=[*_analysis(3, True), block("heading", "附录证据说明", 30, "附录证据说明"),
                            block("p", "本节说明证据来源与检索方式。", 31, "附录证据说明")])
    assert_pass(SourceInventory().check_report(context(parsed)))


def test_near_identical_bodies_count_as_repeats():
    # mutation: exact equality only → one changed word per block would hide the padding
    bodies = ["the evidence for this scenario is consistent across the included trials and supports use",
              "the evidence for this scenario is consistent across all included trials and supports use",
              "the evidence for this scenario is consistent across the included trials and supports its use"]
    items = [block("li", f"Scenario {c}: {b}", i) for i, (c, b) in enumerate(zip("ABC", bodies))]
    assert_blocks(TemplatePadding().check_report(context(report(blocks=items))), "template_padding")
