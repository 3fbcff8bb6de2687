"""Mermaid diagrams as graphs: nodes, edges, labels and branching.

The report parser hands over each diagram's text (``MermaidBlock.source``); this module
turns it into a :class:`MermaidGraph` so rules can judge structure (CP203) and the parser
can make each label that states a number a claim (CP206: :func:`numeric_labels`, read with
:func:`label_claim_texts`, cited by :func:`label_anchors`), without regexes over raw diagram text.

Supported: ``flowchart``/``graph`` (all node shapes, quoted labels, ``-->|text|`` and
``-- text -->`` edge labels, chains ``A --> B --> C``, ``A & B --> C``, ``;`` separators,
subgraphs), ``sequenceDiagram`` (participants, messages, notes, alt/opt/par blocks),
``stateDiagram`` (transitions, ``<<choice>>``, notes), ``mindmap`` (indentation tree) and data
charts (``pie``, ``gantt``, ``timeline``, ``xychart``, …) whose lines are labels but whose
structure is not a pathway. Every piece of text a reader sees is a label — subgraph and
block titles (``subgraph G["Arm A, 200 mg"]``, ``loop every 4 weeks``) and diagram titles
included — so no number drawn in a diagram escapes the numeric check. Anything else parses to kind ``other`` with a problem note, so
a caller can fail closed instead of guessing.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Literal

from citeproof.model import Anchor, MermaidBlock

DiagramKind = Literal["flowchart", "sequence", "state", "mindmap", "chart", "other", "empty"]

_CHART_HEADERS = (
    "pie", "gantt", "timeline", "xychart", "xychart-beta", "quadrantchart", "journey",
    "sankey", "sankey-beta", "gitgraph", "packet-beta", "radar-beta", "kanban",
)
# Lines in a flowchart that style or group, and never add a node or an edge.
_FLOW_DIRECTIVES = re.compile(
    r"^(?:classDef|class|style|linkStyle|click|direction|accTitle|accDescr)\b", re.IGNORECASE
)
_ANCHOR_IN_LABEL = re.compile(r"\[\s*[A-Za-z][\w-]*\s*:[^\[\]]*\]")  # an empty one too: "[nct:]" is no text a label states
_TAG = re.compile(r"<\s*/?\s*[a-zA-Z][^<>]*>")
_MERMAID_ENTITY = re.compile(r"#(\w+);")


@dataclass(frozen=True, slots=True)
class MermaidNode:
    id: str
    label: str | None  # explicit label text; None when the node is written as a bare id
    shape: str  # rect, round, stadium, subroutine, cylinder, circle, asymmetric, decision, hexagon, …
    line: int  # 1-based line inside the diagram text


@dataclass(frozen=True, slots=True)
class MermaidEdge:
    src: str
    dst: str
    label: str | None
    line: int


@dataclass(frozen=True, slots=True)
class MermaidLabel:
    """A piece of visible diagram text: a node label, an edge label, a note, a title (a
    subgraph's, a sequence block's ``loop every 4 weeks``, a diagram's) or a chart line."""

    kind: Literal["node", "edge", "note", "title", "chart"]
    text: str  # cleaned (tags, quotes, entities removed); anchors kept
    line: int
    ref: str  # node id, "src->dst", or the chart line as written


@dataclass
class MermaidGraph:
    kind: DiagramKind
    header: str
    nodes: dict[str, MermaidNode] = field(default_factory=dict)
    edges: list[MermaidEdge] = field(default_factory=list)
    notes: list[MermaidLabel] = field(default_factory=list)
    titles: list[MermaidLabel] = field(default_factory=list)
    chart_lines: list[MermaidLabel] = field(default_factory=list)
    has_branch_block: bool = False  # alt/opt/par/critical in sequence diagrams
    # node id → titles of the subgraphs it is drawn inside (outermost first), where it first appears
    groups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def out_degree(self, node_id: str) -> int:
        return len({e.dst for e in self.edges if e.src == node_id})

    @property
    def decision_nodes(self) -> list[str]:
        return [n.id for n in self.nodes.values() if n.shape == "decision"]

    @property
    def branches(self) -> bool:
        """Some node fans out to two or more targets, or a decision/alt block exists."""
        if self.decision_nodes or self.has_branch_block:
            return True
        return any(self.out_degree(n) >= 2 for n in self.nodes)

    def labels(self) -> list[MermaidLabel]:
        out: list[MermaidLabel] = []
        for node in self.nodes.values():
            if node.label:
                out.append(MermaidLabel("node", node.label, node.line, node.id))
        for edge in self.edges:
            if edge.label:
                out.append(MermaidLabel("edge", edge.label, edge.line, f"{edge.src}->{edge.dst}"))
        return out + self.notes + self.titles + self.chart_lines


def clean_label(text: str) -> str:
    """Visible text of a label: quotes, HTML tags, ``<br>``, entities and Markdown marks removed."""
    text = text.strip()
    # Quoted and Markdown-string labels: A["`**bold** text`"].
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        text = text[1:-1].strip()
    text = re.sub(r"<\s*br\s*/?\s*>", " ", text, flags=re.IGNORECASE)
    text = _TAG.sub("", text)
    text = _MERMAID_ENTITY.sub(lambda m: html.unescape(f"&{m.group(1)};"), text)
    text = html.unescape(text)
    text = text.replace("**", "").replace("__", "")
    return re.sub(r"\s+", " ", text).strip()


def strip_anchors(text: str) -> str:
    """Label text without ``[kind:id#loc]`` anchors, so an id's digits are not read as a value."""
    return re.sub(r"\s+", " ", _ANCHOR_IN_LABEL.sub(" ", text)).strip()


def anchors_in(text: str) -> list[str]:
    return [m.group(0) for m in _ANCHOR_IN_LABEL.finditer(text)]


def numeric_labels(graph: MermaidGraph) -> list[tuple[MermaidLabel, str]]:
    """(label, text without anchors) for every label of the diagram that states a numeric fact
    (an ordinal label such as "Phase 3" or "Arm II" states none)."""
    from citeproof.values import claim_atoms  # lazy: citeproof.values reads anchors through citeproof.parse

    out = []
    for label in graph.labels():
        text = strip_anchors(label.text)
        if text and any(not a.label for a in claim_atoms(text)):
            out.append((label, text))
    return out


def label_anchors(labels: list[MermaidLabel], block: MermaidBlock, graph: MermaidGraph) -> list[list[Anchor]]:
    """The anchors each of ``labels`` is cited by: an anchor written in the label itself; else
    the diagram's own declarations (``%%`` comments: anchors no label writes), or failing those
    every anchor the diagram's labels write; else the nearest anchor in the body before the diagram."""
    # one anchor per citation written: the same [kind:id#loc] in two labels is one citation twice
    first: dict[str, Anchor] = {}
    for a in block.declared_anchors:
        first.setdefault(a.raw.strip("[] "), a)

    def written_in(text: str) -> list[str]:
        return [raw for bracket in anchors_in(text) for part in bracket.strip("[] ").split(";")
                if (raw := part.strip()) in first]

    in_labels = {raw for label in graph.labels() for raw in written_in(label.text)}
    # another label's citation is that label's; the diagram-wide one is what a %% comment declares
    declared = [a for raw, a in first.items() if raw not in in_labels] or list(first.values())
    fallback = declared or ([block.preceding_anchor] if block.preceding_anchor is not None else [])
    return [[first[raw] for raw in dict.fromkeys(own)] if (own := written_in(label.text)) else list(fallback)
            for label in labels]


def label_claim_texts(graph: MermaidGraph, labels: list[tuple[MermaidLabel, str]]) -> list[str]:
    """What each (label, text without anchors) says, read as a reader reads the diagram: a
    node's label after the titles of the subgraphs it is drawn in and the labels of the edges
    that lead into it; an edge's label after the label of the node it leaves; a note after the
    labels of the nodes it is attached to; a chart's slice or bar after the chart's title. ``R -->|Arm I| A[Median TTP 13.5 months]`` and ``subgraph I [Arm I] …
    A[Median TTP 13.5 months] … end`` say "Arm I: Median TTP 13.5 months"; the box alone would
    let a number drawn under the wrong arm pass (both arms' values sit in the cited record). A
    title or edge label that states a number is a claim of its own and is not repeated as
    another's context."""
    from citeproof.values import claim_atoms  # lazy, as in numeric_labels

    def names(texts) -> list[str]:
        out: list[str] = []
        for raw in texts:
            lead = strip_anchors(raw or "")
            if lead and lead not in out and not any(not a.label for a in claim_atoms(lead)):
                out.append(lead)
        return out

    def drawn(node_id: str) -> str:
        node = graph.nodes.get(node_id.strip())
        return node.label or "" if node is not None else ""

    # "pie title ORR (%)" or a "title …" line; its "(%)" is already read into each slice's value
    chart_titles = [_PERCENT_MARK.sub("", t) for t in (
        [t.text for t in graph.titles if t.ref == "title"]
        + [clean_label(c.text[len("title"):]) for c in graph.chart_lines if c.text.lower().startswith("title ")]
    )]
    leads: dict[str, list[str]] = {}
    for edge in graph.edges:
        leads.setdefault(edge.dst, []).append(edge.label or "")
    out = []
    for label, text in labels:
        if label.kind == "node":
            context = names([*graph.groups.get(label.ref, ()), *leads.get(label.ref, ())])
        elif label.kind == "edge":  # "Weekly arm -->|ORR 40%| Compare": the weekly arm's rate
            context = names([drawn(label.ref.split("->", 1)[0])])
        elif label.kind == "note":  # "note right of W: ORR 40%" is about W
            context = names([drawn(who) for who in label.ref.split(",")])
        elif label.kind == "chart":  # a slice or a bar measures what the chart's title names
            context = names(chart_titles)
        else:
            context = []
        out.append(f"{', '.join(context)}: {text}" if context else text)
    return out


_PERCENT_MARK = re.compile(r"\s*[(（]?%[)）]?")

_DIAGRAM_ATTRIBUTES = ("data-chart", "data-mermaid", "data-source", "data-diagram", "data-graph")
_DIAGRAM_HEADERS = ("graph", "flowchart", "sequencediagram", "statediagram", "mindmap", "pie", "gantt", "timeline", "xychart")


def diagram_source(block: MermaidBlock) -> str:
    """The diagram text; when the element is empty, a data attribute that holds a diagram
    (some renderers keep the source in ``data-chart``) — an attribute must not hide one."""
    if block.source.strip():
        return block.source
    for name in _DIAGRAM_ATTRIBUTES:
        words = block.attributes.get(name, "").split(None, 1)
        if words and words[0].lower().startswith(_DIAGRAM_HEADERS):
            return html.unescape(block.attributes[name]).replace("\\n", "\n")
    return block.source


_HEADER_TITLE = re.compile(r"\btitle\s+(?P<text>.+)$", re.IGNORECASE)
_FLOW_HEADER = re.compile(r"^(?P<head>(?:graph|flowchart)(?:\s+(?:TB|TD|BT|RL|LR)\b)?)\s*;?\s*(?P<rest>.*)$", re.IGNORECASE)


def parse_mermaid(source: str) -> MermaidGraph:
    lines = _content_lines(source)
    if not lines:
        return MermaidGraph(kind="empty", header="")
    first_no, first = lines[0]
    flow = _FLOW_HEADER.match(first.strip())
    if flow:
        # "graph TD; A-->B" or, after an HTML <br> became a space, "graph TD A-->B".
        head, rest = flow.group("head"), flow.group("rest")
    else:
        head, rest = first, ""
    keyword = head.split()[0].lower() if head.split() else ""
    body = ([(first_no, rest)] if rest.strip() else []) + lines[1:]
    if keyword in ("graph", "flowchart"):
        return _parse_flowchart(head.strip(), body)
    if keyword == "sequencediagram":
        return _parse_sequence(head.strip(), body)
    if keyword.startswith("statediagram"):
        return _parse_state(head.strip(), body)
    if keyword == "mindmap":
        return _parse_mindmap(head.strip(), source)
    if keyword in _CHART_HEADERS or keyword.endswith("-beta"):
        graph = MermaidGraph(kind="chart", header=head.strip())
        graph.chart_lines = _chart_labels(head, body)
        if m := _HEADER_TITLE.search(head):
            _add_title(graph, m.group("text"), first_no, "title")
        return graph
    graph = MermaidGraph(kind="other", header=head.strip())
    graph.problems.append(f"diagram type {keyword!r} is not parsed into nodes and edges")
    graph.chart_lines = [MermaidLabel("chart", clean_label(t), n, t.strip()) for n, t in body if t.strip()]
    return graph


# ---------------------------------------------------------------------------- helpers


def _content_lines(source: str) -> list[tuple[int, str]]:
    """Non-empty lines without comments, front matter and ``%%{init}%%`` directives."""
    raw = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out: list[tuple[int, str]] = []
    i = 0
    # YAML front matter (--- … ---) configures the diagram and draws nothing.
    while i < len(raw) and not raw[i].strip():
        i += 1
    if i < len(raw) and raw[i].strip() == "---":
        j = i + 1
        while j < len(raw) and raw[j].strip() != "---":
            j += 1
        i = j + 1
    for n in range(i, len(raw)):
        text = raw[n]
        stripped = text.strip()
        if not stripped or stripped.startswith("%%"):
            continue
        out.append((n + 1, text.rstrip()))
    return out


def _split_statements(text: str) -> list[str]:
    """Split on ``;`` outside quotes and brackets (labels may hold semicolons)."""
    parts: list[str] = []
    depth = 0
    quote = False
    start = 0
    for i, c in enumerate(text):
        if c == '"':
            quote = not quote
        elif not quote and c in "[({":
            depth += 1
        elif not quote and c in "])}" and depth > 0:
            depth -= 1
        elif c == ";" and not quote and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p for p in (s.strip() for s in parts) if p]


