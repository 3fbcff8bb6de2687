"""CP302 url-citations: a cited URL counts only if it is one actually retrieved.

Units and how they combine (one rule, two kinds of unit, one tally):

* **claim units** — in RAG-answer mode (``--retrieved``) a claim is applicable when it cites
  a URL, or when it is fact-bearing body text and the retrieval has URLs to cite. It fails
  when a cited URL matches no retrieved URL (``url_not_retrieved``) or when it cites none at
  all (``url_uncited``). In sources-folder mode a claim is applicable when it cites a URL and
  the manifest lists URLs; each cited URL must match one of them.
* **the report unit** (RAG-answer mode only) — fails on zero retrieval (``zero_retrieval``),
  passes when some chunk carries a URL, and is n/a when the chunks carry none ("had nothing
  citable"). Zero retrieval is failed here once, at report level, and not repeated on every
  claim; a claim that cites a URL under zero retrieval still fails its own unit, since the
  URL it names was not retrieved.

The rule blocks when any unit blocks; the tally counts claim units and the report unit
alike, and a unit that is n/a is never counted as passed.
"""

from __future__ import annotations

import json
from typing import ClassVar

from citeproof.model import Anchor, Claim, RuleOutcome
from citeproof.retrieval import extends_url, manifest_urls, url_cites
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample

_DOCS = "https://docs.example.org/reference"
_CHUNK_EN = "The reference lists 3 configuration options for the client."
_CHUNK_ZH = "参考文档列出了客户端的3个配置项。"


def _jsonl(*rows: dict) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def _url_anchors(claim: Claim) -> list[Anchor]:
    return [a for a in claim.anchors if a.kind.lower() == "url"]


