"""Append-only writer for ``audit.jsonl``.

Each line is appended, flushed and fsynced as it happens (one buffered write per line,
so a ``kill -9`` leaves whole lines), never rewritten. Sequence numbers and the hash chain
continue from the last line of an existing log, so a re-run appends to the same chain.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonlines

from audit.record import GENESIS_HASH, AuditRecord, canonical_json, chain_hash
from audit.scrub import Scrubber
from citeproof.errors import InputError

# Large enough that any line goes out in a single write() on flush (lines are a few KB).
_LINE_BUFFER = 4 * 1024 * 1024


class AuditLogError(InputError):
    """The existing log cannot be continued safely (exit 2 with this message, never a traceback)."""


def new_run_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S") + "-" + os.urandom(4).hex()


def read_tail(path: Path) -> tuple[int, str, int]:
    """(last sequence, last hash, line count) of an existing log; (0, GENESIS_HASH, 0) when empty."""
    if not path.exists() or path.stat().st_size == 0:
        return 0, GENESIS_HASH, 0
    with path.open("rb") as fh:
        data = fh.read()
    if not data.endswith(b"\n"):
        count = data.count(b"\n") + 1
        raise AuditLogError(
            f"{path}: line {count} is incomplete (a crash mid-write?); the log is never rewritten by citeproof — "
            f"move it aside or remove that partial line by hand, then re-run"
        )
    lines = data.splitlines()
    try:
        last = json.loads(lines[-1])
        return int(last["sequence"]), str(last["hash"]), len(lines)
    except (ValueError, KeyError, TypeError) as exc:
        raise AuditLogError(f"{path}: line {len(lines)} is not an audit record ({exc}); cannot continue its chain") from exc


class AuditWriter:
    """Thread-safe: sequence, chain and write happen under one lock, so file order = sequence order."""

    def __init__(
        self,
        path: Path | str,
        run_id: str | None = None,
        *,
        secret_env: Iterable[str] = ("OPENAI_API_KEY",),
        secrets: Iterable[str] = (),
        fsync: bool = True,
    ) -> None:
        self.path = Path(path)
        self.run_id = run_id or new_run_id()
        self._scrub = Scrubber(secret_env, secrets)
        self._fsync = fsync
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._sequence, self._prev_hash, _ = read_tail(self.path)
        self._fh = self.path.open("ab", buffering=_LINE_BUFFER)
        self._writer = jsonlines.Writer(self._fh, flush=True, dumps=canonical_json)
        self.entries = 0  # lines written by this writer (= this run)

    def write(self, **fields: Any) -> AuditRecord:
        """Append one record. ``fields`` are everything except the chain and bookkeeping fields."""
        with self._lock:
            if self._fh.closed:
                raise AuditLogError(f"{self.path}: writer is closed")
            draft = {
                **fields,
                "sequence": self._sequence + 1,
                "run_id": self.run_id,
                "time": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                "prev_hash": self._prev_hash,
                "hash": "",
            }
            # validate before writing: a malformed record is a bug, never a line in the log
            data = AuditRecord.model_validate(draft).model_dump(mode="json")
            data.pop("hash")
            data = self._scrub.value(data)
            data["hash"] = chain_hash(self._prev_hash, data)
            record = AuditRecord.model_validate(data)
            self._writer.write(data)
            if self._fsync:
                os.fsync(self._fh.fileno())
            self._sequence += 1
            self._prev_hash = data["hash"]
            self.entries += 1
            return record

    def close(self) -> None:
        with self._lock:
            if not self._fh.closed:
                self._writer.close()
                self._fh.close()

    def __enter__(self) -> AuditWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
