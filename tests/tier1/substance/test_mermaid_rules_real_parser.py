"""CP203 and CP206 on diagrams found by the real report parser — every tag form, extra attributes included.

A numeric diagram label is a claim (unit ``mermaid_label``): the CP206 tests run the whole
pipeline and read the label claims' verdicts, since the body's rules (CP104, CP105, CP301) and
the judge are what check them."""

from __future__ import annotations

import pytest
from substance_builders import assert_blocks, assert_na, assert_pass, real_context

from citeproof.pipeline import VerifyOptions, run
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
    assert _labels(tmp_path, "# 结论\n\n该试验比较了两种给药方案。\n", {}) == {}


# ----------------------------------------------------------------------------- CP206

TRIAL = {"clinical_trials/NCT00000001.txt": "The weekly arm responded more often: ORR 40% versus 30%.\n"}
OTHER = {"clinical_trials/NCT00000002.txt": "An unrelated record with no response rates.\n"}
ARMS = "flowchart TD\n  W[Weekly arm ORR {w}] --> C{{Compare}}\n  M[Monthly arm ORR 30%] --> C\n"
CITED = "The weekly arm responded more often [nct:NCT00000001#L1]."


def _run(tmp_path, text: str, files: dict[str, str], fmt: str = "markdown"):
    src = tmp_path / "sources"
    src.mkdir(exist_ok=True)
    for rel, body in files.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(body, encoding="utf-8")
    return run(text, fmt, src, VerifyOptions(mode="report"))


def _labels(tmp_path, text: str, files: dict[str, str], fmt: str = "markdown") -> dict:
    """Each diagram-label claim's text → its result."""
    return {c.text: c for c in _run(tmp_path, text, files, fmt).claims if c.unit == "mermaid_label"}


def _codes(claim) -> set[str]:
    return {f.code for f in claim.reasons}


def _carried(claim) -> bool:
    """Tier 1's best for a diagram label: a cited line carries it as read (undecided: the judge
    confirms what a drawn value belongs to)."""
    return claim.status == "undecided" and any("carries the diagram label as read" in r for r in claim.undecided_reasons)


def _cp206(report):
    return next(t for t in report.rules if t.id == "CP206")


@pytest.mark.parametrize(("form", "fmt"), TAG_FORMS)
def test_fabricated_label_number_is_a_numeric_token_miss(tmp_path, form, fmt):
    text = _doc(form, fmt, ARMS.format(w="45%")).replace("The pathway is shown below.", CITED)
    labels = _labels(tmp_path, text, TRIAL, fmt)
    bad = labels["Weekly arm ORR 45%"]
    assert bad.status == "fail" and "numeric_token_miss" in _codes(bad)
    assert any("45%" in f.message for f in bad.reasons)
    assert labels["Monthly arm ORR 30%"].status != "fail"


@pytest.mark.parametrize(("form", "fmt"), TAG_FORMS)
def test_supported_label_numbers_are_not_failed(tmp_path, form, fmt):
    # emphasis folded: **40%** is 40%; the labels' wording differs from the record's, so they
    # are left to the judge, as the same sentences in prose would be
    text = _doc(form, fmt, ARMS.format(w="**40%**")).replace("The pathway is shown below.", CITED)
    labels = _labels(tmp_path, text, TRIAL, fmt)
    assert set(labels) == {"Weekly arm ORR 40%", "Monthly arm ORR 30%"}
    assert all(c.status == "undecided" and not c.reasons for c in labels.values())
    assert all(n.state == "supported" for c in labels.values() for n in c.numbers)


def test_edge_label_numbers_are_checked(tmp_path):
    text = (
        "# Results\n\nResponse rates were compared [nct:NCT00000001#L1].\n\n```mermaid\nflowchart TD\n"
        "  W[Weekly arm] -->|ORR 55%| C{Compare}\n  M[Monthly arm] -->|ORR 30%| C\n```\n"
    )
    labels = _labels(tmp_path, text, TRIAL)
    # an edge's label is read after the label of the node it leaves: the weekly arm's rate
    assert set(labels) == {"Weekly arm: ORR 55%", "Monthly arm: ORR 30%"}
    bad = labels["Weekly arm: ORR 55%"]
    assert bad.status == "fail" and "numeric_token_miss" in _codes(bad)
    assert labels["Monthly arm: ORR 30%"].status != "fail"


