"""CP205 template-padding: 场景1/场景2/…, Block 1/Block 2/… with the same body."""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import ClassVar

from citeproof.model import Location, RuleOutcome
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample
from tier1.substance_text import BodyUnit, body_units, phrases

# Numbering after a label: digits, Chinese numerals, one capital letter or a Roman numeral
# (capitals only, so "section a lot" or "scenarios" are not numbered).
_NUMBERING = r"(?:\d+|[一二三四五六七八九十百零〇]+|(?-i:[A-Z]|[IVX]+)(?![A-Za-z]))"
_LEAD = re.compile(r"^[\s#>*_`|\-]*(?:\d+[.)、]\s*)?[*_`]*")


@lru_cache(maxsize=1)
def _label_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    words = sorted(phrases().template_labels, key=len, reverse=True)
    latin = [re.escape(w) for w in words if w.isascii()]
    cjk = [re.escape(w) for w in words if not w.isascii()]
    alt = "|".join([rf"\b(?:{'|'.join(latin)})\s*" if latin else "", *(f"(?:{c})\\s*" for c in cjk)]).strip("|")
    # Bracketed numbering (场景（一）, Block [2]) is numbering too.
    label = rf"(?P<label>{alt})(?:[（(\[]\s*)?(?P<num>{_NUMBERING})(?:\s*[）)\]])?"
    return re.compile(label, re.IGNORECASE), re.compile(r"^" + label, re.IGNORECASE)


def normalise_numbering(text: str) -> str:
    """Replace the number/letter after every template label with '#', so '场景2' reads as '场景#'."""
    anywhere, _ = _label_patterns()
    return anywhere.sub(lambda m: m.group("label").strip().lower() + "#", text)


def _canonical(text: str) -> str:
    text = normalise_numbering(text).lower()
    return re.sub(r"[\W_]+", "", text)


def _numbers(text: str) -> tuple[str, ...]:
    """The figures a body states once its template numbering is normalised (12,000 reads as 12000)."""
    return tuple(n.replace(",", "") for n in re.findall(r"\d+(?:[.,]\d+)*", normalise_numbering(text)))


@dataclass
class TemplatedBlock:
    label: str
    number: str
    location: Location
    body: str  # canonical body, numbering normalised
    numbers: tuple[str, ...] = ()  # the figures in the body, in order


def templated_blocks(units: list[BodyUnit]) -> list[TemplatedBlock]:
    """Blocks that open with a template label: headings take the text under them as body."""
    _, at_start = _label_patterns()
    found: list[TemplatedBlock] = []
    open_heading: tuple[TemplatedBlock, list[str]] | None = None

    def close() -> None:
        nonlocal open_heading
        if open_heading:
            block, parts = open_heading
            block.body = _canonical(" ".join(parts))
            block.numbers = _numbers(" ".join(parts))
            found.append(block)
            open_heading = None

    for u in units:
        text = u.text.strip()
        lead = _LEAD.match(text).group(0)
        m = at_start.match(text, len(lead))
        if u.heading:
            close()
            if m:
                open_heading = (TemplatedBlock(m.group("label").strip().lower(), m.group("num"), u.location, ""), [text[m.end():]])
            continue
        if open_heading:
            open_heading[1].append(text)
            continue
        if m:
            body = text[m.end():]
            found.append(TemplatedBlock(m.group("label").strip().lower(), m.group("num"), u.location, _canonical(body), _numbers(body)))
    close()
    return found


# SequenceMatcher is quadratic in text length; past this, only equal bodies count as repeats.
_MAX_FUZZY_CHARS = 4000


def _alike(a: str, b: str, similarity: float) -> bool:
    if not a or not b or max(len(a), len(b)) > _MAX_FUZZY_CHARS:
        return False
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    return matcher.real_quick_ratio() >= similarity and matcher.quick_ratio() >= similarity and matcher.ratio() >= similarity


