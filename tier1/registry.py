"""The single registry of Tier 1 rules: one line per rule, ordered by id.

A rule's id is stable and never reused (a retired id stays out of use for good). The
pipeline, the docs and the example tests all read this list.
"""

from __future__ import annotations

from importlib import import_module

from tier1.rule import Rule, RuleDoc

# (id, module, class) — imported lazily so one broken rule module is reported as a
# crash of that rule, not as an import error of the whole tool.
RULE_TABLE: tuple[tuple[str, str, str], ...] = (
    ("CP100", "tier1.anchor_syntax", "AnchorSyntax"),
    ("CP101", "tier1.citations", "Citations"),
    ("CP102", "tier1.anchor_resolution", "AnchorResolution"),
    ("CP103", "tier1.strict_locator", "StrictLocator"),
    ("CP104", "tier1.numeric_support", "NumericSupport"),
    ("CP105", "tier1.claim_support", "ClaimSupport"),
    ("CP201", "tier1.source_inventory", "SourceInventory"),
    ("CP202", "tier1.deferred_work", "DeferredWork"),
    ("CP203", "tier1.shallow_mermaid", "ShallowMermaid"),
    ("CP204", "tier1.repeated_digest", "RepeatedDigestMatrix"),
    ("CP205", "tier1.template_padding", "TemplatePadding"),
    ("CP206", "tier1.mermaid_numbers", "MermaidNumbers"),
    ("CP207", "tier1.channel_utilisation", "ChannelUtilisation"),
    ("CP208", "tier1.model_dominance", "ModelDominance"),
    ("CP209", "tier1.heading_numbers", "HeadingNumbers"),
    ("CP301", "tier1.drug_mentions", "DrugMentions"),
    ("CP302", "tier1.url_citations", "UrlCitations"),
)


def load_rules() -> list[Rule]:
    rules: list[Rule] = []
    for rule_id, module, cls in RULE_TABLE:
        try:
            rule = getattr(import_module(module), cls)()
        except Exception as exc:  # a broken rule module blocks as that rule's crash, the run goes on
            rule = _unloadable(rule_id, module, exc)
        if rule.id != rule_id:
            raise RuntimeError(f"registry says {rule_id} for {module}.{cls}, the class says {rule.id}")
        rules.append(rule)
    return rules


def _unloadable(rule_id: str, module: str, exc: Exception) -> Rule:
    """Stand-in for a rule whose module failed to import: one blocking ``rule_crashed`` per run."""

    class Unloadable(Rule):
        id = rule_id
        name = module.rsplit(".", 1)[-1].replace("_", "-")
        severity = "critical"
        scope = "report"
        doc = RuleDoc(
            what=f"Stands in for {module}, which failed to import.",
            why="A rule that cannot run must not read as a rule that passed.",
            fails="Always: the module raised on import.",
            passes="Never.",
            not_applicable="Never.",
        )

        def check_report(self, ctx):
            raise RuntimeError(f"cannot import {module}: {type(exc).__name__}: {exc}")

    return Unloadable()


def rule_by_id(rule_id: str) -> Rule:
    for rule in load_rules():
        if rule.id == rule_id:
            return rule
    raise KeyError(rule_id)