def test_a_note_is_read_with_what_it_is_attached_to(tmp_path):
    # mutation: read a note alone → "ORR 30%" drawn beside the weekly arm would be any 30% in the record
    text = (
        "# Results\n\n" + CITED + "\n\n```mermaid\nsequenceDiagram\n  participant W as Weekly arm\n"
        "  participant M as Monthly arm\n  W->>M: compared\n  note right of W: ORR 30%\n```\n"
    )
    assert set(_labels(tmp_path, text, TRIAL)) == {"Weekly arm: ORR 30%"}


def test_what_leads_into_a_box_is_read_before_it_numbers_included(tmp_path):
    # the node an edge comes from and the edge's label, numbers and all ("Arm I, n=345" names an
    # arm by its size); a branch answer ("yes"/"no") only with its question
    text = (
        "# Results\n\n" + CITED + "\n\n```mermaid\nflowchart TD\n"
        "  S[Start] -->|ORR 55%| W[Weekly arm ORR 40%]\n  S -->|weekly| M[Monthly arm ORR 30%]\n"
        "  Q{Responded?} -->|yes| Y[ORR 40%]\n  P[Weekly arm] --> Z[ORR 40% in total]\n```\n"
    )
    labels = _labels(tmp_path, text, TRIAL)
    assert set(labels) == {
        "Start: ORR 55%", "Start, ORR 55%: Weekly arm ORR 40%", "Start, weekly: Monthly arm ORR 30%",
        "Responded? yes: ORR 40%", "Weekly arm: ORR 40% in total",
    }
    assert labels["Start: ORR 55%"].status == "fail" and labels["Start, ORR 55%: Weekly arm ORR 40%"].status == "fail"


def test_numeric_label_without_any_anchor_fails(tmp_path):
    # mutation: treat "no anchor" as n/a → an unanchored number would slip through
    text = "# 结果\n\n```mermaid\nflowchart TD\n  W[每周组 缓解率 40%] --> C{比较}\n  M[每月组 缓解率 30%] --> C\n```\n"
    report = _run(tmp_path, text, TRIAL)
    labels = [c for c in report.claims if c.unit == "mermaid_label"]
    assert len(labels) == 2 and all(c.status == "fail" for c in labels)
    assert all(_codes(c) == {"mermaid_number_unanchored"} for c in labels)  # CP101 leaves labels to CP206
    assert report.verdict == "blocked" and _cp206(report).blocked == 2


def test_declared_anchor_beats_preceding_anchor(tmp_path):
    # mutation: always use the nearest preceding anchor → the declared one (which holds 40%) would be ignored
    text = (
        "# Results\n\nAn unrelated record [nct:NCT00000002#L1].\n\n```mermaid\n%% [nct:NCT00000001#L1]\n"
        + ARMS.format(w="40%") + "```\n"
    )
    labels = _labels(tmp_path, text, {**TRIAL, **OTHER})
    assert all([a.raw for a in c.anchors] == ["nct:NCT00000001#L1"] for c in labels.values())
    assert all(c.status != "fail" for c in labels.values())


def test_label_own_anchor_beats_diagram_anchor(tmp_path):
    # the label cites a record that lacks the number; the diagram's other anchor has it → still a miss
    text = (
        "# Results\n\n```mermaid\n%% [nct:NCT00000001#L1]\nflowchart TD\n"
        '  W["Weekly ORR 40% [nct:NCT00000002#L1]"] --> C{Compare}\n  M[Monthly ORR 30%] --> C\n```\n'
    )
    labels = _labels(tmp_path, text, {**TRIAL, **OTHER})
    own = labels["Weekly ORR 40%"]
    assert [a.raw for a in own.anchors] == ["nct:NCT00000002#L1"]
    assert own.status == "fail" and "numeric_token_miss" in _codes(own)
    assert [a.raw for a in labels["Monthly ORR 30%"].anchors] == ["nct:NCT00000001#L1"]


def test_one_citation_written_twice_is_one_anchor(tmp_path):
    # mutation: keep every scan of a declared anchor → each label would cite the same place twice
    text = (
        "# Results\n\n```mermaid\nflowchart TD\n  W[\"Weekly ORR 40% [nct:NCT00000001#L1]\"] --> C{Compare}\n"
        '  M["Monthly ORR 30% [nct:NCT00000001#L1]"] --> C\n  X[Weekly dose 200 mg] --> C\n```\n'
    )
    labels = _labels(tmp_path, text, TRIAL)
    assert all([a.raw for a in c.anchors] == ["nct:NCT00000001#L1"] for c in labels.values())


def test_unresolved_anchor_fails_closed(tmp_path):
    text = "# Results\n\nSee the record [nct:NCT09999999#L1].\n\n```mermaid\n" + ARMS.format(w="40%") + "```\n"
    labels = _labels(tmp_path, text, TRIAL)
    assert len(labels) == 2 and all(c.status == "fail" and "anchor_unresolved" in _codes(c) for c in labels.values())


