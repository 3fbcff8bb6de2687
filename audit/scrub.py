"""Keep secrets out of the audit log, whatever a provider echoes back.

The API key is never handed to the writer as data, but an error message, a proxy's echo
or a source file could still carry it. Every string of a record passes through here
before it is hashed and written, so the chain covers the scrubbed text.

A server may also echo the key altered: cut short, without its prefix, upper-cased, or spelled
out with a space between its characters. Any run of at least 8 consecutive characters of the
key (all of it, for a shorter key), in any letter case and with at most one separator
(space, "-", "_", ".") between two of them, is redacted (``_KeyRuns``) — unless the run reads as
ordinary words ("secret-value-42" of the key "other-secret-value-42"): a key made of words
shares them with prose, while a random key's run never reads as words, nor does one spelled
out a character at a time.

A key a server echoes base64-encoded (as an HTTP Basic header carries credentials; alone, or
inside a longer text encoded whole, at any byte offset) or in
full-width letters ("ｓｋ－…", which some tokenizers and renderers produce) is found too.
So is the key written backwards, whole, and hex-encoded ("736b2d…", either letter case); and
any run of it in hex bytes as a dump shows them ("73:6b:2d", "73 6B 2D", "0x73, 0x6b", "\\x73",
as UTF-8, UTF-16-LE or UTF-16-BE, a byte order mark before it or not: ``_hex_views``). A key
spelled with escaped characters — percent-encoded ("%73%6B%2D…", "%C3%A9" for a non-ASCII one,
some or all of them), as HTML
character references ("&#115;&#107;…", "&#x73;…") or with invisible characters between its
letters (Unicode's default-ignorable code points: zero-width spaces and joiners, the soft hyphen,
word joiners, bidi marks, variation selectors, tags) — is looked for in the text those characters decode to, and
the escaped span it came from is redacted (``_decoded_view``): escaped text that is not the key
stays as written. The same reading takes backslash escapes, however deeply a JSON string was
nested in another: "\\u0073\\u006b…", "\\\\u0073…", a surrogate pair, or a backslash before each
character ("\\s\\k\\-…"); and the key's bytes written as decimal numbers ("115, 107, 45"), as hex
between ";" or "|", or as UTF-32 hex.

The endpoint URL is written down too (audit lines, the report, messages), and a URL can
carry credentials of its own (``http://user:KEY@host/v1``): ``public_url`` is the form
that may be written, and ``url_credentials`` the secrets its user-info adds to a scrubber.
"""

from __future__ import annotations

import base64
import json
import os
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from urllib.parse import quote, unquote

from pydantic import BaseModel

REDACTED = "[REDACTED]"
_MIN_SECRET_LEN = 6  # shorter env values would redact ordinary words
# A key's leading prefix segments ("sk-", "sk-proj-", "sk-ant-api03-", "gsk_"): a server may echo
# the key without them, and the rest is still the secret when long enough to be no word
_KEY_PREFIX_SEGMENT = re.compile(r"[A-Za-z][A-Za-z0-9]{0,5}[-_]")
_MAX_PREFIX_SEGMENTS = 3
_MIN_BODY_LEN = 16  # as the sk- pattern below: a shorter rest could be an ordinary token
# the user-info of an absolute URL: "scheme://" then everything up to the last "@" of the authority
_USERINFO = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@")

_PATTERNS = (
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{8,}"),
    re.compile(r"(?i)\bsk-[A-Za-z0-9_-]{16,}"),
    re.compile(r"(?i)(authorization|x-api-key|api[_-]?key)(\"?\s*[:=]\s*\"?)[^\"'\s,}]+"),
)