_NODE_ID = re.compile(r"[^\s\[\](){}<>|&;:\"'=~.-]+(?:[.-](?![-.=>ox]*[->])[^\s\[\](){}<>|&;:\"'=~.-]+)*")
# Opening token → (closing token, shape), longest openers first.
_SHAPES: tuple[tuple[str, str, str], ...] = (
    ("(((", ")))", "double-circle"),
    ("((", "))", "circle"),
    ("([", "])", "stadium"),
    ("[[", "]]", "subroutine"),
    ("[(", ")]", "cylinder"),
    ("[/", "/]", "parallelogram"),
    ("[\\", "\\]", "parallelogram-alt"),
    ("{{", "}}", "hexagon"),
    ("[", "]", "rect"),
    ("(", ")", "round"),
    ("{", "}", "decision"),
    (">", "]", "asymmetric"),
)
_LINK = re.compile(
    r"""\s*
    (?:
        (?P<open>[<ox]?(?:--|==|-\.))\s*(?P<text>[^\s>|=.-][^|>]*?)\s*(?P<close>-{2,}[>ox]?|={2,}[>ox]?|\.+-+[>ox]?)
      | (?P<plain>[<ox]?(?:-{2,}[>ox]|-{3,}|={2,}[>ox]|={3,}|-\.+-[>ox]?|~{3,}))
    )
    (?:\s*\|(?P<pipe>[^|]*)\|)?
    \s*""",
    re.VERBOSE,
)
_CLASS_SUFFIX = re.compile(r":::[\w-]+")


