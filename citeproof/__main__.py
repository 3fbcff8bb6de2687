from citeproof.cli import entrypoint

entrypoint()