class Scrubber:
    def __init__(self, secret_env: Iterable[str] = ("OPENAI_API_KEY",), secrets: Iterable[str] = ()) -> None:
        values = [os.environ.get(name, "") for name in secret_env]
        values.extend(secrets)
        values.extend(body for v in list(values) for body in _key_bodies(v.strip()))
        # longest first so a key that contains another is removed whole; in any letter case,
        # since a server may echo it upper-cased
        # and in the forms a server echoes it: stripped of spaces, JSON-escaped ('pa\\"ss'),
        # percent-encoded, base64-encoded ("user:password" as a Basic header sends it), reversed, hex
        forms = {f for v in (v.strip() for v in values)
                 for f in (v, json.dumps(v)[1:-1], quote(v, safe=""), *_base64_forms(v), v[::-1], _hex(v))}
        secrets = sorted({f for f in forms if f and len(f) >= _MIN_SECRET_LEN}, key=len, reverse=True)
        self._secrets = re.compile("|".join(map(re.escape, secrets)), re.IGNORECASE) if secrets else None
        # a key's body is a run of the key: the whole values are enough
        self._runs = [_KeyRuns(v) for v in dict.fromkeys(v.strip() for v in values) if len(v) >= _MIN_SECRET_LEN]

    def text(self, value: str) -> str:
        # the key as written first: a key holding a backslash ('pa"ss\\wo…') would lose it in
        # the escaped reading, which then finds only the rest of it
        if self._secrets is not None:
            value = self._secrets.sub(REDACTED, value)
        value = self._escaped(value)
        for runs in self._runs:
            value = runs.sub(value)
        value = _PATTERNS[0].sub(f"Bearer {REDACTED}", value)
        value = _PATTERNS[1].sub(REDACTED, value)
        return _PATTERNS[2].sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", value)

    def _escaped(self, value: str) -> str:
        """``value`` with every span that decodes to the key (or a run of it) redacted, where the
        key is spelled with escaped or zero-width characters (``_decoded_view``) or in hex bytes
        (``_hex_views``)."""
        spans = []
        for decoded, read_from, escaped in _decoded_views(value):
            found = [m.span() for m in self._secrets.finditer(decoded)] if self._secrets is not None else []
            found.extend(span for runs in self._runs for span in runs.spans(decoded))
            if escaped:  # a key nobody named, found by its shape once its escapes are read ("\\u0073k-…")
                found.extend(m.span() for pattern in _PATTERNS[:2] for m in pattern.finditer(decoded))
            # from the first character's span to the last's: a zero-width character (or a hex
            # separator) between two of the key's goes with them, one before or after the key stays
            spans.extend((read_from[a][0], read_from[b - 1][1]) for a, b in _merged_spans(found))
        out, at = [], 0
        for start, end in _merged_spans(spans):
            out += [value[at:start], REDACTED]
            at = end
        return "".join(out) + value[at:] if out else value

    def raw(self, value: str) -> str:
        """:meth:`text` for a server's raw response, which is kept as the server sent it: its JSON
        escapes ("\\u0073k-…", "\\\\u0073…" a level deeper) are read in a decoded view, never
        decoded in what is written (decoding "\\\\u0073" there made "\\s": rt29j k1)."""
        return self.text(value)

    def value(self, value: Any) -> Any:
        if isinstance(value, BaseModel):  # a nested model is scrubbed as the JSON it becomes
            return self.value(value.model_dump(mode="json"))
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {k: self.value(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.value(v) for v in value]
        return value


_RUN_SEPARATORS = " -_."
_DROP_SEPARATORS = str.maketrans("", "", _RUN_SEPARATORS)
_SEPARATOR = re.compile(r"[ ._-]")
_WIDE_GAP = re.compile(r"[ ._-]{2,}")  # two separators end a run
_PIECE = re.compile(r"[^ ._-]+|[ ._-]{2,}")
# "ｓｋ－ａｂ" (U+FF01-FF5E, and the ideographic space) as "sk-ab"
_FULL_WIDTH = {0xFF01 + i: 0x21 + i for i in range(0x5E)} | {0x3000: 0x20}
_GAP = "\x00"  # what a wide gap becomes in the compact text: in no key, so no run crosses it
_MIN_RUN = 8
# what a run may be made of and still be prose: words in one letter case, or short numbers
_WORD = re.compile(r"[a-z]{2,}|[A-Z]{2,}|[A-Z][a-z]+|[0-9]{1,4}")


class _KeyRuns:
    """Finds the runs of one key's characters in a text (see the module's doc). The text is made
    compact (separators dropped, a wide gap kept as one mark, letters folded) and every run of
    ``_MIN_RUN`` key characters looked up in it with ``str.find``: time linear in the text for
    each of the key's runs, no backtracking pattern."""

    def __init__(self, key: str) -> None:
        sig = _folded(key.translate(_DROP_SEPARATORS)).replace(_GAP, "")
        self._m = min(_MIN_RUN, len(sig))
        self._grams = sorted({sig[i:i + self._m] for i in range(len(sig) - self._m + 1)}) if sig else []

    def sub(self, text: str) -> str:
        out, at = [], 0
        for start, end in self.spans(text):
            out += [text[at:start], REDACTED]
            at = end
        return "".join(out) + text[at:] if out else text

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the key's runs are in ``text``, in order, runs that read as words left out."""
        if not self._grams:
            return []
        # full-width forms read as their ASCII letters: one character for one, so every
        # position found in ``narrow`` is the same in ``text``
        narrow = text.translate(_FULL_WIDTH)
        compact = _folded(_WIDE_GAP.sub(_GAP, narrow).translate(_DROP_SEPARATORS))
        starts = sorted({i for gram in self._grams for i in _find_all(compact, gram)})
        if not starts:
            return []
        where = _CompactIndex(narrow)
        found = []
        for a, b in _merged(starts, self._m):
            start, end = where.in_text(a), where.in_text(b - 1) + 1
            if not _reads_as_words(narrow[start:end]):
                found.append((start, end))
        return found


class _CompactIndex:
    """Where a character of the compact text is in the text it was made from."""

    def __init__(self, text: str) -> None:
        self._text_at: list[int] = []
        self._compact_at: list[int] = []
        at = 0
        for piece in _PIECE.finditer(text):
            self._text_at.append(piece.start())
            self._compact_at.append(at)
            at += 1 if piece.group()[0] in _RUN_SEPARATORS else piece.end() - piece.start()

    def in_text(self, compact_index: int) -> int:
        k = bisect_right(self._compact_at, compact_index) - 1
        return self._text_at[k] + compact_index - self._compact_at[k]


def _folded(text: str) -> str:
    """Lower-cased, character for character (a letter whose lower case is longer stays as it is)."""
    low = text.lower()
    return low if len(low) == len(text) else "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def _find_all(text: str, needle: str) -> Iterator[int]:
    at = text.find(needle)
    while at != -1:
        yield at
        at = text.find(needle, at + 1)


def _merged(starts: list[int], width: int) -> list[list[int]]:
    """Overlapping windows of ``width`` from sorted ``starts``, joined: the runs they make."""
    runs: list[list[int]] = []
    for start in starts:
        if runs and start < runs[-1][1]:
            runs[-1][1] = start + width
        else:
            runs.append([start, start + width])
    return runs


def _merged_spans(spans: list[tuple[int, int]]) -> list[list[int]]:
    """Overlapping or touching (start, end) spans joined, in order."""
    joined: list[list[int]] = []
    for start, end in sorted(spans):
        if joined and start <= joined[-1][1]:
            joined[-1][1] = max(joined[-1][1], end)
        else:
            joined.append([start, end])
    return joined


# One character escaped: "%73" (an ASCII byte), "%C3%A9" (the bytes of one UTF-8 character, whole:
# a lone byte of a longer character decodes to no character and stays as written), "&#115;" or
# "&#x73;" (the ";" may be left out, as browsers allow), or an invisible character, which decodes
# to nothing: Unicode's
# Default_Ignorable_Code_Point set (DerivedCoreProperties.txt), which renderers draw as nothing —
# the soft hyphen U+00AD, U+034F, zero-width spaces and joiners, bidi marks and embeddings, word
# joiners and invisible operators U+2060-U+206F, variation selectors, tags, the BOM.
_INVISIBLE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
_CONT = "%[89ABab][0-9A-Fa-f]"  # a UTF-8 continuation byte, percent-encoded
# A backslash escape, behind any number of backslashes (a JSON string quoted in another one
# doubles them: "\\u0073" is "\u0073" once read, "s" twice): "\u0073", a surrogate pair
# "\ud83d\ude00", "\u{73}"; or a backslash before any other character, which is that character
# ("\s\k\-": a key written with one before each of its characters). A run of backslashes is
# matched from its first only, so a long run costs one pass, not one per backslash.
_BACKSLASHES = r"(?<!\\)\\+"
_U_ESCAPE = (rf"{_BACKSLASHES}u([Dd][89ABab][0-9A-Fa-f]{{2}}){_BACKSLASHES}u([Dd][C-Fc-f][0-9A-Fa-f]{{2}})"
             rf"|{_BACKSLASHES}u(?:([0-9A-Fa-f]{{4}})|\{{([0-9A-Fa-f]{{1,6}})\}})|{_BACKSLASHES}([^\\])")
_ESCAPED_CHAR = re.compile(
    r"%([0-7][0-9A-Fa-f])"
    rf"|(%[C-Dc-d][0-9A-Fa-f]{_CONT}|%[Ee][0-9A-Fa-f]{_CONT}{{2}}|%[Ff][0-7]{_CONT}{{3}})"
    r"|&#(?:[xX]([0-9A-Fa-f]{1,6})|([0-9]{1,7}));?|[" + _INVISIBLE + "]|" + _U_ESCAPE
)


def _decoded_views(text: str) -> Iterator[tuple[str, list[tuple[int, int]], bool]]:
    """Every decoded reading of ``text`` the key may hide in, each with the span of ``text`` its
    characters were read from and whether it is the escaped characters' reading: escaped
    characters decoded (``_decoded_view``), and its hex and decimal byte runs (``_hex_views``).
    Only the escaped reading is searched for key-shaped text too: bytes that spell another key
    ("73 6b 2d …") are data, kept as written."""
    decoded, read_from = _decoded_view(text)
    if read_from is not None:
        yield decoded, read_from, True
    for decoded, read_from in _hex_views(text):
        yield decoded, read_from, False


def _escape_code(m: re.Match[str]) -> str | None:
    """What one ``_ESCAPED_CHAR`` match decodes to: a character, "" (an invisible one), or None
    when it is no character (kept as text, read as it is)."""
    ascii_byte, utf8, hex_ref, dec_ref, high, low, u_hex, u_braced, escaped = m.groups()
    if high:  # a surrogate pair: one character
        return chr(0x10000 + ((int(high, 16) - 0xD800) << 10) + int(low, 16) - 0xDC00)
    if escaped:
        return escaped
    hex_ref = hex_ref or u_hex or u_braced
    if utf8:
        try:  # an overlong form or a surrogate is no character
            return bytes.fromhex(utf8.replace("%", "")).decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not (ascii_byte or hex_ref or dec_ref):
        return ""
    code = int(ascii_byte or hex_ref, 16) if (ascii_byte or hex_ref) else int(dec_ref)
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else None


def _decoded_view(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    """``text`` with its escaped characters decoded (``_ESCAPED_CHAR``), and the span of ``text``
    each character of it was read from, so a span found in the decoded text is a span of
    ``text``; ``None`` when nothing is escaped. A reference to no character stays as written."""
    parts, spans, at = [], [], 0
    for m in _ESCAPED_CHAR.finditer(text):
        char = _escape_code(m)
        if char is None:
            continue  # no character: kept as text, read as it is
        parts.append(text[at:m.start()])
        spans.extend((i, i + 1) for i in range(at, m.start()))
        if char:
            parts.append(char)
            spans.append(m.span())
        at = m.end()
    if at == 0:
        return text, None
    parts.append(text[at:])
    spans.extend((i, i + 1) for i in range(at, len(text)))
    return "".join(parts), spans


# Bytes written in hex, as a dump or a debugger shows them: "736b2d…", "73:6b:2d", "73 6B 2D",
# "73-6b", "73;6b", "73|6b", "0x73, 0x6b", "\x73\X6B", "0073 006b" (UTF-16 in 16-bit words). A run starts where no
# hex digit precedes it and holds at least as many bytes as the shortest secret; what it decodes to
# is looked in, never written: hex that is not the key (a hash, a MAC address) stays as written.
_HEX_BYTE = r"(?:\\[xX]|0[xX])?([0-9A-Fa-f]{2})"
_HEX_RUN = re.compile(rf"(?<![0-9A-Fa-f]){_HEX_BYTE}(?:(?:[,;|] ?|[ :.-])?{_HEX_BYTE}){{{_MIN_SECRET_LEN - 1},}}")
# Bytes written as decimal numbers, as a byte array prints ("115, 107, 45", "[115,107,45]"): read
# like a hex run, as UTF-8 only; a number above 255 is no byte.
_DEC_RUN = re.compile(rf"(?<![0-9.])[0-9]{{1,3}}(?:(?:[,;|] ?| )[0-9]{{1,3}}){{{_MIN_SECRET_LEN - 1},}}(?![0-9])")
_DEC_TOKEN = re.compile(r"[0-9]+")
_HEX_TOKEN = re.compile(_HEX_BYTE)
_NO_CHAR = "\ufffd"  # a byte that decodes to no character: in no key


def _hex_views(text: str) -> list[tuple[str, list[tuple[int, int]]]]:
    """The hex runs of ``text`` decoded as UTF-8, UTF-16-LE, UTF-16-BE, UTF-32-LE and UTF-32-BE (a
    UTF-16 run read from its other byte is the other order), and its decimal runs as UTF-8, each
    run's characters with the span of ``text`` their bytes were written in; runs joined by
    ``_GAP``, so no run of the key crosses from one to the next. Empty when ``text`` holds no such
    run. Time linear in the text."""
    runs = [[(int(t.group(1), 16), m.start() + t.start(), m.start() + t.end()) for t in _HEX_TOKEN.finditer(m.group())]
            for m in _HEX_RUN.finditer(text)]
    numbers = [[(int(t.group()), m.start() + t.start(), m.start() + t.end()) for t in _DEC_TOKEN.finditer(m.group())]
               for m in _DEC_RUN.finditer(text)]
    decoders = (_utf8_chars, _utf16_chars(little=True), _utf16_chars(little=False),
                _utf32_chars(little=True), _utf32_chars(little=False))
    views = [_joined_view(decode, runs) for decode in decoders] if runs else []
    if numbers:
        views.append(_joined_view(_utf8_chars, numbers))
    return views


def _joined_view(decode: Callable[[list[tuple[int, int, int]]], Iterator[tuple[str, int, int]]],
                 runs: list[list[tuple[int, int, int]]]) -> tuple[str, list[tuple[int, int]]]:
    """``runs`` decoded by ``decode`` into one text, runs joined by ``_GAP``, with each character's span."""
    chars: list[str] = []
    spans: list[tuple[int, int]] = []
    for run in runs:
        if chars:
            chars.append(_GAP)
            spans.append((spans[-1][1], spans[-1][1]))
        for char, start, end in decode(run):
            chars.append(char)
            spans.append((start, end))
    return "".join(chars), spans


def _utf8_chars(run: list[tuple[int, int, int]]) -> Iterator[tuple[str, int, int]]:
    """(character, start, end) for each UTF-8 character of ``run``'s (byte, start, end) triples;
    a byte that starts no whole character is ``_NO_CHAR``."""
    i = 0
    while i < len(run):
        lead = run[i][0]
        size = 1 if lead < 0x80 else 2 if 0xC2 <= lead < 0xE0 else 3 if 0xE0 <= lead < 0xF0 else 4 if 0xF0 <= lead < 0xF5 else 0
        try:
            char = bytes(b for b, _, _ in run[i:i + size]).decode("utf-8") if size and i + size <= len(run) else ""
        except UnicodeDecodeError:
            char = ""
        if len(char) != 1:
            char, size = _NO_CHAR, 1
        yield char, run[i][1], run[i + size - 1][2]
        i += size


def _utf16_chars(*, little: bool):
    def chars(run: list[tuple[int, int, int]]) -> Iterator[tuple[str, int, int]]:
        for i in range(0, len(run) - 1, 2):
            low, high = (run[i][0], run[i + 1][0]) if little else (run[i + 1][0], run[i][0])
            code = high << 8 | low
            yield (_NO_CHAR if 0xD800 <= code <= 0xDFFF else chr(code)), run[i][1], run[i + 1][2]
    return chars


def _utf32_chars(*, little: bool):
    def chars(run: list[tuple[int, int, int]]) -> Iterator[tuple[str, int, int]]:
        for i in range(0, len(run) - 3, 4):
            quad = [b for b, _, _ in run[i:i + 4]]
            code = int.from_bytes(bytes(quad), "little" if little else "big")
            yield (chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else _NO_CHAR), run[i][1], run[i + 3][2]
    return chars


def _reads_as_words(span: str) -> bool:
    return all(_WORD.fullmatch(chunk) for chunk in _SEPARATOR.split(span))


def _base64_forms(value: str) -> tuple[str, ...]:
    """``value`` base64-encoded, standard and URL-safe, with and without its "=" padding; and the
    part of its encoding that any base64 of a longer text holding it shows ("Bearer KEY",
    '{"api_key": "KEY"}' encoded whole): base64 encodes three bytes as four characters, so the key
    starting at each of the three byte offsets encodes as its own string, stable once the
    four-character groups the text around it shares are cut off at both ends."""
    if not value:
        return ()
    raw = value.encode("utf-8", "surrogatepass")
    std = base64.b64encode(raw).decode("ascii")
    forms = [std, std.rstrip("=")]
    for shift in range(3):
        inner = base64.b64encode(b"\0" * shift + raw).decode("ascii")[4 if shift else 0 : -4]
        forms.append(inner)
    forms += [f.replace("+", "-").replace("/", "_") for f in forms]
    return tuple(dict.fromkeys(forms))


def _hex(value: str) -> str:
    """``value``'s UTF-8 bytes in hex (lower case; the scrubber ignores case)."""
    return value.encode("utf-8", "surrogatepass").hex()


def url_credentials(url: str) -> list[str]:
    """The secrets a URL's user-info carries (``http://user:PASS@host/v1``), for a ``Scrubber``:
    the user-info whole, "user:password" percent-decoded as httpx sends it in a Basic header
    (whose base64 the scrubber adds), and the password as written and decoded. A user name alone
    is no secret (it is often "admin"); with no password the user-info is the credential (a key
    written as "http://KEY@host")."""
    m = _USERINFO.match(url)
    if m is None:
        return []
    info = url[len(m.group(1)) : m.end() - 1]
    user, _, password = info.partition(":")
    found = [info, f"{unquote(user)}:{unquote(password)}", password, unquote(password)]
    return [s for s in dict.fromkeys(found) if s]


def without_userinfo(url: str) -> str:
    """``url`` with its user-info removed, nothing else changed."""
    return _USERINFO.sub(r"\1", url)


def _key_bodies(value: str) -> list[str]:
    """What is left of a key after each of its leading prefix segments, when long enough."""
    bodies, at = [], 0
    for _ in range(_MAX_PREFIX_SEGMENTS):
        m = _KEY_PREFIX_SEGMENT.match(value, at)
        if m is None or len(value) - m.end() < _MIN_BODY_LEN:
            break
        at = m.end()
        bodies.append(value[at:])
    return bodies


def public_url(url: str, scrubber: Scrubber | None = None) -> str:
    """``url`` as it may be written down: user-info removed (``http://u:KEY@h/v1`` → ``http://h/v1``),
    every query value and any fragment redacted (``?key=…&sig=…`` → ``?key=[REDACTED]&sig=[REDACTED]``),
    then the rest scrubbed (the key's value anywhere) by ``scrubber``, by default one that knows
    only the key-shaped patterns. The user-info is dropped whole rather than redacted: it is
    credentials, never part of which endpoint it is. A query's values are redacted whatever
    their names (``key``, ``token``, ``access_token``, ``sig``, ``code``…): no list of names is
    ever complete, while the names alone still say what was passed. ``Tier2Options`` refuses a
    base URL with a query (the client cannot use one); this keeps any other caller's out of
    logs and reports. A URL without a query or fragment is unchanged, byte for byte."""
    return (scrubber or Scrubber(secret_env=())).text(_redact_query(without_userinfo(url)))


def _redact_query(url: str) -> str:
    """Every query value and the fragment as ``[REDACTED]``, the parameter names kept."""
    rest, hashmark, fragment = url.partition("#")  # the fragment starts at the first "#", a "?" after it included
    head, question, query = rest.partition("?")
    if query:
        # a bare parameter ("?abc123") may be the token itself: it goes whole
        query = "&".join(f"{name}={REDACTED}" if eq else (REDACTED if name else "") for name, eq, _ in
                         (part.partition("=") for part in query.split("&")))
    return head + question + query + hashmark + (REDACTED if fragment else "")
