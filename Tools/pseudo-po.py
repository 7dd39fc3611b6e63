#!/usr/bin/env python3
"""A pseudo-translation of po/switchyard.pot, for finding English that skips the catalogue and
labels too narrow for longer languages: every message becomes ⟦message plus ~40 %⟧, its
placeholders, mnemonics and line breaks kept. Writes a .po file (compile it with msgfmt).

usage: Tools/pseudo-po.py po/switchyard.pot OUT.po
"""
import re
import sys

PLACEHOLDER = re.compile(r'%(\d+\$)?[sd]|%%|\\n|_(?=\w)')


def pseudo(text: str) -> str:
    if not text or text.endswith(';'):  # the desktop entry's keyword list is not shown
        return text
    if text.endswith('\\n'):  # a line for the terminal keeps its line break last
        return pseudo(text[:-2]) + '\\n'
    letters = len(PLACEHOLDER.sub('', text))
    return '⟦' + text + '·' * max(1, round(letters * 0.4)) + '⟧'


def main(template: str, out: str) -> None:
    lines = open(template, encoding='utf-8').read().split('\n')
    result, i = [], 0
    header_done = False
    while i < len(lines):
        line = lines[i]
        if line.startswith('msgid ') or line.startswith('msgid_plural '):
            key = line.split(' ', 1)[0]
            value = [line.split(' ', 1)[1]]
            i += 1
            while i < len(lines) and lines[i].startswith('"'):
                value.append(lines[i])
                i += 1
            text = ''.join(part[1:-1] for part in value)
            result += [key + ' "' + text + '"']
            if key == 'msgid':
                singular = text
            else:
                plural = text
            continue
        if line.startswith('msgstr'):
            i += 1
            while i < len(lines) and lines[i].startswith('"'):
                i += 1
            if not header_done:
                result += ['msgstr ""', '"Project-Id-Version: Switchyard\\n"', '"PO-Revision-Date: 2026-01-01 00:00+0000\\n"',
                           '"Last-Translator: Tools/pseudo-po.py\\n"', '"Language-Team: none\\n"', '"Language: en@pseudo\\n"',
                           '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"',
                           '"Content-Transfer-Encoding: 8bit\\n"', '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"']
                header_done = True
            elif line.startswith('msgstr[0]'):
                result += ['msgstr[0] "' + pseudo(singular) + '"']
            elif line.startswith('msgstr[1]'):
                result += ['msgstr[1] "' + pseudo(plural) + '"']
            else:
                result += ['msgstr "' + pseudo(singular) + '"']
            continue
        if line.startswith('#, fuzzy'):
            i += 1
            continue
        result.append(line)
        i += 1
    open(out, 'w', encoding='utf-8').write('\n'.join(result))


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
