#!/usr/bin/env python3
"""A record store that misbehaves on purpose, for the cases a real one is hard to make do: it answers every POST to
/xAPI/statements as MODE says, and keeps what it accepted (one id per line) in ACCEPTED.

Run: python3 Tests/LRS/fake_lrs.py PORT ACCEPTED MODE [ID]
Modes: accept (200 with the ids); redirect (302 to another address); refuse ID (400 for any batch holding ID, else
accept); conflict ID (409 likewise); wrong-ids (200 with ids that were not sent); lose-first-answer (the first batch
is stored, and the connection closed before any answer, as when a network drops the answer). Each request body
accepted is also kept, one per line, in ACCEPTED.bodies.
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT, ACCEPTED, MODE = int(sys.argv[1]), sys.argv[2], sys.argv[3]
TARGET = sys.argv[4] if len(sys.argv) > 4 else None
answered = {"count": 0}


class Store(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body=None, headers=()):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.answer(200, {"statements": [], "more": ""})

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        statements = json.loads(body)
        ids = [statement["id"] for statement in statements]
        if MODE == "redirect":
            return self.answer(302, headers=[("Location", "http://127.0.0.1:9/elsewhere")])
        if MODE in ("refuse", "conflict") and TARGET in ids:
            return self.answer(400 if MODE == "refuse" else 409, {"detail": f"statement {TARGET} is not wanted"})
        if MODE == "wrong-ids":
            return self.answer(200, ["00000000-0000-4000-8000-000000000000"])
        with open(ACCEPTED, "a") as accepted:
            accepted.write("".join(i + "\n" for i in ids))
        with open(ACCEPTED + ".bodies", "ab") as bodies:
            bodies.write(body + b"\n")
        answered["count"] += 1
        if MODE == "lose-first-answer" and answered["count"] == 1:
            self.close_connection = True
            self.connection.shutdown(2)
            return
        self.answer(200, ids)


ThreadingHTTPServer(("127.0.0.1", PORT), Store).serve_forever()
