"""A Chinese table locator (#表3, #表 3, #表３) cites the table its caption "表3 …" numbers, as
#table3 does (rt24b case17: #表3 was read as a section name and failed, though the caption is
found as table 3). In Markdown, HTML and text sources; a table the source lacks is named by
the tables it has."""

from __future__ import annotations

import pytest

from citeproof.parse.anchors import AnchorProblem, parse_locator
from citeproof.pipeline import VerifyOptions, run

MD = (
    "# 临床数据\n\n## 疗效\n\n表1 基线特征\n\n| 特征 | 治疗组 |\n|---|---|\n| 男性（%） | 58.2 |\n\n"
    "## 安全性\n\n表3 不良事件\n\n| 事件 | 治疗组 |\n|---|---|\n| 3级以上（%） | 36.4 |\n"
)
HTML = (
    "<h1>临床数据</h1><p>表1 基线特征</p><table><tr><th>特征</th><th>治疗组</th></tr><tr><td>男性（%）</td><td>58.2</td></tr></table>"
    "<p>表2 疗效</p><table><tr><th>终点</th><th>治疗组</th></tr><tr><td>客观缓解率（%）</td><td>45.6</td></tr></table>"
    "<p>表3 不良事件</p><table><tr><th>事件</th><th>治疗组</th></tr><tr><td>3级以上（%）</td><td>36.4</td></tr></table>"
)
TXT = "临床数据\n\n表1 基线特征\n男性 58.2%\n\n表3 不良事件\n治疗组3级以上不良事件 36.4%\n\n讨论\n安全性可控。\n"

CLAIM = "治疗组3级以上不良事件发生率为36.4%"


def _windows(tmp_path, name: str, content: str, locators: list[str]):
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / name).write_text(content, encoding="utf-8")
    report = "# R\n\n" + "\n\n".join(f"{CLAIM} [evidence:{name}#{loc}]。" for loc in locators) + "\n"
    result = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report"))
    return [(c.anchors[0].window_lines, [r.code for r in c.reasons], c.status) for c in result.claims if c.anchors]


@pytest.mark.parametrize("raw", ["表3", "表 3", "表３", "table3", "Table 3"])
def test_a_chinese_table_locator_parses_as_the_table(raw):
    loc = parse_locator(raw)
    assert not isinstance(loc, AnchorProblem)
    assert (loc.kind, loc.start, loc.end) == ("table", 3, 3)


@pytest.mark.parametrize("raw", ["表", "表格", "表3 不良事件", "附表3"])
def test_other_chinese_locators_stay_section_names(raw):
    loc = parse_locator(raw)
    assert not isinstance(loc, AnchorProblem) and loc.kind == "section"


@pytest.mark.parametrize(("name", "content"), [("t.md", MD), ("t.html", HTML), ("t.txt", TXT)])
def test_a_chinese_table_locator_finds_the_table_its_caption_numbers(tmp_path, name, content):
    got = _windows(tmp_path, name, content, ["table3", "表3", "表 3", "表３"])
    english = got[0]
    assert english[0] is not None and "locator_not_found" not in english[1], english
    assert all(g == english for g in got[1:]), got
    assert english[2] != "fail"


@pytest.mark.parametrize(("name", "content"), [("t.md", MD), ("t.txt", TXT)])
def test_a_missing_chinese_table_names_the_tables_found(tmp_path, name, content):
    (got,) = _windows(tmp_path, name, content, ["表9"])
    assert got[2] == "fail" and "locator_not_found" in got[1]


def test_the_missing_table_message_lists_the_tables(tmp_path):
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "t.md").write_text(MD, encoding="utf-8")
    result = run(f"# R\n\n{CLAIM} [evidence:t.md#表9]。\n", "markdown", tmp_path / "sources", VerifyOptions(mode="report"))
    (claim,) = [c for c in result.claims if c.anchors]
    (message,) = [r.message for r in claim.reasons if r.code == "locator_not_found"]
    assert "'Table 9'" in message and "tables found: table1, table3" in message
