"""Presentation: text and CSV, HTML sheets, and the JSON contract."""
