"""Shared pytest fixtures. Helpers add fixtures here additively."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cassette as cassette_lib  # noqa: E402  (tests/cassette.py, importable from any test folder)


@pytest.fixture
def cassette() -> Iterator[Callable[..., cassette_lib.CassetteSession]]:
    """Open recorded judge interactions: ``session = cassette("name", model="m")``.

    Replays offline through respx; a request without an interaction, or an interaction the
    test did not use, fails the test. ``CITEPROOF_RECORD=1`` records instead (docs/CASSETTES.md).
    """
    sessions: list[cassette_lib.CassetteSession] = []

    def open_cassette(name: str, *, model: str = "SmolLM2-135M-Instruct") -> cassette_lib.CassetteSession:
        session = cassette_lib.CassetteSession(name).start(default_model=model)
        sessions.append(session)
        return session

    yield open_cassette
    problems = [problem for session in sessions for problem in session.stop()]
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)

