"""A ceiling on how much of a judge server's reply is read.

A judge answer is a few hundred bytes of JSON. A hostile or broken endpoint can send a
hundred megabytes (rt13c drove memory to 600 MB), and the openai client reads the whole body
before anyone looks at it. The transport here stops reading past ``MAX_RESPONSE_BYTES``: a
declared Content-Length over it is refused before the body is read, a body that grows past it
is cut off while streaming. Either way the attempt ends ``http_error`` (``ResponseTooLarge``),
not retried: the same server will send the same body again.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx

MAX_RESPONSE_BYTES = 4 * 1024 * 1024


class ResponseTooLarge(httpx.ReadError):
    """The reply is larger than the ceiling."""


class _CappedStream(httpx.SyncByteStream):
    def __init__(self, inner: httpx.SyncByteStream, limit: int, request: httpx.Request) -> None:
        self._inner, self._limit, self._request = inner, limit, request

    def __iter__(self) -> Iterator[bytes]:
        seen = 0
        for chunk in self._inner:
            seen += len(chunk)
            if seen > self._limit:
                raise ResponseTooLarge(f"response body over {self._limit:,} bytes; not read further", request=self._request)
            yield chunk

    def close(self) -> None:
        self._inner.close()


class CappedTransport(httpx.BaseTransport):
    """``inner``, reading at most ``limit`` bytes of each response body."""

    def __init__(self, inner: httpx.BaseTransport, limit: int = MAX_RESPONSE_BYTES) -> None:
        self._inner, self._limit = inner, limit

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self._inner.handle_request(request)
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self._limit:
            response.close()
            raise ResponseTooLarge(f"response declares {int(declared):,} bytes, over {self._limit:,} bytes; not read", request=request)
        stream = response.stream
        if isinstance(stream, httpx.SyncByteStream):
            response.stream = _CappedStream(stream, self._limit, request)
        return response

    def close(self) -> None:
        self._inner.close()


def capped_client(timeout_s: float, limit: int = MAX_RESPONSE_BYTES) -> httpx.Client:
    """The judge's default HTTP client: plain httpx (which respx can intercept) behind the ceiling."""
    return httpx.Client(timeout=timeout_s, transport=CappedTransport(httpx.HTTPTransport(), limit))
