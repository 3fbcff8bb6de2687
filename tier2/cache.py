"""The judge's answer cache, on disk (diskcache).

The key is built from an explicit list of what changes the answer — model, base_url,
output mode, prompt version, the claim text, the excerpt text and the temperature — and
nothing else: retries, timeouts, concurrency and the run id do not change what the model
says, so a re-run with different ones still hits. The base_url is the judge's recorded one,
without user-info (``audit.scrub.public_url``): credentials select no other model, and a key
hashed into the key material could be guessed back from it; a URL without credentials keys
exactly as before, so existing caches still hit. Only valid (parsed, quote-checked)
answers are stored; an error is never cached, so a transient fault is retried next run.

With an audit key (``--audit-key-env``) each entry is stored with an HMAC-SHA256 under that key
over its cache key and its text (:func:`entry_mac`), and an entry whose MAC does not verify —
written without the key or under another, altered in the file ("contradicted" edited to
"supported"), or moved to another claim's key — is a miss, warned about once, and the judge is
asked again (rt32b j2). The answer check on a hit (``tier2.runner``) still holds a verified
entry to its claim. Without a key nothing is verified: the cache is then as trusted as the
folder it sits in, as the audit log without a key is.
"""

from __future__ import annotations

import hashlib
import hmac
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


# what opens a stored entry's MAC, written before its JSON ("hmac-sha256:<hex>\n{...}")
_MAC_MARK = "hmac-sha256:"


def entry_mac(secret: bytes, key: CacheKey, text: str) -> str:
    """The MAC of one entry: its cache key's digest and its text, so that neither an edited
    answer nor a sound answer moved to another claim's key verifies."""
    return hmac.new(secret, f"{key.digest()}\n{text}".encode("utf-8"), hashlib.sha256).hexdigest()


class JudgeCache:
    """diskcache-backed; safe to share between threads and processes (SQLite underneath).
    ``secret``: the audit key; entries are then stored with a MAC and read only when it verifies."""

    def __init__(self, directory: Path | str, *, secret: bytes | None = None) -> None:
        import diskcache

        self.directory = Path(directory)
        # a key of its own, derived from the audit key: a cache entry's MAC is never a log line's
        self._secret = None if secret is None else hmac.new(secret, b"citeproof judge cache", hashlib.sha256).digest()
        self._store_failed = False
        self.unverified = 0  # entries this run refused because their MAC did not verify
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
        text = self._verified(key, stored)
        if text is None:
            return None
        try:
            return CachedAnswer.model_validate_json(text)
        except (ValidationError, TypeError, ValueError):
            # a damaged or foreign entry is a miss, never an answer
            return None

    def _verified(self, key: CacheKey, stored: object) -> str | None:
        """The entry's JSON, or None when an audit key is given and its MAC does not verify."""
        if not isinstance(stored, str):
            return None
        mac, text = "", stored
        if stored.startswith(_MAC_MARK):
            mac, _, text = stored[len(_MAC_MARK) :].partition("\n")
        if self._secret is None or hmac.compare_digest(mac, entry_mac(self._secret, key, text)):
            return text
        self.unverified += 1
        if self.unverified == 1:
            print(f"citeproof: warning: judge cache {self.directory}: an entry does not verify under the audit key "
                  "(written without it or under another, or altered); it is a miss and the judge is asked again", file=sys.stderr)
        return None

    def put(self, key: CacheKey, value: CachedAnswer) -> None:
        text = value.model_dump_json()
        if self._secret is not None:
            text = f"{_MAC_MARK}{entry_mac(self._secret, key, text)}\n{text}"
        try:
            self._cache.set(key.digest(), text)
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
