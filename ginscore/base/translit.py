"""Names in plain ASCII, for the tools that take nothing else (beancount's account names):
Russian and Ukrainian letters by a small table of their own, Latin letters with accents
without them. Pure; imports nothing of ginscore."""

from __future__ import annotations

import unicodedata

# Russian: the common readable romanization (BGN/PCGN without its diacritics): Юрий -> Yuriy.
RUSSIAN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya",
}
# Ukrainian: the official table of 2010 (Київ -> Kyiv, Олексій -> Oleksii); the second
# spelling of є ї й ю я is the one inside a word, the first the one that starts it.
UKRAINIAN = {
    **RUSSIAN, "г": "h", "ґ": "g", "е": "e", "є": ("ye", "ie"), "и": "y", "і": "i", "ї": ("yi", "i"),
    "й": ("y", "i"), "щ": "shch", "ь": "", "ю": ("yu", "iu"), "я": ("ya", "ia"), "'": "", "’": "", "ʼ": "",
}
APOSTROPHES = "'’ʼ"
UKRAINIAN_ONLY = set("ґєії")  # and an apostrophe in a Cyrillic word (Russian writes ъ)
# Latin letters that are not a plain letter with an accent (NFKD does not take them apart).
LATIN = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ŧ": "t"}


def to_ascii(text: str) -> str:
    """``text`` in ASCII letters where it had letters: ``Алиса`` -> ``Alisa``, ``Євген`` ->
    ``Yevhen``, ``Zoé`` -> ``Zoe``; a letter of another script, an emoji or a symbol is
    dropped (the caller decides what an empty result becomes)."""
    letters = set(text.lower())
    cyrillic = any("а" <= char <= "я" or char in "ёґєії" for char in letters)
    table = UKRAINIAN if UKRAINIAN_ONLY & letters or (cyrillic and set(APOSTROPHES) & letters) else RUSSIAN
    out = []
    previous = ""
    for char in text:
        lower = char.lower()
        if lower == "г" and previous.lower() == "з" and table is UKRAINIAN:
            latin = "gh"  # зг -> zgh, so that it is not read as ж (zh)
        elif lower in table:
            latin = table[lower]
            if isinstance(latin, tuple):
                latin = latin[1] if previous.isalpha() or (previous and previous in APOSTROPHES) else latin[0]
        elif lower in LATIN:
            latin = LATIN[lower]
        else:
            latin = "".join(part for part in unicodedata.normalize("NFKD", char) if part.isascii())
        if char != lower and latin:  # a capital: its first letter capital (Щ -> Shch)
            latin = latin[0].upper() + latin[1:]
        out.append(latin)
        previous = char
    return "".join(out)
