"""P0 guard: no drug or disease name is written in the project's code (seed 001, "P0 守门").

Drug knowledge lives in data files (``citeproof/data/``); code that names a drug is
special-casing one drug. The names to look for are test data (``tests/data/p0_names.txt``),
matched whole-word and case-insensitively (Chinese names as substrings, since Chinese has
no spaces). Only ``.py`` files of the shipped code are scanned: not ``tests/``, not data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES_FILE = Path(__file__).resolve().parent / "data" / "p0_names.txt"
SCANNED_DIRS = ("citeproof", "tier1", "tier2", "audit", "excerpt", "eval", "bench")

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_WORD = re.compile(r"[0-9a-z]+")
# Underscores count as a boundary so identifiers such as ``name_dose`` are caught too.
_EDGE_L, _EDGE_R = r"(?<![0-9a-z])", r"(?![0-9a-z])"


@dataclass(frozen=True)
class Hit:
    path: str
    line: int
    name: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: '{self.name}' in: {self.text.strip()[:100]}"


class NameList:
    def __init__(self, names: list[str]) -> None:
        self.cjk = [n for n in names if _CJK.search(n)]
        latin = [n.casefold() for n in names if not _CJK.search(n)]
        self.by_first: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
        for name in latin:
            words = _WORD.findall(name)
            if not words:
                continue
            body = r"[\s_\-]*".join(re.escape(w) for w in words)
            self.by_first.setdefault(words[0], []).append((name, re.compile(_EDGE_L + body + _EDGE_R)))

    def __len__(self) -> int:
        return len(self.cjk) + sum(len(v) for v in self.by_first.values())

    def find(self, line: str) -> list[str]:
        folded = line.casefold()
        found = []
        for word in set(_WORD.findall(folded)):
            for name, pattern in self.by_first.get(word, ()):
                if pattern.search(folded):
                    found.append(name)
        if _CJK.search(line):
            found.extend(n for n in self.cjk if n in line)
        return found


def load_names(path: Path = NAMES_FILE) -> NameList:
    lines = path.read_text(encoding="utf-8").splitlines()
    return NameList([ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")])


def project_files(root: Path = ROOT) -> list[Path]:
    return sorted(p for d in SCANNED_DIRS if (root / d).is_dir() for p in (root / d).rglob("*.py"))


def scan(files: list[Path], names: NameList, root: Path = ROOT) -> list[Hit]:
    hits: list[Hit] = []
    for path in files:
        shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for name in names.find(line):
                hits.append(Hit(shown, lineno, name, line))
    return hits


NAMES = load_names()


def test_project_code_names_no_drug_or_disease():
    files = project_files()
    hits = scan(files, NAMES)
    assert not hits, "drug/disease names in code (move them to citeproof/data/):\n" + "\n".join(map(str, hits))


def test_guard_scans_the_code_and_a_real_list():
    files = project_files()
    shown = {f.relative_to(ROOT).as_posix() for f in files}
    # the guard cannot pass by scanning nothing
    assert len(files) >= 20, shown
    assert {"citeproof/model.py", "tier1/rule.py", "tier1/drug_mentions.py"} <= shown
    assert not any(s.startswith("tests/") for s in shown)
    assert len(NAMES) >= 300 and len(NAMES.cjk) >= 100


def _first_latin() -> str:
    return next(name for entries in NAMES.by_first.values() for name, _ in entries if " " not in name)


def test_guard_catches_a_planted_name(tmp_path):
    latin, cjk = _first_latin(), NAMES.cjk[0]
    planted = tmp_path / "planted.py"
    planted.write_text(
        f'"""Clean docstring."""\nx = 1\nDOSE = {{"{latin.upper()}": 5}}\n# {cjk}的剂量\nlabel_{latin}_max = 2\n',
        encoding="utf-8",
    )
    hits = scan([planted], NAMES, root=tmp_path)
    assert [(h.path, h.line) for h in hits] == [("planted.py", 3), ("planted.py", 4), ("planted.py", 5)]
    assert hits[0].name == latin and hits[1].name == cjk
    assert "planted.py:3" in str(hits[0])


def test_guard_is_whole_word_for_latin_names(tmp_path):
    latin = _first_latin()
    clean = tmp_path / "clean.py"
    clean.write_text(f"x{latin}y = 1\n{latin}s2 = 2\n# establish a kebab vertical\n", encoding="utf-8")
    assert scan([clean], NAMES, root=tmp_path) == []