def repeated_groups(blocks: list[TemplatedBlock], similarity: float) -> list[list[TemplatedBlock]]:
    """Clusters of blocks whose canonical bodies are equal or at least ``similarity`` alike.

    Bodies that state different figures are not repeats, however alike their wording: a sensitivity analysis
    (Scenario 1/2/3: price 12000/15000/18000 USD, uptake 10/15/20%) varies exactly the numbers.
    """
    clusters: list[list[TemplatedBlock]] = []
    for b in blocks:
        for cluster in clusters:
            head = cluster[0].body
            if b.numbers != cluster[0].numbers:
                continue
            if b.body == head or _alike(b.body, head, similarity):
                cluster.append(b)
                break
        else:
            clusters.append([b])
    return clusters


class TemplatePadding(Rule):
    id = "CP205"
    name = "template-padding"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Finds numbered template blocks — a heading, paragraph, list item or table row opening with a label "
            "from the data list (场景, 方案, 模块, Block, Scenario, Case, Option, …) and a number, Chinese numeral "
            "or letter — groups them by label, normalises the numbering everywhere in the body (场景2 → 场景#, "
            "Scenario B → scenario#), drops case and punctuation, and clusters bodies that are equal or at least "
            "`substance.template_body_similarity` alike; bodies that state different figures (a sensitivity "
            "analysis varying price or uptake per scenario) are never repeats. A heading's body is the text under it."
        ),
        why=(
            "Copy-pasted blocks that differ only in their number make a report look long without adding anything "
            "(seed 001: 'normalize the numbering before repetition checks')."
        ),
        fails="Some cluster has more than `substance.repeated_block_limit` (default 2) blocks.",
        passes="Every label group has varied bodies.",
        not_applicable="Fewer than two blocks share a template label.",
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="block-padding-en",
            expect="fail",
            reason="template_padding",
            report=(
                "# Plan\n\n"
                "- Block 1: Review the evidence for this block and summarise block 1.\n"
                "- Block 2: Review the evidence for this block and summarise block 2.\n"
                "- Block 3: Review the evidence for this block and summarise block 3.\n"
            ),
        ),
        RuleExample(
            name="scenario-padding-zh",
            expect="fail",
            reason="template_padding",
            lang="zh",
            report=(
                "# 场景分析\n\n### 场景一\n\n该场景下需结合证据进行综合判断。\n\n"
                "### 场景二\n\n该场景下需结合证据进行综合判断。\n\n"
                "### 场景三\n\n该场景下需结合证据进行综合判断。\n"
            ),
        ),
        RuleExample(
            name="distinct-scenarios-en",
            expect="pass",
            report=(
                "# Scenarios\n\n"
                "- Scenario A: adults with moderate disease start weekly dosing.\n"
                "- Scenario B: adults who relapse switch to the monthly schedule.\n"
                "- Scenario C: children are excluded because no paediatric data exist.\n"
            ),
        ),
        RuleExample(
            name="distinct-scenarios-zh",
            expect="pass",
            lang="zh",
            report=(
                "# 场景分析\n\n### 场景1\n\n中度成人患者采用每周给药。\n\n"
                "### 场景2\n\n复发患者改为每月给药。\n\n### 场景3\n\n儿童缺乏数据，不纳入本方案。\n"
            ),
        ),
        RuleExample(
            name="no-template-en",
            expect="na",
            report="# Findings\n\nThe trial compared two dosing schedules in adults.\n",
        ),
        RuleExample(
            name="no-template-zh",
            expect="na",
            lang="zh",
            report="# 结论\n\n该试验比较了两种给药方案。\n",
        ),
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        units = body_units(ctx)
        blocks = templated_blocks(units)
        by_label: dict[str, list[TemplatedBlock]] = {}
        for b in blocks:
            by_label.setdefault(b.label, []).append(b)
        s = ctx.settings.substance
        outcomes: list[RuleOutcome] = []
        for label, group in by_label.items():
            if len(group) < 2:
                continue
            worst = max(repeated_groups(group, s.template_body_similarity), key=len)
            if len(worst) <= s.repeated_block_limit:
                outcomes.append(self.ok())
                continue
            numbers = "/".join(f"{label}{b.number}" for b in worst[:6])
            outcomes.append(
                self.fail(
                    self.finding(
                        "template_padding",
                        f"{len(worst)} '{label}' blocks ({numbers}) from {worst[0].location.describe()} have the same "
                        f"body once their numbering is normalised (limit {s.repeated_block_limit}): write what "
                        "differs between them or merge them.",
                        location=worst[0].location,
                    )
                )
            )
        return outcomes or [self.na()]