def _read_node(stmt: str, pos: int, line: int) -> tuple[MermaidNode | None, int]:
    m = _NODE_ID.match(stmt, pos)
    if not m:
        return None, pos
    node_id = m.group(0)
    pos = m.end()
    for opener, closer, shape in _SHAPES:
        if stmt.startswith(opener, pos):
            label, end = _read_label(stmt, pos + len(opener), closer)
            if end is None:
                return MermaidNode(node_id, None, "rect", line), pos
            pos = end
            cm = _CLASS_SUFFIX.match(stmt, pos)
            if cm:
                pos = cm.end()
            return MermaidNode(node_id, clean_label(label), shape, line), pos
    cm = _CLASS_SUFFIX.match(stmt, pos)
    if cm:
        pos = cm.end()
    return MermaidNode(node_id, None, "rect", line), pos


def _read_label(stmt: str, pos: int, closer: str) -> tuple[str, int | None]:
    """Text up to the matching closer; quoted labels may hold any bracket."""
    rest = stmt[pos:]
    stripped = rest.lstrip()
    if stripped.startswith('"'):
        q0 = pos + (len(rest) - len(stripped))
        q1 = stmt.find('"', q0 + 1)
        if q1 != -1:
            after = stmt[q1 + 1 :]
            if after.lstrip().startswith(closer):
                end = q1 + 1 + (len(after) - len(after.lstrip())) + len(closer)
                return stmt[q0 : q1 + 1], end
    # Unquoted: count nested brackets of the closer's kind so an anchor "[nct:…]" inside stays inside.
    pair = {"]": "[", ")": "(", "}": "{"}
    closing_char = closer[-1]
    opening_char = pair.get(closing_char)
    depth = 0
    i = pos
    while i < len(stmt):
        if stmt.startswith(closer, i) and depth == 0:
            return stmt[pos:i], i + len(closer)
        c = stmt[i]
        if opening_char and c == opening_char:
            depth += 1
        elif c == closing_char and depth > 0:
            depth -= 1
        i += 1
    return stmt[pos:], None


