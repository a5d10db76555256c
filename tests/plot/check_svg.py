#!/usr/bin/python3
"""Checks a picture written by kreg: the SVG parses as XML with an <svg> root, renders with
rsvg-convert (librsvg, what Inkscape-less LaTeX toolchains use) to PNG, and the PNG is not blank:
at least 1% of its pixels are not white and it has at least three colours.
Usage: check_svg.py PICTURE.svg [PNG]   (the PNG is kept when named). Prints one line; exit 1 on failure."""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from PIL import Image


def main():
    svg = sys.argv[1]
    root = ET.parse(svg).getroot()
    if root.tag != "{http://www.w3.org/2000/svg}svg":
        print(f"{svg}: the root element is {root.tag}, not svg")
        return 1
    png = sys.argv[2] if len(sys.argv) > 2 else tempfile.mktemp(suffix=".png")
    r = subprocess.run(["rsvg-convert", "-o", png, svg], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"{svg}: rsvg-convert failed: {r.stderr.strip()}")
        return 1
    image = Image.open(png).convert("RGB")
    pixels = list(image.getdata())
    ink = sum(1 for p in pixels if p != (255, 255, 255)) / len(pixels)
    colours = len(set(pixels))
    if len(sys.argv) <= 2:
        os.remove(png)
    if ink < 0.01 or colours < 3:
        print(f"{svg}: blank rendering ({100 * ink:.2f}% non-white pixels, {colours} colours)")
        return 1
    print(f"{svg}: ok, {image.width}x{image.height}, {100 * ink:.1f}% non-white pixels, {colours} colours")
    return 0


if __name__ == "__main__":
    sys.exit(main())
