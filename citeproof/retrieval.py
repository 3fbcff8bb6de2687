"""RAG-answer mode: an answer cites retrieved chunks by URL (``--retrieved retrieved.jsonl``).

``retrieved.jsonl`` holds one JSON object per line: ``url`` (string or null), ``title``
(optional), ``text`` (required). Each chunk becomes a synthetic ``SourceDocument`` (channel
``retrieved``) so the numeric and claim-support rules read the cited chunk's text through
the same segmentation as saved sources.

A URL cites a chunk only when it *is* the chunk's URL, compared with boundaries
(``url_cites``): the trap it closes is a citation laundered through a plausible URL — an
invented page appended to a retrieved section URL (``…/reference/hooks/useMadeUp`` against
retrieved ``…/reference``) looks like ours but was never retrieved.

Three facts stay distinct: "cited nothing" (a claim with no URL: fails CP302 when there
were URLs to cite), "had nothing citable" (chunks carry no URL: n/a), and "retrieved
nothing" (an empty file: a failure of the run, never n/a).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from citeproof.errors import InputError
from citeproof.model import Anchor, Finding
from citeproof.settings import Settings
from citeproof.sources.readers import UnreadableSource, read_source
from citeproof.sources.segment import segment_window
from citeproof.sources.types import Resolution, SourceDocument, SourceWindow

if TYPE_CHECKING:
    from citeproof.sources.store import SourceStore

RETRIEVED_CHANNEL = "retrieved"
RESOLUTION_RULE = "CP102"  # same rule as a saved source that cannot be found
_DEFAULT_PORTS = {"http": 80, "https": 443}
# Sentence punctuation that follows a bare URL in prose but is not part of it.
_TRAILING = ".,;:!?'\"。，；：！？、”’"


# --------------------------------------------------------------------------- URL matching


@dataclass(frozen=True, slots=True)
class _UrlKey:
    scheme: str
    netloc: str
    path: str
    query: str


def _clean(url: str) -> str:
    url = url.strip()
    if url.startswith("<") and url.endswith(">"):  # Markdown autolink <https://…>
        url = url[1:-1].strip()
    while url:
        if url[-1] in _TRAILING:
            url = url[:-1]
        elif url[-1] == ")" and url.count(")") > url.count("("):  # "(see https://x/a)"
            url = url[:-1]
        else:
            break
    return url


def _key(url: str) -> _UrlKey | None:
    try:
        parts = urlsplit(_clean(url))
        host = parts.hostname  # lower-cased, userinfo dropped
        port = parts.port
    except ValueError:  # bad port, bad IPv6 literal
        return None
    scheme = parts.scheme.lower()
    if not scheme or not host:
        return None
    netloc = host if port is None or port == _DEFAULT_PORTS.get(scheme) else f"{host}:{port}"
    # Exactly one trailing slash is the same page (doc sites canonicalise with it); a
    # second slash, or anything after it, is a different path.
    path = unquote(parts.path)
    if path.endswith("/"):
        path = path[:-1]
    return _UrlKey(scheme, netloc, path, parts.query)


def url_cites(cited: str, retrieved: str) -> bool:
    """True when the URL ``cited`` names the page ``retrieved`` was fetched from.

    Scheme and host compare case-insensitively (default ports dropped); the path compares
    case-sensitively, after percent-decoding, ignoring exactly one trailing slash on either
    side; fragments are ignored; a query on one side only does not break the match, two
    different queries do. Anything appended to the path — a further segment, a second
    slash — does not match: that is the laundering this check exists for. Sentence
    punctuation after a bare URL in prose and ``<…>`` autolink brackets are not part of it.
    """
    c, r = _key(cited), _key(retrieved)
    if c is None or r is None:
        return False
    if (c.scheme, c.netloc, c.path) != (r.scheme, r.netloc, r.path):
        return False
    return not (c.query and r.query and c.query != r.query)


def extends_url(cited: str, retrieved: str) -> bool:
    """True when ``cited`` is ``retrieved`` with more path appended (for messages only)."""
    c, r = _key(cited), _key(retrieved)
    if c is None or r is None or (c.scheme, c.netloc) != (r.scheme, r.netloc):
        return False
    return c.path != r.path and c.path.startswith(r.path + "/")


# --------------------------------------------------------------------------- retrieved chunks


@dataclass(frozen=True, slots=True)
class RetrievedChunk:
    line: int  # 1-based line in retrieved.jsonl
    url: str | None
    title: str | None
    text: str


class RetrievedSet:
    """The chunks a RAG run retrieved, and what URL anchors resolve to among them."""

    def __init__(self, chunks: tuple[RetrievedChunk, ...], path: Path | None = None,
                 settings: Settings | None = None) -> None:
        self.chunks = chunks
        self.path = path
        self.settings = settings or Settings()
        self._documents: dict[tuple[int, ...], SourceDocument] = {}
        self._windows: dict[tuple[int, ...], SourceWindow] = {}

    @property
    def name(self) -> str:
        return self.path.name if self.path is not None else "retrieved.jsonl"

    @property
    def is_empty(self) -> bool:
        """Zero retrieval: a failure of the run, not "nothing to check"."""
        return not self.chunks

    @property
    def urls(self) -> tuple[str, ...]:
        """Distinct chunk URLs in file order."""
        return tuple(dict.fromkeys(c.url for c in self.chunks if c.url))

    @property
    def has_urls(self) -> bool:
        return bool(self.urls)

    def matching_chunks(self, url: str) -> list[RetrievedChunk]:
        return [c for c in self.chunks if c.url and url_cites(url, c.url)]

    def extended_url(self, url: str) -> str | None:
        """The retrieved URL that ``url`` extends with an invented path, if any."""
        return next((u for u in self.urls if extends_url(url, u)), None)

    def resolve(self, anchor: Anchor) -> Resolution:
        """A URL anchor → a window over the chunk(s) retrieved from that URL, or a CP102 finding.

        Several chunks from one page are read as one document (blank line between them), so a
        claim drawing on two chunks of a page is judged against both.
        """
        if anchor.kind.lower() != "url":
            return self._fail(anchor, "anchor_unresolved",
                              f"only URL anchors cite retrieved chunks in RAG-answer mode, not [{anchor.kind}:…]")
        if self.is_empty:
            return self._fail(anchor, "zero_retrieval", f"{self.name} holds no retrieved chunks")
        chunks = self.matching_chunks(anchor.source_id)
        if not chunks:
            extended = self.extended_url(anchor.source_id)
            detail = (f"URL is not among the retrieved URLs: it extends retrieved {extended} with a path "
                      "that was never retrieved" if extended else "URL is not among the retrieved URLs")
            return self._fail(anchor, "url_not_retrieved", detail)
        return Resolution(anchor=anchor, window=self._window(tuple(chunks)))

    def _window(self, chunks: tuple[RetrievedChunk, ...]) -> SourceWindow:
        """The whole-page window, built and segmented once per run however many claims cite it."""
        key = tuple(c.line for c in chunks)
        cached = self._windows.get(key)
        if cached is not None:
            return cached
        document = self.document(chunks)
        last = max(1, len(document.lines))
        window = self._windows[key] = SourceWindow(
            document=document,
            line_start=1,
            line_end=last,
            text=document.text,
            segments=segment_window(document, 1, last),
            coarse=last > self.settings.coarse_window_lines,
            locator_raw=None,
        )
        return window

    def document(self, chunks: tuple[RetrievedChunk, ...]) -> SourceDocument:
        """The synthetic document of one chunk (or of several chunks of one page), built once."""
        key = tuple(c.line for c in chunks)
        cached = self._documents.get(key)
        if cached is not None:
            return cached
        text = "\n\n".join(c.text for c in chunks)
        try:
            read = read_source(text, "md")
            lines, sections, paths = list(read.lines), dict(read.sections), dict(read.section_paths)
        except UnreadableSource:  # chunk text is data: keep it readable as plain lines
            lines, sections, paths = text.split("\n"), {}, {}
        first = chunks[0]
        document = SourceDocument(
            source_id=first.url or f"{self.name}#L{first.line}",
            channel=RETRIEVED_CHANNEL,
            path=f"{self.name}#" + ",".join(f"L{c.line}" for c in chunks),
            media="md",
            text="\n".join(lines),
            lines=tuple(lines),
            sections=sections,
            section_paths=paths,
            url=first.url,
            title=first.title,
        )
        self._documents[key] = document
        return document

    def _fail(self, anchor: Anchor, code: str, detail: str) -> Resolution:
        finding = Finding(
            rule=RESOLUTION_RULE,
            code=code,
            severity="critical",
            message=f"anchor {anchor.raw} at {anchor.location.describe()}: {detail}",
            location=anchor.location,
        )
        return Resolution(anchor=anchor, window=None, finding=finding)


def load_retrieved(path: Path, settings: Settings | None = None) -> RetrievedSet:
    """Read ``retrieved.jsonl``. Any bad line is an ``InputError`` naming the file and line.

    An empty file (or one with only blank lines) is a valid *zero retrieval*: the URL rule
    fails the report on it; it is not an input error because it is what the RAG run did.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"retrieved file {path}: cannot read it ({exc.strerror or exc}); "
                         "pass --retrieved FILE") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"retrieved file {path}: not valid UTF-8 (byte {exc.start}); save it as UTF-8") from None
    chunks: list[RetrievedChunk] = []
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        chunks.append(_chunk(line, lineno, path))
    return RetrievedSet(tuple(chunks), path, settings)


