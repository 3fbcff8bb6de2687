"""Chemical/drug entities from PubTator files saved in the sources folder.

PubTator annotates the very articles a report cites, so its entity list names drugs no
default lexicon carries. Three shapes are read: the PubTator tab format
(``PMID<TAB>start<TAB>end<TAB>mention<TAB>type<TAB>identifier``), BioC JSON (also PubTator3's
``{"PubTator3": [...]}`` wrapper) and BioC XML. Only entities typed Chemical or Drug count;
mentions sharing an identifier are aliases of one drug.

Files are read from ``<sources>/<pubtator channel folder>/`` only, each resolved and checked
to lie inside the sources folder (no symlink escapes), never larger than
``settings.max_source_bytes``.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from citeproof.errors import InputError

DRUG_TYPES = frozenset({"chemical", "drug"})
_NO_ID = frozenset({"", "-", "none", "null"})


def pubtator_files(sources_dir: Path, folder: str, max_bytes: int) -> list[Path]:
    root = sources_dir.resolve()
    channel = sources_dir / folder
    if not channel.is_dir():
        return []
    found: list[Path] = []
    for path in sorted(channel.rglob("*")):
        try:
            real = path.resolve()
        except (OSError, RuntimeError):  # RuntimeError: a symlink loop (Python 3.11)
            continue
        if not real.is_relative_to(root) or not real.is_file():
            continue  # outside the sources folder, or not a file: never read
        if real.stat().st_size > max_bytes:
            continue  # the source store reports oversized files; no partial reads here
        found.append(real)
    return found


def read_entities(path: Path, shown_as: str) -> list[list[str]]:
    """Alias groups of Chemical/Drug entities in one file; ``shown_as`` names it in errors."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"PubTator file {shown_as}: not UTF-8 ({exc.reason}); save it as UTF-8") from exc
    except OSError as exc:
        raise InputError(f"PubTator file {shown_as}: cannot read it ({exc.strerror or exc})") from exc
    suffix = path.suffix.lower()
    stripped = text.lstrip()
    if suffix == ".json" or (suffix not in {".xml"} and stripped[:1] in "{["):
        pairs = _from_json(text, shown_as)
    elif suffix == ".xml" or stripped.startswith("<"):
        pairs = _from_xml(text, shown_as)
    else:
        pairs = _from_tabs(text)
    return _group(pairs)


def _group(pairs: Iterator[tuple[str, str | None]]) -> list[list[str]]:
    by_id: dict[str, list[str]] = {}
    loose: list[list[str]] = []
    for name, ident in pairs:
        name = " ".join(name.split())
        if not name:
            continue
        if ident is None or ident.strip().casefold() in _NO_ID:
            loose.append([name])
        else:
            by_id.setdefault(ident.strip(), []).append(name)
    return list(by_id.values()) + loose


def _from_tabs(text: str) -> Iterator[tuple[str, str | None]]:
    for line in text.splitlines():
        cols = line.split("\t")
        # title/abstract lines are "PMID|t|…"; anything else that is not an annotation is skipped
        if len(cols) < 5 or not (cols[1].strip().isdigit() and cols[2].strip().isdigit()):
            continue
        if cols[4].strip().casefold() in DRUG_TYPES:
            yield cols[3], (cols[5] if len(cols) > 5 else None)


def _from_json(text: str, shown_as: str) -> Iterator[tuple[str, str | None]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"PubTator file {shown_as} line {exc.lineno}: not valid JSON ({exc.msg})") from exc
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            annotations = node.get("annotations")
            if isinstance(annotations, list):
                for ann in annotations:
                    pair = _json_annotation(ann)
                    if pair:
                        yield pair
            stack.extend(v for k, v in node.items() if k != "annotations" and isinstance(v, (list, dict)))


def _json_annotation(ann: object) -> tuple[str, str | None] | None:
    if not isinstance(ann, dict):
        return None
    infons = ann.get("infons") if isinstance(ann.get("infons"), dict) else {}
    kind = str(infons.get("type") or ann.get("type") or "")
    name = ann.get("text")
    if kind.casefold() not in DRUG_TYPES or not isinstance(name, str):
        return None
    ident = infons.get("identifier") or infons.get("Identifier") or infons.get("MESH") or ann.get("identifier")
    return name, (str(ident) if ident is not None else None)


def _from_xml(text: str, shown_as: str) -> Iterator[tuple[str, str | None]]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise InputError(f"PubTator file {shown_as} line {exc.position[0]}: not well-formed XML") from exc
    for ann in root.iter("annotation"):
        infons = {i.get("key", "").casefold(): (i.text or "") for i in ann.findall("infon")}
        name = ann.findtext("text")
        if name and infons.get("type", "").casefold() in DRUG_TYPES:
            yield name, infons.get("identifier") or infons.get("mesh")
