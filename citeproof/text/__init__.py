"""Shared text utilities: sentence spans and normalisation (used by parse, sources, values, excerpt)."""

from citeproof.text.normalize import fold_emphasis, normalize_text
from citeproof.text.sentences import split_sentences

__all__ = ["fold_emphasis", "normalize_text", "split_sentences"]
