"""`playaid web` (write the offline web scorer) and `playaid serve` (serve it to phones on the
same network). The work is in `generator.web`."""

from __future__ import annotations

from pathlib import Path

import click

from generator.commands import content_option
from generator.errors import UsageError

DEFAULT_OUT = Path("output/web")


@click.command("web", short_help="Write the phone scorer, a static site that works offline.")
@click.option(
    "--out",
    "out_dir",
    default=DEFAULT_OUT,
    type=click.Path(path_type=Path),
    show_default=True,
    help="folder for the site (replaced whole)",
)
@content_option
def web_command(out_dir: Path, content_dir: Path):
    """Write the web scorer: a static site that scores games on a phone, offline once loaded.

    It runs playaid's own scoring core (Python, in Pyodide) on rules compiled from content. Serve
    the folder from any static host, or with playaid serve. Exit 1 on bad content or when the
    front-end packages are missing (run npm ci).
    """
    from generator.web.site import build_site

    site = build_site(content_dir, out_dir)  # a folder not ours: a usage error before any work
    size = sum(len(d) if isinstance(d, bytes) else d.stat().st_size for d in site.files.values())
    click.echo(
        f"wrote {out_dir}/ ({len(site.files)} files, {size / 1e6:.1f} MB); serve it with: playaid serve {out_dir}"
    )


@click.command("serve", short_help="Serve the phone scorer and print the addresses to open.")
@click.argument("directory", default=DEFAULT_OUT, type=click.Path(path_type=Path))
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="address to listen on; 0.0.0.0: every network interface, for a phone on the same network",
)
@click.option("--port", default=8000, type=click.IntRange(0, 65535), show_default=True, help="port (0: any free port)")
def serve_command(directory: Path, host: str, port: int):
    """Serve the web scorer in DIRECTORY (default output/web, written by playaid web) and
    print the addresses to open. It listens on this machine only unless given --host 0.0.0.0,
    which lets a phone on the same network open it (and anyone else on that network). Ctrl-C
    stops it."""
    from generator.web.serve import every_interface, make_server, urls
    from generator.web.site import MARKER

    if not (directory / "index.html").is_file():
        hint = (
            "run `playaid web` first"
            if not directory.exists() or (directory / MARKER).exists()
            else "give the folder `playaid web` wrote"
        )
        raise UsageError(f"{directory}: no index.html, nothing to serve ({hint})")
    try:
        server = make_server(directory, host, port)
    except (OSError, OverflowError) as exc:
        raise UsageError(
            f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc} "
            f"(choose another --port, or --port 0 for any free one)"
        ) from None
    bound = server.server_address[1]
    click.echo(f"serving {directory}/ — open:")
    for label, url in urls(host, bound):
        click.echo(f"  {url}   ({label})")
    if every_interface(host):
        click.echo(
            f"Listening on every network interface ({host}): anyone on this network can open "
            f"the scorer while this runs.",
            err=True,
        )
    else:
        click.echo(
            "Only this machine can open it; for a phone on the same network: playaid serve --host 0.0.0.0", err=True
        )
    click.echo(
        "Offline use and installing as an app need https or localhost; over plain http a "
        "phone still scores while connected. Ctrl-C stops.",
        err=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("stopped", err=True)
    finally:
        server.server_close()
