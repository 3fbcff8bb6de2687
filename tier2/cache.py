"""The judge's answer cache, on disk (diskcache).

The key is built from an explicit list of what changes the answer — model, base_url,
output mode, prompt version, the claim text, the excerpt text and the temperature — and
nothing else: retries, timeouts, concurrency and the run id do not change what the model
says, so a re-run with different ones still hits. The base_url is the judge's recorded one,
without user-info (``audit.scrub.public_url``): credentials select no other model, and a key
hashed into the key material could be guessed back from it; a URL without credentials keys
exactly as before, so existing caches still hit. Only valid (parsed, quote-checked)
answers are stored; an error is never cached, so a transient fault is retried next run.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
from pathlib import Path
from typing import Protocol

from pydantic import ValidationError

from citeproof.errors import InputError
from citeproof.model import Frozen
from tier2.interface import JudgeAnswer, OutputMode

CACHE_KEY_VERSION = "1"  # bump when the key material below changes meaning


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class CacheKey(Frozen):
    """Everything that changes the judge's answer. Adding a field here is a key-version bump."""

    model: str
    base_url: str
    output_mode: OutputMode
    prompt_version: str
    claim_sha256: str
    excerpt_sha256: str
    temperature: float

    @classmethod
    def build(
        cls,
        *,
        model: str,
        base_url: str,
        output_mode: OutputMode,
        prompt_version: str,
        claim_text: str,
        excerpt_text: str,
        temperature: float,
    ) -> CacheKey:
        return cls(
            model=model,
            # "http://h/v1/" and "http://h/v1" are the same endpoint
            base_url=base_url.rstrip("/"),
            output_mode=output_mode,
            prompt_version=prompt_version,
            claim_sha256=sha256_text(claim_text),
            # hashed from the text itself rather than trusting Excerpt.sha256
            excerpt_sha256=sha256_text(excerpt_text),
            temperature=float(temperature),
        )

    def digest(self) -> str:
        material = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
        return f"judge-v{CACHE_KEY_VERSION}:" + hashlib.sha256(material.encode("utf-8")).hexdigest()


class CachedAnswer(Frozen):
    answer: JudgeAnswer
    raw_response: str | None = None
    output_mode: OutputMode
    # the model that gave the answer (None in entries written before it was kept)
    response_model: str | None = None


class AnswerCache(Protocol):
    def get(self, key: CacheKey) -> CachedAnswer | None: ...

    def put(self, key: CacheKey, value: CachedAnswer) -> None: ...

    def close(self) -> None: ...


class JudgeCache:
    """diskcache-backed; safe to share between threads and processes (SQLite underneath)."""

    def __init__(self, directory: Path | str) -> None:
        import diskcache

        self.directory = Path(directory)
        self._store_failed = False
        try:
            self._cache = diskcache.Cache(str(self.directory))
        except (sqlite3.Error, OSError) as exc:
            # before any request: the run stops here, nothing is paid
            raise InputError(
                f"--cache-dir {self.directory}: the judge cache cannot be opened ({exc}); "
                "delete the folder or pass --no-cache"
            ) from None

    def get(self, key: CacheKey) -> CachedAnswer | None:
        try:
            stored = self._cache.get(key.digest())
        except (sqlite3.Error, OSError):
            return None  # an unreadable entry is a miss, never an answer
        if stored is None:
            return None
        try:
            return CachedAnswer.model_validate_json(stored)
        except (ValidationError, TypeError, ValueError):
            # a damaged or foreign entry is a miss, never an answer
            return None

    def put(self, key: CacheKey, value: CachedAnswer) -> None:
        try:
            self._cache.set(key.digest(), value.model_dump_json())
        except (sqlite3.Error, OSError) as exc:
            # The answer was paid for and is used; only the next run's saving is lost. Say
            # so once rather than fail a run whose verdicts are sound.
            if not self._store_failed:
                self._store_failed = True
                print(f"citeproof: warning: judge cache {self.directory} cannot store answers ({exc}); a re-run will pay for them again", file=sys.stderr)

    def close(self) -> None:
        self._cache.close()

    def __len__(self) -> int:
        return len(self._cache)


class NullCache:
    """``--no-cache``: every lookup misses, nothing is stored."""

    def get(self, key: CacheKey) -> CachedAnswer | None:
        return None

    def put(self, key: CacheKey, value: CachedAnswer) -> None:
        return None

    def close(self) -> None:
        return None
