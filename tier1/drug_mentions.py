"""CP301 drug-mentions: in a drug-bearing section every drug a claim names must be in a source it cites.

A section is drug-bearing when it mentions a drug; the unit judged is the claim that does
the mentioning (a claim in that section naming no drug has nothing to check: n/a). Drug
mentions come from data only (``citeproof.lexicon``: the lexicon file, PubTator entities
saved in the sources, INN stems).

Where a mention must appear: anywhere in a **cited document** (the whole saved source or
retrieved chunk an anchor of the claim resolves to), not only in the locator's window. The
question here is "does the cited source concern this drug at all" — a hallucinated or
swapped drug name fails it — while the window-level "does this passage carry the claim"
belongs to claim support (CP105) and numeric support (CP104). A trial record names its
drugs in the arms section while the cited results table says "Arm A"; demanding the name
inside the window would fail correct claims. Any alias counts: a Chinese claim naming the
Chinese approved name is supported by an English source using the INN, when the lexicon (or
a shared PubTator identifier) links the two.
"""

from __future__ import annotations

import re
from typing import ClassVar

from citeproof.lexicon import DETECTOR_MEMO, DrugDetector, load_drug_detector
from citeproof.lexicon.detector import DrugMention, Readings, text_readings
from citeproof.lexicon.text import fold
from citeproof.model import RuleOutcome
from citeproof.sources.types import SourceDocument
from citeproof.values.model_check import input_anchors, is_model_window
from citeproof.values.segment_support import denial_links, negation_cues
from tier1.context import ClaimContext
from tier1.rule import Rule, RuleDoc, RuleExample

# Invented INN-shaped names: the examples exercise the stem route and the PubTator route
# without writing a real drug name in code.
_SRC_EN = "Sampletinib lowered the marker level in 12 of 40 participants.\n"
_SRC_ZH = "示例替尼使40名受试者中12名的标志物水平下降。\n"
_PUBTATOR = "111|t|A trial of a compound\n111\t0\t10\tCompoundex\tChemical\tMESH:C000001\n"


def detector_for(ctx: ClaimContext) -> DrugDetector:
    """The run's drug detector (built once per run; looked up here, never rebuilt per claim)."""
    root = getattr(ctx.store, "root", None) if ctx.store is not None else None
    return ctx.memo.derived(ctx.settings, DETECTOR_MEMO, lambda settings: load_drug_detector(settings, root))


