"""Generate ``docs/rules.md`` from the rule registry: one section per rule, its doc and examples.

    python -m citeproof.rule_docs          # rewrite docs/rules.md
    python -m citeproof.rule_docs --check  # exit 1 when it drifts from the registry

The page is generated so it can never disagree with the code; the examples shown are the
same ones ``tests/tier1/test_rule_examples.py`` runs through the pipeline.
"""

from __future__ import annotations

import html

import sys
from pathlib import Path

DOC_PATH = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
REGENERATE = "python -m citeproof.rule_docs"


def render() -> str:
    from tier1.registry import load_rules

    rules = load_rules()
    out = [
        "# Tier 1 rules",
        "",
        f"Generated from `tier1/registry.py` by `{REGENERATE}`; do not edit by hand.",
        "Every rule reports, per unit it judges, *applicable*, *passed* and *blocks*; a rule that",
        "applied to nothing is `n/a` in the totals, never a pass.",
        "",
        "| id | name | severity | scope |",
        "|---|---|---|---|",
    ]
    out += [f"| [{r.id}](#{r.id.lower()}-{r.name}) | {r.name} | {r.severity} | {r.scope} |" for r in rules]
    for r in rules:
        d = r.doc
        out += [
            "",
            f"## {r.id} {r.name}",
            "",
            f"Severity **{r.severity}** ({'blocks publication' if r.blocking else 'never blocks'}), scope {r.scope}.",
            "",
            f"**What it checks.** {d.what}",
            "",
            f"**Why it matters.** {d.why}",
            "",
            f"**Fails when.** {d.fails}",
            "",
            f"**Passes when.** {d.passes}",
            "",
            f"**Not applicable when.** {d.not_applicable}",
        ]
        for ex in r.examples:
            why = f" (<code>{html.escape(ex.reason)}</code>)" if ex.reason else ""
            out += ["", f"<details><summary>example <code>{ex.name}</code> ({ex.lang}) — expect <b>{ex.expect}</b>{why}</summary>", ""]
            fence = "````" if "```" in ex.report else "```"
            out += [fence + ("html" if ex.format == "html" else "markdown"), ex.report.rstrip("\n"), fence]
            for path, text in sorted(ex.sources.items()):
                out += ["", f"`sources/{path}`", "", "```", text.rstrip("\n")[:1200], "```"]
            if ex.options:
                out += ["", f"options: `{ex.options}`"]
            out += ["", "</details>"]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if not DOC_PATH.exists() or DOC_PATH.read_text(encoding="utf-8") != text:
            print(f"docs/rules.md drifted from the registry; regenerate with: {REGENERATE}")
            return 1
        return 0
    DOC_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {DOC_PATH.relative_to(DOC_PATH.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
