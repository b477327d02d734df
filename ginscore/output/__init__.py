"""Presentation: text, CSV and Markdown, the printable HTML page, and the JSON documents and
their versions."""