def test_plausible_number_is_neither_pass_nor_block(tmp_path):
    text = "# Results\n\n" + CITED + "\n\n```mermaid\n" + ARMS.format(w="more than 35%") + "```\n"
    label = _labels(tmp_path, text, TRIAL)["Weekly arm ORR more than 35%"]
    assert label.status == "undecided" and not label.reasons
    assert [n.state for n in label.numbers] == ["plausible"]


def test_ordinal_labels_are_na(tmp_path):
    text = (
        "# Pathway\n\nA record [nct:NCT00000001#L1].\n\n```mermaid\nflowchart TD\n  S[Screening] --> E{Eligible}\n"
        "  E -->|yes| T[Phase 3 treatment]\n  E -->|no| X[Excluded]\n```\n"
    )
    report = _run(tmp_path, text, TRIAL)
    assert not [c for c in report.claims if c.unit == "mermaid_label"]
    assert _cp206(report).status == "n/a"


def test_each_numeric_label_is_one_claim(tmp_path):
    text = (
        "# Results\n\n" + CITED + "\n\n"
        "```mermaid\n" + ARMS.format(w="40%") + "```\n\n```mermaid\n" + ARMS.format(w="45%") + "```\n\n"
        "```mermaid\n" + GOOD + "```\n"
    )
    report = _run(tmp_path, text, TRIAL)
    labels = [c for c in report.claims if c.unit == "mermaid_label"]
    assert [c.text for c in labels] == ["Weekly arm ORR 40%", "Monthly arm ORR 30%", "Weekly arm ORR 45%", "Monthly arm ORR 30%"]
    assert len({c.id for c in labels}) == 4  # the repeated label gets an ordinal, as a repeated sentence does
    assert [c.status for c in labels].count("fail") == 1
    assert all(c.location.block == "mermaid" for c in labels)
    assert _cp206(report).applicable == 4 and _cp206(report).passed == 4


def test_pie_chart_values_are_checked(tmp_path):
    text = "# Results\n\n" + CITED + '\n\n```mermaid\npie title ORR\n  "Weekly %" : 40\n  "Monthly %" : 35\n```\n'
    labels = _labels(tmp_path, text, TRIAL)
    # a slice is read after the chart's title: what it measures
    assert labels["ORR: Monthly: 35%"].status == "fail" and labels["ORR: Weekly: 40%"].status != "fail"


def test_pie_chart_percentages_supported(tmp_path):
    text = "# Results\n\n" + CITED + '\n\n```mermaid\npie title ORR (%)\n  "Weekly" : 40\n  "Monthly" : 30\n```\n'
    labels = _labels(tmp_path, text, TRIAL)
    assert set(labels) == {"ORR: Weekly: 40%", "ORR: Monthly: 30%"}
    assert all(c.status != "fail" and n.state == "supported" for c in labels.values() for n in c.numbers)


def test_anchor_ids_inside_a_label_are_not_read_as_numbers(tmp_path):
    # mutation: keep the anchor in the label text → the PMID digits would be a "missing" number
    text = (
        "# 结果\n\n```mermaid\nflowchart TD\n  W[\"每周组 缓解率 40% [pmid:100001#L1]\"] --> C{比较}\n"
        "  M[\"每月组 缓解率 30% [pmid:100001#L1]\"] --> C\n```\n"
    )
    files = {"pubmed/100001.txt": "每周组缓解率为40%，每月组为30%。\n"}
    labels = _labels(tmp_path, text, files)
    assert set(labels) == {"每周组 缓解率 40%", "每月组 缓解率 30%"}
    assert all(c.status != "fail" and [n.state for n in c.numbers] == ["supported"] for c in labels.values())


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
    intro = "# Results\n\n" + CITED + "\n\n```mermaid\n"
    (tmp_path / "bad").mkdir()
    (tmp_path / "good").mkdir()
    bad = _labels(tmp_path / "bad", intro + diagram.format(w="45%") + "```\n", TRIAL)
    (claim,) = [c for t, c in bad.items() if t.endswith("Weekly arm ORR 45%")]  # a note is read after its state
    assert claim.status == "fail" and "numeric_token_miss" in _codes(claim)
    good = _labels(tmp_path / "good", intro + diagram.format(w="40%") + "```\n", TRIAL)
    assert all(c.status != "fail" for t, c in good.items() if t.endswith("Weekly arm ORR 40%"))