class UrlCitations(Rule):
    id = "CP302"
    name = "url-citations"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "Every URL a claim cites must be a URL that was actually retrieved — a chunk's URL in "
            "retrieved.jsonl (RAG-answer mode) or a manifest URL (sources folder) — compared with boundaries: "
            "one trailing slash, a query string or a fragment does not break a match, scheme and host compare "
            "case-insensitively, the path case-sensitively, and a path appended to a retrieved URL does not "
            "match. In RAG-answer mode every fact-bearing claim must cite at least one retrieved URL, and a "
            "run that retrieved nothing fails at report level."
        ),
        why=(
            "A link that merely looks like the documentation site is both the citation and the laundering: "
            "'…/reference/hooks/useMadeUp' names a page that was never retrieved (seed 003). An answer built on "
            "zero retrieval cites nothing real, however long it is."
        ),
        fails=(
            "A cited URL matches no retrieved URL (url_not_retrieved, naming the URL and the retrieved URL it "
            "extends); a fact-bearing claim cites no URL while retrieved chunks carry URLs (url_uncited); "
            "retrieved.jsonl holds no chunks at all (zero_retrieval, report level)."
        ),
        passes="Every URL each claim cites matches a retrieved URL, and each fact-bearing claim cites one.",
        not_applicable=(
            "Retrieved chunks carry no URL and the claim cites none ('had nothing citable'); a claim that is "
            "neither fact-bearing nor cites a URL, or cites only saved sources by [kind:id]; sources-folder mode without URL anchors or without manifest "
            "URLs (CP102 still reports a URL anchor that resolves to nothing)."
        ),
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="slash-both-sides-en",
            expect="pass",
            report=f"# Client\n\nThe reference lists 3 configuration options for the client ([docs]({_DOCS}/)).\n",
            options={"retrieved": _jsonl({"url": _DOCS + "/", "title": "Reference", "text": _CHUNK_EN})},
        ),
        RuleExample(
            name="laundered-path-en",
            expect="fail",
            reason="url_not_retrieved",
            report=(
                "# Client\n\nThe reference lists 3 configuration options for the client "
                f"([docs]({_DOCS}/hooks/useMadeUp)).\n"
            ),
            options={"retrieved": _jsonl({"url": _DOCS, "title": "Reference", "text": _CHUNK_EN})},
        ),
        RuleExample(
            name="zero-retrieval-en",
            expect="fail",
            reason="zero_retrieval",
            report="# Client\n\nThe client accepts 3 configuration options.\n",
            options={"retrieved": ""},
        ),
        RuleExample(
            name="nothing-citable-en",
            expect="na",
            report="# Client\n\nThe client accepts 3 configuration options.\n",
            options={"retrieved": _jsonl({"url": None, "title": "Fallback", "text": _CHUNK_EN})},
        ),
        RuleExample(
            name="upper-case-host-zh",
            expect="pass",
            lang="zh",
            report="# 客户端\n\n参考文档列出了客户端的3个配置项（[文档](https://DOCS.Example.ORG/reference?lang=zh)）。\n",
            options={"retrieved": _jsonl({"url": _DOCS, "title": "参考", "text": _CHUNK_ZH})},
        ),
        RuleExample(
            name="laundered-path-zh",
            expect="fail",
            reason="url_not_retrieved",
            lang="zh",
            report=f"# 客户端\n\n参考文档列出了客户端的3个配置项（[文档]({_DOCS}/hooks/useMadeUp)）。\n",
            options={"retrieved": _jsonl({"url": _DOCS + "/", "title": "参考", "text": _CHUNK_ZH})},
        ),
        RuleExample(
            name="uncited-zh",
            expect="fail",
            reason="url_uncited",
            lang="zh",
            report="# 客户端\n\n客户端接受3个配置项。\n",
            options={"retrieved": _jsonl({"url": _DOCS, "title": "参考", "text": _CHUNK_ZH})},
        ),
        RuleExample(
            name="nothing-citable-zh",
            expect="na",
            lang="zh",
            report="# 客户端\n\n客户端接受3个配置项。\n",
            options={"retrieved": _jsonl({"url": None, "title": "回退", "text": _CHUNK_ZH})},
        ),
        RuleExample(
            name="manifest-url-en",
            expect="pass",
            report=f"# Client\n\nThe reference lists 3 configuration options for the client ([docs]({_DOCS}/#options)).\n",
            sources={
                "manifest.jsonl": _jsonl({"source_id": "ref", "kind": "web", "path": "web/ref.md", "url": _DOCS}),
                "web/ref.md": _CHUNK_EN + "\n",
            },
        ),
        RuleExample(
            name="manifest-url-laundered-en",
            expect="fail",
            reason="url_not_retrieved",
            report=f"# Client\n\nThe reference lists 3 configuration options ([docs]({_DOCS}/hooks/useMadeUp)).\n",
            sources={
                "manifest.jsonl": _jsonl({"source_id": "ref", "kind": "web", "path": "web/ref.md", "url": _DOCS}),
                "web/ref.md": _CHUNK_EN + "\n",
            },
        ),
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        retrieved = ctx.retrieved
        if retrieved is not None:
            outcomes = [self._claim_rag(claim, retrieved) for claim in ctx.report.claims]
            outcomes.append(self._report_unit(retrieved))
            return outcomes
        urls = manifest_urls(ctx.store)
        return [self._claim_manifest(claim, urls) for claim in ctx.report.claims]

    # -- RAG-answer mode ------------------------------------------------------------------
    def _claim_rag(self, claim: Claim, retrieved) -> RuleOutcome:
        if claim.unit == "heading":
            return self.na(claim.id)
        anchors = _url_anchors(claim)
        if anchors:
            return self._check_urls(claim, anchors, retrieved.urls, retrieved.name)
        if claim.anchors:  # cites saved sources by kind:id (sources folder beside --retrieved): CP101/CP102 judge those
            return self.na(claim.id)
        if claim.fact_bearing and not claim.in_source_list and retrieved.has_urls:
            return self.fail(
                self.finding(
                    "url_uncited",
                    f"claim at {claim.location.describe()} states a fact but cites none of the "
                    f"{len(retrieved.urls)} retrieved URL(s): \"{_short(claim.text)}\"",
                    claim_id=claim.id,
                    location=claim.location,
                ),
                claim_id=claim.id,
            )
        return self.na(claim.id)  # nothing citable, zero retrieval (report unit), or nothing to cite

    def _report_unit(self, retrieved) -> RuleOutcome:
        if retrieved.is_empty:
            return self.fail(
                self.finding(
                    "zero_retrieval",
                    f"{retrieved.name} holds no retrieved chunks: the answer was built on zero retrieval, "
                    "so none of its claims can cite what was retrieved",
                )
            )
        if not retrieved.has_urls:
            return self.na()
        return self.ok()

    # -- sources-folder mode --------------------------------------------------------------
    def _claim_manifest(self, claim: Claim, urls: tuple[str, ...]) -> RuleOutcome:
        anchors = _url_anchors(claim)
        if not anchors:
            return self.na(claim.id)
        # A cited URL with no saved counterpart is laundering whether or not the manifest
        # lists any URLs at all (the same fact fails in RAG mode).
        return self._check_urls(claim, anchors, urls, "sources/manifest.jsonl")

    # -- shared ---------------------------------------------------------------------------
    def _check_urls(self, claim: Claim, anchors: list[Anchor], urls: tuple[str, ...], where: str) -> RuleOutcome:
        findings = []
        for anchor in anchors:
            if any(url_cites(anchor.source_id, u) for u in urls):
                continue
            extended = next((u for u in urls if extends_url(anchor.source_id, u)), None)
            why = (
                f"it appends a path to retrieved {extended}, a page that was never retrieved"
                if extended
                else f"it matches none of the {len(urls)} URL(s) in {where}" if urls else f"{where} has no URLs"
            )
            findings.append(
                self.finding(
                    "url_not_retrieved",
                    f"claim at {claim.location.describe()} cites {anchor.source_id}, but {why}: "
                    f"\"{_short(claim.text)}\"",
                    claim_id=claim.id,
                    location=anchor.location,
                )
            )
        return self.verdict(findings, claim.id)


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
