"""Foundations, below every game rule: the language, errors, text, shell quoting, paths, safe file I/O,
JSON reading, ids and this device's id."""
