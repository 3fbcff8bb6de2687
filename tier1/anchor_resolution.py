"""CP102 anchor-resolution: every anchor's source id has a backing file, and its locator
points at something in that file.

The findings themselves come from the source store (``SourceStore.resolve``): missing
file, unknown kind, a path leaving the sources folder, a file too large, binary or not
UTF-8, a locator naming a section/page/table the file does not have. This rule gathers
them per claim. URL anchors are the URL rule's (matched against retrieved URLs, SPEC §3.11).
"""

from __future__ import annotations

from citeproof.model import Finding, RuleOutcome
from tier1.context import ClaimContext
from tier1.rule import Rule, RuleDoc, RuleExample

_CT_RECORD = (
    '{"Clinical Trial ID": "NCT00000001",'
    ' "Results": ["Overall Number of Participants Analyzed: 120", "Responders: 30 (25%)"],'
    ' "Adverse Events": ["Total: 12/120 (10.00%)"]}'
)
# the same record as an editor shows it saved with indentation: line 4 holds the count, line 3 a key
_CT_RECORD_LINES = (
    '{\n "Clinical Trial ID": "NCT00000001",\n "Results": [\n  "Overall Number of Participants Analyzed: 120",\n'
    '  "Responders: 30 (25%)"\n ]\n}\n'
)

# one heading name under two others: "#Results" names neither, "#Cohort B/Results" the second
_COHORTS = (
    "# Summary\n\n## Cohort A\n\n### Results\n\nThe response rate was 41%.\n\n"
    "## Cohort B\n\n### Results\n\nThe response rate was 12%.\n"
)