class DrugMentions(Rule):
    id = "CP301"
    name = "drug-mentions"
    severity = "critical"
    scope = "claim"
    doc = RuleDoc(
        what=(
            "Finds the drugs a claim names — from the drug lexicon data file (plus settings.drug_lexicon_path), "
            "Chemical/Drug entities in PubTator files saved under sources/pubtator/, and INN stems "
            "(-mab, -tinib, -ciclib, -parib, -sartan, -statin, …; 单抗, 替尼, 西利, 帕利, 沙坦, 他汀, …) — and checks "
            "that each one, under any of its aliases, appears in a document the claim cites (the whole cited "
            "saved source or retrieved chunk, not only the locator window); for a cited model file, also in the "
            "documents its inputs cite (a model names its figures by variable, their sources name the drug)."
        ),
        why=(
            "A drug name is the costliest thing to get wrong in a clinical report: a swapped or invented drug in "
            "a correctly formatted sentence with a real citation reads as evidence (seed 001: drug-bearing "
            "sections route to the citation verifier; unsupported drug mentions are critical)."
        ),
        fails=(
            "A drug the claim names appears in none of the documents it cites (drug_unsupported), the claim "
            "names a drug and cites nothing (drug_uncited), or none of its anchors resolved to a readable source "
            "(drug_unverifiable). The message names the drug and the claim. A drug the claim only denies "
            "(\"X is not used\", \"did not receive X\", \"neither X nor Y\", 未使用X) is no finding when no cited "
            "source names it — the silence is what the claim says — but the claim is left undecided for the judge; "
            "a drug it also affirms, a negation that governs another word (\"no participants discontinued X\"), or a "
            "denial inside a relative clause (\"patients who did not receive X progressed\": others did) still fails. "
            "A listed Chinese name written right after a word the stem book does not take as a boundary "
            "(\"冠军X单抗\", read whole as one stem-shaped name) is the listed drug when a cited source writes that "
            "whole word; when the sources write only X单抗 the claim is left undecided: the word may be ordinary or "
            "the start of an unlisted drug named on X."
        ),
        passes="Every drug the claim names appears, under some alias, in a document the claim cites.",
        not_applicable=(
            "The claim names no drug (also inside a drug-bearing section), or it is an entry of a "
            "references/sources list."
        ),
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="stem-drug-cited-en",
            expect="pass",
            report="# Therapy\n\nSampletinib lowered the marker level in 12 of 40 participants [pmid:111#L1].\n",
            sources={"pubmed/111.txt": _SRC_EN},
        ),
        RuleExample(
            name="stem-drug-not-in-source-en",
            expect="fail",
            reason="drug_unsupported",
            report=(
                "# Therapy\n\nSampletinib with exampleparib lowered the marker level in 12 of 40 participants "
                "[pmid:111#L1].\n"
            ),
            sources={"pubmed/111.txt": _SRC_EN},
        ),
        RuleExample(
            name="pubtator-entity-not-in-source-en",
            expect="fail",
            reason="drug_unsupported",
            report="# Therapy\n\nCompoundex lowered the marker level in 12 of 40 participants [pmid:111#L1].\n",
            sources={"pubmed/111.txt": "The marker level fell in 12 of 40 participants.\n", "pubtator/111.txt": _PUBTATOR},
        ),
        RuleExample(
            name="uncited-drug-sentence-en",
            expect="fail",
            reason="drug_uncited",
            report="# Therapy\n\nPatients also received exampleparib.\n",
            sources={"pubmed/111.txt": _SRC_EN},
        ),
        RuleExample(
            name="no-drug-named-en",
            expect="na",
            report="# Therapy\n\nThe marker level fell in 12 of 40 participants [pmid:111#L1].\n",
            sources={"pubmed/111.txt": _SRC_EN},
        ),
        RuleExample(
            name="stem-drug-cited-zh",
            expect="pass",
            lang="zh",
            report="# 治疗\n\n示例替尼使40名受试者中12名的标志物水平下降[pmid:111#L1]。\n",
            sources={"pubmed/111.txt": _SRC_ZH},
        ),
        RuleExample(
            name="stem-drug-not-in-source-zh",
            expect="fail",
            reason="drug_unsupported",
            lang="zh",
            report="# 治疗\n\n示例替尼联合样本帕利使40名受试者中12名的标志物水平下降[pmid:111#L1]。\n",
            sources={"pubmed/111.txt": _SRC_ZH},
        ),
        RuleExample(
            name="uncited-drug-sentence-zh",
            expect="fail",
            reason="drug_uncited",
            lang="zh",
            report="# 治疗\n\n部分患者还接受了样本帕利。\n",
            sources={"pubmed/111.txt": _SRC_ZH},
        ),
        RuleExample(
            name="no-drug-named-zh",
            expect="na",
            lang="zh",
            report="# 治疗\n\n40名受试者中12名的标志物水平下降[pmid:111#L1]。\n",
            sources={"pubmed/111.txt": _SRC_ZH},
        ),
    )

    def check_claim(self, ctx: ClaimContext) -> RuleOutcome:
        claim = ctx.claim
        if claim.in_source_list:
            return self.na(claim.id)  # a heading is a claim only when it states a figure: then it is checked
        detector = detector_for(ctx)
        mentions = detector.distinct(claim.text)
        if not mentions:
            return self.na(claim.id)
        names = ", ".join(m.shown for m in mentions)
        where = claim.location.describe()
        documents = [w.document for w in ctx.windows]
        if not documents:
            code, why = (
                ("drug_uncited", "cites no source")
                if not claim.anchors
                else ("drug_unverifiable", "cites no source that could be read (see CP102)")
            )
            return self.fail(
                self.finding(code, f"claim at {where} names {names} but {why}: \"{_short(claim.text)}\"",
                             claim_id=claim.id, location=claim.location),
                claim_id=claim.id,
            )
        documents += _model_inputs(ctx)
        findings = []
        denied: list[str] = []
        stretched: list[DrugMention] = []
        for mention in mentions:
            if any(detector.occurs_in(mention, doc.text, readings=_readings(ctx, doc)) for doc in documents):
                if not any(detector.stretch_in(mention, doc.text, readings=_readings(ctx, doc)) for doc in documents):
                    stretched.append(mention)  # "<word>X单抗" with only X单抗 cited: a word, or another drug?
                continue
            if _only_denied(detector, claim.text, mention):
                denied.append(mention.shown)  # "X is not used": the sources' silence is what it says
                continue
            cited = ", ".join(dict.fromkeys(doc.path for doc in documents))
            findings.append(
                self.finding(
                    "drug_unsupported",
                    f"claim at {where} names {mention.shown} ({_origin(mention.origin)}), which appears in none of "
                    f"the cited sources ({cited}): \"{_short(claim.text)}\"",
                    claim_id=claim.id,
                    location=claim.location,
                )
            )
        if denied and not findings:
            return self.undecided(
                f"the claim names {', '.join(denied)} only to deny it (\"not used\", \"no\", \"without\"); "
                "no cited source mentions it, which is what the claim says, but only a judge can tell",
                claim_id=claim.id,
            )
        if stretched and not findings:
            # An unlisted conjugate named on a listed drug reads like the listed drug after an
            # ordinary word ("国内X单抗"): neither a pass nor a fail is safe, the judge tells.
            return self.undecided(
                "; ".join(f"the claim writes {m.shown} right after '{m.stretched[: -len(m.name)]}', read as one "
                          f"name '{m.stretched}' the cited sources do not write" for m in stretched)
                + ": an ordinary word before the drug or a different drug named on it; only a judge can tell",
                claim_id=claim.id,
            )
        return self.verdict(findings, claim.id)


