"""CP203 and CP206 on diagrams found by the real report parser — every tag form, extra attributes included."""

from __future__ import annotations

import pytest
from substance_builders import assert_blocks, assert_na, assert_pass, real_context, tally

from tier1.mermaid_numbers import MermaidNumbers
from tier1.shallow_mermaid import ShallowMermaid

TOY = "graph TD\nA-->B\n"
GOOD = (
    "flowchart TD\n  S[Screening visit] --> E{Meets eligibility}\n  E -->|yes| R[Randomised]\n"
    "  E -->|no| X[Standard care]\n  R --> F[Response assessment]\n"
)

TAG_FORMS = [
    ('<div class="mermaid">{src}</div>', "html"),
    ('<div class="mermaid" data-chart="pathway" id="fig1" style="width:100%">{src}</div>', "html"),
    ('<div id="fig1" class="diagram mermaid" data-chart="x">{src}</div>', "html"),
    ('<pre class="mermaid" data-theme="dark">{src}</pre>', "html"),
    ("```mermaid\n{src}```\n", "markdown"),
]


def _doc(form: str, fmt: str, src: str) -> str:
    body = form.format(src=src)
    if fmt == "html":
        return f"<html><body><h1>Pathway</h1><p>The pathway is shown below.</p>{body}</body></html>"
    return f"# Pathway\n\nThe pathway is shown below.\n\n{body}"


@pytest.mark.parametrize(("form", "fmt"), TAG_FORMS)
def test_toy_diagram_blocks_whatever_the_tag_carries(tmp_path, form, fmt):
    # mutation: only audit a bare <div class="mermaid"> → extra attributes would bypass the check
    ctx = real_context(tmp_path, _doc(form, fmt, TOY), {}, fmt=fmt)
    assert len(ctx.report.mermaid) == 1
    assert_blocks(ShallowMermaid().check_report(ctx), "shallow_mermaid")


@pytest.mark.parametrize(("form", "fmt"), TAG_FORMS)
def test_pathway_diagram_passes_whatever_the_tag_carries(tmp_path, form, fmt):
    ctx = real_context(tmp_path, _doc(form, fmt, GOOD), {}, fmt=fmt)
    assert_pass(ShallowMermaid().check_report(ctx))


def test_diagram_kept_in_a_data_attribute_is_audited(tmp_path):
    # mutation: read only the element text → an empty div with data-chart="graph TD; A-->B" would pass as empty-but-ignored
    html = '<html><body><p>See the chart.</p><div class="mermaid" data-chart="graph TD; A-->B"></div></body></html>'
    ctx = real_context(tmp_path, html, {}, fmt="html")
    out = ShallowMermaid().check_report(ctx)
    assert_blocks(out, "shallow_mermaid")
    assert "1 edge(s)" in out[0].findings[0].message


def test_no_diagram_is_na(tmp_path):
    ctx = real_context(tmp_path, "# 结论\n\n该试验比较了两种给药方案。\n", {})
    assert_na(ShallowMermaid().check_report(ctx))
    assert_na(MermaidNumbers().check_report(ctx))


# ----------------------------------------------------------------------------- CP206

TRIAL = {"clinical_trials/NCT00000001.txt": "The weekly arm responded more often: ORR 40% versus 30%.\n"}
OTHER = {"clinical_trials/NCT00000002.txt": "An unrelated record with no response rates.\n"}
ARMS = "flowchart TD\n  W[Weekly arm ORR {w}] --> C{{Compare}}\n  M[Monthly arm ORR 30%] --> C\n"


@pytest.mark.parametrize(("form", "fmt"), TAG_FORMS)
def test_fabricated_label_number_is_a_numeric_token_miss(tmp_path, form, fmt):
    text = _doc(form, fmt, ARMS.format(w="45%")).replace(
        "The pathway is shown below.", "The weekly arm responded more often [nct:NCT00000001#L1]."
    )
    out = MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL, fmt=fmt))
    assert_blocks(out, "numeric_token_miss")
    msg = out[0].findings[0].message
    assert "Weekly arm ORR 45%" in msg and "45%" in msg


@pytest.mark.parametrize(("form", "fmt"), TAG_FORMS)
def test_supported_label_numbers_pass(tmp_path, form, fmt):
    text = _doc(form, fmt, ARMS.format(w="**40%**")).replace(
        "The pathway is shown below.", "The weekly arm responded more often [nct:NCT00000001#L1]."
    )
    assert_pass(MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL, fmt=fmt)))


def test_edge_label_numbers_are_checked(tmp_path):
    text = (
        "# Results\n\nResponse rates were compared [nct:NCT00000001#L1].\n\n```mermaid\nflowchart TD\n"
        "  W[Weekly arm] -->|ORR 55%| C{Compare}\n  M[Monthly arm] -->|ORR 30%| C\n```\n"
    )
    out = MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL))
    assert_blocks(out, "numeric_token_miss")
    assert "'W->C'" in out[0].findings[0].message


def test_numeric_label_without_any_anchor_fails(tmp_path):
    # mutation: treat "no anchor" as n/a → an unanchored number would slip through
    text = "# 结果\n\n```mermaid\nflowchart TD\n  W[每周组 缓解率 40%] --> C{比较}\n  M[每月组 缓解率 30%] --> C\n```\n"
    out = MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL))
    assert_blocks(out, "mermaid_number_unanchored")


