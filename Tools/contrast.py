#!/usr/bin/env python3
"""Text contrast measured on a screenshot, as WCAG 2 defines it.

    Tools/contrast.py SHOT.png X0 Y0 X1 Y1 [LABEL]

Inside the box, the background is the most common colour and the text colour is the pixel
that differs most from it in luminance (a glyph's stem); prints their contrast ratio.
WCAG AA asks 4.5:1 for text. No third-party modules: a small PNG reader (8-bit RGB/RGBA).
"""
import struct
import sys
import zlib
from collections import Counter


def read_png(path):
    raw = open(path, "rb").read()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, chunks, header = 8, [], None
    while pos < len(raw):
        length, kind = struct.unpack(">I4s", raw[pos:pos + 8])
        data = raw[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            chunks.append(data)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, "8-bit RGB/RGBA, not interlaced"
    channels = 4 if colour == 6 else 3
    data = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = data[y * (stride + 1)]
        line = bytearray(data[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def luminance(rgb):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def measure(path, x0, y0, x1, y1):
    _, _, channels, rows = read_png(path)
    pixels = [tuple(rows[y][x * channels:x * channels + 3]) for y in range(y0, y1) for x in range(x0, x1)]
    background = Counter(pixels).most_common(1)[0][0]
    text = max(pixels, key=lambda p: abs(luminance(p) - luminance(background)))
    return background, text, ratio(background, text)


if __name__ == "__main__":
    path, *box = sys.argv[1:6]
    label = sys.argv[6] if len(sys.argv) > 6 else ""
    background, text, value = measure(path, *map(int, box))
    verdict = "AA" if value >= 4.5 else "FAILS AA"
    print(f"{label or path}: text #{bytes(text).hex()} on #{bytes(background).hex()} = {value:.2f}:1 {verdict}")
