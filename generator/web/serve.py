"""A static file server for the web scorer (`playaid serve`), safe to leave running on a LAN.

The site itself needs no server code; any static host works. Browsers run the service worker
(offline use, install as an app) only over https or on localhost: a phone on the same network
opening http://<this machine>:<port>/ gets the scorer, but not offline use.

What it does, and does not do, with what a client sends:

- it listens on this machine only (127.0.0.1) unless told ``--host 0.0.0.0``;
- at most `MAX_CONNECTIONS` connections are served at once, and at most `PER_CLIENT` from one
  address (one more is answered 503 and closed): one device cannot take every slot from the
  phones at the table. Listening on this machine only (the default), every client is this
  machine and its own browsers share one address, so there the cap is not applied; on
  ``--host 0.0.0.0`` it is, to every address, this machine's loopback too;
- a connection that sends or takes nothing for `IDLE_SECONDS` is closed, and so is one whose
  request head (request line and headers) is not all in `HEAD_SECONDS` after its first byte,
  or whose response is not all taken by its deadline (`SEND_SECONDS` plus a second per
  `SEND_RATE` bytes): a client sending a header byte every few seconds, or reading a byte every
  few seconds, holds a slot for that long, no longer; a request body is never read (a GET or
  HEAD has none: one that says it has is answered 400 and closed);
- it sends regular files inside its folder only: a path with ``..``, a NUL, a backslash or a
  hidden name (``.playaid-web``), a link leading out of the folder, a folder without
  ``index.html`` (no listings) or anything else is 404; nothing is written;
- a client that hangs up mid-download is normal and prints nothing; another failure prints one
  line, never a traceback;
- every response carries the page's Content-Security-Policy plus ``frame-ancestors 'none'``,
  ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` and ``Cache-Control:
  no-cache`` (revalidate, with ETags, so a rebuilt site shows at once);
- text, JSON, SVG and WebAssembly go gzipped to clients that accept it (`generator.web.encoding`).
"""

from __future__ import annotations

import email.utils
import io
import mimetypes
import os
import socket
import stat
import sys
import threading
import time
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

from generator.web.encoding import COMPRESSIBLE, GzipCache, accepts_gzip

#: Types that older ``mimetypes`` tables lack or get wrong; a browser refuses to compile
#: WebAssembly streamed with another type, and to run a module worker served as text/plain.
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".html": "text/html",
    ".css": "text/css",
    ".png": "image/png",
}
#: Connections served at once (a phone's browser opens about six).
MAX_CONNECTIONS = 32
#: A connection idle this long (seconds: no byte received, or none taken while sending) is closed.
IDLE_SECONDS = 15
#: Connections served at once from one client address (a phone's browser opens about six).
PER_CLIENT = 8
#: A request's head (request line and headers) must be all in within this many seconds of its
#: first byte: 40 sockets sending a header byte every 4 s held all 32 slots for minutes.
HEAD_SECONDS = 10
#: A response must be all taken within this many seconds plus one per `SEND_RATE` bytes (the
#: 10 MB of the Python engine: 50 s; a phone on Wi-Fi takes it in a few).
SEND_SECONDS = 10
SEND_RATE = 256 << 10
#: Bytes sent per write: each write must finish within `IDLE_SECONDS`.
CHUNK = 64 << 10
#: The page's own policy (the meta tag in web/index.html), sent as a header so that it also
#: covers the engine's Web Worker, plus what a meta tag cannot say: no framing by other sites.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)
#: Errors of a client that went away or stalled: nothing to report.
_HUNG_UP = (ConnectionError, TimeoutError, socket.timeout)


