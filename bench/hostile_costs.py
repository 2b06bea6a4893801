"""The hostile cases of issue 34, side by side with the previous main in one run: what a content
formula, a template, a planted cache or a slow client costs. Each case is a whole `playaid`
process on content written into a temporary folder; prints its CPU time, peak resident memory
and outcome per side. Asserts nothing.

Run: .venv/bin/python bench/hostile_costs.py [--baseline REF|none]   (default: main, or HEAD~1
on main; see bench/baseline.py). Each child gets at most 6 GB of address space and 300 s.

Cases: a component `sum(lists, [])` (quadratic copying under a linear step budget), a `join`
building 1.6 GB, a `why` of 4,000 `{big}` placeholders over a 99,999-character text, 2,000
slow game checks (the set-aside loop of `check`), a planted compiled-rules cache (Old Earth
vp 9 with a matching sha256), and `playaid serve` with 40 stalled sockets from one address
while another address sends 16 ordinary requests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import ROOT, checkout, default_ref, describe, env_for  # noqa: E402

LIMIT_BYTES = 6 << 30
LIMIT_SECONDS = 300


def _limits():  # in the child, before exec: a case that regressed cannot take the machine
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (LIMIT_SECONDS, LIMIT_SECONDS))


def run(env: dict, *args: str) -> tuple[str, float, float, int]:
    """(output, CPU s, peak MB, exit code) of ``playaid *args`` with ``env`` (run in the tree its
    PYTHONPATH names: ``python -m`` puts the working folder first)."""
    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "generator", *args],
            cwd=env["PYTHONPATH"],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=_limits,
        )
        _pid, status, usage = os.wait4(proc.pid, 0)
        out.seek(0)
        return (out.read(), usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status))


def new_game(folder: Path, edit) -> tuple[Path, Path]:
    """A `playaid new` game (this tree's skeleton) with ``edit(scoring text)`` applied: (content, record)."""
    from generator.content.skeleton import new_game as make

    (folder / "content").mkdir(parents=True)
    make("gems", folder / "content", folder / "examples")
    scoring = folder / "content" / "gems" / "scoring.yaml"
    scoring.write_text(edit(scoring.read_text()))
    record = folder / "examples" / "gems.yaml"
    record.write_text(
        "game: gems\nplayers:\n"
        + "".join(f"  - {{name: {n}, red: 99, green: 2, blue: 2, coins: 7}}\n" for n in ("Ann", "Ben", "Cy"))
    )
    return folder / "content", record


def component(value: str):
    return lambda text: text.replace("value: coins // coins_per_vp", f'value: "{value}"', 1)


def big_why(text: str) -> str:
    text = text.replace("measures:", "measures:\n  - {id: big, label: Big, value: \"'z' * 99999\"}", 1)
    return text.replace('why: "sets: {sets} x {set_vp} VP"', 'why: "' + "{big}" * 4000 + '"', 1)


def slow_checks(text: str) -> str:
    slow = "".join(
        f'  - id: slow_{i}\n    expect: "sum(x for x in range(660)) >= 0"\n'
        f'    message: slow\n    source: "rules: Scoring"\n'
        for i in range(2000)
    )
    return text.replace("sheet:", slow + "sheet:", 1)


def said(output: str, code: int) -> str:
    """The exit code and the line that says how it ended (an internal error, else the last)."""
    lines = [x for x in output.splitlines() if x.strip()]
    line = next((x for x in lines if "internal error" in x), lines[-1] if lines else "")
    return f"exit {code}: {line[:100]}"


def content_cases(env: dict, folder: Path):
    """Rows (case, figures), one at a time as measured."""
    for name, edit, score in (
        ("sum(lists, []) component", component("len(sum([[i] * 3 for i in range(red * 200)], []))"), True),
        ("join building 1.6 GB", component("len(('x' * 16000).join(['a'] * 100000)) + red"), True),
        ("why of 4,000 {big}", big_why, True),
        ("2,000 slow game checks", slow_checks, False),
    ):
        where = folder / name.split()[0].replace("(", "").replace(",", "")
        content, record = new_game(where, edit)
        out, cpu, mb, code = run(env, "--content", str(content), "check")
        yield f"{name}: check", f"{cpu:6.2f} s CPU {mb:6.0f} MB  {said(out, code)}"
        if score:
            out, cpu, mb, code = run(env, "--content", str(content), "score", str(record))
            yield f"{name}: score 3 players", f"{cpu:6.2f} s CPU {mb:6.0f} MB  {said(out, code)}"


def planted_cache(env: dict) -> tuple[str, str]:
    tree = Path(env["PYTHONPATH"])
    args = ["score", "--json", str(tree / "examples" / "rftg-standard.yaml"), "--content", str(tree / "content")]
    first = json.loads(run(env, *args)[0])
    ann = next(p["total"] for p in first["players"] if p["name"] == "Ann")
    cached = max(Path(env["PLAYAID_CACHE_DIR"]).glob("rules-*.json"), key=lambda p: p.stat().st_mtime_ns)
    head, _, body = cached.read_bytes().partition(b"\n")
    rules = json.loads(body)
    for card in rules["games"]["rftg"]["cards"]:
        if card.get("name") == "Old Earth":
            card["vp"] = 9
    body = json.dumps(rules, separators=(",", ":")).encode()
    header = {
        "format": json.loads(head)["format"],
        "fingerprint": json.loads(head)["fingerprint"],
        "digest": hashlib.sha256(body).hexdigest(),
    }
    cached.write_bytes(json.dumps(header).encode() + b"\n" + body)
    again = json.loads(run(env, *args)[0])
    planted = next(p["total"] for p in again["players"] if p["name"] == "Ann")
    return "planted cache (Old Earth vp 9)", f"Ann {ann} VP, then {planted} VP with the planted file"


def slow_clients(env: dict, folder: Path) -> tuple[str, str]:
    site = folder / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>scorer</title>")
    # on every interface, where one device's connections are capped (requests come from loopback only)
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", str(site), "--port", "0", "--host", "0.0.0.0"],
        cwd=env["PYTHONPATH"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        proc.stdout.readline()
        port = int(proc.stdout.readline().split()[0].rsplit(":", 1)[1].strip("/"))
        while True:  # the serving loop answers (the port is bound before it prints)
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=30) as probe:
                    probe.sendall(b"HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    probe.recv(10)
                break
            except OSError:
                continue
        hogs = []
        for _ in range(40):  # one device: a head begun, never finished
            hog = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=("127.0.0.3", 0))
            hog.sendall(b"G")
            hogs.append(hog)
        served = 0
        for _ in range(16):  # another device
            with socket.create_connection(("127.0.0.1", port), timeout=30, source_address=("127.0.0.2", 0)) as s:
                s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                served += s.makefile("rb").readline().startswith(b"HTTP/1.1 200")
        for hog in hogs:
            hog.close()
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    return "serve: 40 stalled sockets", f"{served} of 16 requests from another device served"


def sides(baseline: str | None):
    ref = default_ref() if baseline == "default" else baseline
    with checkout(ref) as tree:
        yield "this tree", env_for(ROOT)
        if tree is not None:
            yield describe(ref), env_for(tree)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default="default", help="git ref beside this tree (none: no baseline)")
    args = ap.parse_args()
    for side, env in sides(None if args.baseline == "none" else args.baseline):
        env = {**env, "PLAYAID_CONFIG_DIR": tempfile.mkdtemp(prefix="playaid-bench-config-")}
        print(f"== {side}", flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            for name, value in content_cases(env, Path(tmp)):
                print(f"{name:34} {value}", flush=True)
            for name, value in (planted_cache(env), slow_clients(env, Path(tmp))):
                print(f"{name:34} {value}", flush=True)


if __name__ == "__main__":
    main()