# A node's label is read after the labels of the edges into it: the arm an edge names is part
# of what the box says (rt8 F1: a median drawn under the other arm passed when only the
# numbers were checked, since both arms' values sit in the cited record).
ARM_RECORD = {"clinical_trials/NCT00000001.txt": "Arm I: median TTP 13.5 months.\nArm II: median TTP 15.0 months.\n"}
ARM_DIAGRAM = (
    "# Results\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nflowchart TD\n"
    "  R -->|Arm I| A[Median TTP {a} months]\n  R -->|Arm II| B[Median TTP {b} months]\n```\n"
)


def test_a_label_read_with_its_arm_is_carried_where_the_record_says_so(tmp_path):
    labels = _labels(tmp_path, ARM_DIAGRAM.format(a="13.5", b="15.0"), ARM_RECORD)
    assert set(labels) == {"Arm I: Median TTP 13.5 months", "Arm II: Median TTP 15.0 months"}
    assert all(_carried(c) for c in labels.values())


def test_a_value_drawn_under_the_other_arm_never_passes(tmp_path):
    # mutation: read the box without its incoming edge labels → both swapped labels pass
    labels = _labels(tmp_path, ARM_DIAGRAM.format(a="15.0", b="13.5"), ARM_RECORD)
    assert set(labels) == {"Arm I: Median TTP 15.0 months", "Arm II: Median TTP 13.5 months"}
    assert all(c.status == "undecided" and not _carried(c) for c in labels.values())  # the judge sees the arm


def test_the_arm_written_in_the_label_itself_binds_the_same_way(tmp_path):
    text = "# Results\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nflowchart TD\n  R --> A[Arm I median TTP {v} months]\n```\n"
    (tmp_path / "bad").mkdir()
    (tmp_path / "good").mkdir()
    assert _carried(_labels(tmp_path / "good", text.format(v="13.5"), ARM_RECORD)["Arm I median TTP 13.5 months"])
    bad = _labels(tmp_path / "bad", text.format(v="15.0"), ARM_RECORD)["Arm I median TTP 15.0 months"]
    assert bad.status == "undecided" and not _carried(bad)


SUBGRAPHS = (
    "# Results\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nflowchart TD\n"
    "  subgraph G1 [Arm I]\n    A[Median TTP {a} months]\n  end\n"
    "  subgraph G2 [\"Arm II\"]\n    B[Median TTP {b} months]\n  end\n"
    "  A --> C[Median TTP 13.5 months]\n```\n"
)


def test_a_box_drawn_inside_an_arm_subgraph_is_read_with_the_arm(tmp_path):
    # mutation: forget subgraph membership → the swapped boxes read "Median TTP 15.0 months", which
    # the judge would find in the record
    (tmp_path / "good").mkdir()
    (tmp_path / "bad").mkdir()
    good = _labels(tmp_path / "good", SUBGRAPHS.format(a="13.5", b="15.0"), ARM_RECORD)
    assert {t: _carried(c) for t, c in good.items() if t.startswith("Arm")} == {
        "Arm I: Median TTP 13.5 months": True, "Arm II: Median TTP 15.0 months": True,
    }
    bad = _labels(tmp_path / "bad", SUBGRAPHS.format(a="15.0", b="13.5"), ARM_RECORD)
    assert {t: (c.status, _carried(c)) for t, c in bad.items() if t.startswith("Arm")} == {
        "Arm I: Median TTP 15.0 months": ("undecided", False), "Arm II: Median TTP 13.5 months": ("undecided", False),
    }


def test_a_box_drawn_after_the_subgraph_closes_is_not_in_it(tmp_path):
    # mutation: never close a subgraph at "end" → C would be read as inside Arm II
    labels = _labels(tmp_path, SUBGRAPHS.format(a="13.5", b="15.0"), ARM_RECORD)
    assert "Median TTP 13.5 months" in labels
    assert not any(t.endswith(": Median TTP 13.5 months") and "Arm II" in t for t in labels)


def test_a_chart_title_on_its_own_line_names_what_the_slices_measure(tmp_path):
    # mutation: read a slice alone → "Weekly: 40%" would be any weekly 40% in the record
    text = "# Results\n\n" + CITED + '\n\n```mermaid\npie\n  title Discontinuation\n  "Weekly %" : 40\n```\n'
    assert set(_labels(tmp_path, text, TRIAL)) == {"Discontinuation: Weekly: 40%"}


XY = (
    "# Results\n\nMedian TTP by arm [nct:NCT00000001#L1-L2].\n\n```mermaid\nxychart-beta\n"
    '  title "Median TTP by arm"\n  x-axis [Arm I, "Arm II"]\n  y-axis "{y}" 0 --> 20\n  bar [{a}, {b}]\n```\n'
)


