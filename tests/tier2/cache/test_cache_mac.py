"""rt32b j2: with an audit key, a cache entry is stored with a MAC under it, and an entry whose
MAC does not verify (edited on disk, moved to another claim's key, written without the key or
under another) is a miss, never an answer; a sound entry is still a hit."""

from __future__ import annotations

from pathlib import Path

from tier2.cache import CachedAnswer, CacheKey, JudgeCache
from tier2.interface import JudgeAnswer, Verdict

SECRET = b"audit-key-for-tests"


def key_for(claim: str) -> CacheKey:
    return CacheKey.build(
        model="m", base_url="http://h/v1", output_mode="json_schema", prompt_version="p",
        claim_text=claim, excerpt_text="The rate was 45%.", temperature=0.0,
    )


KEY = key_for("The rate was 45%.")
CONTRADICTED = CachedAnswer(answer=JudgeAnswer(verdict=Verdict.contradicted, quote="The rate was 45%", rationale="r"), output_mode="json_schema")


def _edit(cache: JudgeCache, key: CacheKey, old: str, new: str) -> None:
    stored = cache._cache.get(key.digest())
    assert old in stored
    cache._cache.set(key.digest(), stored.replace(old, new))


def test_a_keyed_entry_is_read_back(tmp_path: Path):
    cache = JudgeCache(tmp_path / "cache", secret=SECRET)
    cache.put(KEY, CONTRADICTED)
    assert cache.get(KEY) == CONTRADICTED and cache.unverified == 0
    cache.close()
    # and by a later run under the same key
    again = JudgeCache(tmp_path / "cache", secret=SECRET)
    assert again.get(KEY) == CONTRADICTED
    again.close()


def test_an_entry_edited_on_disk_is_a_miss_and_warned_about_once(tmp_path: Path, capsys):
    cache = JudgeCache(tmp_path / "cache", secret=SECRET)
    cache.put(KEY, CONTRADICTED)
    _edit(cache, KEY, '"verdict":"contradicted"', '"verdict":"supported"')
    assert cache.get(KEY) is None and cache.get(KEY) is None
    assert cache.unverified == 2
    assert capsys.readouterr().err.count("does not verify under the audit key") == 1
    cache.close()


def test_a_sound_entry_moved_to_another_claims_key_is_a_miss(tmp_path: Path):
    cache = JudgeCache(tmp_path / "cache", secret=SECRET)
    cache.put(KEY, CONTRADICTED)
    other = key_for("The rate was not 45%.")
    cache._cache.set(other.digest(), cache._cache.get(KEY.digest()))
    assert cache.get(other) is None and cache.get(KEY) == CONTRADICTED
    cache.close()


def test_an_entry_under_another_key_or_none_is_a_miss(tmp_path: Path):
    unkeyed = JudgeCache(tmp_path / "plain")
    unkeyed.put(KEY, CONTRADICTED)
    unkeyed.close()
    assert JudgeCache(tmp_path / "plain", secret=SECRET).get(KEY) is None
    keyed = JudgeCache(tmp_path / "keyed", secret=b"another key")
    keyed.put(KEY, CONTRADICTED)
    keyed.close()
    assert JudgeCache(tmp_path / "keyed", secret=SECRET).get(KEY) is None


def test_without_a_key_entries_are_read_as_before(tmp_path: Path):
    # nothing to verify against: a keyless run reads a keyed entry's answer too
    keyed = JudgeCache(tmp_path / "cache", secret=SECRET)
    keyed.put(KEY, CONTRADICTED)
    keyed.close()
    plain = JudgeCache(tmp_path / "cache")
    assert plain.get(KEY) == CONTRADICTED
    plain.put(key_for("x"), CONTRADICTED)
    assert plain.get(key_for("x")) == CONTRADICTED
    plain.close()
