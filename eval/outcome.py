"""One statement's outcome, as the eval scripts count it, from the report its one-claim report got."""

from __future__ import annotations

from citeproof.report import VerificationReport


def statement_outcome(report: VerificationReport, *, nothing: str) -> tuple[str, list[str]]:
    """``fail`` if any claim failed, ``pass`` if all passed, else ``undecided``; with notes naming
    each number that was not supported and each finding other than a missing number. A report
    with no claim is undecided, noted ``nothing``."""
    statuses = [c.status for c in report.claims]
    notes: list[str] = []
    for c in report.claims:
        notes += [f"{n.raw} → {n.normalised}: {n.state}" for n in c.numbers if n.state != "supported"]
        notes += [f.code for f in c.reasons if f.code != "numeric_token_miss"]
    if not statuses:
        return "undecided", [nothing]
    if "fail" in statuses:
        return "fail", notes
    if all(s == "pass" for s in statuses):
        return "pass", notes
    return "undecided", notes
