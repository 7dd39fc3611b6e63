#!/usr/bin/env python3
"""Checks inspection captures made under the pseudo-translation (Tools/pseudo-po.py): every name
and description in each route's accessibility tree came through the catalogue (⟦marked⟧) or is data
the route shows (sample titles, paths, numbers, dates in the locale's format), and no label of ours
was shortened with an ellipsis (Tools/inspect.sh's NAME.ellipsized.txt) unless its tooltip holds
its whole text (a status line made to shorten).

usage: Tools/pseudo-sweep-check.py CAPTURES_DIR
Prints one line per problem and a summary ("N routes, M strings checked"); exits 1 on any problem.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = re.compile(r"^\s*\[(?P<role>[^\]]+)\] '(?P<name>.*)' \{[^}]*\}(?: <[^>]*>)?(?: desc='(?P<desc>.*)')?$")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
# Pieces of a composed line: "A · B", "A – B", "A: B", "(B)", one per line.
SEPARATORS = re.compile(r" · | – | — |: |, |\n|[()“”»«\"]")
NUMBERS = re.compile(r"^[−+-]?[\d.,:/ %×x]*\d[\d.,:/ %]*\s*(B|KB|MB|GB|TB|PB|B/s|KB/s|MB/s|GB/s|TB/s|%|ms|px)?$")
# Dates and times come from the locale (LC_TIME), not the catalogue.
DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun"
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
DATES = re.compile(rf"^({DAYS})$|^(({DAYS}),? )?(\d{{1,2}} ({MONTHS}),? ?)?(\d{{1,2}}:\d{{2}})?$|^({DAYS}) \d{{1,2}} ({MONTHS})$"
                   rf"|^\d{{1,2}} ({MONTHS}) \d{{4}}$|^({MONTHS}) \d{{1,2}}, \d{{4}}$")
# GTK's own words in its own widgets (window controls, a drop-down's "(None)"): every message of
# GTK's catalogue, read from its German translation (libgtk-4-common ships it).
GTK_CATALOGUE = "/usr/share/locale/de/LC_MESSAGES/gtk40.mo"
# Product and service names are names in every language.
NAMES = {"switchyard", "sonarr", "radarr", "lidarr", "prowlarr", "qbittorrent", "transmission", "deluge", "sabnzbd", "nzbget", "rtorrent",
         "jellyseerr", "overseerr", "jellyseerr / overseerr"}


def gtk_messages():
    """GTK's messages, and patterns for those with placeholders or markup (the About window's
    "This program comes with absolutely no warranty.\nSee the <a href=…>%s</a> for details.")."""
    import subprocess
    po = subprocess.run(["msgunfmt", "--no-wrap", GTK_CATALOGUE], check=True, capture_output=True, text=True).stdout
    # A msgid and its continuation lines ("…" on the lines after it).
    for match in re.finditer(r'^msgid ((?:".*"\n)+)', po, re.MULTILINE):
        quoted = re.findall(r'"(.*)"', match.group(1))
        message = "".join(quoted).replace('\\"', '"').replace("\\n", "\n")
        GTK_OWN.add(message)
        if "%" in message or "<" in message:
            text = re.sub(r"<[^>]+>", "", message)
            parts = re.split(r"%(?:\d\$)?[sdu]", text)
            if len(re.findall(r"[A-Za-z]", "".join(parts))) < 12:  # "%s", "%s (%s)": too little to tell
                continue
            GTK_PATTERNS.append(re.compile("^" + ".+?".join(re.escape(part) for part in parts) + "$", re.DOTALL))


GTK_OWN = set()
GTK_PATTERNS = []
# Keys as GTK's shortcuts window names them.
KEYS = re.compile(r"^(F\d{1,2}|[A-Z0-9]|[^\w\s])$")
DESCRIPTION = re.compile(r'^\s*case \.\w+(\([^)]*\))?: "')


def literals():
    """String literals of the code that makes the routes' sample data."""
    found = set()
    sources = glob.glob(os.path.join(ROOT, "Sources/DesktopApp/Inspection/*.swift"))
    sources += glob.glob(os.path.join(ROOT, "Sources/DesktopApp/Features/Library/Kinds/*Samples.swift"))
    for path in sources:
        if path.endswith("/InspectionRoute.swift"):  # the routes' names and descriptions, no data
            continue
        lines = open(path, encoding="utf-8").read().splitlines()
        # A scene's description ("case .selected: "Downloads with …"") is not data either.
        text = "\n".join(line for line in lines if not DESCRIPTION.match(line))
        for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text):
            value = match.group(1)
            # Interpolations split a literal into the parts that are literal.
            for part in re.split(r"\\\([^)]*\)", value):
                part = part.strip()
                if len(part) >= 2:
                    found.add(part.casefold())
    # Longest first, so a literal is taken out whole before any literal inside it.
    return sorted(found, key=len, reverse=True)