def _chunk(line: str, lineno: int, path: Path) -> RetrievedChunk:
    where = f"{path} line {lineno}"
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: not valid JSON ({exc.msg} at column {exc.colno}); "
                         "retrieved.jsonl needs one JSON object per line") from None
    if not isinstance(obj, dict):
        raise InputError(f"{where}: expected a JSON object with url, title, text; got {type(obj).__name__}")
    body = obj.get("text")
    if not isinstance(body, str):
        got = "missing" if body is None else type(body).__name__
        raise InputError(f"{where}: 'text' must be a string (the chunk's text); it is {got}")
    url = obj.get("url")
    if url is not None and not isinstance(url, str):
        raise InputError(f"{where}: 'url' must be a string or null; it is {type(url).__name__}")
    url = (url or "").strip() or None
    if url is not None and _key(url) is None:
        raise InputError(f"{where}: 'url' {url!r} is not an absolute URL (scheme://host/…)")
    title = obj.get("title")
    if title is not None and not isinstance(title, str):
        raise InputError(f"{where}: 'title' must be a string or null; it is {type(title).__name__}")
    return RetrievedChunk(line=lineno, url=url, title=title, text=body)


# --------------------------------------------------------------------------- sources-folder mode


def manifest_urls(store: SourceStore | None) -> tuple[str, ...]:
    """URLs the sources manifest says were retrieved (sources-folder mode)."""
    if store is None:
        return ()
    return tuple(dict.fromkeys(e.url.strip() for e in store.manifest_entries() if e.url and e.url.strip()))


def resolve_manifest_url(store: SourceStore, anchor: Anchor) -> Resolution:
    """A URL anchor in sources-folder mode: the manifest entry whose URL it cites (boundary-
    checked with ``url_cites``), resolved to its saved file by the store."""
    for entry in store.manifest_entries():
        if entry.url and url_cites(anchor.source_id, entry.url):
            return store.resolve_entry(anchor, entry)
    return store.resolve_url(anchor)  # the store's own "not among the manifest's URLs" finding