def test_declared_anchor_beats_preceding_anchor(tmp_path):
    # mutation: always use the nearest preceding anchor → the declared one (which holds 40%) would be ignored
    text = (
        "# Results\n\nAn unrelated record [nct:NCT00000002#L1].\n\n```mermaid\n%% [nct:NCT00000001#L1]\n"
        + ARMS.format(w="40%") + "```\n"
    )
    ctx = real_context(tmp_path, text, {**TRIAL, **OTHER})
    assert ctx.report.mermaid[0].declared_anchors and ctx.report.mermaid[0].preceding_anchor
    assert_pass(MermaidNumbers().check_report(ctx))


def test_label_own_anchor_beats_diagram_anchor(tmp_path):
    # the label cites a record that lacks the number; the diagram's other anchor has it → still a miss
    text = (
        "# Results\n\n```mermaid\n%% [nct:NCT00000001#L1]\nflowchart TD\n"
        '  W["Weekly ORR 40% [nct:NCT00000002#L1]"] --> C{Compare}\n  M[Monthly ORR 30%] --> C\n```\n'
    )
    out = MermaidNumbers().check_report(real_context(tmp_path, text, {**TRIAL, **OTHER}))
    assert_blocks(out, "numeric_token_miss")
    assert "its own anchor" in out[0].findings[0].message


def test_unresolved_anchor_fails_closed(tmp_path):
    text = "# Results\n\nSee the record [nct:NCT09999999#L1].\n\n```mermaid\n" + ARMS.format(w="40%") + "```\n"
    assert_blocks(MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL)), "mermaid_anchor_unresolved")


def test_plausible_number_is_neither_pass_nor_block(tmp_path):
    text = (
        "# Results\n\nThe weekly arm responded more often [nct:NCT00000001#L1].\n\n```mermaid\n"
        + ARMS.format(w="more than 35%") + "```\n"
    )
    out = MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL))
    t = tally(out)
    assert t["applicable"] == 1 and t["passed"] == 0 and t["blocked"] == 0
    assert out[0].undecided


def test_ordinal_labels_are_na(tmp_path):
    text = (
        "# Pathway\n\nA record [nct:NCT00000001#L1].\n\n```mermaid\nflowchart TD\n  S[Screening] --> E{Eligible}\n"
        "  E -->|yes| T[Phase 3 treatment]\n  E -->|no| X[Excluded]\n```\n"
    )
    out = MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL))
    assert_na(out)


def test_one_outcome_per_numeric_diagram(tmp_path):
    text = (
        "# Results\n\nThe weekly arm responded more often [nct:NCT00000001#L1].\n\n"
        "```mermaid\n" + ARMS.format(w="40%") + "```\n\n```mermaid\n" + ARMS.format(w="45%") + "```\n\n"
        "```mermaid\n" + GOOD + "```\n"
    )
    out = MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL))
    assert tally(out) == {"applicable": 2, "passed": 1, "blocked": 1, "status": "fail"}


def test_pie_chart_values_are_checked(tmp_path):
    text = (
        "# Results\n\nThe weekly arm responded more often [nct:NCT00000001#L1].\n\n```mermaid\npie title ORR\n"
        '  "Weekly %" : 40\n  "Monthly %" : 35\n```\n'
    )
    out = MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL))
    assert tally(out)["status"] == "fail"


def test_pie_chart_percentages_supported(tmp_path):
    text = (
        "# Results\n\nThe weekly arm responded more often [nct:NCT00000001#L1].\n\n```mermaid\npie title ORR (%)\n"
        '  "Weekly" : 40\n  "Monthly" : 30\n```\n'
    )
    assert_pass(MermaidNumbers().check_report(real_context(tmp_path, text, TRIAL)))


def test_anchor_ids_inside_a_label_are_not_read_as_numbers(tmp_path):
    # mutation: keep the anchor in the label text → the PMID digits would be a "missing" number
    text = (
        "# 结果\n\n```mermaid\nflowchart TD\n  W[\"每周组 缓解率 40% [pmid:100001#L1]\"] --> C{比较}\n"
        "  M[\"每月组 缓解率 30% [pmid:100001#L1]\"] --> C\n```\n"
    )
    files = {"pubmed/100001.txt": "每周组缓解率为40%，每月组为30%。\n"}
    assert_pass(MermaidNumbers().check_report(real_context(tmp_path, text, files)))


@pytest.mark.parametrize(
    "diagram",
    [
        "flowchart TD\n  subgraph W [Weekly arm ORR {w}]\n    A[Dose] --> B[Scan]\n  end\n  B --> C[Compare]\n",
        "sequenceDiagram\n  loop Weekly arm ORR {w}\n    P->>D: visit\n  end\n",
        "stateDiagram-v2\n  [*] --> W\n  note right of W : Weekly arm ORR {w}\n  W --> [*]\n",
    ],
    ids=["subgraph-title", "sequence-block", "state-note"],
)
def test_a_number_in_a_title_or_note_is_checked_like_any_label(tmp_path, diagram):
    intro = "# Results\n\nThe weekly arm responded more often [nct:NCT00000001#L1].\n\n```mermaid\n"
    (tmp_path / "bad").mkdir()
    (tmp_path / "good").mkdir()
    bad = MermaidNumbers().check_report(real_context(tmp_path / "bad", intro + diagram.format(w="45%") + "```\n", TRIAL))
    assert_blocks(bad, "numeric_token_miss")
    assert "45%" in bad[0].findings[0].message
    good = MermaidNumbers().check_report(real_context(tmp_path / "good", intro + diagram.format(w="40%") + "```\n", TRIAL))
    assert_pass(good)
