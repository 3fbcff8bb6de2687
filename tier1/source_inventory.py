"""CP201 source-inventory: a report body made of "saved in sources/" rows is not a report."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import ClassVar

from citeproof.model import RuleOutcome
from citeproof.text.prefilter import may_match
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample
from tier1.substance_text import DIAGRAM_ONLY, BodyUnit, body_units, first_match, phrases

_ANCHOR = re.compile(r"\[\s*[A-Za-z][\w-]*\s*:[^\[\]]+\]")
_URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+", re.IGNORECASE)
_PATH = re.compile(r"(?:\.{0,2}/)?(?:[\w.-]+/)+[\w.-]+\.(?:txt|md|html?|json|xml|pdf|csv)\b|\bsources?/[\w./-]*", re.IGNORECASE)
# Bare record ids beside the registry prefixes from the data file: DOIs, long digit runs
# (PMIDs), and kind:id written without brackets.
_BARE_ID = re.compile(r"\b10\.\d{4,}/\S+|\b\d{6,}\b|\b[a-z]+:[A-Za-z0-9_.-]+\b")
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+|\d+(?:[.,]\d+)*%?")
_CJK = re.compile(r"[\u3400-\u9fff]")


def inventory_reason(text: str, max_words: int) -> str | None:
    """Why this row is a source-inventory row, or None when it says something."""
    p = phrases()
    m = first_match(p.inventory, text)
    if m:
        return f"inventory phrase {m.group(0)!r}"
    rest, anchors = _ANCHOR.subn(" ", text)
    ids = 0
    for pattern in (_URL, _PATH):
        if may_match(pattern, rest):  # a text without "/", "http" or "www." holds neither
            rest, k = pattern.subn(" ", rest)
            ids += k
    if anchors + ids == 0:
        return None
    # A registry id or bare record id is not content, but on its own it does not make a row inventory:
    # "| VOYAGE 1 | NCT02207231 | 3 |" in a key-trials table names a trial. Only a path or URL does.
    for pattern in (p.record_id, _BARE_ID):
        if may_match(pattern, rest):
            rest = pattern.sub(" ", rest)
    words = [w for w in _EN_WORD.findall(rest) if w.lower() not in p.inventory_vocabulary]
    cjk_text = p.cjk_vocabulary.sub(" ", rest)
    content = len(words) + len(_CJK.findall(cjk_text)) // 2
    if ids and content <= max_words:
        return f"{ids} path/URL/id token(s) and only {content} content word(s)"
    if content == 0:
        return f"only citations ({anchors}), no statement"
    return None


def _note_titled(text: str) -> bool:
    """A heading or block that opens with an appendix-evidence-note title (附录证据说明：…)."""
    m = first_match(phrases().appendix_note_headings, text)
    return bool(m) and m.start() <= len(text) - len(text.lstrip(" #*_>-|:：、.0123456789")) + 2


def _under_note(u: BodyUnit) -> bool:
    return any(_note_heading(h) for h in u.location.section_path)


@lru_cache(maxsize=4096)
def _note_heading(heading: str) -> bool:
    # every unit of a section asks about the same headings
    return first_match(phrases().appendix_note_headings, heading) is not None


class SourceInventory(Rule):
    id = "CP201"
    name = "source-inventory"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Classifies every visible body block (headings excluded): a row is source inventory when it says a "
            "source was saved ('saved in sources/', '已保存于 sources', source index), when it holds paths or URLs "
            "with at most `substance.inventory_row_max_words` other content words (record ids do not count as "
            "content, but a registry id without a path or URL does not make a row inventory), when it holds "
            "only citations, or when it sits under a repeated 附录证据说明 / 'appendix evidence note' heading. "
            "A trailing references/appendix section (units the parser marks in_source_list) is left out when "
            "it is no longer than `substance.reference_tail_body_ratio` × the body."
        ),
        why=(
            "A report that lists what was fetched instead of analysing it passes citation syntax while saying "
            "nothing (seed 001, Report Substance Gate)."
        ),
        fails="Inventory rows are more than `substance.inventory_share` (default 0.3) of body blocks.",
        passes="Inventory rows are at most that share; a short reference list at the end does not count.",
        not_applicable="The report has no body blocks (for instance only a diagram).",
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="inventory-dump-en",
            expect="fail",
            reason="source_inventory",
            report=(
                "# Trial evidence\n\n"
                "- NCT00000001 saved in sources/clinical_trials/NCT00000001.json\n"
                "- NCT00000002 saved in sources/clinical_trials/NCT00000002.json\n"
                "- NCT00000003 saved in sources/clinical_trials/NCT00000003.json\n\n"
                "The trials were reviewed.\n"
            ),
        ),
        RuleExample(
            name="inventory-dump-zh",
            expect="fail",
            reason="source_inventory",
            lang="zh",
            report=(
                "# 证据\n\n"
                "| 编号 | 文件 |\n|---|---|\n"
                "| NCT00000001 | 已保存于 sources/clinical_trials/NCT00000001.json |\n"
                "| NCT00000002 | 已保存于 sources/clinical_trials/NCT00000002.json |\n"
                "| NCT00000003 | 已保存于 sources/clinical_trials/NCT00000003.json |\n\n"
                "本报告已完成检索。\n"
            ),
        ),
        RuleExample(
            name="analysis-with-short-references-en",
            expect="pass",
            report=(
                "# Findings\n\n"
                "The trial enrolled adults with moderate disease and compared two dosing schedules.\n\n"
                "Responses were more frequent with the weekly schedule than with the monthly one.\n\n"
                "Adverse events were mostly mild and resolved without treatment changes.\n\n"
                "## References\n\n"
                "- [nct:NCT00000001]\n"
            ),
            sources={"clinical_trials/NCT00000001.txt": "A trial record.\n"},
        ),
        RuleExample(
            name="analysis-with-short-references-zh",
            expect="pass",
            lang="zh",
            report=(
                "# 分析\n\n"
                "该试验纳入中度患者，比较了两种给药方案。\n\n"
                "每周方案的缓解比例高于每月方案。\n\n"
                "不良事件多为轻度，无需调整治疗即可缓解。\n\n"
                "## 参考文献\n\n"
                "- [nct:NCT00000001]\n"
            ),
            sources={"clinical_trials/NCT00000001.txt": "A trial record.\n"},
        ),
        *DIAGRAM_ONLY,
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        units = body_units(ctx)
        content = [u for u in units if not u.heading]
        if not content:
            return [self.na()]
        s = ctx.settings.substance

        # Repeated appendix-note sections are padding wherever they sit, the end included.
        titled = {u.index: _note_titled(u.text) for u in units}  # read again for every body block below
        notes = [u for u in units if titled[u.index] and (u.heading or not _under_note(u))]
        repeated_notes = len(notes) > 1

        last_body = max((u.index for u in content if not u.in_source_list), default=-1)
        tail = [u for u in content if u.in_source_list and u.index > last_body]
        tail_indices = {u.index for u in tail}
        body_count = len(content) - len(tail)
        tail_is_reference_list = bool(tail) and len(tail) <= s.reference_tail_body_ratio * max(body_count, 0)

        judged: list[BodyUnit] = []
        rows: list[tuple[BodyUnit, str]] = []
        for u in content:
            under_note = _under_note(u) or titled[u.index]
            if tail_is_reference_list and u.index in tail_indices and not (repeated_notes and under_note):
                continue
            judged.append(u)
            if repeated_notes and under_note:
                rows.append((u, "under a repeated appendix-evidence-note heading"))
                continue
            reason = inventory_reason(u.text, s.inventory_row_max_words)
            if reason:
                rows.append((u, reason))
        if not judged:
            return [self.na()]
        share = len(rows) / len(judged)
        if share <= s.inventory_share:
            return [self.ok()]
        shown = "; ".join(f"{u.location.describe()}: {why}" for u, why in rows[:5])
        more = f" (+{len(rows) - 5} more)" if len(rows) > 5 else ""
        return [
            self.fail(
                self.finding(
                    "source_inventory",
                    f"{len(rows)} of {len(judged)} body blocks ({share:.0%}) are source-inventory rows, above "
                    f"the {s.inventory_share:.0%} limit: {shown}{more}. Write the analysis the sources support "
                    "instead of listing them.",
                    location=rows[0][0].location,
                )
            )
        ]
