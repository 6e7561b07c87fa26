#!/usr/bin/env python3
"""Makes an offline archive for the browser test: `scrollback render --media-dir` against a
server on 127.0.0.1 (nothing else is contacted), so that the browser test can open the page
from disk and check that its copies load under its Content-Security-Policy.

Usage: browser-archive.py SCROLLBACK OUT_DIR

Writes OUT_DIR/archive.html and OUT_DIR/media/. The server serves four PNGs of different
colours and answers 404 for one more picture, which the page must show as a labelled card.
"""
import http.server
import json
import os
import struct
import subprocess
import sys
import tempfile
import threading
import zlib


def png(width, height, rgb):
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


FILES = {
    "/lake.png": png(320, 200, (70, 130, 180)),
    "/trail.png": png(200, 320, (60, 150, 80)),
    "/ann.png": png(64, 64, (200, 110, 60)),
    "/channel.png": png(64, 64, (120, 80, 160)),
}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = FILES.get(self.path)
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_):
        pass


def main():
    scrollback, out = sys.argv[1], sys.argv[2]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    user = {"id": "ann", "name": "Ann Archivist", "image": f"{base}/ann.png"}

    def image(path, title, width, height):
        return {"type": "image", "title": title, "image_url": base + path, "original_width": width, "original_height": height}

    transcript = {
        "channel": {"id": "archive", "cid": "messaging:archive", "type": "messaging", "name": "Offline archive",
                    "image": f"{base}/channel.png"},
        "messages": [
            {"id": "a1", "type": "regular", "text": "The lake this morning.", "user": user,
             "created_at": "2026-04-14T09:00:00Z", "attachments": [image("/lake.png", "Lake", 320, 200)]},
            {"id": "a2", "type": "regular", "text": "Two from the trail; the second link has expired.", "user": user,
             "created_at": "2026-04-14T09:01:00Z",
             "attachments": [image("/trail.png", "Trail", 200, 320), image("/expired.png", "Expired", 400, 300)]},
        ],
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(transcript, handle)
    try:
        os.makedirs(out, exist_ok=True)
        result = subprocess.run(
            [scrollback, "render", handle.name, "--format", "html", "--timezone", "UTC",
             "--output", os.path.join(out, "archive.html"), "--media-dir", os.path.join(out, "media")],
            capture_output=True, text=True)
        sys.stderr.write(result.stderr)
        return result.returncode
    finally:
        os.unlink(handle.name)
        server.shutdown()


if __name__ == "__main__":
    sys.exit(main())