def content_type(path: Path) -> str:
    """The Content-Type of a site file, by its extension."""
    suffix = path.suffix.lower()
    return MIME_TYPES.get(suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"


class SiteHandler(BaseHTTPRequestHandler):
    """Answers GET and HEAD for the files of ``server.root`` (see the module docstring); logs
    nothing per request (the terminal shows the addresses, not a request log)."""

    server: SiteServer
    protocol_version = "HTTP/1.1"
    server_version = "playaid"
    sys_version = ""
    timeout = IDLE_SECONDS

    deadline: float | None = None  # when the request head being read must be all in

    def setup(self):
        super().setup()
        # every read of the request goes through `_HeadReader`, which keeps its deadline
        self.rfile = io.BufferedReader(_HeadReader(self), buffer_size=8192)

    def handle_one_request(self):
        self.deadline = None  # set by the request's first byte
        super().handle_one_request()

    def parse_request(self) -> bool:
        ok = super().parse_request()  # reads the headers, under the head's deadline
        self.deadline = None
        self.connection.settimeout(self.timeout)
        if ok and (self.headers.get("Transfer-Encoding") or self.headers.get("Content-Length", "0").strip() != "0"):
            self.close_connection = True  # its body is not read: it would be taken for the next request
            self.send_error(HTTPStatus.BAD_REQUEST, "A request body is not accepted")
            return False
        return ok

    def do_GET(self):  # noqa: N802 - the base class's naming
        self._serve(send_body=True)

    def do_HEAD(self):  # noqa: N802
        self._serve(send_body=False)

    def end_headers(self):
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def _serve(self, send_body: bool) -> None:
        found = self._locate()
        if found is None:
            self.send_error(HTTPStatus.NOT_FOUND, "Not found")
            return
        if isinstance(found, str):  # a folder named without its final '/'
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", found)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        path, st = found
        kind = content_type(path)
        etag = f'"{st.st_size:x}-{st.st_mtime_ns:x}"'
        compressible = kind in COMPRESSIBLE
        body: bytes | Path = path
        encoding = None
        if compressible and accepts_gzip(self.headers.get("Accept-Encoding")):
            gzipped = self.server.gzip_cache.gzipped(path, st)
            if gzipped is not None:
                body, encoding, etag = gzipped, "gzip", etag[:-1] + '-gz"'
        if etag in [tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")]:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self._validators(etag, st, compressible)
            self.end_headers()
            return
        try:
            size = len(body) if isinstance(body, bytes) else os.stat(body).st_size
            stream = None if isinstance(body, bytes) else open(body, "rb")  # noqa: SIM115
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "Not found")
            return
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(size))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self._validators(etag, st, compressible)
            self.end_headers()
            if send_body:
                self._send(body if stream is None else stream, size)
        finally:
            if stream is not None:
                stream.close()

    def _validators(self, etag: str, st: os.stat_result, compressible: bool) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
        if compressible:
            self.send_header("Vary", "Accept-Encoding")

    def _send(self, body, size: int) -> None:
        """Write ``size`` bytes of ``body`` (bytes or an open file) in `CHUNK` pieces, all by
        the response's deadline (`SEND_SECONDS`, `SEND_RATE`; raises TimeoutError past it)."""
        deadline = time.monotonic() + SEND_SECONDS + size / SEND_RATE
        if isinstance(body, bytes):
            view = memoryview(body)
            for start in range(0, size, CHUNK):
                self._before_write(deadline)
                self.wfile.write(view[start : start + CHUNK])
            return
        left = size
        while left > 0:
            piece = body.read(min(CHUNK, left))
            if not piece:
                break
            self._before_write(deadline)
            self.wfile.write(piece)
            left -= len(piece)

    def _before_write(self, deadline: float) -> None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the response was not taken by its deadline")
        self.connection.settimeout(min(self.timeout, left))

    def _locate(self) -> tuple[Path, os.stat_result] | str | None:
        """The regular file inside ``server.root`` that the request names, with its stat; a
        URL to redirect to (a folder without its final '/'); or None (404)."""
        raw = urllib.parse.urlsplit(self.path).path
        try:
            decoded = urllib.parse.unquote(raw, errors="strict")
        except UnicodeDecodeError:
            return None
        if not decoded.startswith("/") or "\0" in decoded or "\\" in decoded:
            return None
        parts = [p for p in decoded.split("/") if p]
        if any(p.startswith(".") for p in parts):  # '..', '.', and hidden files such as .playaid-web
            return None
        root = self.server.root
        target = root.joinpath(*parts)
        try:
            real = target.resolve(strict=True)
            st = os.stat(real)
        except (OSError, RuntimeError, ValueError):
            return None
        if not real.is_relative_to(root):
            return None  # a link leading out of the site
        if stat.S_ISDIR(st.st_mode):
            try:  # a folder is its index.html; there are no listings
                real = (real / "index.html").resolve(strict=True)
                st = os.stat(real)
            except (OSError, RuntimeError):
                return None
            if not real.is_relative_to(root):
                return None
            if not raw.endswith("/"):  # built from the parts: '//host' must not leave the site
                return "/" + "/".join(urllib.parse.quote(p) for p in parts) + "/"
        if not stat.S_ISREG(st.st_mode):
            return None
        return real, st


def _loopback(address: str) -> bool:
    """True for an address of this machine's own loopback (127.0.0.0/8, ::1, ::ffff:127.x)."""
    import ipaddress

    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


