"""A damaged or unwritable judge cache never crashes a run and never yields an answer."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from citeproof.errors import InputError
from tier2.cache import CachedAnswer, CacheKey, JudgeCache
from tier2.interface import JudgeAnswer, Verdict

KEY = CacheKey.build(
    model="m", base_url="http://h/v1", output_mode="json_schema", prompt_version="p",
    claim_text="The rate was 45%.", excerpt_text="The rate was 45%.", temperature=0.0,
)
VALUE = CachedAnswer(answer=JudgeAnswer(verdict=Verdict.supported, quote="The rate was 45%", rationale="r"), output_mode="json_schema")


def test_a_cache_folder_that_is_not_a_database_is_an_input_error_naming_the_flag(tmp_path: Path):
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "cache.db").write_text("garbage")
    with pytest.raises(InputError, match=r"--cache-dir .*cache.*--no-cache"):
        JudgeCache(tmp_path / "cache")


def test_a_sound_cache_stores_and_returns_the_answer(tmp_path: Path):
    cache = JudgeCache(tmp_path / "cache")
    cache.put(KEY, VALUE)
    assert cache.get(KEY) == VALUE
    cache.close()


class _Broken:
    def get(self, *_a, **_k):
        raise sqlite3.OperationalError("database disk image is malformed")

    set = get

    def close(self) -> None:
        pass


def test_a_read_error_is_a_miss(tmp_path: Path):
    cache = JudgeCache(tmp_path / "cache")
    cache._cache = _Broken()
    assert cache.get(KEY) is None


def test_a_store_error_warns_once_and_does_not_raise(tmp_path: Path, capsys):
    cache = JudgeCache(tmp_path / "cache")
    cache._cache = _Broken()
    cache.put(KEY, VALUE)
    cache.put(KEY, VALUE)
    err = capsys.readouterr().err
    assert err.count("cannot store answers") == 1 and "re-run will pay" in err
