"""The only WeasyPrint import: HTML string -> laid-out document -> PDF bytes.

Fonts come from the bundled font files through ``@font-face`` (one `FontConfiguration` shared
by the stylesheet and the PDF writer); every URL goes through `AssetFetcher`.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError

from generator.render.fetcher import AssetFetcher

# WeasyPrint logs recoverable problems as warnings; we want them as errors we can report.
logging.getLogger("weasyprint").setLevel(logging.ERROR)

FONT_FACE_CSS = """
@font-face { font-family: "Playaid Sans"; src: url("asset:fonts/DejaVuSansCondensed.ttf"); }
@font-face { font-family: "Playaid Sans"; font-weight: bold;
             src: url("asset:fonts/DejaVuSansCondensed-Bold.ttf"); }
@font-face { font-family: "Playaid Sans"; font-style: italic;
             src: url("asset:fonts/DejaVuSansCondensed-Oblique.ttf"); }
"""


class RenderFailed(Exception):
    """WeasyPrint could not render (a refused or missing asset, a broken stylesheet)."""


class HtmlRenderer:
    """Lays out HTML with the project's fonts and assets only.

    One instance per process: it caches the font configuration and the parsed font CSS.
    """

    def __init__(self, assets_dir: Path):
        self.assets_dir = Path(assets_dir)
        self.fetcher = AssetFetcher(self.assets_dir)
        self.font_config = FontConfiguration()
        self.font_css = CSS(string=FONT_FACE_CSS, font_config=self.font_config,
                            url_fetcher=self.fetcher)

    def layout(self, html: str, css: str = ""):
        """Lay out ``html`` (plus ``css``); returns a WeasyPrint Document (``.pages``).

        Raises `RenderFailed` when an asset is refused or missing.
        """
        try:
            stylesheets = [self.font_css]
            if css:
                stylesheets.append(CSS(string=css, font_config=self.font_config,
                                       url_fetcher=self.fetcher))
            return HTML(string=html, base_url="asset:/", url_fetcher=self.fetcher).render(
                stylesheets=stylesheets, font_config=self.font_config)
        except FatalURLFetchingError as exc:
            raise RenderFailed(str(exc)) from None

    def pdf(self, document, title: str = "") -> bytes:
        """PDF bytes of a laid-out document; byte-identical for identical input when
        SOURCE_DATE_EPOCH is set (see `generator.build`)."""
        if title:
            document.metadata.title = title
        document.metadata.generator = "playaid"
        if "SOURCE_DATE_EPOCH" not in os.environ:
            raise RuntimeError("SOURCE_DATE_EPOCH must be set for reproducible PDFs")
        return document.write_pdf()