class _HeadReader(io.RawIOBase):
    """The connection's bytes as the handler reads them, under the request head's deadline:
    waiting for a request's first byte may take `SiteHandler.timeout` (idle); from that byte on,
    the head must be all in within `HEAD_SECONDS` (each read waits at most what is left of it,
    and raises TimeoutError past it, which the handler answers by closing the connection)."""

    def __init__(self, handler: SiteHandler):
        self.handler = handler
        self.sock = handler.connection

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        handler = self.handler
        wait: float = handler.timeout
        if handler.deadline is not None:
            left = handler.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request head was not all in by its deadline")
            wait = min(wait, left)
        self.sock.settimeout(wait)
        got = self.sock.recv_into(buffer)
        if got and handler.deadline is None:  # the request's first byte: its head's clock starts
            handler.deadline = time.monotonic() + HEAD_SECONDS
        return got


class SiteServer(HTTPServer):
    """Serves ``root`` with `SiteHandler`, one thread per connection and at most
    ``max_connections`` of them (see the module docstring)."""

    allow_reuse_address = True
    daemon_threads = True

    def __init__(
        self,
        address: tuple[str, int],
        root: Path,
        max_connections: int = MAX_CONNECTIONS,
        per_client: int = PER_CLIENT,
        cap_loopback: bool | None = None,
    ):
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.root = Path(root).resolve()
        self.gzip_cache = GzipCache()
        self._slots = threading.BoundedSemaphore(max_connections)
        self._per_client = per_client
        # loopback clients are capped when others can connect too (or when told: tests)
        self._cap_loopback = every_interface(address[0]) if cap_loopback is None else cap_loopback
        self._clients: dict[str, int] = {}  # client address -> its connections being served
        self._lock = threading.Lock()
        super().__init__(address, SiteHandler)

    def connections(self, client: str | None = None) -> int:
        """Connections being served now: all of them, or those from address ``client``."""
        with self._lock:
            return sum(self._clients.values()) if client is None else self._clients.get(client, 0)

    def process_request(self, request, client_address):
        client = client_address[0]
        capped = self._cap_loopback or not _loopback(client)
        with self._lock:
            room = (not capped or self._clients.get(client, 0) < self._per_client) and self._slots.acquire(
                blocking=False
            )
            if room:
                self._clients[client] = self._clients.get(client, 0) + 1
        if not room:
            try:
                request.sendall(
                    b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\n"
                    b"Content-Length: 0\r\nConnection: close\r\n\r\n"
                )
            except OSError:
                pass
            self.shutdown_request(request)
            return
        threading.Thread(
            target=self._serve_connection, args=(request, client_address), name="playaid-serve", daemon=True
        ).start()

    def _serve_connection(self, request, client_address) -> None:
        try:
            self.finish_request(request, client_address)
        except Exception:  # noqa: BLE001 - one connection's failure must not stop the server
            self.handle_error(request, client_address)
        finally:
            self.shutdown_request(request)
            with self._lock:
                left = self._clients.pop(client_address[0]) - 1
                if left:
                    self._clients[client_address[0]] = left
            self._slots.release()

    def handle_error(self, request, client_address) -> None:
        """One line on standard error for a real failure; nothing for a client that hung up or
        stalled. Never a traceback."""
        exc = sys.exc_info()[1]
        if exc is None or isinstance(exc, _HUNG_UP):
            return
        print(f"playaid serve: request from {client_address[0]} failed: {type(exc).__name__}: {exc}", file=sys.stderr)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000) -> SiteServer:
    """A server for ``directory`` bound to ``host``:``port`` (port 0 = any free port; read it
    back from ``server.server_address``). Raises OSError when the port is taken."""
    return SiteServer((host, port), directory)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other phones on the network can reach (no packet is sent:
    connecting a UDP socket only picks the outgoing interface)."""
    found: list[str] = []
    for probe in ("192.168.0.1", "10.0.0.1", "172.16.0.1"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:
            continue
        if not address.startswith("127.") and address not in found:
            found.append(address)
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])  # AF_INET: the host is text (typeshed allows IPv6's int too)
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    return found


def every_interface(host: str) -> bool:
    """True when ``host`` means every network interface (``0.0.0.0``, ``::``, empty)."""
    return host in ("0.0.0.0", "", "::")


def urls(host: str, port: int) -> list[tuple[str, str]]:
    """(label, URL) pairs to print for a server bound to ``host``:``port``."""
    if every_interface(host):
        out = [("on this machine", f"http://localhost:{port}/")]
        out += [("from a phone on the same network", f"http://{a}:{port}/") for a in lan_addresses()]
        return out
    label = "on this machine" if host.startswith("127.") or host in ("localhost", "::1") else "open"
    shown = f"[{host}]" if ":" in host else host
    return [(label, f"http://{shown}:{port}/")]
