"""A subject named over a claim — a parent list item, a lead-in paragraph, the nearest heading, a
caption, a <dt>, a <summary>, a table's title row — is the claim's subject (rt34b).

"- Control arm [x]:" over "  - median PFS 11.2 months" gives 11.2 months to the control arm, as
"Control arm: median PFS 11.2 months" does; the source gives the control arm 7.4 months, and
the item passed, since the sentence alone names no arm. Each swapped case is left to the judge
(undecided, never failed); its honest twin, a context naming no subject or both arms, and a
subject the item names itself, read as before.
"""

from __future__ import annotations

import pytest

from citeproof.pipeline import VerifyOptions, run
from tests.values.helpers import verify_against

SOURCE = (
    "# Trial\n\n## Efficacy\n\n"
    "The objective response rate was 45% in the experimental arm and 31% in the control arm.\n\n"
    "Median progression-free survival was 11.2 months with velotinib versus 7.4 months with control.\n"
)
ZH_SOURCE = "# 试验\n\n## 疗效\n\n试验组中位无进展生存期为11.2个月，对照组为7.4个月。\n"
A = "[evidence:s.md#Efficacy]"
ZA = "[evidence:s.md#疗效]"
PFS = "median progression-free survival {} months"


def _statuses(tmp_path, report: str, source: str = SOURCE) -> list[tuple[str, str, str]]:
    out = verify_against(tmp_path / str(len(list(tmp_path.iterdir()))), source, report)  # a fresh folder a run
    return [(c.text, c.status, " ".join(c.undecided_reasons or [])) for c in out.claims if c.anchors]


def _html(tmp_path, report: str) -> list[tuple[str, str, str]]:
    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "s.md").write_text(SOURCE, encoding="utf-8")
    out = run(report, "html", tmp_path / "sources", VerifyOptions(mode="report"))
    return [(c.text, c.status, " ".join(c.undecided_reasons or [])) for c in out.claims if c.anchors]


def _md_cases(control: str, agent: str) -> list[str]:
    """The Markdown shapes, the control arm given ``control`` months and the agent's arm ``agent``."""
    return [
        f"# R\n\n- Control arm {A}:\n  - {PFS.format(control)}\n",
        f"# R\n\n- Velotinib arm {A}:\n  - {PFS.format(agent)}\n",
        f"# R\n\nIn the control arm, outcomes were as follows {A}:\n\n- {PFS.format(control)} {A}\n",
        f"# R\n\n## Outcomes\n\n### Control arm\n\nMedian progression-free survival was {control} months {A}.\n",
        f"# R\n\nTable 2. Control arm outcomes {A}:\n\n| Endpoint | Result |\n|---|---|\n"
        f"| Median progression-free survival | {control} months {A} |\n",
    ]


def _html_cases(control: str) -> list[str]:
    row = f"<tr><td>Median progression-free survival</td><td>{control} months {A}</td></tr>"
    said = f"Median progression-free survival was {control} months {A}."
    return [
        f"<html><body><h1>R</h1><table><caption>Control arm outcomes</caption>"
        f"<tr><th>Endpoint</th><th>Result</th></tr>{row}</table></body></html>",
        f"<html><body><h1>R</h1><table><tr><th colspan=\"2\">Control arm</th></tr>{row}</table></body></html>",
        f"<html><body><h1>R</h1><ul><li>Control arm {A}:<ul><li>{PFS.format(control)}</li></ul></li></ul></body></html>",
        f"<html><body><h1>R</h1><dl><dt>Control arm</dt><dd>{said}</dd></dl></body></html>",
        f"<html><body><h1>R</h1><details open><summary>Control arm</summary><p>{said}</p></details></body></html>",
    ]


@pytest.mark.parametrize("k", range(5))
def test_a_figure_swapped_between_arms_under_a_markdown_context_does_not_pass(tmp_path, k):
    report = _md_cases("11.2", "7.4")[k]
    [(text, status, why)] = [c for c in _statuses(tmp_path, report) if "months" in c[0]]
    assert status == "undecided", (text, why)
    assert "the claim gives" in why and "arm'" in why


