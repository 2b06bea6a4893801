"""Where the project's own folders are: templates, assets (fonts, icons), content, output."""

from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TEMPLATES_DIR = PROJECT_ROOT / "templates"
ASSETS_DIR = TEMPLATES_DIR / "assets"
FONTS_DIR = ASSETS_DIR / "fonts"
ICONS_DIR = ASSETS_DIR / "icons"

#: The bundled open-licence font (DejaVu Sans Condensed, Bitstream Vera licence).
FONT_REGULAR = FONTS_DIR / "DejaVuSansCondensed.ttf"
FONT_BOLD = FONTS_DIR / "DejaVuSansCondensed-Bold.ttf"
FONT_ITALIC = FONTS_DIR / "DejaVuSansCondensed-Oblique.ttf"
CONTENT_DIR = PROJECT_ROOT / "content"


def default_content_dir() -> Path:
    """The content folder commands use by default: ``./content`` when the working directory has
    one, else the project's own (so `playaid score game.yaml` works from any folder)."""
    local = Path("content")
    return local if local.is_dir() else CONTENT_DIR
