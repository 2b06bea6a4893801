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