@pytest.mark.parametrize("k", range(5))
def test_the_honest_figure_under_a_markdown_context_passes(tmp_path, k):
    report = _md_cases("7.4", "11.2")[k]
    assert all(status == "pass" for text, status, _ in _statuses(tmp_path, report) if "months" in text)


@pytest.mark.parametrize("k", range(5))
def test_a_figure_swapped_between_arms_under_an_html_label_does_not_pass(tmp_path, k):
    [(text, status, why)] = [c for c in _html(tmp_path, _html_cases("11.2")[k]) if "months" in c[0]]
    assert status == "undecided" and "the claim gives 11.2 months to 'control arm'" in why, (text, why)


@pytest.mark.parametrize("k", range(5))
def test_the_honest_figure_under_an_html_label_passes(tmp_path, k):
    assert all(status == "pass" for text, status, _ in _html(tmp_path, _html_cases("7.4")[k]) if "months" in text)


@pytest.mark.parametrize("report", [
    # a heading or parent item naming no subject, a lead-in naming both arms: read as before
    f"# R\n\n### Efficacy\n\nMedian progression-free survival was 11.2 months {A}.\n",
    f"# R\n\n### Results\n\nMedian progression-free survival was 11.2 months {A}.\n",
    f"# R\n\n- Key outcomes {A}:\n  - {PFS.format('11.2')}\n",
    f"# R\n\nIn the experimental arm and the control arm, outcomes were as follows {A}:\n\n- {PFS.format('11.2')} {A}\n",
    # the item's own subject is its own
    f"# R\n\n### Control arm\n\nMedian progression-free survival was 11.2 months with velotinib {A}.\n",
])
def test_a_context_naming_no_one_subject_changes_nothing(tmp_path, report):
    assert [status for text, status, _ in _statuses(tmp_path, report) if "months" in text] == ["pass"]


def test_an_arm_restricted_figure_under_its_arm_passes(tmp_path):
    # the source gives 31% "in the control arm": the parent item writes the group for its items
    report = f"# R\n\n- Control arm {A}:\n  - objective response rate 31%\n"
    assert [s for t, s, _ in _statuses(tmp_path, report) if "31%" in t] == ["pass"]
    # and with no context the item drops the group, as before
    bare = f"# R\n\n- objective response rate 31% {A}\n"
    assert [s for t, s, _ in _statuses(tmp_path, bare) if "31%" in t] == ["undecided"]


def test_chinese_parent_items_name_the_arm(tmp_path):
    report = (f"# 综述\n\n- 对照组{ZA}：\n  - 中位无进展生存期为11.2个月\n"
              f"- 试验组{ZA}：\n  - 中位无进展生存期为11.2个月\n")
    got = [(s, why) for t, s, why in _statuses(tmp_path, report, ZH_SOURCE) if "个月" in t]
    assert got[0][0] == "undecided" and "'对照组'" in got[0][1]
    assert got[1][0] == "pass"
    honest = f"# 综述\n\n- 对照组{ZA}：\n  - 中位无进展生存期为7.4个月\n"
    assert [s for t, s, _ in _statuses(tmp_path, honest, ZH_SOURCE) if "个月" in t] == ["pass"]


def test_column_headers_naming_the_arms_are_nearer_than_a_caption(tmp_path):
    # the caption line leads both tables; the second's headers name its arms, which pair its cells
    report = (f"# R\n\nTable 2. Control arm outcomes {A}:\n\n| Endpoint | Result |\n|---|---|\n"
              f"| Median progression-free survival | 7.4 months {A} |\n\n"
              f"| Outcome | Velotinib arm | Control arm |\n|---|---|---|\n"
              f"| Median progression-free survival | 11.2 months {A} | 7.4 months |\n")
    assert [s for t, s, _ in _statuses(tmp_path, report) if "months" in t] == ["pass", "pass"]
