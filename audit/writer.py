"""Append-only writer for ``audit.jsonl``.

Each line is appended, flushed and fsynced as it happens (one buffered write per line,
so a ``kill -9`` leaves whole lines), never rewritten. Sequence numbers and the hash chain
continue from the last line of an existing log, so a re-run appends to the same chain.
Each write holds an exclusive ``flock`` on the file and re-reads the tail when another
writer (another process) appended since, so two runs sharing one log still chain.
"""

from __future__ import annotations

import hashlib
import os
import stat
import threading
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonlines

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one writer per log
    fcntl = None  # type: ignore[assignment]

from audit.reader import read_line
from audit.record import GENESIS_HASH, HMAC_ALG, AuditRecord, canonical_json, chain_hash, hash_problem
from audit.scrub import Scrubber
from citeproof.errors import InputError
from tier2.answer_check import QUOTE_MAX_CHARS

# Large enough that any line goes out in a single write() on flush (lines are a few KB).
_LINE_BUFFER = 4 * 1024 * 1024


class AuditLogError(InputError):
    """The existing log cannot be continued safely (exit 2 with this message, never a traceback)."""


class _exclusive:
    """flock(LOCK_EX) for the duration of one line; a no-op where flock does not exist."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __enter__(self) -> None:
        if fcntl is not None:
            fcntl.flock(self.fd, fcntl.LOCK_EX)

    def __exit__(self, *exc: object) -> None:
        if fcntl is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)


def new_run_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S") + "-" + os.urandom(4).hex()


def read_tail(path: Path, key: bytes | None = None) -> tuple[int, str]:
    """(last sequence, last hash) of an existing log; (0, GENESIS_HASH) when empty. Parses only
    the tail (and counts the file's newlines, a byte scan).

    Raises ``AuditLogError`` naming the file and line when the last line is incomplete, is
    not a whole audit record whose hash matches its content, or its sequence is not its line
    number."""
    if not path.exists() or not path.is_file():
        # a FIFO or a device (/dev/null) is written through and holds no earlier line to chain
        # from; reading one would wait for a writer that never comes
        return 0, GENESIS_HASH
    with path.open("rb") as fh:
        size = fh.seek(0, os.SEEK_END)
        if size == 0:
            return 0, GENESIS_HASH
        chunk = b""
        step = 64 * 1024
        while True:
            start = max(0, size - len(chunk) - step)
            fh.seek(start)
            chunk = fh.read(size - start)
            if start == 0 or chunk.count(b"\n") >= 2:
                break
        if not chunk.endswith(b"\n"):
            raise AuditLogError(
                f"{path}: line {_line_count(path) + 1} is incomplete (a crash mid-write?); citeproof never rewrites "
                "the log — move it aside or remove that partial line by hand, then re-run"
            )
        last = chunk[:-1].rsplit(b"\n", 1)[-1] + b"\n"
    # the whole record, not only the two fields the chain needs: chained onto a line that is
    # not a record ('{"sequence": 3, "hash": "abc"}'), a run would pay the judge for a log
    # that can never pass `audit check`
    line = read_line(0, last)
    problem = line.problem
    if line.record is not None and line.data is not None and problem is None:
        # a keyed log is continued with its key only, an unkeyed one without: a chain that
        # changes how it is hashed midway would verify neither way
        problem = hash_problem(line.data, key)
    if line.record is None or problem is not None:
        raise AuditLogError(
            f"{path}: line {_line_count(path)} is not an audit record to continue the chain from ({problem}); "
            "citeproof never rewrites the log — move it aside or restore that line, then re-run"
        )
    # a whole last line is not yet a whole chain: after a line above it was deleted or one
    # inserted ('sed 1d'), its sequence no longer counts the file's lines, the chain is
    # already broken, and every line appended would be paid for in a log `audit check` fails
    count = _line_count(path)
    if line.record.sequence != count:
        raise AuditLogError(
            f"{path}: line {count} has sequence {line.record.sequence}, but the log holds {count} line(s): the chain is "
            "already broken (a line deleted or inserted above it; `citeproof audit check` names where); citeproof never "
            "rewrites the log — move it aside, then re-run"
        )
    return line.record.sequence, line.record.hash


def _line_count(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))


def bounded_quote(quote: str | None) -> str | None:
    """A refused answer's quote as the log keeps it: whole up to the answer check's
    ``QUOTE_MAX_CHARS``, else that much and a marker with its full length and sha256 (a server
    that streams megabytes of "quote" is recorded, not copied). A valid answer's quote is never
    cut: the check refuses any longer, so replay re-checks the quote the judge gave."""
    if quote is None or len(quote) <= QUOTE_MAX_CHARS:
        return quote
    digest = hashlib.sha256(quote.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{quote[:QUOTE_MAX_CHARS]} […quote cut in the log: {len(quote):,} characters, sha256 {digest}]"


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
        key: bytes | None = None,
    ) -> None:
        self.path = Path(path)
        self.run_id = run_id or new_run_id()
        self._scrub = Scrubber(secret_env, secrets)
        self._fsync = fsync
        self._key = key or None  # an empty key would be no secret
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # read (and validate) the tail now, so a damaged log stops the run before any call is paid
        self._sequence, self._prev_hash = read_tail(self.path, self._key)
        self._failed = False
        try:
            self._fh = self.path.open("ab", buffering=_LINE_BUFFER)
        except OSError as exc:
            raise self._cannot(exc) from None
        # another run appends to a file, never into a FIFO or a device (whose tail is not read)
        self._regular = stat.S_ISREG(os.fstat(self._fh.fileno()).st_mode)
        self._known_size = os.fstat(self._fh.fileno()).st_size
        self._writer = jsonlines.Writer(self._fh, flush=True, dumps=canonical_json)
        self.entries = 0  # lines written by this writer (= this run)
        self.last_hash: str | None = None  # the hash of the last line this writer wrote: the run's head

    def write(self, **fields: Any) -> AuditRecord:
        """Append one record. ``fields`` are everything except the chain and bookkeeping fields."""
        with self._lock:
            if self._fh.closed:
                raise AuditLogError(f"{self.path}: writer is closed")
            try:
                with _exclusive(self._fh.fileno()):
                    size = os.fstat(self._fh.fileno()).st_size
                    if self._regular and size != self._known_size:
                        self._sequence, self._prev_hash = read_tail(self.path, self._key)
                    record = self._append(fields)
                    self._known_size = os.fstat(self._fh.fileno()).st_size
                    return record
            except OSError as exc:
                self._failed = True
                raise self._cannot(exc) from None

    def _cannot(self, exc: OSError) -> AuditLogError:
        """A write error (a full disk) named as every other I/O error is: the flag and the path."""
        return AuditLogError(f"--audit-log {self.path}: cannot append to the audit log: {exc.strerror or exc}")

    def _append(self, fields: dict[str, Any]) -> AuditRecord:
        raw = fields.get("raw_response")
        draft = self._scrub.value(
            {
                **fields,
                "raw_response": raw if raw is None else self._scrub.raw(raw),
                "sequence": self._sequence + 1,
                "run_id": self.run_id,
                "time": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                "prev_hash": self._prev_hash,
            }
        )
        if draft.get("error") is not None:
            draft["quote"] = bounded_quote(draft.get("quote"))
        # validate (once, after scrubbing) before writing: a malformed record is a bug, never a line in the log
        record = AuditRecord.model_validate({**draft, "hash": ""})
        data = record.model_dump(mode="json")
        data.pop("hash")
        if not data["more_excerpts"]:
            del data["more_excerpts"]  # a claim judged on one source: the line as it always was
        if data["stated_text"] is None:
            del data["stated_text"]  # a claim stated as it was judged: likewise
        if data["response_model"] is None:
            del data["response_model"]  # a reply that named no model: likewise
        if self._key is not None:
            data["hash_alg"] = record.hash_alg = HMAC_ALG
        else:
            del data["hash_alg"]  # unkeyed: the line as it always was
        data["hash"] = record.hash = chain_hash(self._prev_hash, data, self._key)
        self._writer.write(data)
        if self._fsync and self._regular:  # a pipe or a device cannot be synced (EINVAL): it keeps no line
            os.fsync(self._fh.fileno())
        self._sequence += 1
        self._prev_hash = self.last_hash = data["hash"]
        self.entries += 1
        return record

    def close(self) -> None:
        with self._lock:
            if not self._fh.closed:
                try:
                    self._writer.close()
                    self._fh.close()
                except OSError as exc:
                    # the line a failed write left in the buffer fails again here; that error is
                    # already raised, and this one must not replace it with a bare OS message
                    if not self._failed:
                        raise self._cannot(exc) from None

    def __enter__(self) -> AuditWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
