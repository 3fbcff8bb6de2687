"""Errors a user can act on. Each becomes one line on stderr and exit code 2 (never a traceback)."""

from __future__ import annotations


class CiteproofError(Exception):
    """Base of every error citeproof raises on purpose."""

    exit_code = 2


class InputError(CiteproofError):
    """The report, the sources folder or an option cannot be used as given.

    The message names the file (and line where known) and says what to do next.
    """


class ReportParseError(InputError):
    """The report's own structure cannot be read whole (the caller adds the report's path)."""


class UsageError(CiteproofError):
    """Options that contradict each other or are missing."""