def test_an_xychart_bar_is_read_beside_its_category_in_the_axis_unit(tmp_path):
    # mutation: read the bar line whole → "bar [13.5, 15.0]" holds bare numbers, which months never
    # match, and the axis range "0 --> 20" is read as a finding: a true chart blocked
    (tmp_path / "good").mkdir()
    (tmp_path / "bad").mkdir()
    good = _labels(tmp_path / "good", XY.format(y="Months", a="13.5", b="15.0"), ARM_RECORD)
    assert set(good) == {"Median TTP by arm: Arm I: 13.5 Months", "Median TTP by arm: Arm II: 15.0 Months"}
    assert all(c.status != "fail" and [n.state for n in c.numbers] == ["supported"] for c in good.values())
    # the same two values drawn over the other arms: each is in the record, neither binding is
    bad = _labels(tmp_path / "bad", XY.format(y="Months", a="15.0", b="13.5"), ARM_RECORD)
    assert set(bad) == {"Median TTP by arm: Arm I: 15.0 Months", "Median TTP by arm: Arm II: 13.5 Months"}
    assert all(c.status == "undecided" for c in bad.values())


@pytest.mark.parametrize(
    ("y", "text"),
    [("Median TTP (months)", "Arm I: 13.5 months"), ("ORR (%)", "Arm I: 13.5%"), ("Score", "Arm I: 13.5")],
)
def test_the_y_axis_title_gives_the_bars_their_unit_when_it_names_one(tmp_path, y, text):
    labels = _labels(tmp_path, XY.format(y=y, a="13.5", b="15.0"), ARM_RECORD)
    assert f"Median TTP by arm: {text}" in labels


def test_bars_past_the_last_category_are_read_without_one(tmp_path):
    text = XY.format(y="Months", a="13.5", b="15.0").replace("bar [13.5, 15.0]", "bar [13.5, 15.0, 9.9]")
    labels = _labels(tmp_path, text, ARM_RECORD)
    # by position, as mermaid draws them: the value past the last category has none
    assert set(labels) == {"Median TTP by arm: Arm I: 13.5 Months", "Median TTP by arm: Arm II: 15.0 Months",
                           "Median TTP by arm: 9.9 Months"}
    assert labels["Median TTP by arm: 9.9 Months"].status == "fail"


# Every way a diagram draws a value under its arm (red team rt9): the swapped diagram must never
# pass, since both values sit in the record; the true one is never failed.
ARM_FORMS = {
    "source-node": (
        "flowchart TD\n  R --> I[Arm I] --> A[Median TTP {a} months]\n  R --> II[Arm II] --> B[Median TTP {b} months]\n"
    ),
    "defined-then-grouped": (
        "flowchart TD\n  A[Median TTP {a} months]\n  B[Median TTP {b} months]\n"
        "  subgraph G1 [Arm I]\n    A\n  end\n  subgraph G2 [Arm II]\n    B\n  end\n"
    ),
    "mindmap-parent": "mindmap\n  root((TTP))\n    Arm I\n      Median TTP {a} months\n    Arm II\n      Median TTP {b} months\n",
    "sequence-alt": (
        "sequenceDiagram\n  participant L as Lab\n  participant C as Committee\n  alt Arm I\n"
        "    L->>C: Median TTP {a} months\n  else Arm II\n    L->>C: Median TTP {b} months\n  end\n"
    ),
    "sequence-box": (
        "sequenceDiagram\n  box Arm I\n    participant A1 as Site\n  end\n  box Arm II\n    participant A2 as Clinic\n  end\n"
        "  participant C as Committee\n  A1->>C: Median TTP {a} months\n  A2->>C: Median TTP {b} months\n"
    ),
    "state-composite": (
        'stateDiagram-v2\n  state "Arm I" as A1 {{\n    [*] --> M1\n    M1: Median TTP {a} months\n  }}\n'
        '  state "Arm II" as A2 {{\n    [*] --> M2\n    M2: Median TTP {b} months\n  }}\n'
    ),
    "timeline-section": "timeline\n  title TTP\n  section Arm I\n    Median TTP : {a} months\n  section Arm II\n    Median TTP : {b} months\n",
    "timeline-continuation": (
        "timeline\n  Arm I : Response reported\n        : Median TTP {a} months\n"
        "  Arm II : Response reported\n         : Median TTP {b} months\n"
    ),
    "xychart-quoted-categories": (
        'xychart-beta\n  title "Median TTP"\n  x-axis ["Arm I, low dose", "Arm II, high dose"]\n  y-axis "Months" 0 --> 20\n  bar [{a}, {b}]\n'
    ),
    "xychart-axis-after": 'xychart-beta\n  title "Median TTP"\n  bar [{a}, {b}]\n  x-axis [Arm I, Arm II]\n  y-axis "Months"\n',
    "edge-from-subgraph": (
        "flowchart TD\n  subgraph G1 [Arm I]\n    X[Dose]\n  end\n  subgraph G2 [Arm II]\n    Y[Dose]\n  end\n"
        "  G1 -->|Median TTP {a} months| E[Review]\n  G2 -->|Median TTP {b} months| E\n"
    ),
    "edge-into-subgraph": (
        "flowchart TD\n  R -->|Arm I| G1\n  R -->|Arm II| G2\n  subgraph G1 [TTP]\n    A[Median TTP {a} months]\n  end\n"
        "  subgraph G2 [TTP]\n    B[Median TTP {b} months]\n  end\n"
    ),
    "capital-End-node": (
        "flowchart TD\n  subgraph G1 [Arm I]\n    S1[Start] --> End\n    End\n    A[Median TTP {a} months]\n  end\n"
        "  subgraph G2 [Arm II]\n    B[Median TTP {b} months]\n  end\n"
    ),
    "v11-shape": (
        'flowchart TD\n  R -->|Arm I| A@{{ shape: rounded, label: "Median TTP {a} months" }}\n'
        '  R -->|Arm II| B@{{ shape: rounded, label: "Median TTP {b} months" }}\n'
    ),
}


