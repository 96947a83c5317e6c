#!/usr/bin/env python3
"""A web server on loopback that misbehaves as one case of the hostile-network corpus says (README.md in this folder
lists the cases, what each does and the diagnostic code lessonpack must give). It serves a publisher's release from
--site, as a web server would (Range, ETag, If-None-Match), except where its case says otherwise; the record store
cases answer at /xAPI/statements instead.

Run: python3 Tests/HostileNetwork/hostile_server.py CASE --site DIR [--old-site DIR] [--log FILE] [--port-file FILE]
It listens on 127.0.0.1 on a port the system chooses and prints that port, alone on a line, once it listens (and
writes it to --port-file, for a caller that does not read its output).
Python's standard library only, like trickle_server.py.
"""
import argparse
import hashlib
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CASES = {}


def case(name):
    def register(function):
        CASES[name] = function
        return function
    return register


class State:
    """What a case remembers between requests: how many times each path was asked for."""
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}

    def count(self, path):
        with self.lock:
            self.counts[path] = self.counts.get(path, 0) + 1
            return self.counts[path]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, so that a lying Content-Length leaves bytes on a reused connection

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_request()

    def do_POST(self):
        # A record store's statements: the body is read (and thrown away) so the client is not stuck sending it.
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.handle_request()

    def handle_request(self):
        path = self.path.split("?")[0]
        count = STATE.count(path)
        if ARGS.log:
            with STATE.lock, open(ARGS.log, "a") as log:
                log.write("%s %s %s\n" % (self.command, self.path, self.headers.get("Range") or "-"))
        try:
            CASES[ARGS.case](self, path, count)
        except (BrokenPipeError, ConnectionResetError):
            pass

    # MARK: - Answers

    def site_file(self, path, site=None):
        """The bytes of `path` in the release folder, or None. Names only: no folder part, no '..'."""
        name = path.rsplit("/", 1)[-1]
        if not name or name.startswith("."):
            return None
        try:
            with open(os.path.join(site or ARGS.site, name), "rb") as data:
                return data.read()
        except OSError:
            return None

    def honest(self, path, site=None, data=None):
        """What a well-behaved web server answers: the file, a 304 for an unchanged ETag, a 206 for 'bytes=N-'."""
        if data is None:
            data = self.site_file(path, site)
        if data is None:
            return self.head(404, {"Content-Length": "0"})
        etag = '"%s"' % hashlib.sha256(data).hexdigest()[:16]
        if self.headers.get("If-None-Match") == etag:
            return self.head(304, {"ETag": etag, "Content-Length": "0"})
        start = self.range_start()
        if start is not None and start >= len(data):
            return self.head(416, {"Content-Range": "bytes */%d" % len(data), "Content-Length": "0"})
        if start is not None:
            self.head(206, {"Content-Range": "bytes %d-%d/%d" % (start, len(data) - 1, len(data)), "ETag": etag,
                            "Content-Length": str(len(data) - start)})
            return self.body(data[start:])
        self.head(200, {"ETag": etag, "Content-Length": str(len(data))})
        self.body(data)

    def range_start(self):
        value = self.headers.get("Range") or ""
        if value.startswith("bytes=") and value.endswith("-") and value[6:-1].isdigit():
            return int(value[6:-1])
        return None

    def head(self, status, headers):
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()

    def body(self, data):
        self.wfile.write(data)
        self.wfile.flush()

    def endless(self, start, repeated, status=200):
        """A body with no length that never ends: `start`, then `repeated` over and over until the client goes."""
        self.head(status, {"Connection": "close"})
        self.close_connection = True
        self.body(start)
        while True:
            self.body(repeated)

    def cut(self, data, at):
        """Announces all of `data`, sends its first `at` bytes and hangs up."""
        self.head(200, {"Content-Length": str(len(data))})
        self.body(data[:at])
        self.close_connection = True

    def trickle(self, data, interval):
        """All of `data`, announced, one byte every `interval` seconds: never silent long enough for a read timeout."""
        self.head(200, {"Content-Length": str(len(data))})
        for index in range(len(data)):
            self.body(data[index:index + 1])
            time.sleep(interval)

    def redirect(self, location, status=302):
        self.head(status, {"Location": location, "Content-Length": "0"})


