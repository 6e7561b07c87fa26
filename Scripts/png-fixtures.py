#!/usr/bin/env python3
"""Writes Tests/ScrollbackTestingTests/PNGFixtures.swift: small PNGs made without libpng, to
test the decoder against files it did not write itself.

Each image is filtered, compressed and framed here by hand (zlib and struct only), so the test
sees every row filter (None, Sub, Up, Average, Paeth) in every colour type (grey, grey+alpha,
RGB, RGBA, palette), 1, 2, 4 and 16-bit samples, Adam7 interlacing, image data split over
several IDAT chunks, ancillary chunks to skip, and transparency (tRNS) keys and palette alphas.
Each fixture carries the RGBA pixels it must decode to. The refused fixtures are files no
decoder may read (a broken header, missing or misplaced chunks, broken image data).

    Scripts/png-fixtures.py            # rewrites the Swift file
"""
import base64
import os
import struct
import zlib

WIDTH, HEIGHT = 7, 5  # odd, so no row is a whole number of 8-byte words
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
COLOR_NAMES = {0: "grey", 2: "rgb", 4: "greyAlpha", 6: "rgba"}
FILTER_NAMES = ["none", "sub", "up", "average", "paeth"]
# The seven passes of Adam7: first column and row, then the steps between them.
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
# A palette of 16 colours, and the alphas of its first six entries (tRNS).
PALETTE = [((i * 53) & 0xFF, (i * 97 + 30) & 0xFF, (255 - i * 13) & 0xFF) for i in range(16)]
PALETTE_ALPHA = [0, 40, 128, 200, 255, 17]


def samples(color_type, seed, depth=8):
    """Rows of pseudo-random samples, with runs and gradients so every Paeth branch is taken."""
    state = seed
    top = (1 << depth) - 1 if color_type != 3 else len(PALETTE) - 1 if depth >= 4 else (1 << depth) - 1
    rows = []
    for y in range(HEIGHT):
        row = []
        for x in range(WIDTH * CHANNELS[color_type]):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            value = (state >> 16) & 0xFF if (x + y) % 3 else (x * 37 + y * 11) & 0xFF
            row.append(value % (top + 1) if top < 255 else value)
        rows.append(row)
    return rows


