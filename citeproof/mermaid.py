"""Mermaid diagrams as graphs: nodes, edges, labels and branching.

The report parser hands over each diagram's text (``MermaidBlock.source``); this module
turns it into a :class:`MermaidGraph` so rules can judge structure (CP203) and the parser
can make each label that states a number a claim (CP206: :func:`numeric_labels`, read with
:func:`label_claim_texts`, cited by :func:`label_anchors`), without regexes over raw diagram text.
What is read is what mermaid draws: a node redefined later shows its last label, a bare id is
its own text, front-matter titles and entity codes (``#35;``) are drawn, and a statement this
parser cannot read is kept as a label of its raw text, so a number in it is never skipped.

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
import html.entities
import re
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Literal

from citeproof.model import Anchor, MermaidBlock
from citeproof.text.normalize import fold_emphasis

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
# mermaid's entity codes: "#35;" (a decimal code point) and "#quot;" (an HTML entity name) —
# not "#L1;" in "[nct:A#L1; nct:B#L1]", which is a locator before a list separator
_ICON = re.compile(r"\bfa[bsrl]?:fa-[\w-]+")
_MERMAID_ENTITY = re.compile(r"#(\d{1,7}|[A-Za-z][A-Za-z0-9]{1,31});")


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
    groups: tuple[str, ...] = ()  # titles of the blocks it is drawn in (a sequence's "alt Arm I"), outermost first


@dataclass(frozen=True, slots=True)
class MermaidLabel:
    """A piece of visible diagram text: a node label, an edge label, a note, a title (a
    subgraph's, a sequence block's ``loop every 4 weeks``, a diagram's) or a chart line."""

    kind: Literal["node", "edge", "note", "title", "chart", "other"]
    text: str  # cleaned (tags, quotes, entities removed); anchors kept
    line: int
    ref: str  # node id, "src->dst", or the chart line as written
    context: tuple[str, ...] = ()  # titles of the blocks or sections it is drawn in, outermost first


@dataclass
class MermaidGraph:
    kind: DiagramKind
    header: str
    nodes: dict[str, MermaidNode] = field(default_factory=dict)
    edges: list[MermaidEdge] = field(default_factory=list)
    notes: list[MermaidLabel] = field(default_factory=list)
    titles: list[MermaidLabel] = field(default_factory=list)
    chart_lines: list[MermaidLabel] = field(default_factory=list)
    unread: list[MermaidLabel] = field(default_factory=list)  # statements read as raw text (see _unreadable)
    has_branch_block: bool = False  # alt/opt/par/critical in sequence diagrams
    # node id → titles of the groups (subgraphs, state composites, boxes) it is drawn inside,
    # outermost first: the first group that mentions it, as mermaid draws it
    groups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    group_titles: dict[str, str] = field(default_factory=dict)  # a subgraph's id → its title (an edge may leave it)
    group_ids: dict[str, tuple[str, ...]] = field(default_factory=dict)  # node id → ids of those subgraphs (an edge may enter one)
    problems: list[str] = field(default_factory=list)
    # ids the parser met since a caller last cleared it (which nodes a statement inside a group names)
    mentioned: list[str] = field(default_factory=list, repr=False)

    def fans_out(self) -> bool:
        """Some node has edges to two or more targets (one pass over the edges)."""
        targets: dict[str, set[str]] = {}
        for e in self.edges:
            seen = targets.setdefault(e.src, set())
            seen.add(e.dst)
            if len(seen) >= 2:
                return True
        return False

    @property
    def decision_nodes(self) -> list[str]:
        return [n.id for n in self.nodes.values() if n.shape == "decision"]

    @property
    def branches(self) -> bool:
        """Some node fans out to two or more targets, or a decision/alt block exists."""
        if self.decision_nodes or self.has_branch_block:
            return True
        return self.fans_out()

    def labels(self) -> list[MermaidLabel]:
        out: list[MermaidLabel] = []
        for node in self.nodes.values():
            if node.label:
                out.append(MermaidLabel("node", node.label, node.line, node.id))
            elif node.shape not in ("terminal", "mindmap") and any(c.isdigit() for c in node.id):
                # a bare id is drawn as its own text: "R --> 42.7" shows a box reading 42.7
                out.append(MermaidLabel("node", node.id, node.line, node.id))
        for edge in self.edges:
            if edge.label:
                out.append(MermaidLabel("edge", edge.label, edge.line, f"{edge.src}->{edge.dst}", edge.groups))
        return out + self.notes + self.titles + self.chart_lines + self.unread


def clean_label(text: str) -> str:
    """Visible text of a label: quotes, HTML tags, ``<br>``, entities and Markdown marks removed."""
    text = text.strip()
    # Quoted and Markdown-string labels: A["`**bold** text`"].
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        text = text[1:-1].strip()
    text = re.sub(r"<\s*br\s*/?\s*>", " ", text, flags=re.IGNORECASE)
    text = _TAG.sub("", text)
    text = _MERMAID_ENTITY.sub(_entity, text)
    text = html.unescape(text)
    text = _ICON.sub(" ", fold_emphasis(text))  # Markdown-string emphasis ("_15.0_"), font-awesome icons
    return re.sub(r"\s+", " ", text).strip()


def _entity(m: re.Match[str]) -> str:
    code = m.group(1)
    if code.isdigit():
        return chr(int(code)) if int(code) <= 0x10FFFF else m.group(0)
    return html.unescape(f"&{code};") if f"{code};" in html.entities.html5 else m.group(0)


def strip_anchors(text: str) -> str:
    """Label text without ``[kind:id#loc]`` anchors, so an id's digits are not read as a value."""
    return re.sub(r"\s+", " ", _ANCHOR_IN_LABEL.sub(" ", text)).strip()


# A label read by the parser: (its text without its anchors, the anchors written in it). The
# report parser supplies it (known anchor kinds only: "[Benefit: 4.5 months]" is text a reader sees).
LabelReader = Callable[[str], tuple[str, list[Anchor]]]
# Branch answers ("yes"/"no" on a decision's edges) say which way a reader goes: alone they would
# turn "No: Median OS 11.2 months" into a negated claim, so they are read with their question.
_BRANCH_ANSWERS = frozenset({"yes", "no", "y", "n", "true", "false", "是", "否"})


def numeric_labels(graph: MermaidGraph, read: LabelReader) -> list[tuple[MermaidLabel, str, list[Anchor]]]:
    """(label, text without anchors, anchors written in it) for every label of the diagram that
    states a numeric fact (an ordinal label such as "Phase 3" or "Arm II" states none)."""
    from citeproof.values import claim_atoms  # lazy: citeproof.values reads anchors through citeproof.parse

    out = []
    for label in graph.labels():
        text, own = read(label.text)
        if text and any(not a.label for a in claim_atoms(text)):
            out.append((label, text, own))
    return out


def label_anchors(
    labels: list[tuple[MermaidLabel, str, list[Anchor]]], block: MermaidBlock, graph: MermaidGraph, read: LabelReader
) -> tuple[list[list[Anchor]], list[Anchor]]:
    """The anchors each numeric label is cited by — an anchor written in the label itself; else
    the diagram's own declarations (``%%`` comments: anchors no label writes), or failing those
    every anchor the diagram's labels write; else the nearest anchor before the diagram in its
    section (``preceding_anchor``) — and that diagram-wide citation itself (what cites the
    drawn text that cites nothing of its own)."""
    # one anchor per citation written: the same [kind:id#loc] in two labels is one citation twice
    first: dict[str, Anchor] = {}
    for a in block.declared_anchors:
        first.setdefault(a.raw, a)
    in_labels = {a.raw for label in graph.labels() for a in read(label.text)[1]}
    # another label's citation is that label's; the diagram-wide one is what a %% comment declares
    declared = [a for raw, a in first.items() if raw not in in_labels] or list(first.values())
    fallback = declared or ([block.preceding_anchor] if block.preceding_anchor is not None else [])
    return [list({a.raw: first.get(a.raw, a) for a in own}.values()) if own else list(fallback) for _, _, own in labels], fallback


def _names_word(part: str, whole: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", whole, re.IGNORECASE) is not None


def label_claim_texts(
    graph: MermaidGraph, labels: list[tuple[MermaidLabel, str, list[Anchor]]], read: LabelReader
) -> list[tuple[str, list[Anchor]]]:
    """What each numeric label says, read as a reader reads the diagram — after what it is drawn
    under: the diagram's title; for a node, the titles of the groups it is drawn in (subgraphs,
    state composites, sequence boxes), what leads into those groups, and what leads into it —
    the node an edge comes from and the edge's label (a mindmap's parent; "I[Arm I] -->|TTP|
    M[Median 15.0 months]" is both), a branch answer only with its question ("Arm I? No");
    for an edge's label, the blocks it is drawn in (a sequence's "alt Arm I") and the node or
    subgraph it leaves; for a note, what it is attached to; for a chart's slice, bar or event,
    the chart's title and its section. ``R -->|Arm I| A[Median TTP 13.5 months]`` says "Arm I:
    Median TTP 13.5 months"; the box alone would let a number drawn under the wrong arm pass
    (both arms' values sit in the cited record). Context that states a number stays ("Arm I,
    n=345: …"): an arm named by its size or dose is still that arm. Context is matched as whole
    words: one the label or other context already names is not repeated.

    Each text comes with the anchors its context writes: "A[Drug A 1 mg daily [nct:X#Intervention]]
    --> B[Median TTP 13.5 months [nct:X#Results]]" says the dose and the median, and cites both
    places for them — the median's place alone never holds the dose."""

    def names(texts) -> list[str]:
        out: list[str] = []
        for raw in texts:
            lead, cites = read(raw or "")
            if lead and lead not in out:
                out.append(lead)
                context_cites.extend(cites)
        return out

    def drawn(node_id: str) -> str:
        """What a reader sees for a node: its label, a subgraph's title, or the bare id itself."""
        node_id = node_id.strip()
        node = graph.nodes.get(node_id)
        if node is not None and node.label:
            return node.label
        return graph.group_titles.get(node_id, "" if node is None or node.shape == "terminal" else node_id)

    # "pie title ORR (%)" or a "title …" line; its "(%)" is already read into each slice's value
    chart_titles = [_PERCENT_MARK.sub("", t) for t in (
        [t.text for t in graph.titles if t.ref == "title"]
        + [clean_label(c.text[len("title"):]) for c in graph.chart_lines if c.text.lower().startswith("title ")]
    )]
    diagram_titles = [t.text for t in graph.titles if t.ref == "title"] if graph.kind != "chart" else []
    leads: dict[str, list[str]] = {}
    for edge in graph.edges:
        # what an edge leads from and says: "Arm I -->|time to progression| M" is both; a branch
        # answer is read with its question ("Arm I? No"), never alone
        source = graph.nodes.get(edge.src)
        came_from = (source.label if source is not None else "") or ""
        said = edge.label or ""
        if said.strip().lower() in _BRANCH_ANSWERS:
            said, came_from = "", f"{came_from} {said}".strip() if came_from else ""
        leads.setdefault(edge.dst, []).extend([came_from, said])
    out: list[tuple[str, list[Anchor]]] = []
    context_cites: list[Anchor] = []
    for label, text, _ in labels:
        context_cites.clear()
        if label.kind == "node":  # under the diagram's title too: "title: Arm I outcomes"
            into_groups = [lead for gid in graph.group_ids.get(label.ref, ()) for lead in leads.get(gid, ())]
            context = names([*diagram_titles, *into_groups, *graph.groups.get(label.ref, ()), *leads.get(label.ref, ())])
        elif label.kind == "edge":  # "Weekly arm -->|ORR 40%| Compare": the weekly arm's rate
            src = label.ref.split("->", 1)[0]
            context = names([*diagram_titles, *label.context, *graph.groups.get(src, ()), drawn(src)])
        elif label.kind == "note":  # "note right of W: ORR 40%" is about W
            context = names([*diagram_titles, *label.context, *(drawn(who) for who in label.ref.split(","))])
        elif label.kind == "chart":  # a slice or a bar measures what the chart's title names
            context = names([*chart_titles, *label.context])
        else:
            context = names(label.context)
        # "Arm I" over "Arm I: …" once, and "Arm" beside "Arm A" not at all — as a word: "A" is no
        # part of "Median", nor "Arm I" of "Arm II"
        context = [c for c in context
                   if not any(_names_word(c, other) for other in (text, *(o for o in context if o != c)))]
        out.append((f"{', '.join(context)}: {text}" if context else text, list(context_cites)))
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
    graph = _parse_body(source)
    for line_no, title in _front_matter_titles(source):
        _add_title(graph, title, line_no, "title")
    return graph


def _parse_body(source: str) -> MermaidGraph:
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


_FRONT_TITLE = re.compile(r"^\s*title\s*:\s*(?P<text>.+?)\s*$", re.IGNORECASE)


def _front_matter_titles(source: str) -> list[tuple[int, str]]:
    """The ``title:`` of a YAML front matter (``---`` … ``---``): mermaid draws it over the diagram."""
    raw = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    i = 0
    while i < len(raw) and not raw[i].strip():
        i += 1
    if i >= len(raw) or raw[i].strip() != "---":
        return []
    out = []
    for n in range(i + 1, len(raw)):
        if raw[n].strip() == "---":
            return out
        if (m := _FRONT_TITLE.match(raw[n])) and not raw[n].startswith((" ", "\t")):
            out.append((n + 1, m.group("text").strip("'\"")))
    return []  # never closed: mermaid draws nothing of it (nor of the diagram)


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
    ("[/", "\\]", "trapezoid"),
    ("[\\", "\\]", "parallelogram-alt"),
    ("[\\", "/]", "trapezoid-alt"),
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
_V11_LABEL = re.compile(r'\blabel\s*:\s*("[^"]*"|[^,}]+)')
_V11_SHAPE = re.compile(r"\bshape\s*:\s*([\w-]+)")


def _read_node(stmt: str, pos: int, line: int) -> tuple[MermaidNode | None, int]:
    m = _NODE_ID.match(stmt, pos)
    if not m:
        return None, pos
    node_id = m.group(0)
    pos = m.end()
    if node_id.endswith("@") and stmt.startswith("{", pos):  # the id reader takes the "@" of "A@{"
        node_id, pos = node_id[:-1], pos - 1
    if node_id and stmt.startswith("@{", pos):  # mermaid 11: A@{ shape: rounded, label: "Median 13.5 months" }
        end = stmt.find("}", pos)
        if end != -1:
            attrs = stmt[pos + 2 : end]
            label = _V11_LABEL.search(attrs)
            shape = _V11_SHAPE.search(attrs)
            return MermaidNode(node_id, clean_label(label.group(1)) if label else None,
                               shape.group(1) if shape else "rect", line), end + 1
    for opener, closer, shape in _SHAPES:
        if stmt.startswith(opener, pos):
            label, end = _read_label(stmt, pos + len(opener), closer)
            if end is None:
                continue  # "[/" opens a parallelogram or a trapezoid: try the next closer
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
    graph.mentioned.append(node.id)
    # A later bare mention keeps the label; a later label replaces it, as mermaid draws the last.
    if known is None or node.label:
        graph.nodes[node.id] = node


_SUBGRAPH = re.compile(r"^subgraph\b\s*(?P<rest>.*)$", re.IGNORECASE)
_SUBGRAPH_TITLED = re.compile(r"^(?P<id>[^\s\[]+)\s*\[(?P<title>.*)\]$")
# "title x", "accTitle: x" — but not a node or state that happens to be named "title" ("title --> B").
_TITLE_DIRECTIVE = re.compile(r"^(?P<key>title|accTitle|accDescr)\b(?!\s*[-=.<>~&])\s*:?\s*(?P<text>.*)$", re.IGNORECASE)


def _quoted_lines_joined(body: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Lines with a quote left open (a Markdown-string label ``A["`Arm I` … ``"]`` broken over
    lines) joined to the lines that close it — at most 20, so a stray quote cannot swallow a diagram."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(body):
        line_no, text = body[i]
        j = i
        while text.count('"') % 2 and j + 1 < len(body) and j - i < 20:
            j += 1
            text = f"{text} {body[j][1].strip()}"
        out.append((line_no, text if not text.count('"') % 2 else body[i][1]))
        i = j + 1 if not text.count('"') % 2 else i + 1
    return out


def _parse_flowchart(header: str, body: list[tuple[int, str]]) -> MermaidGraph:
    graph = MermaidGraph(kind="flowchart", header=header)
    inside: list[str] = []  # titles of the subgraphs open here, outermost first
    inside_ids: list[str] = []  # and their ids
    for line_no, text in _quoted_lines_joined(body):
        for stmt in _split_statements(text):
            if m := _SUBGRAPH.match(stmt):
                sub_id, title = _subgraph_title(m.group("rest"))
                _add_title(graph, title, line_no, "subgraph")
                inside.append(clean_label(title))
                inside_ids.append(sub_id)
                if sub_id:
                    graph.group_titles[sub_id] = clean_label(title)
                continue
            if t := _TITLE_DIRECTIVE.match(stmt):
                _add_title(graph, t.group("text"), line_no, t.group("key"))
                continue
            if stmt == "end":  # the keyword is lower case: "End" is a node (mermaid's own advice)
                if inside:
                    inside.pop()
                    inside_ids.pop()
                continue
            if _FLOW_DIRECTIVES.match(stmt):
                continue
            graph.mentioned.clear()
            _parse_flow_statement(stmt, line_no, graph)
            if inside:  # a node is drawn in the first subgraph that names it
                for node_id in graph.mentioned:
                    if node_id not in graph.groups:
                        graph.groups[node_id] = tuple(t for t in inside if t)
                        graph.group_ids[node_id] = tuple(i for i in inside_ids if i)
    graph.mentioned.clear()
    return graph


def _subgraph_title(rest: str) -> tuple[str, str]:
    """(id, title) of ``subgraph ID [Title]``, ``subgraph "Title"`` or ``subgraph Title`` (mermaid
    draws the title; an id alone is its own title)."""
    rest = rest.strip()
    if m := _SUBGRAPH_TITLED.match(rest):
        return m.group("id"), m.group("title")
    return ("" if rest.startswith('"') else rest), rest


def _add_title(graph: MermaidGraph, text: str, line_no: int, ref: str) -> None:
    label = clean_label(text)
    if label:
        graph.titles.append(MermaidLabel("title", label, line_no, ref))


def _parse_flow_statement(stmt: str, line_no: int, graph: MermaidGraph) -> None:
    # Statements run together on one line (an HTML <br> turned into a space) are read one after
    # another in a loop, not by recursion: a thousand of them on one line is an ordinary diagram.
    while stmt:
        stmt = _parse_one_flow_statement(stmt, line_no, graph)


def _parse_one_flow_statement(stmt: str, line_no: int, graph: MermaidGraph) -> str:
    """Read one statement; return the statement run together after it ("" when none)."""
    left, pos = _read_group(stmt, 0, line_no, graph)
    if not left:
        _unreadable(graph, stmt, line_no)
        return ""
    while pos < len(stmt):
        link = _LINK.match(stmt, pos)
        if not link or link.end() == pos:
            rest = stmt[pos:].strip()
            if stmt[pos : pos + 1].isspace() and _NODE_ID.match(rest):
                return rest
            _unreadable(graph, stmt[pos:], line_no)
            return ""
        label_raw = link.group("pipe") if link.group("pipe") is not None else link.group("text")
        label = clean_label(label_raw) if label_raw else None
        right, new_pos = _read_group(stmt, link.end(), line_no, graph)
        if not right:
            _unreadable(graph, stmt, line_no, "edge without a target in")
            return ""
        for a in left:
            for b in right:
                graph.edges.append(MermaidEdge(a, b, label or None, line_no))
        left, pos = right, new_pos
    return ""


def _unreadable(graph: MermaidGraph, stmt: str, line_no: int, why: str = "cannot read") -> None:
    """A statement the parser cannot read is still drawn (a shape this parser does not know, a
    label broken over lines): noted as a problem and kept as a label of its raw text, so a number
    in it is checked like any label's rather than published unread."""
    graph.problems.append(f"line {line_no}: {why} {stmt!r}")
    text = clean_label(stmt)
    if text:
        graph.unread.append(MermaidLabel("other", text, line_no, stmt))


_SEQ_PARTICIPANT = re.compile(r"^(?:create\s+)?(?:participant|actor)\s+(?P<id>[^\s]+?)(?:\s+as\s+(?P<label>.+))?$", re.IGNORECASE)
# lines that draw no text: numbering, activation bars, a destroyed participant, link menus, styling
_SEQ_SILENT = re.compile(r"^(?:autonumber\b|(?:de)?activate\s|destroy\s|links?\s|properties\s|details\s|classDef\s|class\s|style\s)", re.IGNORECASE)
_SEQ_MESSAGE = re.compile(
    r"^(?P<src>[^\s:+-][^:]*?)\s*(?P<arrow><<-{1,2}>>|-{1,2}>>|-{1,2}>|-{1,2}[x)])\s*[+-]?(?P<dst>[^:]+?)\s*:\s*(?P<text>.*)$"
)
_SEQ_NOTE = re.compile(r"^note\s+(?:left of|right of|over)\s+(?P<who>[^:]+):\s*(?P<text>.*)$", re.IGNORECASE)
_SEQ_BRANCH = re.compile(r"^(?:alt|opt|par|critical|break)\b", re.IGNORECASE)
# Block openers and their sections, each followed by the text mermaid draws on the block.
_SEQ_BLOCK = re.compile(r"^(?P<key>alt|else|opt|par|and|critical|option|break|loop)\b\s*(?P<text>.*)$", re.IGNORECASE)


_SEQ_BOX = re.compile(r"^(?P<key>box|rect)\b\s*(?P<text>.*)$", re.IGNORECASE)
# a colour before a box's title ("box rgb(33,66,99) Arm I") is no part of it; a colour name
# ("box Aqua Arm I") stays — "Arm" could be a title's first word, and a stray word is only noise
_BOX_COLOUR = re.compile(r"^(?:(?:rgba?|hsla?)\([^)]*\)|transparent\b|#[0-9a-f]{3,8}\b)\s*", re.IGNORECASE)


def _parse_sequence(header: str, body: list[tuple[int, str]]) -> MermaidGraph:
    graph = MermaidGraph(kind="sequence", header=header)
    # the blocks open here, outermost first: ("alt", "Arm I"); else/and/option retitle the innermost
    blocks: list[tuple[str, str]] = []

    def around() -> tuple[str, ...]:
        return tuple(title for _, title in blocks if title)

    for line_no, text in body:
        stmt = text.strip()
        if m := _SEQ_PARTICIPANT.match(stmt):
            label = clean_label(m.group("label")) if m.group("label") else None
            _add_node(graph, MermaidNode(m.group("id"), label, "participant", line_no))
            boxes = tuple(title for key, title in blocks if key == "box" and title)
            if boxes:
                graph.groups.setdefault(m.group("id"), boxes)
        elif m := _SEQ_MESSAGE.match(stmt):
            src, dst = m.group("src").strip(), m.group("dst").strip()
            for pid in (src, dst):
                _add_node(graph, MermaidNode(pid, None, "participant", line_no))
            graph.edges.append(MermaidEdge(src, dst, clean_label(m.group("text")) or None, line_no, around()))
        elif m := _SEQ_NOTE.match(stmt):
            graph.notes.append(MermaidLabel("note", clean_label(m.group("text")), line_no, m.group("who").strip(), around()))
        elif b := _SEQ_BLOCK.match(stmt):
            key = b.group("key").lower()
            graph.has_branch_block = graph.has_branch_block or bool(_SEQ_BRANCH.match(stmt))
            _add_title(graph, b.group("text"), line_no, key)
            title = clean_label(b.group("text"))
            if key in ("else", "and", "option"):
                if blocks:
                    blocks[-1] = (blocks[-1][0], title)
            else:
                blocks.append((key, title))
        elif b := _SEQ_BOX.match(stmt):
            key = b.group("key").lower()
            title = clean_label(_BOX_COLOUR.sub("", b.group("text"), count=1)) if key == "box" else ""
            if title:
                _add_title(graph, title, line_no, key)
            blocks.append((key, title))
        elif stmt.lower() == "end":
            if blocks:
                blocks.pop()
        elif t := _TITLE_DIRECTIVE.match(stmt):
            _add_title(graph, t.group("text"), line_no, t.group("key"))
        elif stmt and not _SEQ_SILENT.match(stmt):
            _unreadable(graph, stmt, line_no)  # drawn somehow: a number in it is checked, never skipped
    return graph


_STATE_EDGE = re.compile(r"^(?P<src>\[\*\]|[^\s:\[\]-]+)\s*-->\s*(?P<dst>\[\*\]|[^\s:\[\]-]+)\s*(?::\s*(?P<text>.*))?$")
_STATE_DECL = re.compile(r'^state\s+"(?P<label>[^"]*)"\s+as\s+(?P<id>\S+)', re.IGNORECASE)
_STATE_CHOICE = re.compile(r"^state\s+(?P<id>\S+)\s+<<(?P<kind>choice|fork|join)>>", re.IGNORECASE)
_STATE_DESC = re.compile(r"^(?P<id>[^\s:\[\]]+)\s*:\s*(?P<text>.+)$")


_STATE_NOTE = re.compile(r"^note\s+(?:left|right)\s+of\s+(?P<who>[^:]+?)\s*(?::\s*(?P<text>.*))?$", re.IGNORECASE)


_STATE_COMPOSITE = re.compile(r'^state\s+(?:"(?P<label>[^"]*)"\s+as\s+)?(?P<id>[^\s{"]+)\s*\{\s*$', re.IGNORECASE)


def _parse_state(header: str, body: list[tuple[int, str]]) -> MermaidGraph:
    graph = MermaidGraph(kind="state", header=header)
    open_note: tuple[int, str, list[str]] | None = None  # a multi-line note being read
    inside: list[str] = []  # titles of the composite states open here, outermost first
    for line_no, text in body:
        stmt = text.strip()
        if open_note is not None:
            if stmt.lower() == "end note":
                start, who, parts = open_note
                graph.notes.append(MermaidLabel("note", clean_label(" ".join(parts)), start, who, tuple(inside)))
                open_note = None
            else:
                open_note[2].append(stmt)
            continue
        if n := _STATE_NOTE.match(stmt):
            if n.group("text") is not None:
                graph.notes.append(MermaidLabel("note", clean_label(n.group("text")), line_no, n.group("who"), tuple(inside)))
            else:
                open_note = (line_no, n.group("who"), [])
            continue
        graph.mentioned.clear()
        _state_statement(graph, stmt, line_no, inside)
        if inside:  # a state is drawn in the first composite that names it
            for node_id in graph.mentioned:
                graph.groups.setdefault(node_id, tuple(inside))
    graph.mentioned.clear()
    if open_note is not None:
        start, who, parts = open_note
        graph.notes.append(MermaidLabel("note", clean_label(" ".join(parts)), start, who, tuple(inside)))
        graph.problems.append(f"line {start}: note without 'end note'")
    return graph


def _state_statement(graph: MermaidGraph, stmt: str, line_no: int, inside: list[str]) -> None:
    if t := _TITLE_DIRECTIVE.match(stmt):
        _add_title(graph, t.group("text"), line_no, t.group("key"))
    elif m := _STATE_COMPOSITE.match(stmt):  # state "Arm I" as A1 {  …  }
        label = clean_label(m.group("label")) if m.group("label") else None
        _add_node(graph, MermaidNode(m.group("id"), label, "state", line_no))
        known = graph.nodes[m.group("id")]
        inside.append(known.label or known.id)
    elif stmt == "}":
        if inside:
            inside.pop()
    elif stmt == "{" or stmt.lower().startswith(("direction", "classdef", "class ")):
        return
    elif m := _STATE_CHOICE.match(stmt):
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
        _add_node(graph, MermaidNode(sid, clean_label(m.group("text")), shape, line_no))
    elif stmt.lower().startswith("state "):
        return
    else:
        _unreadable(graph, stmt, line_no)


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


_LAYOUT = re.compile(r"^(?:columns\s+(?:\d+|auto)|space(?::\d+)?)\s*$")
_JOURNEY_TASK = re.compile(r"^(?P<task>[^:]+):\s*[1-5]\s*(?::\s*(?P<who>.*))?$")
_PIE_SLICE = re.compile(r'^\s*"(?P<label>[^"]*)"\s*:\s*(?P<value>[-+]?\d[\d.,]*)\s*$')


_XY_AXIS = re.compile(r"^(?P<axis>[xy])-axis\b\s*(?P<rest>.*)$", re.IGNORECASE)
_XY_SERIES = re.compile(r"^(?:bar|line)\b[^\[]*\[(?P<values>[^\]]*)\]\s*$", re.IGNORECASE)
_AXIS_TITLE = re.compile(r'^\s*(?:"(?P<quoted>[^"]*)"|(?P<bare>[^\[\d"+-][^\[\d"]*?))?\s*(?:\[(?P<cats>[^\]]*)\]|[-+]?\d.*)?$')


_IN_UNIT = re.compile(r"\b(?:in|as|\(in)\s+(?P<unit>[^\s()]+)\s*\)?\s*$", re.IGNORECASE)


def _title_unit(title: str) -> str:
    """The unit a chart title names at its end: "… (months)" or "… in months"."""
    title = clean_label(re.sub(r"^\s*(?:pie\s+)?(?:title\s+)?", "", title, flags=re.IGNORECASE))
    if not title or "%" in title:
        return ""
    m = _IN_UNIT.search(title)
    return _axis_unit(m.group("unit")) if m else (_axis_unit(title) if title.rstrip().endswith(")") else "")


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
    # the axes first: mermaid reads "x-axis" written after the bars too
    for _, text in body:
        if (m := _XY_AXIS.match(text.strip())) and (t := _AXIS_TITLE.match(m.group("rest"))) is not None:
            if m.group("axis").lower() == "x" and t.group("cats") is not None:
                categories = [clean_label(c) for c in _csv_items(t.group("cats"))]
            elif m.group("axis").lower() == "y":
                unit = _axis_unit(clean_label(t.group("quoted") or t.group("bare") or ""))
    out: list[MermaidLabel] = []
    for line_no, text in body:
        stmt = text.strip()
        if _XY_AXIS.match(stmt):
            continue
        if m := _XY_SERIES.match(stmt):
            values = [v.strip() for v in m.group("values").split(",") if v.strip()]
            # by position, as mermaid draws them: a value past the last category has none
            names = categories[: len(values)] + [""] * (len(values) - len(categories))
            out += [MermaidLabel("chart", f"{name}: {v}{unit}" if name else f"{v}{unit}", line_no, stmt)
                    for name, v in zip(names, values)]
        else:
            out.append(MermaidLabel("chart", clean_label(stmt), line_no, stmt))
    return out


def _csv_items(text: str) -> list[str]:
    """Comma-separated items, a quoted item keeping its commas ("Arm I, 200 mg")."""
    return [a or b.strip() for a, b in re.findall(r'\s*(?:"([^"]*)"|([^,]+))\s*(?:,|$)', text) if (a or b.strip())]


def _chart_labels(header: str, body: list[tuple[int, str]]) -> list[MermaidLabel]:
    """Chart lines as labels. A pie slice whose label or title says '%' states a percentage
    ("Weekly %" : 40 reads as "Weekly: 40%"), so it is checked as one."""
    if header.lower().startswith("xychart"):
        return _xy_labels(body)
    out: list[MermaidLabel] = []
    percent_title = "%" in header or any(t.strip().lower().startswith("title") and "%" in t for _, t in body)
    # "pie title Median TTP in months" or "… (months)": the slices' unit, as an axis title gives bars theirs
    titled = [header, *(t for _, t in body if t.strip().lower().startswith("title"))]
    slice_unit = next((u for t in titled if (u := _title_unit(t))), "")
    journey = header.lower().startswith("journey")
    timeline, period = header.lower().startswith("timeline"), ""
    section: tuple[str, ...] = ()  # a timeline's or gantt's "section Arm I": what the lines under it are about
    for line_no, text in body:
        stmt = text.strip()
        low = stmt.lower()
        if low.startswith(("showdata", "dateformat", "axisformat", "tickinterval", "excludes", "includes", "todaymarker")):
            continue
        if _LAYOUT.match(low):  # "columns 2" lays a block diagram out; it states nothing
            continue
        if journey and (m := _JOURNEY_TASK.match(stmt)):
            # "Register: 3: Patient": the 3 is a satisfaction face drawn beside the task, not a figure
            stmt = f"{m.group('task').strip()}: {m.group('who').strip()}" if m.group("who") else m.group("task").strip()
        if m := _PIE_SLICE.match(stmt):
            label = clean_label(m.group("label"))
            percent = "%" in label or percent_title
            label = _PERCENT_MARK.sub("", label).strip()
            out.append(MermaidLabel("chart", f"{label}: {m.group('value')}{'%' if percent else slice_unit}", line_no, stmt))
        elif low.startswith("section ") or low == "section":
            out.append(MermaidLabel("chart", clean_label(stmt), line_no, stmt))
            section = (clean_label(stmt[len("section"):]),) if stmt[len("section"):].strip() else ()
        elif timeline and stmt.startswith(":") and period:
            # ": Median 15.0 months" under "Arm I : …" is another event of Arm I's period
            out.append(MermaidLabel("chart", clean_label(stmt[1:]), line_no, stmt, (*section, period)))
        else:
            out.append(MermaidLabel("chart", clean_label(stmt), line_no, stmt, section))
            if timeline and ":" in stmt:
                period = clean_label(stmt.split(":", 1)[0])
    return out