def is_bundle(path):
    return path.endswith(".lessonpack")


def is_catalog(path):
    return path.endswith("/catalog.signed.json")


def changed(data):
    """The same file changed on the server after a client fetched part of it: the same size, its second half not
    the same bytes (a publisher replacing a file in place, or a mirror serving another copy)."""
    half = len(data) // 2
    return data[:half] + bytes(byte ^ 0x5A for byte in data[half:])


# MARK: - The cases

@case("plain")
def plain(handler, path, count):
    handler.honest(path)


@case("endless-catalog")
def endless_catalog(handler, path, count):
    if is_catalog(path):
        return handler.endless(b'{"format": 1, "catalog": "', b"A" * 65536)
    handler.honest(path)


@case("announced-huge-catalog")
def announced_huge_catalog(handler, path, count):
    if is_catalog(path):
        # Ten gigabytes announced, a few bytes sent: the length alone is enough to refuse it.
        handler.head(200, {"Content-Length": str(10 << 30)})
        handler.body(b"{")
        handler.close_connection = True
        return
    handler.honest(path)


@case("endless-bundle")
def endless_bundle(handler, path, count):
    if is_bundle(path):
        return handler.endless(handler.site_file(path) or b"", b"\0" * 65536)
    handler.honest(path)


@case("trickle-catalog")
def trickle_catalog(handler, path, count):
    if is_catalog(path):
        return handler.trickle(handler.site_file(path), 0.2)
    handler.honest(path)


@case("trickle-bundle")
def trickle_bundle(handler, path, count):
    if is_bundle(path):
        return handler.trickle(handler.site_file(path), 0.05)
    handler.honest(path)


@case("trickle-head")
def trickle_head(handler, path, count):
    if is_bundle(path):
        # The status line, then one header that never ends: the body, which the rate rule watches, never begins.
        handler.wfile.write(b"HTTP/1.1 200 OK\r\nX-Padding: ")
        while True:
            handler.body(b"a")
            time.sleep(0.2)
    handler.honest(path)


@case("endless-head")
def endless_head(handler, path, count):
    # The status line, then one header as fast as the line takes it, never ending.
    handler.wfile.write(b"HTTP/1.1 200 OK\r\nX-Padding: ")
    while True:
        handler.body(b"a" * 65536)


