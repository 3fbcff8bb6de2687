"""Mutation check for CP201-CP208 (not collected by pytest).

    python tests/tier1/substance/mutation_check.py [NAME-FILTER ...]

Same engine as ``tests/values/mutation_check.py``: each mutation is applied in a throwaway
worktree of HEAD and tests/tier1/substance and tests/tier1/channels run against it, so the
working tree is never touched (a commit made while it runs takes no mutant).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.values.mutation_check import Mutation, main  # noqa: E402

TESTS = ("tests/tier1/substance", "tests/tier1/channels")

M = [
 ("CP207 appendix counts as use", "tier1/channel_utilisation.py", "            if claim.in_source_list:\n                listing += 1\n                continue\n", ""),
 ("CP207 unresolved counts as use", "tier1/channel_utilisation.py", "resolutions[i].window is None:", "False:"),
 ("CP207 empty reason honoured", "tier1/channel_utilisation.py", "            if reason:\n                outcomes.append(", "            if channel in exclusions:\n                outcomes.append("),
 ("CP207 only nct kind", "tier1/channel_utilisation.py", "if (anchor.channel or ctx.settings.channel_for(anchor.kind)) != channel:", "if anchor.kind != 'nct' and anchor.kind != 'pubtator':"),
 ("CP207 no-files is fail not n/a", "tier1/channel_utilisation.py", "            if not files:\n                outcomes.append(self.na())\n                continue\n", ""),
 ("CP203 data attribute ignored", "citeproof/mermaid.py", "    if block.source.strip():\n        return block.source\n", "    return block.source\n"),
 ("CP203 no branching check", "tier1/shallow_mermaid.py", "and not graph.branches:", "and False:"),
 ("CP203 no label check", "tier1/shallow_mermaid.py", "if share < s.min_mermaid_label_share:", "if False:"),
 ("CP203 ids never count as labels", "tier1/shallow_mermaid.py", "text = strip_anchors(label or node_id).strip()", "text = strip_anchors(label or '').strip()"),
 ("CP203 <br>-joined statements dropped", "citeproof/mermaid.py", "            if stmt[pos : pos + 1].isspace() and _NODE_ID.match(rest):", "            if False:"),
 ("CP205 numbering not normalised", "tier1/template_padding.py", 'return anywhere.sub(lambda m: m.group("label").strip().lower() + "#", text)', "return text"),
 ("CP205 digits only", "tier1/template_padding.py", '_NUMBERING = r"(?:\\d+|', '_NUMBERING = r"(?:\\d+|(?!)'),
 ("CP205 exact equality only", "tier1/template_padding.py", "if b.body == head or _alike(b.body, head, similarity):", "if b.body == head:"),
 ("CP201 tail references counted", "tier1/source_inventory.py", "tail_is_reference_list = bool(tail) and", "tail_is_reference_list = False and"),
 ("CP201 phrase only (no id/path rows)", "tier1/source_inventory.py", "    if anchors + ids == 0:\n        return None\n", "    return None\n"),
 ("CP201 repeated appendix notes ignored", "tier1/source_inventory.py", "repeated_notes = len(notes) > 1", "repeated_notes = False"),
 ("CP202 待后续 guard dropped", "citeproof/data/substance_phrases.json", "待\\\\s*后续(?!", "待\\\\s*后续(?="),
 ('CP202 any later worker defers', 'citeproof/data/substance_phrases.json', 'worker (?:will|should|must|can|may|is to|needs? to|to)\\\\b', 'worker'),
 ("CP202 'completed later in 2025' defers", 'citeproof/data/substance_phrases.json', 'later\\\\b(?! (?:in|this|that|next|during|than|on)\\\\b)', 'later\\\\b'),
 ('CP202 待后续公布 defers', 'citeproof/data/substance_phrases.json', '|公布|发布|披露|发表|读出|更新))', '))'),
 ("CP202 skip source-list units", "tier1/deferred_work.py", "        for u in units:\n            phrase", "        for u in [u for u in units if not u.in_source_list]:\n            phrase"),
 ("CP204 passing mentions counted", "tier1/repeated_digest.py", "m.start() - len(_LEAD.match(u.text).group(0)) <= _TITLE_WINDOW or", "True or"),
 ('CP206 no anchor passes', 'tier1/citation_in_reach.py', '        if claim.anchors:\n            return self.ok(claim.id)\n', '        if True:\n            return self.ok(claim.id)\n'),
 ('CP206 preceding anchor only', 'citeproof/mermaid.py', '    fallback = declared or (', '    fallback = ('),
 ("CP206 label's own anchor ignored", 'citeproof/mermaid.py', 'for a in own}.values()) if own else list(fallback)', 'for a in own}.values()) if False else list(fallback)'),
 ("CP206 other labels' anchors are the diagram's", 'citeproof/mermaid.py', '    declared = [a for raw, a in first.items() if raw not in in_labels] or list(first.values())', '    declared = list(first.values())'),
 ('CP206 node read without what leads in', 'citeproof/mermaid.py', '            context = names([*diagram_titles, *into_groups, *graph.groups.get(label.ref, ()), *leads.get(label.ref, ())])', '            context = names([*diagram_titles, *into_groups, *graph.groups.get(label.ref, ())])'),
 ('CP206 unlabelled edge brings nothing', 'citeproof/mermaid.py', '        came_from = (source.label if source is not None else "") or ""', '        came_from = ""'),
 ('CP206 subgraph membership forgotten', 'citeproof/mermaid.py', '                        graph.groups[node_id] = tuple(t for t in inside if t)\n', '                        pass\n'),
 ('CP206 subgraph never closes', 'citeproof/mermaid.py', '                if inside:\n                    inside.pop()\n                    inside_ids.pop()\n                continue', '                continue'),
 ("CP206 'End' closes a subgraph", 'citeproof/mermaid.py', '            if stmt == "end":  # the keyword', '            if stmt.lower() == "end":  # the keyword'),
 ('CP206 edge read without the node it leaves', 'citeproof/mermaid.py', '            context = names([*diagram_titles, *label.context, *graph.groups.get(src, ()), drawn(src)])', '            context = names([*diagram_titles, *label.context])'),
 ('CP206 a subgraph id is drawn as its id', 'citeproof/mermaid.py', '                if sub_id:\n                    graph.group_titles[sub_id] = clean_label(title)\n', ''),
 ('CP206 note read alone', 'citeproof/mermaid.py', '            context = names([*diagram_titles, *label.context, *(drawn(who) for who in label.ref.split(","))])', '            context = names([*diagram_titles, *label.context])'),
 ('CP206 sequence blocks are no context', 'citeproof/mermaid.py', 'graph.edges.append(MermaidEdge(src, dst, clean_label(m.group("text")) or None, line_no, around()))', 'graph.edges.append(MermaidEdge(src, dst, clean_label(m.group("text")) or None, line_no))'),
 ('CP206 sequence boxes are no group', 'citeproof/mermaid.py', '            if boxes:\n                graph.groups.setdefault(m.group("id"), boxes)\n', ''),
 ('CP206 state composites are no group', 'citeproof/mermaid.py', '                graph.groups.setdefault(node_id, tuple(inside))', '                pass'),
 ('CP206 chart slice read alone', 'citeproof/mermaid.py', '            context = names([*chart_titles, *label.context])', '            context = names([*label.context])'),
 ('CP206 chart title line ignored', 'citeproof/mermaid.py', ' for c in graph.chart_lines if c.text.lower().startswith("title ")]', ' for c in graph.chart_lines if False]'),
 ('CP206 timeline sections are no context', 'citeproof/mermaid.py', '            out.append(MermaidLabel("chart", clean_label(stmt), line_no, stmt, section))', '            out.append(MermaidLabel("chart", clean_label(stmt), line_no, stmt))'),
 ('CP206 xychart read line by line', 'citeproof/mermaid.py', '    if header.lower().startswith("xychart"):\n        return _xy_labels(body)\n', ''),
 ('CP206 bars without categories', 'citeproof/mermaid.py', '            names = categories[: len(values)] + [""] * (len(values) - len(categories))', '            names = [""] * len(values)'),
 ('CP206 quoted categories split at commas', 'citeproof/mermaid.py', '                categories = [clean_label(c) for c in _csv_items(t.group("cats"))]', '                categories = [clean_label(c) for c in t.group("cats").split(",")]'),
 ('CP206 y-axis unit ignored', 'citeproof/mermaid.py', '                unit = _axis_unit(clean_label(t.group("quoted") or t.group("bare") or ""))', '                pass'),
 ('CP206 axis title taken whole', 'citeproof/mermaid.py', '    unit = (inner.group(1) if inner else title).strip()', '    unit = title.strip()'),
 ('CP206 first label of a redefined node kept', 'citeproof/mermaid.py', '    if known is None or node.label:\n', '    if known is None or (node.label and not known.label):\n'),
 ('CP206 front-matter title unread', 'citeproof/mermaid.py', '    for line_no, title in _front_matter_titles(source):\n        _add_title(graph, title, line_no, "title")\n', ''),
 ('CP206 quoted label over lines unread', 'citeproof/mermaid.py', '    for line_no, text in _quoted_lines_joined(body):', '    for line_no, text in body:'),
 ('CP206 unreadable statements dropped', 'citeproof/mermaid.py', '    if text:\n        graph.unread.append(MermaidLabel("other", text, line_no, stmt))\n', ''),
 ('CP206 bare numeric ids unread', 'citeproof/mermaid.py', '            elif node.shape not in ("terminal", "mindmap") and any(c.isdigit() for c in node.id):', '            elif False:'),
 ("CP206 '#L1;' read as an entity", 'citeproof/mermaid.py', '    return html.unescape(f"&{code};") if f"{code};" in html.entities.html5 else m.group(0)', '    return html.unescape(f"&{code};")'),
 ('CP206 decimal entity codes unread', 'citeproof/mermaid.py', '    if code.isdigit():\n        return chr(int(code)) if int(code) <= 0x10FFFF else m.group(0)\n', ''),
 ('CP206 v11 node labels unread', 'citeproof/mermaid.py', '    if node_id and stmt.startswith("@{", pos):', '    if False:'),
 ('CP206 unknown-kind brackets stripped', 'citeproof/parse/claims.py', '        scan = scan_anchors(text, diagram.location, settings, known_kinds_only=True, urls=False)', '        scan = scan_anchors(re.sub(r"\\[[A-Za-z]\\w*:[^\\]]*\\]", " ", text), diagram.location, settings, known_kinds_only=True, urls=False)'),
 ('CP206 diagram borrows across headings', 'citeproof/parse/claims.py', '            last_anchor = None  # a diagram borrows a citation from its own section only\n', ''),
 ('CP206 labels are not claims', 'citeproof/parse/claims.py', '            units.extend(_label_units(diagram, settings))\n', ''),
 ('CP206 CP101 also claims the label', 'tier1/citations.py', ' or claim.unit in ("mermaid_label", "heading"):', ' or claim.unit in ("heading",):'),
 ('CP206 label emphasis and icons kept', 'citeproof/mermaid.py', '    text = _ICON.sub(" ", fold_emphasis(text))', '    text = text.replace("**", "")'),
 ('CP206 context the label already names repeated', 'citeproof/mermaid.py', '                   if not any(_names_word(c, other) for other in (text, *(o for o in context if o != c)))]', '                   if True]'),
 ("CP206 context's citations dropped", 'citeproof/parse/claims.py', '        extra = [*context_cites, *diagram_wide] if text != own_text else []', '        extra = [*diagram_wide] if text != own_text else []'),
 ('CP206 a carried label passes at Tier 1', 'tier1/claim_support.py', '            if claim.unit == "mermaid_label":\n                # A diagram says', '            if False:\n                # A diagram says'),
 ('CP206 layout lines are claims', 'citeproof/mermaid.py', '        if _LAYOUT.match(low):  # "columns 2"', '        if False:  # "columns 2"'),
 ('CP206 journey scores are figures', 'citeproof/mermaid.py', '        if journey and (m := _JOURNEY_TASK.match(stmt)):', '        if False and (m := _JOURNEY_TASK.match(stmt)):'),
 ("CP206 a sequence's unknown lines dropped", 'citeproof/mermaid.py', '            _unreadable(graph, stmt, line_no)  # drawn somehow: a number in it is checked, never skipped', '            pass'),
 ('CP206 a created participant unread', 'citeproof/mermaid.py', '_SEQ_PARTICIPANT = re.compile(r"^(?:create\\s+)?(?:participant|actor)', '_SEQ_PARTICIPANT = re.compile(r"^(?:participant|actor)'),
 ("CP206 a timeline's continued event loses its period", 'citeproof/mermaid.py', '        elif timeline and stmt.startswith(":") and period:', '        elif False:'),
 ("CP206 the diagram's title is no context", 'citeproof/mermaid.py', '    diagram_titles = [t.text for t in graph.titles if t.ref == "title"] if graph.kind != "chart" else []', '    diagram_titles = []'),
 ("CP206 a pie title's unit ignored", 'citeproof/mermaid.py', '    slice_unit = next((u for t in titled if (u := _title_unit(t))), "")', '    slice_unit = ""'),
 ('CP206 an edge into a subgraph leads to nothing inside', 'citeproof/mermaid.py', '            into_groups = [lead for gid in graph.group_ids.get(label.ref, ()) for lead in leads.get(gid, ())]', '            into_groups = []'),
 ('CP206 context with no citation of its own cites nothing', 'citeproof/parse/claims.py', '        extra = [*context_cites, *diagram_wide] if text != own_text else []', '        extra = [*context_cites] if text != own_text else []'),
 ('CP206 subgraph titles not read', 'citeproof/mermaid.py', '                _add_title(graph, title, line_no, "subgraph")', '                pass'),
 ('CP206 state notes not read', 'citeproof/mermaid.py', '                graph.notes.append(MermaidLabel("note", clean_label(n.group("text")), line_no, n.group("who"), tuple(inside)))', '                pass'),
 ("CP208 >= limit", "tier1/model_dominance.py", "if share <= limit or", "if share < limit or"),
 ("CP208 no minimum", "tier1/model_dominance.py", "or len(anchors) < minimum:", ":"),
 ("CP208 listing anchors counted", "tier1/model_dominance.py", "for c in ctx.report.claims if not c.in_source_list for a", "for c in ctx.report.claims for a"),
 ("CP208 evidence/models not model", "tier1/model_dominance.py", 'return anchor.kind.lower() == "evidence" and', "return False and"),
 ("CP203 no diagram counted as pass", "tier1/shallow_mermaid.py", "return outcomes or [self.na()]", "return outcomes or [self.ok()]"),
 ("CP207 no required channel counted as pass", "tier1/channel_utilisation.py", "        if not required:\n            return [self.na()]", "        if not required:\n            return [self.ok()]"),
 ("CP208 no anchors counted as pass", "tier1/model_dominance.py", "        if not anchors:\n            return [self.na()]", "        if not anchors:\n            return [self.ok()]"),
]


if __name__ == "__main__":
    only = sys.argv[1:]
    sys.exit(main(tuple(Mutation(name, path, old, new, TESTS) for name, path, old, new in M
                        if not only or any(o in name for o in only))))
