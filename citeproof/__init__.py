"""citeproof — claim-by-claim citation verification for written reports.

Public API (imported lazily so ``import citeproof`` stays cheap)::

    verify_full_report(html, sources_dir, required_source_channels=()) -> VerificationReport
    verify_section(section_html, sources_dir) -> VerificationReport
    enforce_citations_in_text(html) -> list[Finding]
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["verify_full_report", "verify_section", "enforce_citations_in_text", "__version__"]


def __getattr__(name: str):
    if name in ("verify_full_report", "verify_section", "enforce_citations_in_text"):
        from citeproof import api

        return getattr(api, name)
    raise AttributeError(name)