@case("not-http")
def not_http(handler, path, count):
    # Whatever else listens on a port: an SSH server's greeting, then silence until the client goes.
    handler.body(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")
    handler.close_connection = True


@case("redirect-loop")
def redirect_loop(handler, path, count):
    handler.redirect(path)


@case("redirect-chain")
def redirect_chain(handler, path, count):
    # Never the same address twice, so only the count of redirects can end it.
    handler.redirect("/hop%d%s" % (count, path))


@case("redirect-bundle-loop")
def redirect_bundle_loop(handler, path, count):
    if is_bundle(path):
        return handler.redirect(path, 307)
    handler.honest(path)


@case("redirect-to-file")
def redirect_to_file(handler, path, count):
    handler.redirect("file:///etc/passwd")


@case("redirect-to-unix-socket")
def redirect_to_unix_socket(handler, path, count):
    # async-http-client speaks HTTP over Unix sockets too: a web server must not be able to send the client to one.
    handler.redirect("http+unix://%2Fvar%2Frun%2Fdocker.sock/containers/json")


@case("redirect-to-other-host")
def redirect_to_other_host(handler, path, count):
    # The same server by another name: followed, since only the publisher's signature is trusted, never the host.
    host = handler.headers.get("Host") or ""
    if host.startswith("127.0.0.1"):
        return handler.redirect("http://localhost:%d%s" % (handler.server.server_address[1], path))
    handler.honest(path)


@case("short-length-catalog")
def short_length_catalog(handler, path, count):
    if is_catalog(path):
        data = handler.site_file(path)
        return handler.cut(data + b" " * 1000, len(data))
    handler.honest(path)


@case("short-length-bundle")
def short_length_bundle(handler, path, count):
    # The first answer stops halfway; the next run asks for the rest, which is sent as it should be.
    if is_bundle(path) and count == 1:
        data = handler.site_file(path)
        return handler.cut(data, len(data) // 2)
    handler.honest(path)


@case("long-length-catalog")
def long_length_catalog(handler, path, count):
    if is_catalog(path):
        data = handler.site_file(path)
        handler.head(200, {"Content-Length": str(len(data) - 100)})
        return handler.body(data)
    handler.honest(path)


@case("long-length-bundle")
def long_length_bundle(handler, path, count):
    if is_bundle(path) and count == 1:
        data = handler.site_file(path)
        handler.head(200, {"Content-Length": str(len(data) - 1000)})
        return handler.body(data)
    handler.honest(path)


@case("changed-on-resume")
def changed_on_resume(handler, path, count):
    # Cut off halfway, then the file changes on the server, which still answers a Range with the new file's bytes.
    if is_bundle(path):
        data = handler.site_file(path)
        if count == 1:
            return handler.cut(data, len(data) // 2)
        return handler.honest(path, data=changed(data))
    handler.honest(path)


@case("grown-on-resume")
def grown_on_resume(handler, path, count):
    # Cut off halfway, then a larger file is in its place.
    if is_bundle(path):
        data = handler.site_file(path)
        if count == 1:
            return handler.cut(data, len(data) // 2)
        return handler.honest(path, data=changed(data) + b"\0" * 4096)
    handler.honest(path)


@case("shrunk-on-resume")
def shrunk_on_resume(handler, path, count):
    # Cut off halfway, then a smaller file is in its place: whatever is fetched of it never adds up to the size listed.
    if is_bundle(path):
        data = handler.site_file(path)
        if count == 1:
            return handler.cut(data, len(data) // 2)
        return handler.honest(path, data=changed(data)[:-4096])
    handler.honest(path)


@case("rollback")
def rollback(handler, path, count):
    # The current release once, then the release before it, validly signed by the same key: a replayed catalog.
    if is_catalog(path) and count > 1:
        return handler.honest(path, site=ARGS.old_site)
    handler.honest(path)


# MARK: - A record store's statements resource (sync posts, report reads)

STATEMENT = b'{"id":"6f0f6bde-5f4c-4b53-9b6f-1a2d2a2e0001","actor":{"mbox":"mailto:a@example.org"},' \
            b'"verb":{"id":"http://adlnet.gov/expapi/verbs/attempted"},"object":{"id":"urn:x"}}'


@case("lrs-endless")
def lrs_endless(handler, path, count):
    # Posted statements and pages of statements alike are answered with a JSON text that never ends.
    if handler.command == "POST":
        return handler.endless(b'["', b"0" * 65536)
    handler.endless(b'{"statements":[', STATEMENT + b",")


@case("lrs-trickle")
def lrs_trickle(handler, path, count):
    page = b'{"statements":[' + STATEMENT + b'],"more":""}'
    handler.trickle(page + b" " * 10000, 0.2)


@case("lrs-more-chain")
def lrs_more_chain(handler, path, count):
    # Every page one statement and a link to a page never seen before: a report that would read for ever.
    page = b'{"statements":[' + STATEMENT + b'],"more":"/xAPI/statements?page=%d"}' % (count + 1)
    handler.head(200, {"Content-Type": "application/json", "Content-Length": str(len(page))})
    handler.body(page)


@case("lrs-redirect")
def lrs_redirect(handler, path, count):
    handler.redirect("http://127.0.0.1:9/elsewhere")


def main():
    global ARGS, STATE
    parser = argparse.ArgumentParser()
    parser.add_argument("case", choices=sorted(CASES))
    parser.add_argument("--site", default=".")
    parser.add_argument("--old-site")
    parser.add_argument("--log")
    parser.add_argument("--port-file")
    ARGS = parser.parse_args()
    STATE = State()
    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    if ARGS.port_file:
        with open(ARGS.port_file + ".tmp", "w") as out:
            out.write("%d\n" % port)
        os.rename(ARGS.port_file + ".tmp", ARGS.port_file)
    print(port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