def _read_group(stmt: str, pos: int, line: int, graph: MermaidGraph) -> tuple[list[str], int]:
    ids: list[str] = []
    while True:
        while pos < len(stmt) and stmt[pos].isspace():
            pos += 1
        node, new_pos = _read_node(stmt, pos, line)
        if node is None:
            break
        _add_node(graph, node)
        ids.append(node.id)
        pos = new_pos
        amp = re.compile(r"\s*&\s*").match(stmt, pos)
        if not amp:
            break
        pos = amp.end()
    return ids, pos


def _add_node(graph: MermaidGraph, node: MermaidNode) -> None:
    known = graph.nodes.get(node.id)
    # A later bare mention must not erase the label given at first definition.
    if known is None or (node.label and not known.label):
        graph.nodes[node.id] = node


_SUBGRAPH = re.compile(r"^subgraph\b\s*(?P<rest>.*)$", re.IGNORECASE)
_SUBGRAPH_TITLED = re.compile(r"^(?P<id>[^\s\[]+)\s*\[(?P<title>.*)\]$")
# "title x", "accTitle: x" — but not a node or state that happens to be named "title" ("title --> B").
_TITLE_DIRECTIVE = re.compile(r"^(?P<key>title|accTitle|accDescr)\b(?!\s*[-=.<>~&])\s*:?\s*(?P<text>.*)$", re.IGNORECASE)