def packed(row, depth):
    """A row of samples as the bytes of a scanline: 16-bit big-endian, or several to a byte."""
    if depth == 16:
        # The same byte twice (v × 257), so that any correct scaling to 8 bits gives v back.
        return b"".join(bytes([v, v]) for v in row)
    if depth == 8:
        return bytes(row)
    per_byte = 8 // depth
    out = bytearray()
    for start in range(0, len(row), per_byte):
        group = row[start:start + per_byte] + [0] * (per_byte - len(row[start:start + per_byte]))
        byte = 0
        for value in group:
            byte = (byte << depth) | value
        out.append(byte)
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered(lines, filters, bpp):
    """Scanlines (bytes) each with its filter type byte, filtered against the one above."""
    out = bytearray()
    previous = bytes(len(lines[0])) if lines else b""
    for line, kind in zip(lines, filters):
        out.append(kind)
        for i, value in enumerate(line):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            prediction = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            out.append((value - prediction) & 0xFF)
        previous = line
    return bytes(out)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def image_data(color_type, rows, filters, depth=8, interlaced=False):
    """The filtered scanlines of the image, pass after pass when interlaced."""
    bpp = max(1, CHANNELS[color_type] * depth // 8)
    channels = CHANNELS[color_type]
    if not interlaced:
        return filtered([packed(row, depth) for row in rows], filters, bpp)
    data = b""
    for x0, y0, dx, dy in ADAM7:
        lines = []
        for y in range(y0, HEIGHT, dy):
            pixels = [rows[y][x * channels:(x + 1) * channels] for x in range(x0, WIDTH, dx)]
            lines.append(packed([s for pixel in pixels for s in pixel], depth))
        if lines and lines[0]:
            data += filtered(lines, [filters[i % len(filters)] for i in range(len(lines))], bpp)
    return data


def png(color_type, rows, filters, depth=8, interlaced=False, idat_parts=1, extra=b"", before_idat=b""):
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, depth, color_type, 0, 0, 1 if interlaced else 0)
    stream = zlib.compress(image_data(color_type, rows, filters, depth, interlaced), 9)
    size = -(-len(stream) // idat_parts)
    idats = b"".join(chunk(b"IDAT", stream[i:i + size]) for i in range(0, len(stream), size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + before_idat + idats + extra
            + chunk(b"IEND", b""))


def rgba(color_type, rows, key=None, depth=8):
    """The pixels as 8-bit RGBA: low depths scaled up to 0...255, 16-bit samples taken as v × 257."""
    out = bytearray()
    channels = CHANNELS[color_type]
    scale = 255 // ((1 << depth) - 1) if depth < 8 else 1
    for row in rows:
        for x in range(WIDTH):
            s = row[x * channels:(x + 1) * channels]
            if color_type == 3:
                alpha = PALETTE_ALPHA[s[0]] if s[0] < len(PALETTE_ALPHA) else 255
                pixel = list(PALETTE[s[0]]) + [alpha]
            elif color_type == 0:
                pixel = [s[0] * scale] * 3 + [0 if key == tuple(s) else 255]
            elif color_type == 4:
                pixel = [s[0]] * 3 + [s[1]]
            elif color_type == 2:
                pixel = list(s) + [0 if key == tuple(s) else 255]
            else:
                pixel = list(s)
            out += bytes(pixel)
    return bytes(out)


def decodable():
    fixtures = []
    for color_type in (0, 2, 4, 6):
        for kind, name in enumerate(FILTER_NAMES):
            rows = samples(color_type, seed=color_type * 10 + kind)
            fixtures.append((f"{COLOR_NAMES[color_type]}_{name}", png(color_type, rows, [kind] * HEIGHT),
                             rgba(color_type, rows)))
    # Every filter in one image, data in three IDAT chunks, and chunks to skip on either side.
    rows = samples(6, seed=99)
    text = chunk(b"tEXt", b"Comment\x00made by png-fixtures.py") + chunk(b"gAMA", struct.pack(">I", 45455))
    fixtures.append(("rgba_mixedFiltersThreeIDATs", png(6, rows, [4, 0, 3, 1, 2], idat_parts=3, extra=text,
                                                        before_idat=chunk(b"pHYs", struct.pack(">IIB", 2835, 2835, 1))),
                     rgba(6, rows)))
    # A chunk of a kind no decoder knows, ancillary (its first letter in lower case): skipped.
    rows = samples(6, seed=98)
    fixtures.append(("rgba_unknownAncillaryChunk", png(6, rows, [1] * HEIGHT, before_idat=chunk(b"zzZz", b"skip me")),
                     rgba(6, rows)))
    # Colour keys: pixels of exactly that colour (or grey) are transparent.
    rows = samples(2, seed=7)
    key = tuple(rows[1][3:6])
    trns = chunk(b"tRNS", b"".join(struct.pack(">H", v) for v in key))
    fixtures.append(("rgb_transparentKey", png(2, rows, [1] * HEIGHT, before_idat=trns), rgba(2, rows, key)))
    rows = samples(0, seed=8)
    key = (rows[2][4],)
    fixtures.append(("grey_transparentKey", png(0, rows, [2] * HEIGHT, before_idat=chunk(b"tRNS", struct.pack(">H", key[0]))),
                     rgba(0, rows, key)))
    # Grey of 1, 2 and 4 bits, several samples to a byte.
    for depth in (1, 2, 4):
        rows = samples(0, seed=20 + depth, depth=depth)
        fixtures.append((f"grey_{depth}bit", png(0, rows, [0, 1, 2, 3, 4], depth=depth), rgba(0, rows, depth=depth)))
    # 16 bits a sample.
    for color_type in (0, 2, 4, 6):
        rows = samples(color_type, seed=30 + color_type)
        fixtures.append((f"{COLOR_NAMES[color_type]}_16bit", png(color_type, rows, [4, 3, 2, 1, 0], depth=16),
                         rgba(color_type, rows)))
    # Palettes, with alphas for their first entries, at 8 and 2 bits an index (as many entries as
    # an index reaches, at most).
    for depth in (8, 2):
        entries = min(len(PALETTE), 1 << depth)
        palette = chunk(b"PLTE", b"".join(bytes(colour) for colour in PALETTE[:entries]))
        alphas = chunk(b"tRNS", bytes(PALETTE_ALPHA[:entries]))
        rows = samples(3, seed=40 + depth, depth=depth)
        fixtures.append((f"palette_{depth}bit", png(3, rows, [0, 1, 2, 3, 4], depth=depth, before_idat=palette + alphas),
                         rgba(3, rows)))
    # Adam7: seven passes, each filtered on its own.
    rows = samples(6, seed=50)
    fixtures.append(("rgba_interlaced", png(6, rows, [0, 1, 2, 3, 4], interlaced=True), rgba(6, rows)))
    rows = samples(0, seed=51, depth=2)
    fixtures.append(("grey_2bit_interlaced", png(0, rows, [4, 1], depth=2, interlaced=True), rgba(0, rows, depth=2)))
    return fixtures


def refused():
    rows = samples(6, seed=60)
    good = zlib.compress(image_data(6, rows, [0] * HEIGHT), 9)
    signature = b"\x89PNG\r\n\x1a\n"

    def header(width=WIDTH, height=HEIGHT, depth=8, color_type=6):
        return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0))

    def file(head=None, idat=good, before=b"", after=b""):
        head = header() if head is None else head
        return signature + head + before + (chunk(b"IDAT", idat) if idat is not None else b"") + after + chunk(b"IEND", b"")

    damaged = bytearray(header())
    damaged[-1] ^= 0x01  # the CRC's last byte
    bad_filter = bytearray(image_data(6, rows, [0] * HEIGHT))
    bad_filter[(WIDTH * 4 + 1) * 2] = 5  # the third row's filter type
    return [
        ("colourType5", file(head=header(color_type=5))),
        ("zeroWidth", file(head=header(width=0))),
        ("damagedHeader", file(head=bytes(damaged))),
        ("imageDataBeforeHeader", signature + chunk(b"IDAT", good) + header() + chunk(b"IEND", b"")),
        ("noImageData", file(idat=None)),
        ("unknownCriticalChunk", file(before=chunk(b"ZZZZ", b"\x01"))),
        ("badFilterType", file(idat=zlib.compress(bytes(bad_filter)))),
        ("tooLittleImageData", file(idat=zlib.compress(image_data(6, rows, [0] * HEIGHT)[:-9]))),
        ("brokenDeflate", file(idat=b"\x78\x9c\xff\xff\xff")),
        ("paletteWithoutPLTE", file(head=header(color_type=3), idat=zlib.compress(bytes(HEIGHT * (WIDTH + 1))))),
        ("tooLarge", file(head=header(width=100_000, height=100_000))),
    ]


