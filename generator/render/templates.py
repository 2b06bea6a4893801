"""The Jinja environment: templates found in templates/, autoescaped (including ``*.html.j2``),
undefined values an error; content text escaped first, then icon tokens swapped for our SVGs."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError, select_autoescape
from markupsafe import Markup, escape

from generator.render.typography import minus_signs

ICON_TOKEN = re.compile(r"\[([a-z][a-z0-9_]*)\]")


class UnknownIcon(ValueError):
    """Text uses an ``[icon]`` token that game.yaml does not declare."""


def make_environment(templates_dir: Path, icons: dict[str, str]) -> Environment:
    """A Jinja environment over ``templates_dir``.

    Autoescape is on for .html, .htm, .xml and .html.j2 names; StrictUndefined makes a missing
    value an error. The ``rich`` filter escapes content text and turns ``[token]`` into an
    ``<img>`` of the declared SVG icon (``icons``: token -> file in assets/icons).
    """
    env = Environment(
        loader=FileSystemLoader(str(templates_dir)),
        autoescape=select_autoescape(enabled_extensions=("html", "htm", "xml", "html.j2", "j2"),
                                     default_for_string=True, default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )

    def rich(text) -> Markup:
        escaped = str(escape(minus_signs(str(text))))

        def icon(match: re.Match) -> str:
            token = match.group(1)
            if token not in icons:
                raise UnknownIcon(f"icon token [{token}] is not declared in game.yaml `icons:` "
                                  f"(declared: {', '.join(sorted(icons)) or 'none'})")
            return (f'<img class="icon" src="asset:icons/{escape(icons[token])}" '
                    f'alt="{escape(token)}">')

        return Markup(ICON_TOKEN.sub(icon, escaped))

    def css_string(text) -> Markup:
        """Text as the inside of a CSS double-quoted string (safe inside <style>)."""
        out = []
        for ch in str(text):
            if ch in '\\"<>&' or ord(ch) < 32:
                out.append(f"\\{ord(ch):x} ")
            else:
                out.append(ch)
        return Markup("".join(out))

    env.filters["rich"] = rich
    env.filters["css_string"] = css_string
    return env


__all__ = ["make_environment", "TemplateError", "UnknownIcon"]