def _parse_flowchart(header: str, body: list[tuple[int, str]]) -> MermaidGraph:
    graph = MermaidGraph(kind="flowchart", header=header)
    inside: list[str] = []  # titles of the subgraphs open here, outermost first
    for line_no, text in body:
        for stmt in _split_statements(text):
            low = stmt.lower()
            if m := _SUBGRAPH.match(stmt):
                title = _subgraph_title(m.group("rest"))
                _add_title(graph, title, line_no, "subgraph")
                inside.append(clean_label(title))
                continue
            if t := _TITLE_DIRECTIVE.match(stmt):
                _add_title(graph, t.group("text"), line_no, t.group("key"))
                continue
            if low == "end":
                if inside:
                    inside.pop()
                continue
            if _FLOW_DIRECTIVES.match(stmt):
                continue
            known = len(graph.nodes)
            _parse_flow_statement(stmt, line_no, graph)
            if inside:  # nodes are kept in insertion order: the new ones are the last
                for node_id in list(graph.nodes)[known:]:
                    graph.groups[node_id] = tuple(t for t in inside if t)
    return graph


def _subgraph_title(rest: str) -> str:
    """The title mermaid draws for ``subgraph ID [Title]``, ``subgraph "Title"`` or ``subgraph Title``."""
    rest = rest.strip()
    if m := _SUBGRAPH_TITLED.match(rest):
        return m.group("title")
    return rest


def _add_title(graph: MermaidGraph, text: str, line_no: int, ref: str) -> None:
    label = clean_label(text)
    if label:
        graph.titles.append(MermaidLabel("title", label, line_no, ref))


