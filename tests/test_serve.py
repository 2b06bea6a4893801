"""`playaid serve` is fit to leave running on a LAN (issue 22, item 6; issue 18: compressed
files): loopback by default, a bounded pool of connections that time out, no traceback, no
file outside its folder, no listing, security headers, gzip with Content-Encoding and Vary.

The server runs in this process on a small site in ``tmp_path``; the command-line tests run
``playaid serve`` as a user would."""

from __future__ import annotations

import gzip
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.paths import PROJECT_ROOT
from generator.web import serve
from generator.web.encoding import accepts_gzip
from generator.web.serve import CONTENT_SECURITY_POLICY, make_server

SCRIPT = "// the app\n" + "const answer = 42;\n" * 100_000  # 1.9 MB of JavaScript


@pytest.fixture
def site(tmp_path) -> Path:
    root = tmp_path / "web"
    (root / "js").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>playaid scorer</title>")
    (root / "js" / "app.js").write_text(SCRIPT)
    (root / "data").mkdir()
    (root / "data" / "form.json").write_text('{"games": []}')
    (root / "icons").mkdir()
    (root / "icons" / "icon.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    (root / "sub").mkdir()
    (root / "sub" / "index.html").write_text("<p>sub page</p>")
    (root / ".playaid-web").write_text("")
    (tmp_path / "secret.txt").write_text("TOP-SECRET-TOKEN")
    (root / "leak.txt").symlink_to(tmp_path / "secret.txt")
    (root / "leakdir").symlink_to(tmp_path)
    (root / "inner.js").symlink_to(root / "js" / "app.js")
    return root


@pytest.fixture
def server(site, capsys):
    """(host, port) of a server for ``site`` running in a thread; afterwards, nothing may have
    been printed (no traceback, no per-request log)."""
    import threading

    httpd = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[:2]
    httpd.shutdown()
    httpd.server_close()
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


def get(address, path: str, headers: dict | None = None, method: str = "GET") -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection(*address, timeout=30)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            conn.putheader(name, value)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def test_files_are_served_with_security_headers(server):
    status, headers, body = get(server, "/")
    assert status == 200 and b"playaid scorer" in body
    assert headers["content-type"] == "text/html"
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["cache-control"] == "no-cache"
    assert "python" not in headers["server"].lower()  # no version of the interpreter
    status, headers, _ = get(server, "/nowhere")
    assert status == 404 and headers["content-security-policy"] == CONTENT_SECURITY_POLICY


def test_the_policy_is_the_pages_own_plus_frame_ancestors():
    page = (PROJECT_ROOT / "web" / "index.html").read_text()
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert CONTENT_SECURITY_POLICY == meta + "; frame-ancestors 'none'"


@pytest.mark.parametrize(
    "path",
    [
        "/leak.txt",
        "/leakdir/secret.txt",
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/js/%2e%2e/%2e%2e/secret.txt",
        "/.playaid-web",
        "/index.html%00.png",
        "/%00",
        "/js%5c..%5cindex.html",
        "/%ff",
        "//etc/passwd",
        "/js/",
        "/data",
        "/icons/",
    ],
)
def test_nothing_outside_the_folder_no_listing_no_hidden_file(server, path):
    status, _, body = get(server, path)
    assert status == 404, (path, status)
    assert b"TOP-SECRET" not in body and b"app.js" not in body and b"root:" not in body


def test_links_inside_the_folder_and_folders_with_an_index_are_served(server):
    assert get(server, "/inner.js")[2] == SCRIPT.encode()
    status, headers, _ = get(server, "/sub")
    assert (status, headers["location"]) == (301, "/sub/")
    status, _, body = get(server, "/sub/")
    assert (status, body) == (200, b"<p>sub page</p>")


def test_text_goes_gzipped_to_a_client_that_takes_it(server):
    status, headers, body = get(server, "/js/app.js", {"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == SCRIPT.encode()
    assert int(headers["content-length"]) == len(body) < len(SCRIPT) // 50
    status, headers, body = get(server, "/js/app.js")  # no Accept-Encoding: as it is
    assert "content-encoding" not in headers and headers["vary"] == "Accept-Encoding"
    assert body == SCRIPT.encode()
    status, headers, body = get(server, "/js/app.js", {"Accept-Encoding": "gzip;q=0, identity"})
    assert "content-encoding" not in headers and body == SCRIPT.encode()
    # a PNG is compressed already
    status, headers, body = get(server, "/icons/icon.png", {"Accept-Encoding": "gzip"})
    assert "content-encoding" not in headers and "vary" not in headers and len(body) == 208


def test_a_precompressed_sibling_is_sent_when_fresh(server, site):
    gz = site / "data" / "form.json.gz"
    gz.write_bytes(gzip.compress(b'{"from": "the .gz file"}'))
    status, headers, body = get(server, "/data/form.json", {"Accept-Encoding": "gzip"})
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == b'{"from": "the .gz file"}'
    os.utime(gz, ns=(1, 1))  # older than the file: stale, compressed afresh instead
    status, headers, body = get(server, "/data/form.json", {"Accept-Encoding": "gzip"})
    assert gzip.decompress(body) == b'{"games": []}'


def test_accept_encoding_is_read_with_qualities():
    assert accepts_gzip("gzip") and accepts_gzip("deflate, gzip;q=0.5") and accepts_gzip("*")
    assert not accepts_gzip(None) and not accepts_gzip("br") and not accepts_gzip("gzip;q=0")
    assert not accepts_gzip("*, gzip;q=0") and not accepts_gzip("identity")


def test_etags_let_a_browser_revalidate(server):
    _, headers, _ = get(server, "/js/app.js", {"Accept-Encoding": "gzip"})
    status, again, body = get(server, "/js/app.js", {"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})
    assert (status, body) == (304, b"")
    status, _, _ = get(server, "/js/app.js", {"If-None-Match": headers["etag"]})  # the other encoding
    assert status == 200


def test_head_sends_the_headers_only(server):
    status, headers, body = get(server, "/js/app.js", method="HEAD")
    assert (status, body) == (200, b"") and int(headers["content-length"]) == len(SCRIPT)


def test_connections_are_bounded_and_idle_ones_time_out(site, monkeypatch):
    import threading

    monkeypatch.setattr(serve.SiteHandler, "timeout", 1)
    httpd = serve.SiteServer(("127.0.0.1", 0), site, max_connections=4)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    address = httpd.server_address[:2]
    try:
        idle = [socket.create_connection(address) for _ in range(4)]  # say nothing
        assert _when(lambda: httpd.connections() == 4)  # each taken by the server, holding its slot
        with socket.create_connection(address, timeout=10) as extra:
            extra.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert extra.recv(100).startswith(b"HTTP/1.1 503")
        for s in idle:  # closed by the server after a second of silence
            s.settimeout(10)
            assert s.recv(100) == b""
            s.close()
        assert get(address, "/")[0] == 200  # the slots are free again
    finally:
        httpd.shutdown()
        httpd.server_close()


def serve_cli(site: Path, *args: str) -> tuple[subprocess.Popen, str, str]:
    """A running `playaid serve SITE --port 0 ARGS`, answering: the process, the first address
    it prints and the first line of its standard error (the one about who can open it).
    Returns once the server has answered a request (so a Ctrl-C lands in the serving loop, not
    in its start-up), however long a loaded machine takes to get there; a server that ends
    first fails here."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", str(site), "--port", "0", *args],
        cwd=PROJECT_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    proc.stdout.readline()
    url = proc.stdout.readline().split()[0]
    said = proc.stderr.readline()
    port = int(url.rsplit(":", 1)[1].strip("/"))
    while True:  # the port is open once bound; this waits for the loop that answers on it
        assert proc.poll() is None, proc.communicate()
        try:
            get(("127.0.0.1", port), "/", method="HEAD")
            return proc, url, said
        except OSError:
            time.sleep(0.05)


#: How long a server may take to end after Ctrl-C before the test fails and kills it: a guard
#: against a server that never stops (three from a run at load 15 were alive 30 minutes later),
#: not a measure: a loaded machine may take long to end a process.
STOP_GUARD = 300


def stop(proc: subprocess.Popen) -> str:
    """Ctrl-C; the rest of its standard error, once it has ended. A server still running
    `STOP_GUARD` s later fails the test and is killed, so it does not outlive it."""
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=STOP_GUARD)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise
    return err


def test_serve_listens_on_this_machine_only_by_default(site):
    proc, url, said = serve_cli(site)
    try:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url)
        port = int(url.rsplit(":", 1)[1].strip("/"))
        assert get(("127.0.0.1", port), "/")[0] == 200
    finally:
        stop(proc)
    assert said == "Only this machine can open it; for a phone on the same network: playaid serve --host 0.0.0.0\n"


def test_every_interface_is_said_out_loud(site):
    proc, url, said = serve_cli(site, "--host", "0.0.0.0")
    stop(proc)
    assert url.startswith("http://localhost:")
    assert said == (
        "Listening on every network interface (0.0.0.0): anyone on this network can open the scorer while this runs.\n"
    )


def test_aborted_downloads_and_nul_print_no_traceback(site):
    proc, url, _ = serve_cli(site)
    port = int(url.rsplit(":", 1)[1].strip("/"))
    try:
        assert get(("127.0.0.1", port), "/%00")[0] == 404
        for _ in range(5):  # ask for 1.9 MB and hang up at once
            s = socket.create_connection(("127.0.0.1", port))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.sendall(b"GET /js/app.js HTTP/1.1\r\nHost: x\r\n\r\n")
            s.recv(10)
            s.close()  # with linger 0: a reset, as a phone leaving the page
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GARBAGE\r\n\r\n")
        assert b"Error code: 400" in s.makefile("rb").read()
        s.close()
        time.sleep(0.5)
        assert get(("127.0.0.1", port), "/")[0] == 200
    finally:
        err = stop(proc)
    assert "Traceback" not in err and "Error" not in err, err


# --- slow clients (issue 34, item 4) --------------------------------------------------------


def _running(site, **options):
    """A `SiteServer` for ``site`` serving in a thread (stop it with `_stopped`)."""
    import threading

    httpd = serve.SiteServer(("127.0.0.1", 0), site, **options)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def _stopped(httpd) -> None:
    httpd.shutdown()
    httpd.server_close()


def _from(address, client: str) -> socket.socket:
    """A connection to ``address`` from loopback address ``client`` (127.0.0.2: another device)."""
    return socket.create_connection(address, timeout=30, source_address=(client, 0))


def _when(condition, most: float = 60) -> bool:
    """Wait until ``condition()`` holds (checked every 20 ms; False after ``most`` seconds, a guard
    against a hang, not a measure)."""
    end = time.monotonic() + most
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def test_a_client_sending_its_head_a_byte_at_a_time_is_cut_off(site, monkeypatch):
    # one header byte every few seconds never tripped the 15 s idle timeout: the slot was held
    # as long as the client liked
    import select

    monkeypatch.setattr(serve, "HEAD_SECONDS", 1)
    monkeypatch.setattr(serve.SiteHandler, "timeout", 30)  # idle alone would wait 30 s a byte
    httpd = _running(site)
    try:
        slow = _from(httpd.server_address[:2], "127.0.0.1")
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        sent, closed = 0, False
        while sent < 300 and not closed:  # 300 bytes, one each 0.2 s unless the server hangs up first
            slow.sendall(b"X-Slow: y\r\n"[sent % 11 : sent % 11 + 1])
            sent += 1
            if select.select([slow], [], [], 0.2)[0]:
                try:
                    closed = slow.recv(100) == b""
                except ConnectionResetError:
                    closed = True
        assert closed and sent < 300, sent  # the head's deadline, not the client, ended it
        slow.close()
        assert _when(lambda: httpd.connections() == 0)
        assert get(httpd.server_address[:2], "/")[0] == 200
    finally:
        _stopped(httpd)


def test_one_device_cannot_take_every_slot_from_the_others(site):
    # 40 sockets from one address, each stalled in its head, held all 32 slots: 16 of 16 ordinary
    # requests from the other phones got 503. Loopback addresses stand for two devices here
    # (as they are capped when the server listens on every interface)
    httpd = _running(site, cap_loopback=True)
    address = httpd.server_address[:2]
    try:
        hogs = [_from(address, "127.0.0.1") for _ in range(40)]
        for hog in hogs:
            hog.sendall(b"G")  # a head begun, never finished
        for _ in range(16):  # another device: each one served
            with _from(address, "127.0.0.2") as other:
                other.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                assert other.makefile("rb").readline().startswith(b"HTTP/1.1 200"), "another device was refused"
        # the server took the 40 before those (one accept loop): each has its answer, or none
        answers = []
        for hog in hogs:
            hog.setblocking(False)
            try:
                answers.append(hog.recv(100)[:12])
            except BlockingIOError:
                answers.append(None)
        assert answers.count(None) == serve.PER_CLIENT
        assert answers.count(b"HTTP/1.1 503") == 40 - serve.PER_CLIENT
        assert httpd.connections("127.0.0.1") == serve.PER_CLIENT
        for hog in hogs:
            hog.close()
    finally:
        _stopped(httpd)


def test_on_this_machine_only_its_browsers_are_not_capped_per_address(site):
    httpd = _running(site)  # on 127.0.0.1: every client is this machine
    address = httpd.server_address[:2]
    try:
        held = [_from(address, "127.0.0.1") for _ in range(serve.PER_CLIENT + 4)]  # tabs keeping connections
        for s in held:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.makefile("rb").readline().startswith(b"HTTP/1.1 200")
        for s in held:
            s.close()
        assert serve._loopback("::1") and serve._loopback("::ffff:127.0.0.1") and not serve._loopback("192.168.1.5")
    finally:
        _stopped(httpd)
    everyone = serve.SiteServer(("0.0.0.0", 0), site)  # on every interface: loopback is capped too
    try:
        assert everyone._cap_loopback
    finally:
        everyone.server_close()


def test_a_client_that_stops_reading_is_cut_off_at_the_response_deadline(site, monkeypatch):
    monkeypatch.setattr(serve, "SEND_SECONDS", 1)
    monkeypatch.setattr(serve, "SEND_RATE", 1 << 40)  # the deadline: 1 s whatever the size
    (site / "big.bin").write_bytes(os.urandom(1 << 20) * 16)  # 16 MB: more than the sockets buffer
    httpd = _running(site)
    try:
        reader = socket.socket()
        reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 << 10)
        reader.settimeout(30)
        reader.connect(httpd.server_address[:2])
        reader.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        got = len(reader.recv(100))  # the response has begun; then the reader reads nothing more
        assert got and _when(lambda: httpd.connections() == 0)  # until the server gave up on it
        try:
            while chunk := reader.recv(1 << 20):
                got += len(chunk)
        except ConnectionResetError:
            pass
        assert 0 < got < 16 << 20  # some of it came, not all: the response was cut off
        reader.close()
    finally:
        _stopped(httpd)


def test_a_request_with_a_body_is_refused_not_read(server):
    with socket.create_connection(server, timeout=30) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nGET /")
        answer = s.makefile("rb").read()
    assert answer.startswith(b"HTTP/1.1 400") and answer.count(b"HTTP/1.1") == 1