@pytest.mark.parametrize("form", sorted(ARM_FORMS))
def test_a_value_drawn_under_the_other_arm_never_passes_whatever_the_diagram(tmp_path, form):
    head = "# Results\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\n"
    (tmp_path / "bad").mkdir()
    (tmp_path / "good").mkdir()
    bad = _labels(tmp_path / "bad", head + ARM_FORMS[form].format(a="15.0", b="13.5") + "```\n", ARM_RECORD)
    swapped = {t: c for t, c in bad.items() if "15.0" in t or "13.5" in t}
    assert len(swapped) == 2 and all(c.status == "undecided" and not _carried(c) for c in swapped.values()), {
        t: c.undecided_reasons for t, c in bad.items()}
    assert all("Arm I" in t for t in swapped)  # each read with its arm: the judge sees which
    good = _labels(tmp_path / "good", head + ARM_FORMS[form].format(a="13.5", b="15.0") + "```\n", ARM_RECORD)
    assert all(c.status != "fail" for c in good.values()), {t: c.status for t, c in good.items()}


FABRICATED = {
    # a label redefined later is drawn with its last text
    "redefined-node": "flowchart TD\n  M[Median TTP 13.5 months]\n  R --> M\n  M[Median TTP 19.0 months]\n",
    # text in brackets that is no anchor kind is text a reader sees
    "bracket-text": 'flowchart TD\n  R --> M["Median TTP 13.5 months [Benefit: 4.5 months longer]"]\n',
    # a YAML front-matter title is drawn over the diagram
    "front-matter-title": "---\ntitle: Arm I median TTP 19.0 months\n---\nflowchart TD\n  R --> A[Arm I]\n",
    # a Markdown-string label broken over lines
    "multi-line-label": 'flowchart TD\n  R --> A["`**Arm I**\n  median TTP 19.0 months`"]\n',
    # shapes and statements the parser cannot read are read as text, not skipped
    "trapezoid": "flowchart TD\n  R --> A[/Arm I median TTP 19.0 months\\]\n",
    "unreadable-statement": "flowchart TD\n  R --> A[Arm I]\n  A --- ??? Arm I median TTP 19.0 months ???\n",
    "unreadable-quoted-text": 'flowchart TD\n  R --> A[Arm I]\n  "Arm I median TTP 19.0 months"\n',
    # a sequence participant created mid-diagram, and a line the parser does not know
    "sequence-create-participant": "sequenceDiagram\n  participant L as Lab\n  create participant M as Arm I median TTP 19.0 months\n  L->>M: report\n",
    "sequence-unknown-line": "sequenceDiagram\n  participant L as Lab\n  L->>L: report\n  Arm I median TTP 19.0 months\n",
}


