"""A ceiling on how much of a judge server's reply is read.

A judge answer is a few hundred bytes of JSON. A hostile or broken endpoint can send a
hundred megabytes (rt13c drove memory to 600 MB), and the openai client reads the whole body
before anyone looks at it. The transport here stops reading past ``MAX_RESPONSE_BYTES``: a
declared Content-Length over it is refused before the body is read, a body that grows past it
is cut off while streaming. Either way the attempt ends ``http_error`` (``ResponseTooLarge``),
not retried: the same server will send the same body again.

It also holds the whole reply to ``--timeout``. httpx's timeout bounds each read, not the
request: a server that trickles its reply a byte at a time, each byte inside the read timeout,
held one request for as long as it liked (rt36a: 18 s under ``--timeout 1``). A reply not read
whole by the deadline ends ``timeout`` (``httpx.ReadTimeout``), as a silent server does.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx

MAX_RESPONSE_BYTES = 4 * 1024 * 1024


class ResponseTooLarge(httpx.ReadError):
    """The reply is larger than the ceiling."""


class _Deadline:
    """When a request must be read whole by, counted from when it was sent."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._at = None if seconds is None else time.monotonic() + seconds

    def check(self, request: httpx.Request) -> None:
        if self._at is not None and time.monotonic() > self._at:
            raise httpx.ReadTimeout(f"response not read whole within {self.seconds:g} s (sent a little at a time)", request=request)


class _CappedStream(httpx.SyncByteStream):
    def __init__(self, inner: httpx.SyncByteStream, limit: int, request: httpx.Request, deadline: _Deadline) -> None:
        self._inner, self._limit, self._request, self._deadline = inner, limit, request, deadline

    def __iter__(self) -> Iterator[bytes]:
        seen = 0
        for chunk in self._inner:
            seen += len(chunk)
            if seen > self._limit:
                raise ResponseTooLarge(f"response body over {self._limit:,} bytes; not read further", request=self._request)
            self._deadline.check(self._request)
            yield chunk

    def close(self) -> None:
        self._inner.close()


class CappedTransport(httpx.BaseTransport):
    """``inner``, reading at most ``limit`` bytes of each response body, each reply whole
    within ``deadline_s`` of its request (None: no deadline beyond httpx's per-read timeout)."""

    def __init__(self, inner: httpx.BaseTransport, limit: int = MAX_RESPONSE_BYTES, deadline_s: float | None = None) -> None:
        self._inner, self._limit, self._deadline_s = inner, limit, deadline_s

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        deadline = _Deadline(self._deadline_s)
        response = self._inner.handle_request(request)
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self._limit:
            response.close()
            raise ResponseTooLarge(f"response declares {int(declared):,} bytes, over {self._limit:,} bytes; not read", request=request)
        stream = response.stream
        if isinstance(stream, httpx.SyncByteStream):
            response.stream = _CappedStream(stream, self._limit, request, deadline)
        return response

    def close(self) -> None:
        self._inner.close()


def capped_client(timeout_s: float, limit: int = MAX_RESPONSE_BYTES) -> httpx.Client:
    """The judge's default HTTP client: plain httpx (which respx can intercept) behind the ceiling,
    each request read whole within ``timeout_s``."""
    return httpx.Client(timeout=timeout_s, transport=CappedTransport(httpx.HTTPTransport(), limit, deadline_s=timeout_s))
