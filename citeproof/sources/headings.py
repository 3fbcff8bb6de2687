"""Which lines of a saved source are headings, bullets, captions or page markers.

Shared by the readers (plain-text sections, pages, tables) and by wrap reflow (a
heading or a bullet is a hard boundary), so the two never disagree about what a line is.
All checks look at one line and are O(len(line)).
"""

from __future__ import annotations

import re
from functools import lru_cache

# Section words of scientific and clinical documents (structure, not subject matter).
# A plain-text line that is one of these, alone or as "Label:" / "LABEL: text", starts a section.
SECTION_WORDS: frozenset[str] = frozenset(
    {
        "abstract", "summary", "background", "introduction", "objective", "objectives", "aim", "aims",
        "purpose", "methods", "method", "materials and methods", "methods and materials", "patients and methods",
        "methods and results", "methods and findings",
        "study design", "design", "setting", "participants", "population", "interventions", "intervention",
        "outcomes", "outcome measures", "main outcome measures", "measurements", "statistical analysis",
        "results", "findings", "discussion", "conclusion", "conclusions", "interpretation", "limitations",
        "strengths and limitations", "recommendations", "recommendation", "key points", "highlights",
        "eligibility", "inclusion criteria", "exclusion criteria", "adverse events", "safety", "efficacy",
        "dosage", "dosing", "dose", "dosage and administration", "administration", "contraindications",
        "warnings", "precautions", "warnings and precautions", "monitoring", "references", "bibliography",
        "acknowledgements", "acknowledgments", "funding", "appendix", "supplementary material", "keywords",
        "trial registration", "context", "evidence", "notes", "overview", "scope",
        "摘要", "背景", "目的", "方法", "结果", "讨论", "结论", "局限性", "参考文献", "关键词", "附录",
        "不良事件", "安全性", "有效性", "用法用量", "禁忌", "注意事项", "推荐", "推荐意见", "概述",
    }
)
# The subset that may also label a paragraph in mixed case ("Methods: We enrolled …"); broader
# words ("Dose: 10 mg") would cut a section at every labelled value.
LABEL_WORDS: frozenset[str] = frozenset(
    {
        "abstract", "summary", "background", "introduction", "objective", "objectives", "aim", "aims",
        "purpose", "methods", "materials and methods", "methods and results", "methods and findings", "results",
        "findings", "discussion", "conclusion",
        "conclusions", "interpretation", "摘要", "背景", "目的", "方法", "结果", "讨论", "结论",
    }
)

# A document part whose heading runs over the labelled parts of a structured abstract
# ("Abstract" over "BACKGROUND:", "Results: …"; "摘要" over "目的：", "结果：…").
ABSTRACT_WORDS: frozenset[str] = frozenset({"abstract", "summary", "摘要"})

_NUMBERING = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVX]{1,5}\.|[一二三四五六七八九十]{1,3}[、.])\s*")
_BULLET = re.compile(
    r"^(?:[-*•·‣◦▪–]\s|\d{1,3}[.)]\s|\(\s?[0-9a-zA-Z]{1,3}\s?\)\s?|[a-zA-Z][.)]\s|[（(][一二三四五六七八九十\d]{1,3}[）)]|[①-⑳])"
)
_NUMBERED_HEADING = re.compile(r"^\d+(?:\.\d+)*\.?\s+[A-Z\u4e00-\u9fff]")
_PAGE_MARKER = re.compile(
    r"^(?:page\s+(\d{1,4})(?:\s+of\s+\d{1,4})?|[-—–]\s*(\d{1,4})\s*[-—–]|第\s*(\d{1,4})\s*页(?:\s*[,，/共]\s*共?\s*\d+\s*页)?)$",
    re.IGNORECASE,
)
_CAPTION = re.compile(r"^(?:\*\*|__)?(?:table|tab\.)\s*(\d{1,3})(?=$|[\s.:：—–|*_-])|^表\s*(\d{1,3})", re.IGNORECASE)
TERMINAL = frozenset(".!?。！？；;")  # sentence-ending marks (also used by wrap reflow)
_MD_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")


# Between the names of a section path ("Cohort B/Results": the "Results" under "Cohort B"), as
# between the keys of a JSON Pointer ("resultsSection/outcomeMeasuresModule"); a path that opens
# with it starts at the top of the document ("/Results": the one under no heading).
SECTION_PATH_SEP = "/"


def section_key(name: str) -> str:
    """How section names are compared: case-, whitespace-, underscore-, hyphen-insensitive,
    trailing colon and leading numbering ignored ("2. Adverse_Events:" ~ "adverse events")."""
    key = name.strip().rstrip(":：").strip()
    key = _NUMBERING.sub("", key) or key
    key = re.sub(r"[\s_\-]+", " ", key.lower()).strip()
    return key


