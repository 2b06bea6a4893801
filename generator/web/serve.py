"""A static file server for the web scorer (`playaid serve`): the standard library's
http.server with the MIME types the site needs, and the addresses a phone can open.

The site itself needs no server code; any static host works. Browsers run the service worker
(offline use, install as an app) only over https or on localhost: a phone on the same network
opening http://<this machine>:<port>/ gets the scorer, but not offline use.
"""

from __future__ import annotations

import functools
import socket
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves one folder; asks browsers to revalidate (so a rebuilt site shows at once) and
    logs nothing per request (the terminal shows the addresses, not a request log)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def make_server(directory: Path, host: str = "0.0.0.0", port: int = 8000) -> ThreadingHTTPServer:
    """A threaded HTTP server for ``directory`` bound to ``host``:``port`` (port 0 = any free
    port; read it back from ``server.server_address``). Raises OSError when the port is taken."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    ThreadingHTTPServer.allow_reuse_address = True
    return ThreadingHTTPServer((host, port), handler)


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
            address = info[4][0]
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    return found


def urls(host: str, port: int) -> list[tuple[str, str]]:
    """(label, URL) pairs to print for a server bound to ``host``:``port``."""
    if host in ("0.0.0.0", "", "::"):
        out = [("on this machine", f"http://localhost:{port}/")]
        out += [("from a phone on the same network", f"http://{a}:{port}/") for a in lan_addresses()]
        return out
    label = "on this machine" if host.startswith("127.") or host == "localhost" else "open"
    return [(label, f"http://{host}:{port}/")]
