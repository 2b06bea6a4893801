"""The only way rendering may read files: ``asset:`` URLs confined to the project's asset folder.

WeasyPrint would otherwise follow ``file://`` (any file on the machine) and ``http(s)://`` URLs
found in templates or content. `AssetFetcher` refuses both, and refuses ``..`` escapes, with an
error that stops the render (a fatal error, so nothing is silently left out of a PDF).
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote

from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

SCHEME = "asset:"


class AssetRefused(FatalURLFetchingError):
    """A template or content asked for a URL outside the project's assets (stops rendering)."""


class AssetFetcher(URLFetcher):
    """Serves ``asset:<relative path>`` from ``assets_dir`` only; refuses every other URL.

    ``asset:icons/xeno.svg`` -> ``<assets_dir>/icons/xeno.svg``. Raises `AssetRefused` for other
    schemes (file:, http:, https:, data: is allowed for inline images), for paths that resolve
    outside ``assets_dir`` (``..``, absolute paths, symlinks out), and for missing files.
    """

    def __init__(self, assets_dir: Path):
        super().__init__(allowed_protocols=("asset", "data"), fail_on_errors=True)
        self.assets_dir = Path(assets_dir).resolve()
        self.fetched: list[str] = []

    def fetch(self, url, headers=None):
        if url.startswith("data:"):
            return super().fetch(url, headers)
        if not url.startswith(SCHEME):
            raise AssetRefused(
                f"refused to fetch '{url}': rendering may read only asset: URLs "
                f"inside {self.assets_dir.name}/ (no file://, no network)"
            )
        relative = unquote(url[len(SCHEME) :]).lstrip("/")
        path = (self.assets_dir / relative).resolve()
        if not path.is_relative_to(self.assets_dir):
            raise AssetRefused(f"refused to fetch '{url}': it points outside the asset folder")
        if not path.is_file():
            raise AssetRefused(f"asset '{relative}' not found in {self.assets_dir}")
        self.fetched.append(relative)
        mime, _ = mimetypes.guess_type(path.name)
        if path.suffix == ".svg":
            mime = "image/svg+xml"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime or "application/octet-stream"})
