"""The Jinja environment: templates found in templates/, autoescaped (including ``*.html.j2``),
undefined values an error; content text escaped first, then icon tokens swapped for our SVGs."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError, select_autoescape
from markupsafe import Markup, escape

from generator.compile.icon_text import ICON_TOKEN, icon_title
from generator.render.typography import keep_last_words, print_text


class UnknownIcon(ValueError):
    """Text uses an ``[icon]`` token that game.yaml does not declare."""


#: The file of an icon in each ink (tools/draw_icons.py draws all three): xeno.svg,
#: xeno-cb.svg, xeno-outline.svg.
INK_SUFFIX = {"colour": "", "colour-blind": "-cb", "low-ink": "-outline"}


def icon_file(file: str, ink: str = "colour") -> str:
    """The file name of icon ``file`` (as declared in game.yaml) drawn in ``ink``."""
    stem, dot, ext = file.rpartition(".")
    return f"{stem}{INK_SUFFIX[ink]}{dot}{ext}" if dot else file + INK_SUFFIX[ink]


def icon_tokens(text: str) -> list[str]:
    """The icon tokens of ``text`` in order of first use (``[xeno]`` -> ``xeno``)."""
    return list(dict.fromkeys(ICON_TOKEN.findall(text)))


def make_environment(templates_dir: Path, icons: dict[str, str], ink: str = "colour") -> Environment:
    """A Jinja environment over ``templates_dir``, for printing in ``ink`` (colour |
    colour-blind | low-ink; templates read it as the global ``ink``).

    Autoescape is on for .html, .htm, .xml and .html.j2 names; StrictUndefined makes a missing
    value an error. The ``rich`` filter escapes content text and turns ``[token]`` into an
    ``<img>`` of the declared SVG icon in that ink (``icons``: token -> file in assets/icons).
    """
    env = Environment(
        loader=FileSystemLoader(str(templates_dir)),
        autoescape=select_autoescape(
            enabled_extensions=("html", "htm", "xml", "html.j2", "j2"), default_for_string=True, default=True
        ),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )

    def rich(text) -> Markup:
        escaped = str(escape(print_text(str(text))))

        def icon(match: re.Match) -> str:
            token = match.group(1)
            if token not in icons:
                raise UnknownIcon(
                    f"icon token [{token}] is not declared in game.yaml `icons:` "
                    f"(declared: {', '.join(sorted(icons)) or 'none'})"
                )
            return f'<img class="icon" src="asset:icons/{escape(icon_file(icons[token], ink))}" alt="{escape(token)}">'

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

    def heading(text) -> Markup:
        """A heading: `rich`, its last two words kept on one line."""
        return rich(keep_last_words(str(text)))

    env.globals["ink"] = ink
    env.filters["rich"] = rich
    env.filters["heading"] = heading
    env.filters["css_string"] = css_string
    return env


__all__ = ["icon_file", "icon_title", "icon_tokens", "make_environment", "TemplateError", "UnknownIcon"]