def is_bullet(line: str) -> bool:
    return bool(_BULLET.match(line.lstrip()))


def markdown_heading(line: str) -> tuple[int, str] | None:
    """(level, text) for an ATX heading line ("## Results"), else None."""
    if "#" not in line[:7]:
        return None
    m = _MD_ATX.match(line)
    if not m:
        return None
    return len(m.group(1)), (m.group(2) or "").strip()


def text_heading(line: str) -> str | None:
    """The section name when a plain-text line is a heading, else None.

    A heading is short and is one of: a known section word ("Abstract", "Methods:",
    "3. Results"), a label starting a paragraph ("RESULTS: In total …", "Methods: We …"),
    an all-capitals line ("ADVERSE EVENTS"), or a numbered title-case line ("2.1 Study Design").
    """
    s = line.strip()
    if not s:
        return None
    if len(s) > 80:
        # a labelled paragraph runs as long as its text ("RESULTS: We randomised 1200 patients. …")
        return _label(s)
    bare = s.rstrip(":：").strip()
    if section_key(bare) in SECTION_WORDS:
        return _NUMBERING.sub("", bare) or bare
    label = _label(s)
    if label is not None:
        return label
    if s[-1] in TERMINAL:
        return None
    words = bare.split()
    if 1 <= len(words) <= 8 and not any(c.islower() for c in bare) and not is_bullet(s):
        if any(len(w) >= 3 and w.isalpha() and w.isascii() for w in words):
            return bare
    if _NUMBERED_HEADING.match(s) and len(words) <= 9 and not s.endswith(("：", ":")):
        title = _NUMBERING.sub("", s)
        long_words = [w for w in title.split() if len(w) >= 4 and w[0].isalpha()]
        if long_words and all(w[0].isupper() for w in long_words):
            return title
    return None


def label_led(line: str) -> bool:
    """Whether ``line`` is a heading only because a section label opens its paragraph
    ("Results: the median overall survival was 14.2"): its text goes on like any sentence,
    so a wrap may continue it on the next line."""
    s = line.strip()
    return text_heading(s) is not None and section_key(s.rstrip(":：").strip()) not in SECTION_WORDS \
        and _label(s) is not None


def _label(s: str) -> str | None:
    """"RESULTS: text" (a capitalised section word) or "Results: text" (a core section word)."""
    for sep in (":", "："):
        head, found, rest = s.partition(sep)
        if not found or not rest.strip() or len(head) > 40:
            continue
        key = section_key(head)
        if key in LABEL_WORDS or ((key in SECTION_WORDS or key in abstract_labels()) and head.strip().isupper()):
            return _NUMBERING.sub("", head.strip()) or head.strip()
    return None


@lru_cache(maxsize=1)
def _abstract_label_lists() -> tuple[frozenset[str], frozenset[str]]:
    """``citeproof/data/abstract_labels.json``, read once: every label, and those that open the results."""
    from citeproof.values.lexicon import data_json  # the word lists are read in one place

    doc = data_json("abstract_labels.json")
    return frozenset(doc["labels"]), frozenset(doc["results"])


def abstract_labels() -> frozenset[str]:
    """The labels of a structured abstract's parts (``citeproof/data/abstract_labels.json``)."""
    return _abstract_label_lists()[0]


@lru_cache(maxsize=1)
def _abstract_label_at() -> re.Pattern[str]:
    """A known abstract label and its colon, not inside a word ("RESULTS:", "Conclusions :", "结果："),
    or in brackets ("【结果】", "[目的]"): group 1 the one, group 2 the other."""
    words = "|".join(re.escape(w) for w in sorted(abstract_labels(), key=len, reverse=True))  # longest first
    return re.compile(r"(?<!\w)(?:(" + words + r")\s*[:：]|[\[［【]\s*(" + words + r")\s*[\]］】])", re.IGNORECASE)


