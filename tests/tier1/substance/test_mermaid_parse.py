"""citeproof.mermaid: the graph the structure and numeric audits stand on."""

from __future__ import annotations

import pytest

from citeproof.mermaid import clean_label, parse_mermaid, strip_anchors


def test_toy_chain_has_no_branch_and_no_labels():
    g = parse_mermaid("graph TD\nA-->B")
    assert g.kind == "flowchart"
    assert set(g.nodes) == {"A", "B"}
    assert [(e.src, e.dst) for e in g.edges] == [("A", "B")]
    assert not g.branches
    assert g.nodes["A"].label is None


def test_shapes_edge_labels_chains_and_groups():
    g = parse_mermaid(
        "flowchart LR\n"
        '  S["Screening (n=120) [nct:NCT00000001#Results]"] --> R{Randomised}\n'
        "  R -->|Arm A| T1[Weekly 200 mg/day]\n"
        "  R -- Arm B --> T2(Monthly)\n"
        "  T1 & T2 --> O((Response))\n"
        "  classDef x fill:#f9f\n"
        "  subgraph G [Group]\n    node-1 -.-> O\n  end\n"
    )
    assert g.nodes["S"].label == "Screening (n=120) [nct:NCT00000001#Results]"
    assert g.nodes["R"].shape == "decision"
    edges = {(e.src, e.dst): e.label for e in g.edges}
    assert edges[("R", "T1")] == "Arm A" and edges[("R", "T2")] == "Arm B"
    assert ("T1", "O") in edges and ("T2", "O") in edges and ("node-1", "O") in edges
    assert "G" not in g.nodes and "classDef" not in g.nodes
    assert g.branches and _out_degree(g, "R") == 2
    assert not g.problems


def test_semicolon_statements_on_one_line():
    g = parse_mermaid("graph TD; A[One]-->B[Two]; B-->C[Three]; B-->D[Four]")
    assert len(g.edges) == 3 and _out_degree(g, "B") == 2


def _out_degree(g, node_id: str) -> int:
    return len({e.dst for e in g.edges if e.src == node_id})


def test_unquoted_label_may_hold_an_anchor_bracket():
    g = parse_mermaid("graph TD\nA[ORR 30% [nct:NCT00000001#L4]] --> B[Next]")
    assert g.nodes["A"].label == "ORR 30% [nct:NCT00000001#L4]"
    assert strip_anchors(g.nodes["A"].label) == "ORR 30%"


def test_later_bare_mention_keeps_the_label():
    g = parse_mermaid("graph TD\nA[Screening] --> B[Dose]\nA --> C[Stop]")
    assert g.nodes["A"].label == "Screening"


def test_sequence_state_mindmap_and_chart():
    seq = parse_mermaid("sequenceDiagram\nparticipant P as Patient\nP->>D: visit 3 times\nalt ok\nD-->>P: dose\nend\nNote over P: 12 weeks")
    assert seq.kind == "sequence" and seq.has_branch_block and len(seq.edges) == 2
    assert [n.text for n in seq.notes] == ["12 weeks"]
    st = parse_mermaid("stateDiagram-v2\n[*] --> S1\nS1 --> S2 : after 2 weeks\nstate c <<choice>>\nS2 --> c")
    assert st.kind == "state" and "c" in st.decision_nodes
    assert any(e.label == "after 2 weeks" for e in st.edges)
    mm = parse_mermaid("mindmap\n  root((Topic))\n    A[one]\n    B[two]\n      C[three]")
    assert mm.kind == "mindmap" and len(mm.nodes) == 4 and mm.branches
    pie = parse_mermaid('pie title Share\n"Responders" : 42\n"Others" : 58')
    assert pie.kind == "chart" and [lab.text for lab in pie.labels()] == ["Share", "Responders: 42", "Others: 58"]


def test_unknown_type_is_reported_not_guessed():
    g = parse_mermaid("erDiagram\nX ||--o{ Y : has")
    assert g.kind == "other" and g.problems


