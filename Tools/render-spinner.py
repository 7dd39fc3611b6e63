#!/usr/bin/python3
"""Draws the spinner's images: Resources/icons/hicolor/NxN/status/app.switchyard.Switchyard-working.symbolic.png.

GTK 4.8's spinner draws the icon theme's `process-working-symbolic`, which Adwaita ships only as an
SVG: the first spinner on screen (every tab's loading state) made GTK load librsvg and libxml2 (about
6.5 MB resident) for one 16–32 px image. The app's style sheet points spinners at this PNG instead
(`Appearance.installStyles`). It is a symbolic PNG as GTK reads them: black, with the shape in the
alpha channel, so GTK recolours it with the text colour (light, dark and high-contrast alike).
Our own drawing: a faint ring with a brighter quarter arc, at 16, 32 and 64 px (spinners are 16 or
32 px; the style sheet picks the size and the one for twice the scale, so no image is shrunk more
than GTK's GL renderer can filter). Run after changing it, and commit the
result: `/usr/bin/python3 Tools/render-spinner.py`.
"""
import math
import os
import struct
import zlib

SIZES = (16, 32, 64)
OUTER, INNER = 29 / 64, 21 / 64  # ring radii, as fractions of the size (2 px of stroke at 16 px)
FAINT = 0.3                 # the ring's opacity; the arc is opaque
ARC = math.pi / 2           # a quarter turn, ending at 12 o'clock
SAMPLES = 8                 # per axis, for antialiasing


def coverage(x, y, size):
    outer, inner = OUTER * size, INNER * size
    total = 0.0
    for i in range(SAMPLES):
        for j in range(SAMPLES):
            dx = x + (i + 0.5) / SAMPLES - size / 2
            dy = y + (j + 0.5) / SAMPLES - size / 2
            r = math.hypot(dx, dy)
            if not inner <= r <= outer:
                continue
            angle = math.atan2(dx, -dy) % (2 * math.pi)  # 0 at 12 o'clock, clockwise
            total += 1.0 if angle >= 2 * math.pi - ARC else FAINT
    return total / (SAMPLES * SAMPLES)


def png(width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "icons", "hicolor")
for size in SIZES:
    rows = [bytes(v for x in range(size) for v in (0, 0, 0, round(255 * coverage(x, y, size)))) for y in range(size)]
    folder = os.path.join(root, f"{size}x{size}", "status")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "app.switchyard.Switchyard-working.symbolic.png"), "wb") as out:
        out.write(png(size, size, rows))