def main():
    lines = [
        "// Generated by Scripts/png-fixtures.py: PNGs written without libpng. Do not edit.",
        "",
        "/// PNGs filtered, compressed and framed by a script: those a decoder must read, with the RGBA",
        "/// pixels each decodes to, and those it must refuse.",
        "enum PNGFixtures {",
        f"    /// Every fixture is {WIDTH} × {HEIGHT} pixels.",
        f"    static let width = {WIDTH}, height = {HEIGHT}",
        "",
        "    /// Name, PNG file (base64), pixels (base64).",
        "    static let all: [(name: String, png: String, rgba: String)] = [",
    ]
    for name, data, pixels in decodable():
        # One element a line, as the house formatter lays out these long strings.
        lines += ["        (", f'            "{name}",', f'            "{base64.b64encode(data).decode()}",',
                  f'            "{base64.b64encode(pixels).decode()}"', "        ),"]
    lines += ["    ]", "", "    /// Name, PNG file (base64): files that break the PNG specification.",
              "    static let refused: [(name: String, png: String)] = ["]
    for name, data in refused():
        lines += ["        (", f'            "{name}",', f'            "{base64.b64encode(data).decode()}"', "        ),"]
    lines += ["    ]", "}", ""]
    target = os.path.join(os.path.dirname(__file__), "..", "Tests", "ScrollbackTestingTests", "PNGFixtures.swift")
    with open(target, "w") as handle:
        handle.write("\n".join(lines))


if __name__ == "__main__":
    main()