def unmarked(text):
    """The text left when every catalogue message (nested ones first) is taken out."""
    previous = None
    while previous != text:
        previous, text = text, MARKED.sub("\u0000", text)
    return text


def is_data(piece, corpus):
    if piece.strip() in GTK_OWN:
        return True
    if "\u0000" in piece.strip() and not re.search(r"\s", piece.strip()):  # one token glued to data: a file name
        return True
    piece = piece.strip(" .…\u0000")
    if not piece or not re.search(r"[A-Za-z]", piece):
        return True
    folded = piece.casefold()
    if folded in NAMES or piece in GTK_OWN or piece.startswith("Gtk"):
        return True
    if NUMBERS.match(piece) or DATES.match(piece):
        return True
    if "://" in piece or piece.startswith("/") or piece.startswith("~") or ".invalid" in piece:
        return True
    if re.match(r"^v?\d+(\.\d+)+", piece) or KEYS.match(piece):  # a version, a key
        return True
    return False


def without_data(text, corpus):
    """The text with every literal of the sample data in it taken out (whole literals only: a
    part of one, such as a word of a route's description, does not count as data)."""
    folded = text.casefold()
    for literal in corpus:
        if literal in folded:
            text = re.sub(r"(?<!\w)" + re.escape(literal) + r"(?!\w)", "\u0000", text, flags=re.IGNORECASE)
            folded = text.casefold()
    return text


def main(folder):
    corpus = literals()
    gtk_messages()
    problems, routes, strings = [], 0, 0
    for tree_path in sorted(glob.glob(os.path.join(folder, "*.a11y.txt"))):
        route = os.path.basename(tree_path)[: -len(".a11y.txt")]
        routes += 1
        for line in open(tree_path, encoding="utf-8").read().splitlines():
            match = LINE.match(line)
            if not match or match.group("role") == "application":
                continue
            for kind, text in (("name", match.group("name")), ("description", match.group("desc"))):
                if not text or text in GTK_OWN or text.startswith("Gtk"):
                    continue
                text = text.replace("\\n", "\n")  # a11y-dump writes line breaks as \n
                strings += 1
                left = without_data(unmarked(text), corpus)
                pieces = [piece for piece in SEPARATORS.split(left) if not is_data(piece, corpus)]
                if pieces and any(pattern.match(text) for pattern in GTK_PATTERNS):
                    pieces = []  # GTK's own sentence, its placeholders filled
                if pieces:
                    problems.append(f"{route}: [{match.group('role')}] {kind} '{text}' has English outside the catalogue: {pieces}")
        ellipsized = os.path.join(folder, route + ".ellipsized.txt")
        if not os.path.exists(ellipsized):
            problems.append(f"{route}: no ellipsis report")
            continue
        for text in open(ellipsized, encoding="utf-8").read().splitlines():
            strings += 1
            if "⟦" in text and not text.startswith("tooltip\t"):
                problems.append(f"{route}: a label of ours is cut off with an ellipsis: '{text}'")
    for problem in problems:
        print(problem)
    print(f"pseudo-sweep: {routes} routes, {strings} strings checked, {len(problems)} problems")
    return 1 if problems or routes == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
