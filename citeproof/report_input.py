"""A report's text: read from a file (the CLI) or given as bytes (the Python API).

Both paths say exactly what is wrong — missing, a folder, too large, binary, not UTF-8,
empty — naming the file (or ``<text>``/``<bytes>`` for the API) and, for bad UTF-8, the
line and byte, as :class:`InputError` (exit 2 on the command line).
"""

from __future__ import annotations

from pathlib import Path

from citeproof.errors import InputError


def read_report(path: Path, max_bytes: int) -> str:
    """Read a report as UTF-8 text, or raise an InputError that says exactly what is wrong."""
    if not path.exists():
        raise InputError(f"report not found: {path}")
    if path.is_dir():
        raise InputError(f"report is a directory, not a file: {path}")
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise InputError(f"report too large: {path} is {size:,} bytes (limit {max_bytes:,}; raise max_report_bytes in --config)")
        data = path.read_bytes()
    except PermissionError:
        raise InputError(f"report not readable (permission denied): {path}") from None
    except OSError as exc:
        raise InputError(f"report not readable: {path}: {exc.strerror or exc}") from None
    return decode_report(data, str(path))


def decode_report(data: bytes, name: str) -> str:
    """The text of a report's bytes (UTF-8, a BOM allowed), refusing binary data."""
    if b"\x00" in data[:65536]:
        raise InputError(f"report looks binary (NUL bytes), not HTML or Markdown: {name}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(
            f"report is not valid UTF-8: {name}: line {line}, byte {exc.start} (0x{data[exc.start]:02x}); re-save it as UTF-8"
        ) from None
    if not text.strip():
        raise InputError(f"report is empty: {name}")
    return text


def report_text(report: str | bytes | bytearray) -> str:
    """The API's report argument as text: a str as is, bytes decoded as a file would be."""
    if isinstance(report, (bytes, bytearray)):
        return decode_report(bytes(report), "<bytes>")
    if not isinstance(report, str):
        raise TypeError(f"the report must be str (HTML or Markdown) or bytes, not {type(report).__name__}")
    return report