def _parse_flow_statement(stmt: str, line_no: int, graph: MermaidGraph) -> None:
    left, pos = _read_group(stmt, 0, line_no, graph)
    if not left:
        graph.problems.append(f"line {line_no}: cannot read {stmt!r}")
        return
    while pos < len(stmt):
        link = _LINK.match(stmt, pos)
        if not link or link.end() == pos:
            rest = stmt[pos:].strip()
            if stmt[pos : pos + 1].isspace() and _NODE_ID.match(rest):
                # Statements run together on one line (an HTML <br> turned into a space).
                _parse_flow_statement(rest, line_no, graph)
            else:
                graph.problems.append(f"line {line_no}: cannot read {stmt[pos:]!r}")
            return
        label_raw = link.group("pipe") if link.group("pipe") is not None else link.group("text")
        label = clean_label(label_raw) if label_raw else None
        right, new_pos = _read_group(stmt, link.end(), line_no, graph)
        if not right:
            graph.problems.append(f"line {line_no}: edge without a target in {stmt!r}")
            return
        for a in left:
            for b in right:
                graph.edges.append(MermaidEdge(a, b, label or None, line_no))
        left, pos = right, new_pos


_SEQ_PARTICIPANT = re.compile(r"^(?:participant|actor)\s+(?P<id>[^\s]+?)(?:\s+as\s+(?P<label>.+))?$", re.IGNORECASE)
_SEQ_MESSAGE = re.compile(
    r"^(?P<src>[^\s:+-][^:]*?)\s*(?P<arrow><<-{1,2}>>|-{1,2}>>|-{1,2}>|-{1,2}[x)])\s*[+-]?(?P<dst>[^:]+?)\s*:\s*(?P<text>.*)$"
)
_SEQ_NOTE = re.compile(r"^note\s+(?:left of|right of|over)\s+(?P<who>[^:]+):\s*(?P<text>.*)$", re.IGNORECASE)
_SEQ_BRANCH = re.compile(r"^(?:alt|opt|par|critical|break)\b", re.IGNORECASE)
# Block openers and their sections, each followed by the text mermaid draws on the block.
_SEQ_BLOCK = re.compile(r"^(?P<key>alt|else|opt|par|and|critical|option|break|loop)\b\s*(?P<text>.*)$", re.IGNORECASE)


def _parse_sequence(header: str, body: list[tuple[int, str]]) -> MermaidGraph:
    graph = MermaidGraph(kind="sequence", header=header)
    for line_no, text in body:
        stmt = text.strip()
        if m := _SEQ_PARTICIPANT.match(stmt):
            label = clean_label(m.group("label")) if m.group("label") else None
            _add_node(graph, MermaidNode(m.group("id"), label, "participant", line_no))
        elif m := _SEQ_MESSAGE.match(stmt):
            src, dst = m.group("src").strip(), m.group("dst").strip()
            for pid in (src, dst):
                _add_node(graph, MermaidNode(pid, None, "participant", line_no))
            graph.edges.append(MermaidEdge(src, dst, clean_label(m.group("text")) or None, line_no))
        elif m := _SEQ_NOTE.match(stmt):
            graph.notes.append(MermaidLabel("note", clean_label(m.group("text")), line_no, m.group("who").strip()))
        elif b := _SEQ_BLOCK.match(stmt):
            graph.has_branch_block = graph.has_branch_block or bool(_SEQ_BRANCH.match(stmt))
            _add_title(graph, b.group("text"), line_no, b.group("key").lower())
        elif t := _TITLE_DIRECTIVE.match(stmt):
            _add_title(graph, t.group("text"), line_no, t.group("key"))
    return graph


_STATE_EDGE = re.compile(r"^(?P<src>\[\*\]|[^\s:\[\]-]+)\s*-->\s*(?P<dst>\[\*\]|[^\s:\[\]-]+)\s*(?::\s*(?P<text>.*))?$")
_STATE_DECL = re.compile(r'^state\s+"(?P<label>[^"]*)"\s+as\s+(?P<id>\S+)', re.IGNORECASE)
_STATE_CHOICE = re.compile(r"^state\s+(?P<id>\S+)\s+<<(?P<kind>choice|fork|join)>>", re.IGNORECASE)
_STATE_DESC = re.compile(r"^(?P<id>[^\s:\[\]]+)\s*:\s*(?P<text>.+)$")