@pytest.mark.parametrize("src", ["", "%% only a comment\n", "---\ntitle: x\n---\n"])
def test_empty(src):
    assert parse_mermaid(src).kind == "empty"


def test_front_matter_and_init_directive_skipped():
    g = parse_mermaid("---\ntitle: T\n---\n%%{init: {'theme':'dark'}}%%\nflowchart TD\nA[One] --> B[Two]")
    assert g.kind == "flowchart" and len(g.edges) == 1


def test_clean_label():
    assert clean_label('"Line one<br/>line two"') == "Line one line two"
    assert clean_label("**bold** &amp; #quot;q#quot;") == 'bold & "q"'


def test_statements_run_together_after_br_flattening():
    # an HTML <br> inside <div class="mermaid"> may reach us as a space
    g = parse_mermaid("graph TD A[Screening]-->B{Eligible} B-->|yes|C[Treat] B-->|no|D[Observe]")
    assert g.header == "graph TD"
    assert len(g.edges) == 3 and _out_degree(g, "B") == 2 and not g.problems


def test_markdown_string_label():
    g = parse_mermaid('flowchart TD\nA["`**Weekly** dosing`"] --> B[Next]')
    assert g.nodes["A"].label == "Weekly dosing"


def test_titles_are_labels_too():
    # mutation: skip subgraph lines / block keywords wholesale → a number drawn in a title escapes CP206
    flow = parse_mermaid(
        "flowchart TD\n subgraph A1 [Arm A 200 mg]\n X[one] --> Y[two]\n end\n"
        ' subgraph "Arm B 400 mg"\n Z --> W\n end\n subgraph Arm C 600 mg\n Q --> R\n end\n'
        " accTitle: Doses by arm\n title --> T[plain]\n"
    )
    assert [(lab.kind, lab.text) for lab in flow.titles] == [
        ("title", "Arm A 200 mg"), ("title", "Arm B 400 mg"), ("title", "Arm C 600 mg"), ("title", "Doses by arm")
    ]
    assert ("title", "T") in {(e.src, e.dst) for e in flow.edges}  # a node named "title" is still a node
    seq = parse_mermaid(
        "sequenceDiagram\nloop every 4 weeks\nA->>B: dose\nend\nalt responders 40%\nB->>A: ok\n"
        "else non-responders 60%\nB->>A: no\nend\n"
    )
    assert [lab.text for lab in seq.titles] == ["every 4 weeks", "responders 40%", "non-responders 60%"]
    assert seq.has_branch_block
    assert not parse_mermaid("sequenceDiagram\nloop\nA->>B: x\nend").has_branch_block  # a loop is not a branch
    pie = parse_mermaid('pie title Response at 12 weeks\n"Responders" : 42')
    assert [lab.kind for lab in pie.labels()] == ["title", "chart"]


def test_state_notes_single_and_multi_line_are_labels():
    st = parse_mermaid(
        "stateDiagram-v2\n[*] --> S1\nnote right of S1 : lasts 3 weeks\nnote left of S1\n dose 200 mg\n daily\n"
        "end note\nS1 --> [*]"
    )
    assert [(n.text, n.ref) for n in st.notes] == [("lasts 3 weeks", "S1"), ("dose 200 mg daily", "S1")]
    assert not st.problems
    unclosed = parse_mermaid("stateDiagram-v2\n[*] --> S1\nnote left of S1\n dose 200 mg")
    assert [n.text for n in unclosed.notes] == ["dose 200 mg"] and unclosed.problems


def test_thousands_of_statements_run_together_on_one_line_parse():
    # an HTML diagram whose <br> separators became spaces: read in a loop (recursion overflowed at ~1,000)
    g = parse_mermaid("flowchart TD\n  " + " ".join(f"A{i} --> B{i}" for i in range(3000)))
    assert len(g.edges) == 3000 and not g.problems


def test_a_participant_created_mid_diagram_is_a_participant():
    g = parse_mermaid("sequenceDiagram\n  participant L as Lab\n  create participant M as Median 13.5 months\n  L->>M: report\n")
    assert g.nodes["M"].label == "Median 13.5 months" and not g.problems and not g.unread