@pytest.mark.parametrize("form", sorted(FABRICATED))
def test_a_fabricated_value_in_any_drawn_text_fails(tmp_path, form):
    head = "# Results\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\n"
    diagram = FABRICATED[form]
    if diagram.startswith("---"):
        head, diagram = "# Results\n\n```mermaid\n", diagram.replace("flowchart TD\n", "flowchart TD\n  %% [nct:NCT00000001#L1-L2]\n")
    labels = _labels(tmp_path, head + diagram + "```\n", ARM_RECORD)
    failed = [t for t, c in labels.items() if c.status == "fail" and "numeric_token_miss" in _codes(c)]
    assert failed and all(("19.0" in t or "4.5" in t) for t in failed), {t: c.status for t, c in labels.items()}


def test_a_label_citing_a_list_of_anchors_cites_each(tmp_path):
    # mutation: read "#L1;" as a mermaid entity → the list's first anchor is lost
    files = {"clinical_trials/NCT00000001.txt": "Median TTP 13.5 months.\n", "clinical_trials/NCT00000002.txt": "Median TTP 15.0 months.\n"}
    text = '# R\n\n```mermaid\nflowchart TD\n  R --> M["Median TTP 15.0 months [nct:NCT00000001#L1; nct:NCT00000002#L1]"]\n```\n'
    (label,) = _labels(tmp_path, text, files).values()
    assert [a.raw for a in label.anchors] == ["nct:NCT00000001#L1", "nct:NCT00000002#L1"]
    assert label.status == "undecided"  # trial 1 does not carry 15.0


def test_mermaid_entity_codes_are_the_characters_they_name(tmp_path):
    text = "# R\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nflowchart TD\n  R --> A[Arm I: median TTP 13#46;5 months #quot;ITT#quot;]\n```\n"
    (label,) = _labels(tmp_path, text, ARM_RECORD).values()
    assert label.text == 'Arm I: median TTP 13.5 months "ITT"' and label.status != "fail"


def test_a_diagram_borrows_no_citation_from_another_section(tmp_path):
    # mutation: keep the last anchor across headings → the diagram cites another trial's record
    text = (
        "# Trial one\n\nThe arms are compared [nct:NCT00000001#L1-L2].\n\n# Trial two\n\n"
        "```mermaid\nflowchart TD\n  R --> A[Arm I median TTP 15.0 months]\n```\n"
    )
    (label,) = _labels(tmp_path, text, ARM_RECORD).values()
    assert label.status == "fail" and _codes(label) == {"mermaid_number_unanchored"}


def test_a_branch_answer_is_read_with_its_question(tmp_path):
    # "No: Median OS …" alone read as a negated claim; "Yes" alone dropped the question that names the arm
    text = (
        "# R\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nflowchart TD\n  Q{Arm I?} -->|No| N[Arm II: median TTP 15.0 months]\n"
        "  Q -->|Yes| Y[Arm I: median TTP 13.5 months]\n```\n"
    )
    labels = _labels(tmp_path, text, ARM_RECORD)
    # an answer is read with its question: "No" alone would make the box a negated claim
    assert set(labels) == {"Arm I? No: Arm II: median TTP 15.0 months", "Arm I? Yes: Arm I: median TTP 13.5 months"}
    assert all(c.status == "undecided" for c in labels.values())


def test_a_label_broken_over_lines_is_read_whole(tmp_path):
    # mutation: read line by line → the label's pieces are raw text ('median TTP 19.0 months`"]')
    text = '# R\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nflowchart TD\n  R --> A["`**Arm I**\n  median TTP 13.5 months`"]\n```\n'
    labels = _labels(tmp_path, text, ARM_RECORD)
    assert set(labels) == {"Arm I median TTP 13.5 months"} and labels["Arm I median TTP 13.5 months"].status != "fail"


def test_a_labels_markup_and_repeated_context_are_not_what_it_states(tmp_path):
    # mutations: keep single-star/underscore emphasis and icons; repeat an arm the label already names
    text = (
        '# R\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nflowchart TD\n  R -->|Arm I| A["`fa:fa-clock *Arm I*: median TTP _13.5_ months`"]\n```\n'
    )
    labels = _labels(tmp_path, text, ARM_RECORD)
    assert set(labels) == {"Arm I: median TTP 13.5 months"} and _carried(labels["Arm I: median TTP 13.5 months"])