class AnchorResolution(Rule):
    id = "CP102"
    name = "anchor-resolution"
    severity = "critical"
    scope = "claim"
    doc = RuleDoc(
        what="Every non-URL anchor of a claim resolves to a saved file inside the sources folder, "
        "and its locator (lines, page, section, table) exists in that file. A line locator counts the "
        "saved file's lines as an editor shows them (SPEC §2); in a .json source it names the values "
        "written on those lines, in an .html or .xml source the text written on them (a paragraph wrapped "
        "over several lines is named by any of them). A page locator names the page whose running marker "
        "prints that number ('Page 12' of an excerpt is #p12) where the markers print rising numbers (a number "
        "between them no marker prints is the page its text ran on into), else the N-th page. A section "
        "locator is a heading's name (an HTML heading's or section's id too; an XML element's tag, label, "
        "<title> or id), or a path of names joined by '/' ('Cohort B/Results': the 'Results' under 'Cohort "
        "B'; '/Results': the one under no heading), as JSON key paths are. A name several sections share "
        "names the shallowest of them (fewest enclosing headings: a paper's 'Results', not its structured "
        "abstract's 'RESULTS:' part) where one is, an XML tag also the one plain element (no type attribute) "
        "among the shallowest; a heading with no text under it beside a same-named one with text (a table "
        "of contents' entry) is no section.",
        why="A citation to a file that was never saved, to a section the file does not have, or to a "
        "path outside the sources folder cannot back anything; treating it as evidence launders the claim.",
        fails="An anchor whose file is missing, whose kind has no channel, whose path leaves the sources "
        "folder (.., absolute, symlink out), whose file is too large, binary or not UTF-8, or whose "
        "locator names lines/pages/sections/tables the file does not have (a page number no marker prints), "
        "or a section name several sections share at the same depth (locator_ambiguous: the message lists each "
        "one's path), "
        "or .json lines that hold "
        "only brackets or keys, or .html/.xml lines that hold only mark-up (tags, scripts, navigation, "
        "hidden text) — the message names the next line holding a value or text.",
        passes="Every non-URL anchor of the claim resolved to a window of a readable saved file.",
        not_applicable="The claim has no anchors, or only URL anchors (checked by the URL rule).",
    )
    examples = (
        RuleExample(
            name="section-path-en",
            expect="pass",
            report="# Results\n\nThe response rate was 12% [evidence:summary.md#Cohort B/Results].\n",
            sources={"evidence/summary.md": _COHORTS},
        ),
        RuleExample(
            name="shared-section-name-en",
            expect="fail",
            reason="locator_ambiguous",
            report="# Results\n\nThe response rate was 12% [evidence:summary.md#Results].\n",
            sources={"evidence/summary.md": _COHORTS},
        ),
        RuleExample(
            name="resolves-en",
            expect="pass",
            report="# Results\n\nThe trial analysed 120 participants [nct:NCT00000001#Results].\n",
            sources={"clinical_trials/NCT00000001.json": _CT_RECORD},
        ),
        RuleExample(
            name="missing-file-en",
            expect="fail",
            reason="anchor_unresolved",
            report="# Results\n\nThe trial analysed 120 participants [nct:NCT09999999#Results].\n",
            sources={"clinical_trials/NCT00000001.json": _CT_RECORD},
        ),
        RuleExample(
            name="escapes-folder-en",
            expect="fail",
            reason="anchor_escapes_sources",
            report="# Notes\n\nThe threshold was 30 units [evidence:../outside.txt#L1].\n",
            sources={"evidence/inside.txt": "The threshold was 30 units.\n"},
        ),
        RuleExample(
            name="json-file-line-en",
            expect="pass",
            report="# Results\n\nThe trial analysed 120 participants [nct:NCT00000001#L4].\n",
            sources={"clinical_trials/NCT00000001.json": _CT_RECORD_LINES},
        ),
        RuleExample(
            name="json-key-line-en",
            expect="fail",
            reason="locator_not_found",
            report="# Results\n\nThe trial analysed 120 participants [nct:NCT00000001#L3].\n",
            sources={"clinical_trials/NCT00000001.json": _CT_RECORD_LINES},
        ),
        RuleExample(
            name="no-anchor-en",
            expect="na",
            report="# Overview\n\nThis section introduces the questions the report answers.\n",
            sources={"clinical_trials/NCT00000001.json": _CT_RECORD},
        ),
        RuleExample(
            name="resolves-zh",
            expect="pass",
            lang="zh",
            report="# 结果\n\n该试验共分析了120名受试者[nct:NCT00000001#Results]。\n",
            sources={"clinical_trials/NCT00000001.json": _CT_RECORD},
        ),
        RuleExample(
            name="unknown-section-zh",
            expect="fail",
            reason="locator_not_found",
            lang="zh",
            report="# 结果\n\n该试验共分析了120名受试者[nct:NCT00000001#Outcomes]。\n",
            sources={"clinical_trials/NCT00000001.json": _CT_RECORD},
        ),
        RuleExample(
            name="no-anchor-zh",
            expect="na",
            lang="zh",
            report="# 概述\n\n本节说明报告要回答的问题。\n",
            sources={"clinical_trials/NCT00000001.json": _CT_RECORD},
        ),
    )

    def check_claim(self, ctx: ClaimContext) -> RuleOutcome:
        claim = ctx.claim
        anchors = [a for a in claim.anchors if a.kind != "url"]
        if not anchors:
            return self.na(claim.id)
        # ClaimContext.resolutions holds one Resolution per anchor, in order; a missing one fails closed.
        resolutions = list(ctx.resolutions) + [None] * (len(claim.anchors) - len(ctx.resolutions))
        findings: list[Finding] = []
        for anchor, res in zip(claim.anchors, resolutions):
            if anchor.kind == "url":
                continue
            if res is not None and res.finding is not None:
                findings.append(res.finding.model_copy(update={"claim_id": claim.id, "rule": self.id}))
            elif res is None or res.window is None:
                findings.append(
                    self.finding(
                        "anchor_unresolved",
                        f"anchor [{anchor.raw}] at {anchor.location.describe()}: no saved source for it "
                        "(was a sources folder given?)",
                        claim_id=claim.id,
                        location=anchor.location,
                    )
                )
        return self.verdict(findings, claim.id)
