"""Drug mentions found from data: lexicon files, PubTator entities in the sources, INN stems."""

from citeproof.lexicon.detector import DETECTOR_MEMO, DrugDetector, DrugMention, load_drug_detector

__all__ = ["DETECTOR_MEMO", "DrugDetector", "DrugMention", "load_drug_detector"]
