"""CP207 channel-utilisation: a required source channel that was fetched must be used in the body.

Exclusions are honoured only when recorded before verification with a reason: in settings
(``excluded_channels``, the CLI's ``--exclude-channel CHANNEL=REASON``) or in the file
``sources/channel_exclusions.json`` (``{"pubtator": "entity recall off-topic for this question"}``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from citeproof.model import Finding, RuleOutcome
from tier1.context import ReportContext
from tier1.rule import Rule, RuleDoc, RuleExample

EXCLUSIONS_FILE = "channel_exclusions.json"
_SOURCE_SUFFIXES = frozenset({".txt", ".md", ".html", ".htm", ".json", ".xml"})


def saved_files(ctx: ReportContext, channel: str) -> list[str]:
    """Saved source files of a channel: from the store, or the channel folder when there is no store API."""
    store = ctx.store
    if store is not None and hasattr(store, "channel_files"):
        root = Path(getattr(store, "root", ctx.sources_dir or "."))
        return [_relative(Path(f), root) for f in store.channel_files(channel)]
    if ctx.sources_dir is None:
        return []
    folder = ctx.sources_dir / channel
    if not folder.is_dir():
        return []
    return sorted(
        p.relative_to(ctx.sources_dir).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and not p.is_symlink() and p.suffix.lower() in _SOURCE_SUFFIXES
    )


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def recorded_exclusions(ctx: ReportContext) -> tuple[dict[str, str], list[str]]:
    """Channel → reason from settings and the exclusions file, plus problems found reading them."""
    problems: list[str] = []
    merged: dict[str, str] = {}
    if ctx.sources_dir is not None:
        path = Path(ctx.sources_dir) / EXCLUSIONS_FILE
        if path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                problems.append(f"{EXCLUSIONS_FILE} cannot be read ({exc}); no exclusion taken from it")
                data = {}
            if not isinstance(data, dict):
                problems.append(f"{EXCLUSIONS_FILE} must be an object {{channel: reason}}; no exclusion taken from it")
                data = {}
            for channel, reason in data.items():
                if isinstance(reason, str):
                    merged[str(channel)] = reason
                else:
                    problems.append(f"{EXCLUSIONS_FILE}: the reason for {channel!r} is not text")
    merged.update(ctx.settings.excluded_channels)
    return merged, problems


def body_citations(ctx: ReportContext, channel: str) -> tuple[int, int, int]:
    """(resolved body anchors, unresolved body anchors, source-list anchors) of the channel."""
    resolved = unresolved = listing = 0
    for claim in ctx.report.claims:
        resolutions = ctx.claim_resolutions.get(claim.id)
        for i, anchor in enumerate(claim.anchors):
            if (anchor.channel or ctx.settings.channel_for(anchor.kind)) != channel:
                continue
            if claim.in_source_list:
                listing += 1
                continue
            # A citation that resolves to nothing is not use of the saved files (CP102 reports it).
            if resolutions is not None and i < len(resolutions) and resolutions[i].window is None:
                unresolved += 1
            else:
                resolved += 1
    return resolved, unresolved, listing


class ChannelUtilisation(Rule):
    id = "CP207"
    name = "channel-utilisation"
    severity = "critical"
    scope = "report"
    doc = RuleDoc(
        what=(
            "For each channel in `required_source_channels` (CLI `--require-channel`, API "
            "`required_source_channels=`): if the channel folder holds saved files, at least one body claim must "
            "cite it with an anchor whose kind maps to the channel (nct/aact → clinical_trials, pubtator → "
            "pubtator, per `channel_map`) and that resolves. Citations in a trailing source list or appendix "
            "(in_source_list) are not use. A channel is excused only by a reason recorded before verification: "
            "`excluded_channels` in settings (`--exclude-channel CHANNEL=REASON`) or sources/channel_exclusions.json; "
            "an empty reason is no exclusion."
        ),
        why=(
            "Recall that fetched trial records or entity evidence and then ignored them leaves the analysis blind "
            "to exactly the evidence the run was asked to use; appending a source list hides that (seed 001)."
        ),
        fails=(
            "A required channel has saved files and no resolving body citation, or names no channel of the "
            "anchor-kind map (a misspelt channel must not be silently n/a)."
        ),
        passes="A required channel with saved files is cited in the body.",
        not_applicable=(
            "No channel is required; the required channel has no saved files ('had nothing citable'); or the "
            "channel was excluded with a recorded reason (reported as an info finding)."
        ),
    )
    examples: ClassVar[tuple[RuleExample, ...]] = (
        RuleExample(
            name="trials-only-in-source-list-en",
            expect="fail",
            reason="channel_unused",
            report=(
                "# Findings\n\nThe literature describes weekly dosing in adults [pmid:100001#L1].\n\n"
                "## Sources\n\n- [nct:NCT00000001#L1]\n"
            ),
            sources={
                "pubmed/100001.txt": "The literature describes weekly dosing in adults.\n",
                "clinical_trials/NCT00000001.txt": "A randomised trial of weekly dosing.\n",
            },
            options={"required_source_channels": ["clinical_trials"]},
        ),
        RuleExample(
            name="trials-only-in-source-list-zh",
            expect="fail",
            reason="channel_unused",
            lang="zh",
            report="# 分析\n\n文献描述了成人每周给药 [pmid:100001#L1]。\n\n## 参考文献\n\n- [nct:NCT00000001#L1]\n",
            sources={
                "pubmed/100001.txt": "文献描述了成人每周给药。\n",
                "clinical_trials/NCT00000001.txt": "一项每周给药的随机试验。\n",
            },
            options={"required_source_channels": ["clinical_trials"]},
        ),
        RuleExample(
            name="trials-cited-in-body-en",
            expect="pass",
            report="# Findings\n\nA randomised trial of weekly dosing was run [nct:NCT00000001#L1].\n",
            sources={"clinical_trials/NCT00000001.txt": "A randomised trial of weekly dosing was run.\n"},
            options={"required_source_channels": ["clinical_trials"]},
        ),
        RuleExample(
            name="trials-cited-in-body-zh",
            expect="pass",
            lang="zh",
            report="# 分析\n\n一项每周给药的随机试验已完成 [aact:NCT00000001#L1]。\n",
            sources={"clinical_trials/NCT00000001.txt": "一项每周给药的随机试验已完成。\n"},
            options={"required_source_channels": ["clinical_trials"]},
        ),
        RuleExample(
            name="required-channel-empty-en",
            expect="na",
            report="# Findings\n\nThe literature describes weekly dosing in adults [pmid:100001#L1].\n",
            sources={"pubmed/100001.txt": "The literature describes weekly dosing in adults.\n"},
            options={"required_source_channels": ["pubtator"]},
        ),
        RuleExample(
            name="excluded-with-reason-zh",
            expect="na",
            lang="zh",
            report="# 分析\n\n文献描述了成人每周给药 [pmid:100001#L1]。\n",
            sources={
                "pubmed/100001.txt": "文献描述了成人每周给药。\n",
                "pubtator/100001.json": '{"entities": []}\n',
                "channel_exclusions.json": '{"pubtator": "实体召回与本问题无关，分析前已排除"}\n',
            },
            options={"required_source_channels": ["pubtator"]},
        ),
    )

    def check_report(self, ctx: ReportContext) -> list[RuleOutcome]:
        required = tuple(dict.fromkeys(c.strip() for c in ctx.settings.required_source_channels if c.strip()))
        if not required:
            return [self.na()]
        exclusions, problems = recorded_exclusions(ctx)
        notes = [self.finding("channel_exclusions_invalid", p, severity="major") for p in problems]
        outcomes: list[RuleOutcome] = []
        known = set(ctx.settings.channel_map.values())
        for channel in required:
            if channel not in known:
                # A misspelt channel would otherwise be n/a forever: the user believes it is enforced.
                outcomes.append(self.fail(self.finding(
                    "unknown_required_channel",
                    f"required channel {channel!r} is not a channel of the anchor-kind map (known: "
                    f"{', '.join(sorted(known))}); no anchor can ever cite it — fix the name or add its kind to channel_map",
                )))
                continue
            files = saved_files(ctx, channel)
            reason = (exclusions.get(channel) or "").strip()
            if channel in exclusions and not reason:
                notes.append(
                    self.finding(
                        "channel_exclusion_without_reason",
                        f"channel {channel!r} is listed as excluded without a reason; an exclusion needs one, "
                        "so the channel is judged",
                        severity="major",
                    )
                )
            if not files:
                outcomes.append(self.na())
                continue
            if reason:
                outcomes.append(
                    RuleOutcome(
                        rule=self.id,
                        applicable=False,
                        findings=(
                            self.finding(
                                "channel_excluded",
                                f"required channel {channel!r} ({len(files)} saved file(s)) was excluded before "
                                f"verification: {reason}",
                                severity="info",
                            ),
                        ),
                    )
                )
                continue
            used, unresolved, listing = body_citations(ctx, channel)
            if used:
                outcomes.append(self.ok())
                continue
            outcomes.append(self.fail(self._unused(channel, files, unresolved, listing, ctx.settings.channel_map)))
        if notes:
            # Problems with the exclusion record travel with the first judged outcome.
            first = outcomes[0]
            outcomes[0] = first.model_copy(update={"findings": tuple(notes) + first.findings})
        return outcomes

    def _unused(
        self, channel: str, files: list[str], unresolved: int, listing: int, channel_map: dict[str, str]
    ) -> Finding:
        kinds = sorted(k for k, c in channel_map.items() if c == channel)
        shown = ", ".join(files[:3]) + (f" (+{len(files) - 3} more)" if len(files) > 3 else "")
        extra = []
        if listing:
            extra.append(f"{listing} citation(s) only in a source list/appendix, which is not use")
        if unresolved:
            extra.append(f"{unresolved} body citation(s) that do not resolve")
        detail = ("; " + "; ".join(extra)) if extra else ""
        cite = f" with {', '.join(f'[{k}:…]' for k in kinds)}" if kinds else ""
        return self.finding(
            "channel_unused",
            f"required channel {channel!r} has {len(files)} saved file(s) ({shown}) but no body claim cites it"
            f"{detail}. Use them in the analysis{cite}, or record an exclusion with a reason before verification "
            f"(--exclude-channel {channel}=REASON or sources/{EXCLUSIONS_FILE}).",
        )