def _readings(ctx: ClaimContext, document: SourceDocument) -> Readings:
    """A cited file folded for the drug search, once per file and run: the run memo holds it as
    long as the file, and forgets it when the file is released (the detector outlives the run)."""
    return ctx.memo.derived(document, "drug_mentions.readings", lambda d: text_readings(d.text))


def _model_inputs(ctx: ClaimContext) -> list[SourceDocument]:
    """The documents the inputs of each cited model file cite: a model names its figures by
    variable ("share2023 = 45.5%"), and what drug they concern is said at their sources, which
    the model checker reads for the claim's number (CP104). One level: a model's own inputs."""
    out: list[SourceDocument] = []
    if ctx.store is None:
        return out
    for resolution in ctx.resolutions:
        window = resolution.window
        if window is None or not is_model_window(resolution.anchor.kind, window.document, ctx.settings):
            continue
        for anchor in input_anchors(window.document, ctx.settings):
            if (found := ctx.store.resolve(anchor).window) is not None:
                out.append(found.document)
    return out


_CLAUSE_MARK = re.compile(r"[,;:.!?，；：。！？()（）]")
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_RELATIVE = frozenset({"who", "whom", "whose", "which", "that"})
_DENIED_AFTER = re.compile(r"\s+(?:is|was|are|were|has been|have been|had been)\s+(?:not|never)\b")
DENIAL_WORDS = 3  # linking words at most between a negation and the name ("did not receive any X")


def _only_denied(detector: DrugDetector, text: str, mention: DrugMention) -> bool:
    """Every mention of this drug in the claim is denied: a negation in its own clause right
    before it ("no X", "did not receive X", "neither X nor Y", 未使用X) or "X is/was not" right
    after it. "Received X without dose reduction" affirms X: its negation follows the name;
    "patients who did not respond received X" and "no patients discontinued X" affirm it too."""
    folded = fold(text)
    spans = [(m.start, m.end) for m in detector.find(text) if m.key == mention.key]
    return bool(spans) and all(_denied_at(folded, start, end) for start, end in spans)


def _denied_at(folded: str, start: int, end: int) -> bool:
    """A negation governs the name at ``start``: it stands right before it, with only linking
    words between ("did not receive any X", "未接受X"; the ``denial_links`` of
    claim_support.json), or "X is/was not" follows it."""
    if _DENIED_AFTER.match(folded, end) is not None:
        return True
    before = folded[max(0, start - 80):start]
    before = before[max((m.end() for m in _CLAUSE_MARK.finditer(before)), default=0):]
    cues, links = negation_cues(), denial_links()
    words = _WORD.findall(before)
    k = len(words)
    while k > 0 and len(words) - k < DENIAL_WORDS and words[k - 1] in links.en:
        k -= 1  # the linking words right before the name
    if k > 0 and words[k - 1] in cues.words:
        # "patients who did not receive X progressed": the relative clause's negation; others did
        return not _RELATIVE.intersection(words[:k])
    for j in range(len(words), k - 1, -1):  # "in the absence of X", "failed to receive X"
        if any(" ".join(words[:j]).endswith(phrase) for phrase in cues.phrases):
            return True
    near = before.rstrip()
    for link in links.zh:  # 未接受X, 没有使用X
        if near.endswith(link):
            near = near[: -len(link)]
            break
    if any(near.endswith(word) for word in cues.exceptions):
        return False  # 不良 is "adverse", no negation
    return any(near.endswith(cue) for cue in cues.zh)


def _origin(origin: str) -> str:
    return {"lexicon": "drug lexicon", "pubtator": "PubTator entity", "stem": "INN stem"}.get(origin, origin)


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