_STATE_NOTE = re.compile(r"^note\s+(?:left|right)\s+of\s+(?P<who>[^:]+?)\s*(?::\s*(?P<text>.*))?$", re.IGNORECASE)


def _parse_state(header: str, body: list[tuple[int, str]]) -> MermaidGraph:
    graph = MermaidGraph(kind="state", header=header)
    open_note: tuple[int, str, list[str]] | None = None  # a multi-line note being read
    for line_no, text in body:
        stmt = text.strip()
        if open_note is not None:
            if stmt.lower() == "end note":
                start, who, parts = open_note
                graph.notes.append(MermaidLabel("note", clean_label(" ".join(parts)), start, who))
                open_note = None
            else:
                open_note[2].append(stmt)
            continue
        if n := _STATE_NOTE.match(stmt):
            if n.group("text") is not None:
                graph.notes.append(MermaidLabel("note", clean_label(n.group("text")), line_no, n.group("who")))
            else:
                open_note = (line_no, n.group("who"), [])
            continue
        if t := _TITLE_DIRECTIVE.match(stmt):
            _add_title(graph, t.group("text"), line_no, t.group("key"))
            continue
        if stmt in ("{", "}") or stmt.lower().startswith(("direction", "classdef", "class ")):
            continue
        if m := _STATE_CHOICE.match(stmt):
            shape = "decision" if m.group("kind").lower() == "choice" else "fork"
            graph.nodes[m.group("id")] = MermaidNode(m.group("id"), None, shape, line_no)
        elif m := _STATE_DECL.match(stmt):
            _add_node(graph, MermaidNode(m.group("id"), clean_label(m.group("label")), "state", line_no))
        elif m := _STATE_EDGE.match(stmt):
            ids = []
            for key in ("src", "dst"):
                sid = m.group(key)
                if sid == "[*]":
                    sid = "[*]start" if key == "src" else "[*]end"
                    _add_node(graph, MermaidNode(sid, None, "terminal", line_no))
                else:
                    _add_node(graph, MermaidNode(sid, None, "state", line_no))
                ids.append(sid)
            graph.edges.append(MermaidEdge(ids[0], ids[1], clean_label(m.group("text") or "") or None, line_no))
        elif m := _STATE_DESC.match(stmt):
            sid = m.group("id")
            node = graph.nodes.get(sid)
            shape = node.shape if node else "state"
            graph.nodes[sid] = MermaidNode(sid, clean_label(m.group("text")), shape, line_no)
        elif stmt.lower().startswith("state "):
            continue
        else:
            graph.problems.append(f"line {line_no}: cannot read {stmt!r}")
    if open_note is not None:
        start, who, parts = open_note
        graph.notes.append(MermaidLabel("note", clean_label(" ".join(parts)), start, who))
        graph.problems.append(f"line {start}: note without 'end note'")
    return graph


_MINDMAP_SHAPES = re.compile(r"^(?:(?P<id>[^\s\[\](){}]+))?\s*(?:\(\((?P<a>.*)\)\)|\)\)(?P<b>.*)\(\(|\)(?P<c>.*)\(|\{\{(?P<d>.*)\}\}|\[(?P<e>.*)\]|\((?P<f>.*)\))\s*$")


def _parse_mindmap(header: str, source: str) -> MermaidGraph:
    graph = MermaidGraph(kind="mindmap", header=header)
    stack: list[tuple[int, str]] = []
    seen_header = False
    for n, raw in enumerate(source.replace("\r\n", "\n").split("\n"), start=1):
        if not raw.strip() or raw.strip().startswith("%%") or raw.strip().startswith("::"):
            continue
        if not seen_header:
            seen_header = raw.strip().lower().startswith("mindmap")
            continue
        indent = len(raw) - len(raw.lstrip())
        text = raw.strip()
        m = _MINDMAP_SHAPES.match(text)
        label = next((g for g in (m.groupdict().values() if m else ()) if g is not None and g != (m.group("id") if m else None)), None)
        label = clean_label(label if label is not None else text)
        node_id = f"n{n}"
        graph.nodes[node_id] = MermaidNode(node_id, label, "mindmap", n)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if stack:
            graph.edges.append(MermaidEdge(stack[-1][1], node_id, None, n))
        stack.append((indent, node_id))
    return graph


