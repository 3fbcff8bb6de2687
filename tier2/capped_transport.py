"""A ceiling on how much of a judge server's reply is read.

A judge answer is a few hundred bytes of JSON. A hostile or broken endpoint can send a
hundred megabytes (rt13c drove memory to 600 MB), and the openai client reads the whole body
before anyone looks at it. The transport here stops reading past ``MAX_RESPONSE_BYTES``: a
declared Content-Length over it is refused before the body is read, a body that grows past it
is cut off while streaming. Either way the attempt ends ``http_error`` (``ResponseTooLarge``),
not retried: the same server will send the same body again.

The ceiling holds the reply as decoded: a gzip or deflate body is decoded here, a piece at a
time, and counted as it grows (rt36a: a 1.5 MB gzip reply, under the ceiling as sent, decoded to
1.5 GB and the run to 23 GB). A reply in another encoding (br, zstd, two layers) is not read.

It also holds the whole reply to ``--timeout``. httpx's timeout bounds each read, not the
request: a server that trickles its reply a byte at a time, each byte inside the read timeout,
held one request for as long as it liked (rt36a: 18 s under ``--timeout 1``). A reply not read
whole by the deadline ends ``timeout`` (``httpx.ReadTimeout``), as a silent server does.
"""

from __future__ import annotations

import time
import zlib
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


# Content-Encoding values decoded here (zlib reads both wrappers); none (or identity) is read as sent.
_DECODED = frozenset({"gzip", "x-gzip", "deflate"})


def _encoding(response: httpx.Response) -> str | None:
    """The reply's one content coding ('' for none), or None when it is one this transport
    cannot bound as it decodes (br, zstd, compress, two layers)."""
    codings = [c.strip().lower() for c in response.headers.get("content-encoding", "").split(",")]
    codings = [c for c in codings if c not in ("", "identity")]
    if not codings:
        return ""
    return codings[0] if len(codings) == 1 and codings[0] in _DECODED else None


class _CappedStream(httpx.SyncByteStream):
    def __init__(
        self, inner: httpx.SyncByteStream, limit: int, request: httpx.Request, deadline: _Deadline, *, compressed: bool
    ) -> None:
        self._inner, self._limit, self._request, self._deadline = inner, limit, request, deadline
        # MAX_WBITS | 32: a gzip or a zlib header, whichever the body has
        self._decoder = zlib.decompressobj(zlib.MAX_WBITS | 32) if compressed else None

    def __iter__(self) -> Iterator[bytes]:
        seen = 0
        for chunk in self._inner:
            if self._decoder is not None:
                # decoded no further than one byte past the ceiling: a bomb never unfolds whole
                chunk = self._decoder.decompress(chunk, self._limit - seen + 1)
            seen += len(chunk)
            if seen > self._limit:
                raise ResponseTooLarge(f"response body over {self._limit:,} bytes; not read further", request=self._request)
            self._deadline.check(self._request)
            yield chunk
        if self._decoder is not None and (rest := self._decoder.flush(self._limit - seen + 1)):
            if seen + len(rest) > self._limit:
                raise ResponseTooLarge(f"response body over {self._limit:,} bytes; not read further", request=self._request)
            yield rest

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
        encoding = _encoding(response)
        if encoding is None:
            response.close()
            raise ResponseTooLarge(f"response encoded as {response.headers.get('content-encoding')!r}, whose decoded size "
                                   "cannot be bounded as it is read; not read", request=request)
        stream = response.stream
        if isinstance(stream, httpx.SyncByteStream):
            if encoding:
                del response.headers["content-encoding"]  # decoded below, within the ceiling, not again by httpx
            response.stream = _CappedStream(stream, self._limit, request, deadline, compressed=bool(encoding))
        return response

    def close(self) -> None:
        self._inner.close()


def capped_client(timeout_s: float, limit: int = MAX_RESPONSE_BYTES) -> httpx.Client:
    """The judge's default HTTP client: plain httpx (which respx can intercept) behind the ceiling,
    each request read whole within ``timeout_s``."""
    # asks only for the codings decoded within the ceiling (httpx would add br and zstd once their packages are installed)
    return httpx.Client(timeout=timeout_s, transport=CappedTransport(httpx.HTTPTransport(), limit, deadline_s=timeout_s),
                        headers={"Accept-Encoding": "gzip, deflate"})
