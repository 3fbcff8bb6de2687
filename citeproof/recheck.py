"""``citeproof audit check REPORT.json --sources DIR``: re-run Tier 1 and hold the report to it.

Glue beside the pipeline (it runs it), so ``audit/`` itself never imports the pipeline: the CLI
composes the log check (``audit.check``) with this re-run.

The audit log covers the judge's decisions; Tier 1's are deterministic, so an auditor can
reconstruct them instead of trusting them. The verified report (found at its recorded path,
and still hashing to ``input.report_sha256``) is verified again against the given sources and
settings, without the judge, and every claim is compared:

* the same claims, with the same ids, in the same order;
* each with the text and numbers Tier 1 reads in the verified report (a figure edited in the
  report's JSON after its run, "days 1-28" made "days 1-21", keeps its id, status and log);
* a claim Tier 1 decides now (``pass``/``fail``) was decided so in the report, by Tier 1, for
  the same reasons (finding codes);
* a claim Tier 1 leaves undecided now was not passed or failed "by Tier 1" in the report: it
  is undecided or unverified there, or the judge decided it (which the log check covers).

A report whose claims were edited afterwards — a Tier 1 fail turned into a pass, with its
rules and totals made to agree — keeps a consistent log and headline, and is caught only here.
The run's settings (``--config`` and flags) are part of what decides: when the report records
their digest (``input.settings_sha256``) and the re-check's differ while claims differ, that is
said first; settings that differ with every claim agreeing are no finding.
"""


from __future__ import annotations

from pathlib import Path
from typing import Any

from audit.check import CheckResult, check_report
from audit.verified_report import hashes_as_verified, recorded_files, verified_report_candidates
from citeproof.settings import Settings

DECIDED = ("pass", "fail")


def check_with_tier1(
    report_json_path: Path | str, sources: Path, settings: Settings | None = None, verified_report: Path | None = None,
    key: bytes | None = None,
) -> CheckResult:
    """``audit check`` and, over the verified report and ``sources``, Tier 1 run again with every
    claim held to it."""
    import json

    result = check_report(report_json_path, verified_report, key)
    if result.unreadable:
        return result
    raw = json.loads(Path(report_json_path).read_text(encoding="utf-8"))
    differences = tier1_problems(raw, Path(report_json_path), sources, settings or Settings(), verified_report)
    if not differences:
        note = "; ".join(n for n in (result.note, "Tier 1 re-run agrees with every claim") if n)
        return result.model_copy(update={"note": note, "tier1_rederived": True})
    return result.model_copy(update={"ok": False, "tier1_rederived": True,
                                     "problems": [*result.problems, *(f"Tier 1 re-run: {d}" for d in differences)]})


