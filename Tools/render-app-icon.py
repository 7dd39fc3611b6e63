#!/usr/bin/python3
"""Renders the app icon's PNG sizes from its SVG (Resources/icons/hicolor/scalable/apps).

GTK sets the X11 window icon from every size the icon theme has, and loads an SVG through
librsvg: with only the SVG, the first frame pulled in librsvg and libxml2 (~7 MB resident) for a
48 px window icon. With these PNGs beside it, GTK takes the PNGs. Run after changing the SVG,
and commit the result: `/usr/bin/python3 Tools/render-app-icon.py`.
"""
import os
import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf  # noqa: E402

SIZES = (16, 24, 32, 48, 64, 128)
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "icons", "hicolor")
svg = os.path.join(root, "scalable", "apps", "app.switchyard.Switchyard.svg")
for size in SIZES:
    folder = os.path.join(root, f"{size}x{size}", "apps")
    os.makedirs(folder, exist_ok=True)
    pixbuf = GdkPixbuf.Pixbuf.new_from_file_at_size(svg, size, size)
    pixbuf.savev(os.path.join(folder, "app.switchyard.Switchyard.png"), "png", [], [])
    print(f"{size}x{size}")
