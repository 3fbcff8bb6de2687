"""SourceStore: layout, manifest, safety (never read outside root), limits, memoisation."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from citeproof.errors import InputError
from citeproof.settings import Settings
from citeproof.sources import store as store_module
from citeproof.sources.store import SourceStore

CT = json.dumps(
    {
        "Clinical Trial ID": "NCT00000001",
        "Intervention": ["INTERVENTION 1: ", "  Study drug A 10 mg daily"],
        "Results": ["Outcome Measurement: ", "  Responders", "  Overall Number of Participants Analyzed: 40"],
        "Adverse Events": ["Adverse Events 1:", "  Total: 4/40 (10.00%)"],
    }
)


# ------------------------------------------------------------------ the folder itself


def test_missing_root_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        SourceStore(tmp_path / "nope", Settings())
    assert str(err.value) == f"sources folder not found: {tmp_path / 'nope'} — pass --sources DIR"


def test_root_that_is_a_file_is_an_input_error(tmp_path: Path) -> None:
    f = tmp_path / "sources"
    f.write_text("x")
    with pytest.raises(InputError, match="not a directory"):
        SourceStore(f, Settings())


# ------------------------------------------------------------------ id kinds


def test_id_kind_resolves_channel_file(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000001.json": CT})
    res = store.resolve(anchor("nct", "NCT00000001", "Results"))
    assert res.finding is None
    w = res.window
    assert w.document.path == "clinical_trials/NCT00000001.json"
    assert w.document.channel == "clinical_trials"
    assert w.document.media == "json"
    assert w.text.splitlines() == ["Outcome Measurement:", "Responders", "Overall Number of Participants Analyzed: 40"]


def test_aact_shares_the_clinical_trials_channel(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000001.json": CT})
    assert store.resolve(anchor("aact", "NCT00000001")).window is not None


def test_extension_order_and_explicit_extension(make_store, anchor) -> None:
    store = make_store({"pubmed/123.txt": "text version\n", "pubmed/123.xml": "<a>xml version</a>"})
    assert store.resolve(anchor("pmid", "123")).window.document.media == "txt"  # json, txt, md, html, xml
    assert store.resolve(anchor("pmid", "123.xml")).window.document.media == "xml"


def test_id_lookup_is_case_insensitive_when_unambiguous(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000001.json": CT})
    assert store.resolve(anchor("nct", "nct00000001")).window is not None


def test_missing_file_is_anchor_unresolved(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000001.json": CT})
    res = store.resolve(anchor("nct", "NCT09999999", line=12))
    assert res.window is None
    f = res.finding
    assert (f.rule, f.code, f.severity) == ("CP102", "anchor_unresolved", "critical")
    assert "[nct:NCT09999999]" in f.message and "line 12" in f.message
    assert "clinical_trials/NCT09999999.{json,txt,md,html,xml}" in f.message
    assert f.location.line == 12


def test_missing_channel_folder_is_named(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000001.json": CT})
    f = store.resolve(anchor("pmid", "42")).finding
    assert f.code == "anchor_unresolved" and "no folder pubmed/" in f.message


def test_unknown_kind(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000001.json": CT})
    f = store.resolve(anchor("foo", "x")).finding
    assert f.code == "unknown_anchor_kind" and f.severity == "critical" and "'foo'" in f.message


def test_configurable_channel_map(tmp_path: Path, anchor) -> None:
    (tmp_path / "s" / "trials").mkdir(parents=True)
    (tmp_path / "s" / "trials" / "T1.txt").write_text("hello\n")
    settings = Settings(channel_map={"nct": "trials"})
    assert SourceStore(tmp_path / "s", settings).resolve(anchor("nct", "T1")).window is not None


# ------------------------------------------------------------------ path kinds


def test_path_kind_takes_a_relative_path(make_store, anchor) -> None:
    store = make_store({"evidence/calc/derived.md": "# Derived\n\nratio = 2.0\n", "models/m1.json": '{"formula": "a/b"}'})
    res = store.resolve(anchor("evidence", "calc/derived.md", "Derived"))
    assert res.finding is None and res.window.document.path == "evidence/calc/derived.md"
    assert store.resolve(anchor("model", "m1")).window.document.path == "models/m1.json"  # extension optional


def test_path_kind_with_unsupported_extension(make_store, anchor) -> None:
    store = make_store({"evidence/data.csv": "a,b\n1,2\n"})
    f = store.resolve(anchor("evidence", "data.csv")).finding
    assert f.code == "source_unreadable" and "not a supported source type" in f.message


def test_path_kind_directory_is_not_a_file(make_store, anchor) -> None:
    store = make_store({"evidence/sub/a.txt": "x\n"})
    f = store.resolve(anchor("evidence", "sub")).finding
    assert f.code == "anchor_unresolved" and "not a file" in f.message


# ------------------------------------------------------------------ safety


@pytest.mark.parametrize(
    "source_id",
    ["../secret.txt", "a/../../secret.txt", "/etc/passwd", "\\\\server\\share", "C:\\secret.txt", "..\\secret.txt"],
)
def test_escaping_ids_are_refused_before_touching_disk(make_store, anchor, tmp_path, source_id) -> None:
    (tmp_path / "secret.txt").write_text("the secret is 42\n")
    store = make_store({"evidence/ok.txt": "fine\n"})
    res = store.resolve(anchor("evidence", source_id))
    assert res.window is None
    f = res.finding
    assert (f.code, f.severity) == ("anchor_escapes_sources", "critical")
    assert "refused" in f.message and source_id in f.message
    assert store.files_read == 0


def test_escape_via_id_kind_is_refused_too(make_store, anchor) -> None:
    store = make_store({"pubmed/1.txt": "x\n"})
    assert store.resolve(anchor("pmid", "../pubmed/1")).finding.code == "anchor_escapes_sources"


def test_symlinked_file_pointing_out_is_refused(make_store, anchor, tmp_path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("the secret is 42\n")
    store = make_store({"evidence/ok.txt": "fine\n"})
    os.symlink(secret, store.root / "evidence" / "link.txt")
    f = store.resolve(anchor("evidence", "link.txt")).finding
    assert f.code == "anchor_escapes_sources" and "outside the sources folder" in f.message
    (store.root / "guidelines").mkdir()
    os.symlink(secret, store.root / "guidelines" / "G1.txt")
    assert store.resolve(anchor("guideline", "G1")).finding.code == "anchor_escapes_sources"
    assert store.files_read == 0


def test_symlinked_channel_folder_pointing_out_is_refused(make_store, anchor, tmp_path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "G1.txt").write_text("outside\n")
    store = make_store({"evidence/ok.txt": "fine\n"})
    os.symlink(outside, store.root / "guidelines")
    assert store.resolve(anchor("guideline", "G1")).finding.code == "anchor_escapes_sources"


def test_a_sub_folder_link_pointing_out_is_refused_even_when_the_file_is_missing(make_store, anchor, tmp_path) -> None:
    # rt24b m1: "no file evidence/sub/o.md in the sources folder" hid that sub leads out
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "o.md").write_text("outside\n")
    store = make_store({"evidence/ok.txt": "fine\n"})
    os.symlink(outside, store.root / "evidence" / "sub")
    for name in ("sub/o.md", "sub/missing.md", "sub/deeper/x.md"):
        f = store.resolve(anchor("evidence", name)).finding
        assert f.code == "anchor_escapes_sources" and "outside the sources folder" in f.message, (name, f.message)
    assert store.files_read == 0


def test_a_broken_sub_folder_link_is_named(make_store, anchor) -> None:
    store = make_store({"evidence/ok.txt": "fine\n"})
    os.symlink(store.root / "nowhere", store.root / "evidence" / "sub")
    f = store.resolve(anchor("evidence", "sub/o.md")).finding
    assert f.code == "anchor_unresolved" and "'evidence/sub' is a link to" in f.message and "broken link" in f.message


def test_a_sub_folder_link_inside_root_is_fine_and_a_plain_miss_says_no_file(make_store, anchor) -> None:
    store = make_store({"evidence/real/o.txt": "inside\n"})
    os.symlink(store.root / "evidence" / "real", store.root / "evidence" / "sub")
    assert store.resolve(anchor("evidence", "sub/o.txt")).window.text == "inside"
    f = store.resolve(anchor("evidence", "sub/missing.txt")).finding
    assert f.code == "anchor_unresolved" and "): no file evidence/sub/missing.txt in" in f.message, f.message


def test_symlink_inside_root_is_fine(make_store, anchor) -> None:
    store = make_store({"evidence/real.txt": "inside\n"})
    os.symlink(store.root / "evidence" / "real.txt", store.root / "evidence" / "alias.txt")
    assert store.resolve(anchor("evidence", "alias.txt")).window.text == "inside"


# ------------------------------------------------------------------ unreadable files


def test_size_limit(make_store, anchor) -> None:
    store = make_store({"evidence/big.txt": "x" * 2000}, Settings(max_source_bytes=1000))
    f = store.resolve(anchor("evidence", "big.txt")).finding
    assert f.code == "source_too_large" and f.severity == "critical"
    assert "2,000 bytes" in f.message and "1,000" in f.message and "max_source_bytes" in f.message
    assert store.files_read == 0


def test_file_grown_since_stat_is_read_whole(make_store) -> None:
    """The read asks for the stat's size (not the limit); a file that grew after the stat is
    still read to its end while under the limit, and refused once above it."""
    store = make_store({"evidence/grown.txt": "first line\nsecond line\n"}, Settings(max_source_bytes=1000))
    real = os.path.realpath(store.root / "evidence" / "grown.txt")
    doc = store._load(store_module._Target(rel="evidence/grown.txt", real=real, size=5), None)
    assert doc.lines == ("first line", "second line")
    big = store.root / "evidence" / "grown.txt"
    big.write_text("x" * 1500)
    problem = store._load(store_module._Target(rel="evidence/grown.txt", real=real, size=5), None)
    assert problem.code == "source_too_large" and "above the limit of 1,000" in problem.detail


def test_size_limit_boundary(make_store, anchor) -> None:
    store = make_store({"evidence/ok.txt": "x" * 1000}, Settings(max_source_bytes=1000))
    assert store.resolve(anchor("evidence", "ok.txt")).finding is None


def test_binary_file(make_store, anchor) -> None:
    store = make_store({"evidence/blob.txt": b"PK\x03\x04\x00\x00binary"})
    f = store.resolve(anchor("evidence", "blob.txt")).finding
    assert f.code == "source_unreadable" and "binary" in f.message


def test_invalid_utf8(make_store, anchor) -> None:
    store = make_store({"evidence/latin1.txt": "caf\xe9 au lait".encode("latin-1")})
    f = store.resolve(anchor("evidence", "latin1.txt")).finding
    assert f.code == "source_unreadable" and "not valid UTF-8 (byte 3)" in f.message


def test_utf8_bom_is_accepted(make_store, anchor) -> None:
    store = make_store({"evidence/bom.txt": "\ufeffhello\n".encode()})
    assert store.resolve(anchor("evidence", "bom.txt")).window.document.lines == ("hello",)


def test_invalid_json_names_the_position(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT1.json": '{"a": [1, 2,\n'})
    f = store.resolve(anchor("nct", "NCT1")).finding
    assert f.code == "source_unreadable" and "invalid JSON at line" in f.message


def test_empty_source(make_store, anchor) -> None:
    store = make_store({"evidence/empty.html": "<html><body><script>x=1</script></body></html>"})
    assert store.resolve(anchor("evidence", "empty.html")).finding.code == "source_empty"


# ------------------------------------------------------------------ manifest


def _manifest(*entries: dict | str) -> str:
    return "\n".join(e if isinstance(e, str) else json.dumps(e) for e in entries) + "\n"


def test_manifest_maps_ids_and_gives_url_and_title(make_store, anchor) -> None:
    store = make_store(
        {
            "manifest.jsonl": _manifest(
                {"source_id": "G7", "kind": "guideline", "path": "saved/g7-2024.html", "url": "https://ex.org/g7",
                 "title": "G7 guideline", "retrieved_at": "2026-01-01"},
            ),
            "saved/g7-2024.html": "<h1>Dosing</h1><p>Start low.</p>",
        }
    )
    res = store.resolve(anchor("guideline", "G7", "Dosing"))
    assert res.finding is None
    doc = res.window.document
    assert (doc.path, doc.url, doc.title, doc.source_id) == ("saved/g7-2024.html", "https://ex.org/g7", "G7 guideline", "G7")
    assert store.document_for_url("https://ex.org/g7") is doc
    assert store.document_for_url("https://ex.org/other") is None
    assert [e.source_id for e in store.manifest_entries()] == ["G7"]


def test_manifest_url_title_for_channel_file(make_store, anchor) -> None:
    store = make_store(
        {
            "manifest.jsonl": _manifest({"source_id": "NCT00000001", "path": "clinical_trials/NCT00000001.json",
                                         "url": "https://ct.example/NCT00000001"}),
            "clinical_trials/NCT00000001.json": CT,
        }
    )
    assert store.resolve(anchor("nct", "NCT00000001")).window.document.url == "https://ct.example/NCT00000001"


def test_resolve_url_exact_and_entry(make_store, anchor) -> None:
    store = make_store(
        {
            "manifest.jsonl": _manifest({"source_id": "w1", "path": "web/w1.html", "url": "https://ex.org/a/"},
                                        {"source_id": "w2", "url": "https://ex.org/nofile"}),
            "web/w1.html": "<p>Visible words.</p>",
        }
    )
    ok = store.resolve(anchor("url", "https://ex.org/a/"))
    assert ok.finding is None and ok.window.text == "Visible words." and ok.window.coarse
    assert store.resolve(anchor("url", "https://ex.org/a/b")).finding.code == "anchor_unresolved"
    assert "names no saved file" in store.resolve(anchor("url", "https://ex.org/nofile")).finding.message
    entry = store.manifest_entries()[0]
    assert store.resolve_entry(anchor("url", "https://EX.org/a"), entry).window is not None


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("{not json", "line 2: not valid JSON"),
        ("[1, 2]", "line 2: expected a JSON object, got list"),
        ('{"path": "a.txt"}', "line 2: field 'source_id'"),
        ('{"source_id": 5, "path": "a.txt"}', "line 2: field 'source_id'"),
        ('{"source_id": "  ", "path": "a.txt"}', "line 2: field 'source_id'"),
        ('{"source_id": "x"}', "line 2: entry 'x' has neither 'path' nor 'url'"),
        ('{"source_id": "x", "path": "../x.txt"}', "line 2: path '../x.txt' leaves the sources folder"),
        ('{"source_id": "x", "path": "/etc/passwd"}', "line 2: path '/etc/passwd' leaves the sources folder"),
        ('{"source_id": "a", "path": "b.txt"}', "line 2: source 'a' already maps to 'a.txt' on line 1"),
    ],
)
def test_bad_manifest_lines_are_input_errors(tmp_path, line, expected) -> None:
    root = tmp_path / "s"
    root.mkdir()
    (root / "manifest.jsonl").write_text('{"source_id": "a", "path": "a.txt"}\n' + line + "\n")
    with pytest.raises(InputError) as err:
        SourceStore(root, Settings())
    assert expected in str(err.value) and "manifest.jsonl" in str(err.value)


def test_a_manifest_that_is_a_folder_is_an_input_error(tmp_path) -> None:
    # rt24b: a folder named manifest.jsonl was ignored without a word
    root = tmp_path / "s"
    (root / "manifest.jsonl").mkdir(parents=True)
    with pytest.raises(InputError, match="manifest.jsonl: manifest is not a file"):
        SourceStore(root, Settings())


def test_no_manifest_is_fine(tmp_path) -> None:
    root = tmp_path / "s"
    (root / "evidence").mkdir(parents=True)
    assert not SourceStore(root, Settings()).manifest_entries()


def test_manifest_blank_lines_and_extra_fields_are_fine(tmp_path) -> None:
    root = tmp_path / "s"
    root.mkdir()
    (root / "manifest.jsonl").write_text('\n{"source_id": "a", "path": "a.txt", "sha256": "ab"}\n\n')
    assert len(SourceStore(root, Settings()).manifest_entries()) == 1


def test_manifest_path_symlink_out_is_refused_at_resolution(make_store, anchor, tmp_path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("42\n")
    store = make_store({"manifest.jsonl": _manifest({"source_id": "G1", "kind": "guideline", "path": "g/link.txt"}),
                        "g/keep.txt": "x\n"})
    os.symlink(secret, store.root / "g" / "link.txt")
    f = store.resolve(anchor("guideline", "G1")).finding
    assert f.code == "anchor_escapes_sources" and "manifest line 1" in f.message


# ------------------------------------------------------------------ channel files


def test_channel_files(make_store) -> None:
    store = make_store(
        {"clinical_trials/NCT1.json": "{}", "clinical_trials/sub/NCT2.txt": "x", "clinical_trials/notes.csv": "x",
         "pubtator/P1.json": "{}"}
    )
    names = [p.relative_to(store.root).as_posix() for p in store.channel_files("clinical_trials")]
    assert names == ["clinical_trials/NCT1.json", "clinical_trials/sub/NCT2.txt"]
    assert store.channel_files("pubmed") == []
    assert store.channel_files("../x") == []


# ------------------------------------------------------------------ once per file, O(1) per anchor


def test_each_file_is_read_once_and_windows_are_shared(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000001.json": CT})
    a = store.resolve(anchor("nct", "NCT00000001", "Results"))
    b = store.resolve(anchor("aact", "NCT00000001", "Results", line=30))
    c = store.resolve(anchor("nct", "NCT00000001", "Adverse Events"))
    d = store.resolve(anchor("nct", "NCT00000001"))
    assert store.files_read == 1
    assert a.window is b.window  # same file + locator → one window, segmented once
    assert a.window.document is c.window.document is d.window.document
    assert b.anchor.location.line == 30  # the resolution still carries its own anchor


def test_failures_are_memoised_per_file_too(make_store, anchor) -> None:
    store = make_store({"evidence/blob.txt": b"\x00\x01"})
    store.resolve(anchor("evidence", "blob.txt"))
    store.resolve(anchor("evidence", "blob.txt", line=99))
    assert store.files_read == 1


def test_no_directory_scan_per_anchor(make_store, anchor, monkeypatch) -> None:
    files = {f"pubmed/{i}.txt": f"abstract {i}\n" for i in range(50)}
    store = make_store(files)
    calls = {"scandir": 0}
    real_scandir = os.scandir

    def counting_scandir(path):
        calls["scandir"] += 1
        return real_scandir(path)

    monkeypatch.setattr(store_module.os, "scandir", counting_scandir)
    for i in range(50):
        assert store.resolve(anchor("pmid", str(i))).window is not None
    assert store.resolve(anchor("pmid", "999")).finding is not None
    assert calls["scandir"] == 1


def test_derived_is_computed_once_per_object(make_store, anchor) -> None:
    store = make_store({"clinical_trials/NCT00000001.json": CT})
    w = store.resolve(anchor("nct", "NCT00000001", "Results")).window
    calls = []

    def words(window):
        calls.append(1)
        return len(window.text.split())

    assert store.derived(w, "words", words) == store.derived(w, "words", words) == 9
    assert store.derived(w, "other", lambda _w: "x") == "x"
    w2 = store.resolve(anchor("nct", "NCT00000001", "Adverse Events")).window
    store.derived(w2, "words", words)
    assert len(calls) == 2