def run_in_labels(line: str) -> list[tuple[int, str]]:
    """Where the parts of a structured abstract written as one paragraph start ("BACKGROUND: …
    METHODS: … RESULTS: …", as PubMed's text exports write it), each with its label: [] when the
    line is no such paragraph. It is one when it opens with a known label (``abstract_labels``)
    and names at least one more; a later label counts only after a sentence end and opening with
    a capital (or in Chinese), so "the Results: section" or "results:" in running prose starts
    nothing. A label in capitals may follow a closing bracket ("(NCT…) RESULTS:"); one in brackets
    ("【结果】") is markup, never prose; the parts of an "Abstract:" / "摘要：" start right after it.
    A label in mixed case that is no core section word ("Design:", "Importance:") counts only among
    at least two more after the first, so "Patients: twelve. Results: …" stays one paragraph."""
    if not any(mark in line for mark in ":：]］】"):
        return []
    found = _abstract_label_at().match(line)
    if found is None:
        return []
    firm = found.group(2) is not None or _label(line) is not None  # the opening reads as a label
    starts = [(0, _label_name(found))]
    loose = 0
    for m in _abstract_label_at().finditer(line, found.end()):
        word, before = m.group(0), line[: m.start()].rstrip()
        if len(starts) == 1 and before == line[: found.end()].rstrip() \
                and section_key(found.group(1) or found.group(2) or "") in ABSTRACT_WORDS:
            starts.append((m.start(), _label_name(m)))  # "摘要：目的：…": the abstract's first part
            continue
        if m.group(2) is not None:
            if before[-1:] in TERMINAL:
                starts.append((m.start(), _label_name(m)))
            continue
        if not (word[0].isupper() or not word[0].isascii()):
            continue
        ended = before[-1:] in TERMINAL or (before[-1:] in ")）" and m.group(1).isupper())
        if not ended:
            continue
        if _label(line[m.start():]) is None:  # mixed case, no core section word ("Design:")
            # a capitals abstract's, or one after the results label ("Results: … Patients: 35% …"),
            # labels a part of its part, not of the abstract
            if found.group(0).isupper() or any(section_key(name) in _results_labels() for _, name in starts):
                continue
            loose += 1
        starts.append((m.start(), _label_name(m)))
    if (loose or not firm) and len(starts) < 3:
        return []  # a mixed-case label, or an opening that reads as none, among too few
    return starts if len(starts) >= 2 else []


def _results_labels() -> frozenset[str]:
    """The labels that open a structured abstract's results (``abstract_labels.json``)."""
    return _abstract_label_lists()[1]


def _label_name(m: re.Match[str]) -> str:
    return (m.group(1) or m.group(2) or "").strip()


def abstract_part(line: str) -> bool:
    """Whether a plain-text heading line labels a part of a structured abstract: a core
    section label written as a label ("BACKGROUND:", "Results: The objective …", "目的：") —
    not a bare heading line ("Methods", "2. Methods"), which starts the body after an abstract."""
    s = line.strip()
    if s.endswith((":", "：")):
        key = section_key(s.rstrip(":：").strip())
    elif (label := _label(s)) is not None:
        key = section_key(label)
    else:
        return False
    return key in LABEL_WORDS and key not in ABSTRACT_WORDS


# A numbered title in any case ("2. Market size and growth", "3.1 Vendor share", "二、竞争格局",
# "第三章 市场规模"): its number, then at most 60 characters of title ending without a stop.
_NUMBERED_TITLE = re.compile(
    r"^(?:(\d{1,2}(?:\.\d{1,2}){0,3})\.?[ \t]+|([一二三四五六七八九十]{1,3})、[ \t]*|"
    r"(第[一二三四五六七八九十\d]{1,3}[章节部分])[ \t]*)(\S.{0,59})$"
)


def numbered_title(line: str) -> tuple[str, str] | None:
    """(numbering scheme, title) when a line reads as a numbered title: "2. Market size and
    growth" → ("1", "Market size and growth") (the scheme is its depth: "2.1" is "2"),
    "二、竞争格局" → ("、", "竞争格局"); None for a line ending in a stop or too long to be one.
    A numbered list item reads the same ("1. Stop the drug"): the reader takes these as
    headings only where the document uses them as such (:func:`citeproof.sources.readers.read_plain_text`)."""
    s = line.strip()
    m = _NUMBERED_TITLE.match(s)
    if not m or s[-1] in TERMINAL or s[-1] in ",，":
        return None
    arabic, chinese, chapter, title = m.groups()
    if arabic is not None:
        scheme = str(arabic.count(".") + 1)
    else:
        scheme = "、" if chinese is not None else chapter[-1]
    return scheme, title.strip().rstrip(":：").strip()


_HEADING_NUMBER = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s")


def heading_number(line: str) -> str | None:
    """The number a numbered heading line opens with, without a closing stop ("3. Results" →
    "3", "3.1 Efficacy" → "3.1"): the sections numbered "3.1" and "3.2" are parts of "3"."""
    m = _HEADING_NUMBER.match(line.strip())
    return m.group(1) if m else None


def page_marker(line: str) -> int | None:
    """The page number of a running page marker line ("Page 3", "Page 3 of 9", "— 3 —", "第3页")."""
    s = line.strip()
    if len(s) > 24:
        return None
    m = _PAGE_MARKER.match(s)
    if not m:
        return None
    return int(next(g for g in m.groups() if g))


def table_caption(line: str) -> int | None:
    """N when the line is a "Table N" caption ("Table 2. Baseline", "**Table 2**", "表2")."""
    m = _CAPTION.match(line.strip())
    if not m:
        return None
    return int(m.group(1) or m.group(2))
