"""The only WeasyPrint import: HTML string -> laid-out document -> PDF bytes.

Fonts come from the bundled font files through ``@font-face`` (one `FontConfiguration` shared
by the stylesheet and the PDF writer); every URL goes through `AssetFetcher`.

WeasyPrint copies the @font-face fonts into a temporary ``weasyprint-*`` folder that
`FontConfiguration.__del__` removes with ``shutil.rmtree`` looked up as a module global. A
renderer kept for the life of the process (``generator.pipeline.aidbuild._renderer`` caches one) would
be freed only at interpreter shutdown; when something keeps modules alive until then (Hypothesis
caches every module it has seen), Python clears module globals in reverse import order, so
WeasyPrint's ``rmtree`` is None by the time the renderer goes: "Exception ignored in:
FontConfiguration.__del__ ... TypeError: 'NoneType' object is not callable", and the folder is
left in /tmp. So every renderer is closed at exit (`atexit`), while all modules are intact.
"""

from __future__ import annotations

import atexit
import gc
import logging
import os
import weakref
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


#: Renderers not yet closed in this process (weakly held: a dropped renderer needs no closing).
_OPEN_RENDERERS: weakref.WeakSet = weakref.WeakSet()


@atexit.register
def _close_renderers() -> None:
    """Close this process's renderers and collect them before module globals are torn down.
    A forked worker leaves its parent's renderer alone: the font folder is the parent's."""
    closing = [r for r in _OPEN_RENDERERS if r._pid == os.getpid()]
    for renderer in closing:
        renderer.close()
    if closing:
        gc.collect()  # the font configuration sits in reference cycles with laid-out documents


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
        self.font_css = CSS(string=FONT_FACE_CSS, font_config=self.font_config, url_fetcher=self.fetcher)
        self._pid = os.getpid()
        _OPEN_RENDERERS.add(self)

    def close(self) -> None:
        """Let go of the font configuration (WeasyPrint then removes its temporary font folder,
        unless a laid-out document still holds it). The renderer cannot lay out afterwards."""
        self.font_css = None
        self.font_config = None
        _OPEN_RENDERERS.discard(self)

    def layout(self, html: str, css: str = ""):
        """Lay out ``html`` (plus ``css``); returns a WeasyPrint Document (``.pages``).

        Raises `RenderFailed` when an asset is refused or missing.
        """
        try:
            stylesheets = [self.font_css]
            if css:
                stylesheets.append(CSS(string=css, font_config=self.font_config, url_fetcher=self.fetcher))
            return HTML(string=html, base_url="asset:/", url_fetcher=self.fetcher).render(
                stylesheets=stylesheets, font_config=self.font_config
            )
        except FatalURLFetchingError as exc:
            raise RenderFailed(str(exc)) from None

    def pdf(self, document, title: str = "") -> bytes:
        """PDF bytes of a laid-out document; byte-identical for identical input when
        SOURCE_DATE_EPOCH is set (see `generator.pipeline.build`)."""
        if title:
            document.metadata.title = title
        document.metadata.generator = "playaid"
        if "SOURCE_DATE_EPOCH" not in os.environ:
            raise RuntimeError("SOURCE_DATE_EPOCH must be set for reproducible PDFs")
        return document.write_pdf()