def tier1_problems(
    raw: dict[str, Any], report_json_path: Path, sources: Path, settings: Settings, verified_report: Path | None = None
) -> list[str]:
    """Each way the report's claims differ from Tier 1 run again (empty: they agree)."""
    from citeproof.errors import CiteproofError
    from citeproof.pipeline import VerifyOptions, detect_format, run
    from citeproof.report_input import decode_report

    info = raw.get("input") if isinstance(raw.get("input"), dict) else {}
    recorded = info.get("report_sha256")
    found = None
    for candidate in verified_report_candidates(raw, report_json_path, verified_report):
        try:
            text = decode_report(candidate.read_bytes(), str(candidate))
        except (OSError, CiteproofError):
            continue
        if hashes_as_verified(text, recorded):
            found = (candidate, text)
            break
    if found is None:
        return [f"cannot re-run Tier 1: the verified report {info.get('report_path')!r} is not at its recorded "
                "path with the text that was verified (input.report_sha256)"]
    if not sources.is_dir():
        return [f"cannot re-run Tier 1: sources folder not found: {sources}"]
    # other settings (a --config, --require-channel) explain a difference but are none: the
    # claims are compared all the same, and the settings named only where they differ
    explain = []
    if (digest := info.get("settings_sha256")) and digest != settings.digest():
        explain = ["the run used other settings than this re-check (input.settings_sha256 differs: its --config "
                   "or --require-channel/--exclude-channel flags); the differences below may come from that alone"]
    path, text = found
    fmt = info.get("format") if info.get("format") in ("html", "markdown") else detect_format(str(path), text)
    mode = raw.get("mode") if raw.get("mode") in ("enforce", "report") else "enforce"
    # a RAG answer was verified against its retrieved chunks, not a sources folder: run it so again
    retrieved = None
    if isinstance(recorded_chunks := info.get("retrieved_path"), str) and recorded_chunks:
        retrieved = next(iter(recorded_files(recorded_chunks, report_json_path)), None)
        if retrieved is None:
            return [f"cannot re-run Tier 1: the report was verified against retrieved chunks ({recorded_chunks!r}, "
                    "--retrieved), which are not at their recorded path"]
    options = VerifyOptions(mode=mode, settings=settings, report_path=str(path), retrieved_path=retrieved)
    try:
        fresh = run(text, fmt, None if retrieved is not None else sources, options)
    except CiteproofError as exc:
        return [*explain, f"cannot re-run Tier 1: {exc}"]
    claims = raw.get("claims") if isinstance(raw.get("claims"), list) else []
    differences = _claim_differences([c for c in claims if isinstance(c, dict)], fresh.claims)
    return [*explain, *differences] if differences else []


def _codes(reasons: Any) -> list[str]:
    return sorted(str(r.get("code")) for r in reasons or () if isinstance(r, dict))


def _claim_differences(recorded: list[dict[str, Any]], fresh: Any) -> list[str]:
    ids = [c.get("id") for c in recorded]
    fresh_ids = [c.id for c in fresh]
    if ids != fresh_ids:
        missing = [i for i in fresh_ids if i not in ids][:3]
        extra = [i for i in ids if i not in fresh_ids][:3]
        return [f"the report's claims are not the ones Tier 1 finds in the verified report "
                f"(not in the report: {missing or 'none'}; not found again: {extra or 'none'}; or their order differs)"]
    out = []
    for old, new in zip(recorded, fresh):
        where = f"claim {new.id} (line {new.location.line})"
        out += [f"{where}: {d}" for d in _content_differences(old, new)]
        if new.status in DECIDED:
            if (old.get("status"), old.get("decided_by")) != (new.status, "tier1"):
                out.append(f"{where}: Tier 1 decides {new.status}, the report says {old.get('status')} "
                           f"(decided_by {old.get('decided_by')})")
            elif _codes(old.get("reasons")) != sorted(f.code for f in new.reasons):
                out.append(f"{where}: Tier 1 fails it for {sorted(f.code for f in new.reasons)}, "
                           f"the report gives {_codes(old.get('reasons'))}")
        elif old.get("decided_by") == "tier1" or (old.get("status") in DECIDED and old.get("decided_by") != "tier2"):
            out.append(f"{where}: Tier 1 leaves it {new.status}, the report says {old.get('status')} "
                       f"(decided_by {old.get('decided_by')})")
    return out


def _content_differences(old: dict[str, Any], new: Any) -> list[str]:
    """The claim's text and numbers in the report against what Tier 1 reads in the verified report."""
    out = []
    if old.get("text") != new.text:
        out.append(f"the report's text {old.get('text')!r} is not the claim's text in the verified report {new.text!r}")
    numbers = [n.model_dump(mode="json") for n in new.numbers]
    if old.get("numbers") != numbers:
        said = [n.get("raw") if isinstance(n, dict) else n for n in old.get("numbers") or ()]
        out.append(f"the report's numbers {said} are not the ones Tier 1 reads in it {[n['raw'] for n in numbers]}"
                   + ("" if said != [n["raw"] for n in numbers] else " (their reading differs)"))
    return out