_PIE_SLICE = re.compile(r'^\s*"(?P<label>[^"]*)"\s*:\s*(?P<value>[-+]?\d[\d.,]*)\s*$')


_XY_AXIS = re.compile(r"^(?P<axis>[xy])-axis\b\s*(?P<rest>.*)$", re.IGNORECASE)
_XY_SERIES = re.compile(r"^(?:bar|line)\b[^\[]*\[(?P<values>[^\]]*)\]\s*$", re.IGNORECASE)
_AXIS_TITLE = re.compile(r'^\s*(?:"(?P<quoted>[^"]*)"|(?P<bare>[^\[\d"+-][^\[\d"]*?))?\s*(?:\[(?P<cats>[^\]]*)\]|[-+]?\d.*)?$')


def _axis_unit(title: str) -> str:
    """The unit an axis title gives its bare values: the part in brackets ("Median TTP
    (months)", "ORR (%)"), or the whole title when it is one ("Months", "mg")."""
    from citeproof.values import claim_atoms  # lazy, as in numeric_labels

    inner = re.search(r"[(（]([^()（）]+)[)）]\s*$", title)
    unit = (inner.group(1) if inner else title).strip()
    if unit == "%":
        return "%"
    atoms = claim_atoms(f"1 {unit}") if unit else []
    return f" {unit}" if atoms and atoms[0].raw.strip() != "1" else ""


def _xy_labels(body: list[tuple[int, str]]) -> list[MermaidLabel]:
    """An xychart's bars and lines as a reader reads them: each value beside its x-axis
    category and in the y-axis unit ("x-axis [Arm I, Arm II]", "y-axis "Months" 0 --> 20",
    "bar [13.5, 15.0]" state "Arm I: 13.5 Months" and "Arm II: 15.0 Months"). Axis lines are
    scale and names, not findings: the range "0 --> 20" is no number a source must hold."""
    categories: list[str] = []
    unit = ""
    out: list[MermaidLabel] = []
    for line_no, text in body:
        stmt = text.strip()
        if m := _XY_AXIS.match(stmt):
            t = _AXIS_TITLE.match(m.group("rest"))
            if t is None:
                continue
            if m.group("axis").lower() == "x" and t.group("cats") is not None:
                categories = [clean_label(c) for c in t.group("cats").split(",")]
            elif m.group("axis").lower() == "y":
                unit = _axis_unit(clean_label(t.group("quoted") or t.group("bare") or ""))
            continue
        if m := _XY_SERIES.match(stmt):
            values = [v.strip() for v in m.group("values").split(",") if v.strip()]
            names = categories if len(categories) == len(values) else [""] * len(values)
            out += [MermaidLabel("chart", f"{name}: {v}{unit}" if name else f"{v}{unit}", line_no, stmt)
                    for name, v in zip(names, values)]
        else:
            out.append(MermaidLabel("chart", clean_label(stmt), line_no, stmt))
    return out


def _chart_labels(header: str, body: list[tuple[int, str]]) -> list[MermaidLabel]:
    """Chart lines as labels. A pie slice whose label or title says '%' states a percentage
    ("Weekly %" : 40 reads as "Weekly: 40%"), so it is checked as one."""
    if header.lower().startswith("xychart"):
        return _xy_labels(body)
    out: list[MermaidLabel] = []
    percent_title = "%" in header or any(t.strip().lower().startswith("title") and "%" in t for _, t in body)
    for line_no, text in body:
        stmt = text.strip()
        low = stmt.lower()
        if low.startswith(("showdata", "dateformat", "axisformat", "tickinterval", "excludes", "includes", "todaymarker")):
            continue
        if m := _PIE_SLICE.match(stmt):
            label = clean_label(m.group("label"))
            percent = "%" in label or percent_title
            label = _PERCENT_MARK.sub("", label).strip()
            out.append(MermaidLabel("chart", f"{label}: {m.group('value')}{'%' if percent else ''}", line_no, stmt))
        else:
            out.append(MermaidLabel("chart", clean_label(stmt), line_no, stmt))
    return out
