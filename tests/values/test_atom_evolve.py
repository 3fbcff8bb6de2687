"""ValueAtom.evolve is dataclasses.replace (the index's secondary entries are built with it)."""

from __future__ import annotations


def test_evolve_is_dataclasses_replace() -> None:
    from dataclasses import fields, replace

    from citeproof.values.extract import extract_atoms

    atoms = extract_atoms("2/20 patients, 10-20 mg/day, over 45%, HR 0.75 (95% CI 0.6-0.9)", mode="source", prepared=True)
    assert atoms
    for atom in atoms:
        for f in fields(atom):
            value = getattr(atom, f.name)
            changed = {f.name: value, "kind": "value", "high": None}
            assert atom.evolve(**changed) == replace(atom, **changed)
        assert atom.evolve() == atom