def test_a_box_cites_what_its_context_cites(tmp_path):
    # the dose is cited where it is stated, the median where it is: the median's box, read after
    # the dose, cites both places (mutation: only its own → "1 mg" is missing from the results
    # line and a true diagram is blocked)
    files = {"clinical_trials/NCT00000001.txt": "Intervention: anastrozole 1 mg daily.\nResults: median TTP 13.5 months.\n"
                                                 "Enrolment closed in 2010.\n"}
    text = (
        '# R\n\n```mermaid\n%% [nct:NCT00000001#L3]\nflowchart TD\n  A["Anastrozole 1 mg daily [nct:NCT00000001#L1]"] --> '
        'B["Median TTP 13.5 months [nct:NCT00000001#L2]"]\n```\n'
    )
    labels = _labels(tmp_path, text, files)
    median = labels["Anastrozole 1 mg daily: Median TTP 13.5 months"]
    # its own place, its context's, and the diagram's (what cites drawn text that cites nothing)
    assert [a.raw for a in median.anchors] == ["nct:NCT00000001#L2", "nct:NCT00000001#L1", "nct:NCT00000001#L3"]
    assert median.status == "undecided" and all(n.state == "supported" for n in median.numbers)
    (tmp_path / "bad").mkdir()
    bad = _labels(tmp_path / "bad", text.replace("13.5", "19.0"), files)
    assert bad["Anastrozole 1 mg daily: Median TTP 19.0 months"].status == "fail"


def test_layout_lines_and_journey_scores_state_nothing(tmp_path):
    # red team rt11: "columns 2" and a journey's satisfaction score failed as numbers the record lacks
    text = (
        "# R\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nblock-beta\n  columns 2\n  a[\"Arm I median TTP 13.5 months\"]\n```\n\n"
        "```mermaid\n%% [nct:NCT00000001#L1-L2]\njourney\n  title Visits\n  section Arm I\n    Median TTP 13.5 months: 3: Patient\n```\n"
    )
    labels = _labels(tmp_path, text, ARM_RECORD)
    assert all(c.status != "fail" for c in labels.values()), {t: c.status for t, c in labels.items()}
    assert "Visits, Arm I: Median TTP 13.5 months: Patient" in labels and not any("columns" in t for t in labels)


def test_a_short_arm_name_is_context_unless_the_label_names_it_as_a_word(tmp_path):
    # red team rt11: "A" dropped as context because "Median" holds an "a"; "Arm I" because "Arm II" holds it
    text = (
        "# R\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\nflowchart TD\n  R -->|A| M[Median TTP 15.0 months]\n"
        "  R -->|Arm I| N[Arm II median TTP 15.0 months]\n```\n"
    )
    assert set(_labels(tmp_path, text, ARM_RECORD)) == {"A: Median TTP 15.0 months", "Arm I: Arm II median TTP 15.0 months"}


def test_a_diagrams_title_is_what_its_boxes_are_about(tmp_path):
    # red team rt11: a front-matter "title: Arm I outcomes" bound the boxes for a reader, not for the claim
    text = (
        "# R\n\n```mermaid\n---\ntitle: Arm I outcomes\n---\nflowchart TD\n  %% [nct:NCT00000001#L1-L2]\n"
        "  T[Time to progression] --> M[Median 15.0 months]\n```\n"
    )
    labels = _labels(tmp_path, text, ARM_RECORD)
    assert set(labels) == {"Arm I outcomes, Time to progression: Median 15.0 months"}
    assert not _carried(labels["Arm I outcomes, Time to progression: Median 15.0 months"])


@pytest.mark.parametrize("title", ["Median TTP in months", "Median TTP (months)"])
def test_a_pie_title_naming_a_unit_gives_the_slices_theirs(tmp_path, title):
    # red team rt11: bare 13.5 never matched "13.5 months" and a true pie chart was blocked
    text = f'# R\n\n```mermaid\n%% [nct:NCT00000001#L1-L2]\npie title {title}\n  "Arm I" : 13.5\n  "Arm II" : 15.0\n```\n'
    labels = _labels(tmp_path, text, ARM_RECORD)
    assert all(c.status != "fail" and [n.state for n in c.numbers] == ["supported"] for c in labels.values()), labels


def test_context_with_no_citation_of_its_own_is_cited_by_the_diagram(tmp_path):
    # red team rt12: "Arm II (n=349)" over a box citing only its own line failed on 349
    files = {"clinical_trials/NCT00000001.txt": "Arm II enrolled 349 participants.\nArm II: fulvestrant on days 1, 14 and 28.\n"}
    text = (
        '# R\n\n```mermaid\n%% [nct:NCT00000001#L1]\nflowchart TD\n  subgraph A2["Arm II (n=349)"]\n'
        '    F["Fulvestrant on days 1, 14 and 28 [nct:NCT00000001#L2]"]\n  end\n```\n'
    )
    box = _labels(tmp_path, text, files)["Arm II (n=349): Fulvestrant on days 1, 14 and 28"]
    assert {a.raw for a in box.anchors} == {"nct:NCT00000001#L1", "nct:NCT00000001#L2"} and box.status != "fail"
