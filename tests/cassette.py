"""Recorded judge interactions, replayed offline through respx (see docs/CASSETTES.md).

A cassette (``cassettes/<name>.json``) is a list of interactions: a request fingerprint and
the response the server gave. The fingerprint is a hash of what decides the answer —
method, path below the base URL, model, messages, response_format, temperature, max_tokens
— and nothing that varies between runs or leaks a secret (no headers, no host). The
prompt's fence nonce is derived from the claim and the excerpt, so the same test makes the
same fingerprint on every run.

Replay: every request must find an unused interaction with its fingerprint (in recorded
order), and every interaction must be used by the end of the test — a miss or a leftover
fails the test, naming the fingerprint.

Record (``CITEPROOF_RECORD=1 CITEPROOF_RECORD_BASE_URL=http://127.0.0.1:8765/v1``): requests
go to the live endpoint through a recording transport and the cassette file is rewritten.
Auth and cookie headers are never written; the key is a dummy unless
``CITEPROOF_RECORD_API_KEY`` is set, and the written file is checked not to contain it.
Cassettes marked ``"source": "synthetic"`` are hand-written fault scenarios and always replay.

Outcomes: ``session.outcome(key, value)`` pins what the code made of the recorded answers
(``{"error": …, "verdict": …}``). Recording writes it into the cassette beside the
interactions; replay asserts the same value. A re-recording against another server or model
(whose answers differ) therefore needs no test edits, while replay still fails when the code's
reading of the *recorded* answers changes (an answer check that lets through what it refused).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import respx

CASSETTE_DIR = Path(__file__).resolve().parents[1] / "cassettes"
REPLAY_BASE_URL = "http://cassette.invalid/v1"
DUMMY_API_KEY = "sk-cassette-dummy-0000000000"
# Response headers never written: secrets, cookies, and framing that no longer matches the stored body.
DROPPED_HEADERS = frozenset(
    {
        "authorization", "api-key", "x-api-key", "proxy-authorization", "cookie", "set-cookie",
        "openai-organization", "openai-project", "content-length", "content-encoding", "transfer-encoding",
        "connection", "keep-alive",
    }
)
FINGERPRINT_FIELDS = ("model", "messages", "response_format", "temperature", "max_tokens")


def recording() -> bool:
    return os.environ.get("CITEPROOF_RECORD") == "1"


def canonical_request(request: httpx.Request, base_url: str) -> dict[str, Any]:
    """The parts of a request that decide the answer, in a stable form."""
    base_path = urlsplit(base_url).path.rstrip("/")
    path = request.url.path
    if base_path and path.startswith(base_path):
        path = path[len(base_path) :]
    try:
        body = json.loads(request.content or b"{}")
    except ValueError:
        body = {"unparsed_body_sha256": hashlib.sha256(request.content).hexdigest()}
    canonical: dict[str, Any] = {"method": request.method, "path": path}
    canonical.update({name: body.get(name) for name in FINGERPRINT_FIELDS})
    return canonical


def fingerprint(canonical: dict[str, Any]) -> str:
    text = json.dumps(canonical, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _stored_response(response: httpx.Response) -> dict[str, Any]:
    headers = {k.lower(): v for k, v in response.headers.items() if k.lower() not in DROPPED_HEADERS}
    stored: dict[str, Any] = {"status": response.status_code, "headers": headers}
    try:
        stored["json"] = json.loads(response.content)
    except ValueError:
        stored["text"] = response.content.decode("utf-8", errors="replace")
    return stored


def _replayed_response(stored: dict[str, Any]) -> httpx.Response:
    headers = dict(stored.get("headers", {}))
    if "json" in stored:
        return httpx.Response(stored["status"], headers=headers, json=stored["json"])
    return httpx.Response(stored["status"], headers=headers, text=stored.get("text", ""))


@dataclass
class _Interaction:
    fingerprint: str
    request: dict[str, Any]
    response: dict[str, Any]
    used: bool = False


class _RecordingTransport(httpx.BaseTransport):
    def __init__(self, session: CassetteSession) -> None:
        self._inner = httpx.HTTPTransport()
        self._session = session

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self._inner.handle_request(request)
        response.read()
        self._session._record(request, response)
        return response

    def close(self) -> None:
        self._inner.close()


@dataclass
class CassetteSession:
    """One cassette, open for one test. Use ``base_url``, ``api_key``, ``model`` and ``http_client()``."""

    name: str
    path: Path = field(init=False)
    recording: bool = field(init=False)
    synthetic: bool = field(init=False, default=False)
    base_url: str = field(init=False, default=REPLAY_BASE_URL)
    api_key: str = field(init=False, default=DUMMY_API_KEY)
    model: str = field(init=False, default="")
    meta: dict[str, Any] = field(init=False, default_factory=dict)
    _interactions: list[_Interaction] = field(init=False, default_factory=list)
    _misses: list[str] = field(init=False, default_factory=list)
    _lock: threading.Lock = field(init=False, default_factory=threading.Lock)
    _router: respx.MockRouter | None = field(init=False, default=None)
    _clients: list[httpx.Client] = field(init=False, default_factory=list)
    _outcomes: dict[str, Any] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.path = CASSETTE_DIR / f"{self.name}.json"
        if self.path.exists():
            self.meta = json.loads(self.path.read_text(encoding="utf-8"))
            self.synthetic = self.meta.get("source") == "synthetic"
            self.model = self.meta.get("model", "")
            self._interactions = [
                _Interaction(i["fingerprint"], i["request"], i["response"]) for i in self.meta.get("interactions", [])
            ]
        self.recording = recording() and not self.synthetic

    def start(self, *, default_model: str) -> CassetteSession:
        if self.recording:
            base = os.environ.get("CITEPROOF_RECORD_BASE_URL")
            if not base:
                raise RuntimeError("CITEPROOF_RECORD=1 needs CITEPROOF_RECORD_BASE_URL (e.g. http://127.0.0.1:8765/v1)")
            self.base_url = base
            self.api_key = os.environ.get("CITEPROOF_RECORD_API_KEY") or DUMMY_API_KEY
            self.model = os.environ.get("CITEPROOF_RECORD_MODEL") or default_model
            self._interactions = []
            return self
        if not self.path.exists():
            raise FileNotFoundError(f"no cassette {self.path}; record it with CITEPROOF_RECORD=1 (docs/CASSETTES.md)")
        self.model = self.model or default_model
        self._router = respx.mock(base_url=REPLAY_BASE_URL, assert_all_called=False, assert_all_mocked=True)
        self._router.route().mock(side_effect=self._replay)
        self._router.start()
        return self

    def http_client(self, timeout: float = 30.0) -> httpx.Client:
        """The client to hand the judge: plain in replay (respx intercepts it), recording otherwise."""
        client = httpx.Client(timeout=timeout, transport=_RecordingTransport(self)) if self.recording else httpx.Client(timeout=timeout)
        self._clients.append(client)
        return client

    def outcome(self, key: str, value: Any) -> None:
        """Pin what the test made of the answers: recorded into the cassette, asserted on replay."""
        value = json.loads(json.dumps(value))  # as the file will hold it
        if self.recording:
            self._outcomes[key] = value
            return
        recorded = self.meta.get("outcomes", {})
        if key not in recorded:
            raise AssertionError(f"cassette {self.name} holds no outcome {key!r}: re-record it (docs/CASSETTES.md)")
        if value != recorded[key]:  # raised, not asserted: the check holds under python -O too
            raise AssertionError(f"cassette {self.name}: outcome {key!r} was {recorded[key]!r} when recorded, now {value!r}")

    @property
    def interactions(self) -> list[dict[str, Any]]:
        return [{"fingerprint": i.fingerprint, "request": i.request, "response": i.response} for i in self._interactions]

    def _replay(self, request: httpx.Request) -> httpx.Response:
        canonical = canonical_request(request, REPLAY_BASE_URL)
        key = fingerprint(canonical)
        with self._lock:
            for interaction in self._interactions:
                if interaction.fingerprint == key and not interaction.used:
                    interaction.used = True
                    return _replayed_response(interaction.response)
            self._misses.append(f"{key} {json.dumps(canonical, ensure_ascii=False)[:400]}")
        return httpx.Response(418, text=f"cassette {self.name}: no unused interaction for fingerprint {key}")

    def _record(self, request: httpx.Request, response: httpx.Response) -> None:
        canonical = canonical_request(request, self.base_url)
        with self._lock:
            self._interactions.append(
                _Interaction(fingerprint(canonical), canonical, _stored_response(response), used=True)
            )

    def stop(self) -> list[str]:
        """Close the cassette; the problems that fail the test (misses, leftovers)."""
        for client in self._clients:
            client.close()
        if self._router is not None:
            self._router.stop()
        if self.recording:
            self._write()
            return []
        problems = [f"cassette {self.name}: request without an interaction, fingerprint {m}" for m in self._misses]
        problems += [
            f"cassette {self.name}: interaction {i.fingerprint} was not used by the test"
            for i in self._interactions
            if not i.used
        ]
        return problems

    def _write(self) -> None:
        document = {
            "name": self.name,
            "source": "recorded",
            "recorded_at": datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
            "recorded_with": os.environ.get("CITEPROOF_RECORD_NOTE", self.meta.get("recorded_with", "")),
            "model": self.model,
            "interactions": self.interactions,
            "outcomes": self._outcomes,
        }
        text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
        secret = os.environ.get("CITEPROOF_RECORD_API_KEY")
        if secret and secret in text:
            raise RuntimeError(f"refusing to write cassette {self.name}: it would contain the API key")
        CASSETTE_DIR.mkdir(parents=True, exist_ok=True)
        self.path.write_text(text, encoding="utf-8")
