#!/usr/bin/env python3
"""A web server that answers every GET at a trickle: its head at once (a Content-Length of SIZE bytes), then one byte
every INTERVAL seconds, never slow enough between two bytes for a read timeout to end it. The first of the
hostile-network cases: a catalog or a bundle served this way must not hold `install` or `update` for ever.

Run: python3 Tests/HostileNetwork/trickle_server.py PORT [SIZE] [INTERVAL]
"""
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(sys.argv[1])
SIZE = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
INTERVAL = float(sys.argv[3]) if len(sys.argv) > 3 else 0.2


class Trickle(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", str(SIZE))
        self.end_headers()
        try:
            for _ in range(SIZE):
                self.wfile.write(b"x")
                self.wfile.flush()
                time.sleep(INTERVAL)
        except (BrokenPipeError, ConnectionResetError):
            pass


ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", PORT), Trickle).serve_forever()
