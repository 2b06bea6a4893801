"""Where the project's own folders are: templates, assets (fonts, icons), the shipped games'
content, the content guides, the phone scorer's sources and its front-end packages; and which
content folder a command reads by default.

In a checkout they are the top-level folders beside ``generator/``; an installed playaid (wheel or
sdist) carries copies of them under ``generator/shipped/`` (mapped there at build time by
``setup.py``). `DATA_ROOT` is whichever of the two this playaid runs from.
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
SHIPPED_DIR = PACKAGE_DIR / "shipped"
#: The folder holding ``content/``, ``templates/``, ``web/`` and ``node_modules/``.
DATA_ROOT = SHIPPED_DIR if SHIPPED_DIR.is_dir() else PROJECT_ROOT

TEMPLATES_DIR = DATA_ROOT / "templates"
ASSETS_DIR = TEMPLATES_DIR / "assets"
FONTS_DIR = ASSETS_DIR / "fonts"
ICONS_DIR = ASSETS_DIR / "icons"
WEB_SOURCES = DATA_ROOT / "web"
#: The content guides (new-game.md, content-format.md, scoring-model.md), shipped in the package.
DOCS_DIR = DATA_ROOT / "docs"
NODE_MODULES = DATA_ROOT / "node_modules"

#: The bundled open-licence font (DejaVu Sans Condensed, Bitstream Vera licence).
FONT_REGULAR = FONTS_DIR / "DejaVuSansCondensed.ttf"
FONT_BOLD = FONTS_DIR / "DejaVuSansCondensed-Bold.ttf"
FONT_ITALIC = FONTS_DIR / "DejaVuSansCondensed-Oblique.ttf"
#: The games shipped with playaid (Race for the Galaxy, Xia).
CONTENT_DIR = DATA_ROOT / "content"
#: Environment variable naming the user's own content folder.
CONTENT_ENV = "PLAYAID_CONTENT"
#: `--content` in `--help`: what the folder is and how the default is chosen.
CONTENT_HELP = "content folder (one sub-folder per game); yours replaces the shipped games, it is not merged with them"
CONTENT_DEFAULT_SHOWN = f"playaid --content DIR, else ${CONTENT_ENV}, else ./content, else the shipped games"


def default_content_dir() -> Path:
    """The content folder commands read by default: ``$PLAYAID_CONTENT`` when set (even if it
    does not exist: the loader then says so), else ``./content`` when the working directory has
    one, else the shipped games (`CONTENT_DIR`), so `playaid score game.yaml` works from any
    folder. A user's folder replaces the shipped games; the two are never merged."""
    env = os.environ.get(CONTENT_ENV)
    if env:
        return Path(env)
    local = Path("content")
    return local if local.is_dir() else CONTENT_DIR


def user_content_dir() -> Path:
    """Where a command that writes content (`playaid new`) writes by default: ``$PLAYAID_CONTENT``
    when set, else ``./content``; never the shipped games' folder inside an installed package."""
    return Path(os.environ.get(CONTENT_ENV) or "content")


def content_origin(content_dir: Path) -> str:
    """A few words saying where ``content_dir`` came from, for messages and `playaid -V`."""
    if Path(content_dir).resolve() == CONTENT_DIR.resolve():
        return "the games shipped with playaid"
    if os.environ.get(CONTENT_ENV) and Path(os.environ[CONTENT_ENV]) == Path(content_dir):
        return f"from ${CONTENT_ENV}"
    return "your content folder"
