"""Draw playaid's own icon set (SVG, 24 x 24 units), in three inks.

These stand in for the rulebooks' bracketed icons ([Xeno icon], Military, burst, ...), the Race
for the Galaxy phases and the Xia resources; they are our own simple shapes, never the
publishers' art. Every icon is told apart by its shape, and printed with its words beside it:
colour only helps.

Each icon is written three times (`INKS`): ``<name>.svg`` in colour, ``<name>-cb.svg`` in the
Okabe-Ito palette (colours that stay apart for colour-blind eyes, each also apart in lightness,
and each filled colour but yellow also patterned: `CB_PATTERNS`)
and ``<name>-outline.svg`` for low-ink printing (dark grey outlines, no filled areas: `LOW_INK`).

No icon carries lettering: at the size icons print beside 7 pt text (about 7.5 pt tall), a
letter inside one would be about 2 pt. Letters go beside the icon, as text. `lettering()` marks
any lettering drawn into an icon (``class="lettering"`` and its size in icon units), which the
tests read to check it would print at 6 pt or more.

Run: python tools/draw_icons.py
"""

from __future__ import annotations

import math
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "templates" / "assets" / "icons"

#: Ink variants: file suffix -> colour per role. Roles name what a colour marks; "ink" is the
#: line colour. Low ink: everything black, nothing filled.
INKS = {
    "": {
        "ink": "#000",
        "xeno": "#6a1b9a",
        "military": "#b71c1c",
        "frontier": "#2e7d32",
        "explore": "#1565c0",
        "develop": "#2e7d32",
        "settle": "#6d4c41",
        "trade": "#ef6c00",
        "produce": "#6a1b9a",
        "fame": "#f9a825",
        "credits": "#b08d00",
        "cargo": "#0277bd",
        "damage": "#c62828",
        "ice": "#4fc3f7",
        "energy": "#f57f17",
        "relic": "#8e24aa",
        "genes": "#388e3c",
        "wave": "#0277bd",
    },
    # Okabe & Ito (2008): orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple
    "-cb": {
        "ink": "#000",
        "xeno": "#cc79a7",
        "military": "#d55e00",
        "frontier": "#009e73",
        "explore": "#56b4e9",
        "develop": "#009e73",
        "settle": "#e69f00",
        "trade": "#e69f00",
        "produce": "#cc79a7",
        "fame": "#f0e442",
        "credits": "#e69f00",
        "cargo": "#0072b2",
        "damage": "#d55e00",
        "ice": "#56b4e9",
        "energy": "#f0e442",
        "relic": "#cc79a7",
        "genes": "#009e73",
        "wave": "#0072b2",
    },
    "-outline": None,
}

STROKE = 1.8

#: Colour-blind ink: every filled colour also carries a pattern (a tile of fine dark lines over
#: the colour), so two icons whose colours still look alike differ in texture too. Okabe-Ito
#: colour -> pattern drawn over it; the lightest (yellow) stays plain.
CB_PATTERNS = {
    "#cc79a7": '<circle cx="1" cy="1" r="0.55" fill="#000"/><circle cx="3" cy="3" r="0.55" fill="#000"/>',  # dots
    "#d55e00": '<path d="M-1 1 L1 -1 M0 4 L4 0 M3 5 L5 3" stroke="#000" stroke-width="0.5"/>',  # diagonal
    "#009e73": '<path d="M0 2 H4" stroke="#000" stroke-width="0.5"/>',  # horizontal
    "#56b4e9": '<path d="M2 0 V4" stroke="#000" stroke-width="0.5"/>',  # vertical
    "#e69f00": '<path d="M0 2 H4 M2 0 V4" stroke="#000" stroke-width="0.4"/>',  # grid
    "#0072b2": '<path d="M-1 3 L1 5 M0 0 L4 4 M3 -1 L5 1" stroke="#fff" stroke-width="0.5"/>',  # back-diagonal, light on dark
}
PATTERN_TILE = 4


def pattern_id(colour: str) -> str:
    return "cb" + colour.lstrip("#")


def with_patterns(body: str) -> str:
    """A colour-blind icon's body with each patterned colour's fill swapped for its pattern (the
    colour under the lines), the patterns defined once in ``<defs>``."""
    used = [c for c in CB_PATTERNS if f'fill="{c}"' in body]
    for colour in used:
        body = body.replace(f'fill="{colour}"', f'fill="url(#{pattern_id(colour)})"')
    if not used:
        return body
    defs = "".join(
        f'<pattern id="{pattern_id(c)}" width="{PATTERN_TILE}" height="{PATTERN_TILE}" '
        f'patternUnits="userSpaceOnUse"><rect width="{PATTERN_TILE}" height="{PATTERN_TILE}" '
        f'fill="{c}"/>{CB_PATTERNS[c]}</pattern>'
        for c in used
    )
    return f"<defs>{defs}</defs>{body}"


#: Low ink draws every line in this grey instead of black: at icon size it reads the same, and an
#: outline icon then never spends more ink than the filled one it replaces (measured by
#: bench/ink.py).
LOW_INK = "#555"


def svg(body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">'
        f'<title>{title}</title>{body}</svg>\n'
    )


class Pen:
    """Attributes for one ink: ``line()`` for an outline, ``solid(role)`` for a filled area
    (an outline in low ink), ``tint(role)`` for a light fill behind an outline (none in low ink)."""

    def __init__(self, palette: dict | None):
        self.palette = palette

    def line(self, width: float = STROKE) -> str:
        return f'stroke="#000" fill="none" stroke-width="{width}" stroke-linejoin="round" stroke-linecap="round"'

    def solid(self, role: str = "ink") -> str:
        if self.palette is None:
            return 'fill="#fff" stroke="#000" stroke-width="1.1" stroke-linejoin="round"'
        return f'fill="{self.palette[role]}" stroke="#000" stroke-width="0.6" stroke-linejoin="round"'

    def tint(self, role: str, width: float = STROKE) -> str:
        fill = "none" if self.palette is None else self.palette[role]
        return f'stroke="#000" fill="{fill}" stroke-width="{width}" stroke-linejoin="round"'

    def dark(self) -> str:
        """A small mark that stays solid black in every ink (an eye's pupil, a dot)."""
        return 'fill="#000"'


def points(coords) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in coords)


def polygon_pts(n: int, r: float, cx: float = 12, cy: float = 12, start: float = 90) -> list:
    return [
        (cx + r * math.cos(math.radians(start + 360 * i / n)), cy + r * math.sin(math.radians(start + 360 * i / n)))
        for i in range(n)
    ]


def star_pts(n: int, r1: float, r2: float, cx: float = 12, cy: float = 12) -> list:
    out = []
    for i in range(n * 2):
        r = r1 if i % 2 == 0 else r2
        a = math.radians(-90 + 180 * i / n)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def lettering(text: str, size_units: float, y: float) -> str:
    """``text`` as outlines from the bundled font, marked ``class="lettering"`` with its em size
    in icon units (``data-em``). Unused by the current set; kept so that a new icon with letters
    is measured by the tests (it must print at 6 pt or more)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    font = TTFont(OUT.parent / "fonts" / "DejaVuSansCondensed-Bold.ttf")
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    scale = size_units / font["head"].unitsPerEm
    names = [cmap[ord(ch)] for ch in text]
    x = 12 - sum(glyphs[n].width for n in names) * scale / 2
    pen = SVGPathPen(glyphs)
    for name in names:
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x, y)))
        x += glyphs[name].width * scale
    return f'<path class="lettering" data-em="{size_units:g}" d="{pen.getCommands()}"/>'


def icons(p: Pen) -> dict[str, tuple[str, str]]:
    """name -> (SVG body, title: the words a legend prints beside it)."""
    hexagon = f'<polygon points="{points(polygon_pts(6, 10.5))}" {p.tint("xeno")}/>'
    eye = (
        f'<ellipse cx="12" cy="12" rx="6" ry="3.8" fill="#fff" stroke="#000" stroke-width="1.6"/>'
        f'<circle cx="12" cy="12" r="1.8" {p.dark()}/>'
    )
    shield = (
        '<path d="M12 2 L20.5 5 V11.5 C20.5 17 16.5 20.5 12 22 C7.5 20.5 3.5 17 3.5 11.5 V5 Z" '
        + p.tint("military")
        + '/>'
    )
    small_eye = (
        '<ellipse cx="12" cy="11.5" rx="4.6" ry="2.9" fill="#fff" stroke="#000" stroke-width="1.4"/>'
        f'<circle cx="12" cy="11.5" r="1.4" {p.dark()}/>'
    )
    world = f'<circle cx="12" cy="12" r="9.5" {p.line()}/>'
    world_mil = f'<circle cx="12" cy="12" r="9" {p.tint("military", 3.2)}/>'
    mountains = f'<path d="M2 21 L7 12 L10.5 16.5 L14.5 9 L22 21 Z" {p.tint("frontier")}/>'
    card = f'<rect x="4" y="2" width="16" height="20" rx="2" {p.line()}/>'

    def frames(n: int) -> str:  # retaliation cards: M+X+# has 3 borders, # has 2, M+# has 1
        return "".join(
            f'<rect x="{2 + 2.6 * i:.1f}" y="{3 + 2.6 * i:.1f}" width="{20 - 5.2 * i:.1f}" '
            f'height="{18 - 5.2 * i:.1f}" rx="1.5" {p.line(1.5)}/>'
            for i in range(n)
        )

    def waves(n: int) -> str:  # invasion waves 1-3: as many wave lines
        return "".join(
            f'<path d="M2 {y:.1f} Q7 {y - 4:.1f} 12 {y:.1f} T22 {y:.1f}" '
            f'stroke="{"#000" if p.palette is None else p.palette["wave"]}" fill="none" '
            f'stroke-width="2.2" stroke-linecap="round"/>'
            for y in [12 + 5 * (i - (n - 1) / 2) + 2 for i in range(n)]
        )

    return {
        # --- Race for the Galaxy: the rulebooks' icons
        "xeno": (hexagon + eye, "Xeno"),
        "alien": (
            '<path d="M12 3 C6 3 4 8 5 12 C6 17 10 21 12 21 C14 21 18 17 19 12 C20 8 18 3 12 3 Z" '
            + p.tint("frontier")
            + '/><ellipse cx="8.7" cy="11" rx="2.3" ry="1.3" '
            f'transform="rotate(25 8.7 11)" {p.dark()}/><ellipse cx="15.3" cy="11" rx="2.3" ry="1.3" '
            f'transform="rotate(-25 15.3 11)" {p.dark()}/>',
            "Alien",
        ),
        "burst": (f'<polygon points="{points(star_pts(8, 11, 6))}" {p.solid("military")}/>', "burst: retaliation"),
        "no_burst": (
            f'<polygon points="{points(star_pts(8, 11, 6))}" fill="#fff" stroke="#000" stroke-width="1"/>'
            f'<line x1="3" y1="21" x2="21" y2="3" {p.line(2.2)}/>',
            "crossed-out burst: none",
        ),
        "military_vs_xenos": (shield + small_eye, "Military vs. Xenos"),
        "xeno_defense": (shield + f'<path d="M12 7 V16 M7.5 11.5 H16.5" {p.line(2.4)}/>', "Xeno Defense"),
        "m_plus_x": (
            f'<rect x="1.5" y="4" width="21" height="16" rx="3" {p.line()}/>'
            f'<path d="M7 16 L12 8 L17 16" {p.line(2.2)}/>',
            "Military+X strength",
        ),
        "single_digit": (
            f'<rect x="1.5" y="4" width="21" height="16" rx="3" {p.line()}/>'
            f'<circle cx="12" cy="12" r="2.6" {p.dark()}/>',
            "single-digit strength",
        ),
        "pay_for_military": (
            f'<circle cx="12" cy="12" r="10" {p.tint("credits")}/>'
            f'<circle cx="12" cy="12" r="6" fill="#fff" stroke="#000" stroke-width="1.2"/>'
            f'<path d="M6 18 L18 6 M15 6 H18 V9" {p.line(2)}/>',
            "Pay-for-Military",
        ),
        "genes_good": (
            f'<circle cx="12" cy="12" r="9" {p.tint("genes")}/>'
            f'<path d="M9 4.5 C15 9 9 15 15 19.5 M15 4.5 C9 9 15 15 9 19.5" stroke="#000" '
            'fill="none" stroke-width="1.4"/>',
            "Genes good",
        ),
        "military_world": (world_mil, "military world"),
        "non_military_world": (world + f'<circle cx="12" cy="12" r="3" {p.dark()}/>', "non-military world"),
        "xeno_military_world": (world_mil + small_eye.replace("11.5", "12"), "Xeno military world"),
        "rebel_military_world": (
            world_mil + f'<polygon points="{points(star_pts(5, 5.5, 2.3))}" {p.dark()}/>',
            "Rebel military world",
        ),
        "frontier": (f'<path d="M2 18 L8 8 L12 13 L16 6 L22 18 Z" {p.tint("frontier")}/>', "Frontier world"),
        "near_frontier": (mountains + f'<circle cx="5" cy="5" r="2.2" {p.dark()}/>', "Near Frontier"),
        "far_frontier": (
            f'<path d="M2 21 H22" {p.line()}/>'
            f'<path d="M5 21 L9 15 L12 18 L15 13 L19 21 Z" {p.tint("frontier")}/>'
            f'<circle cx="4" cy="5" r="1.2" {p.dark()}/><circle cx="8" cy="5" r="1.2" {p.dark()}/>'
            f'<circle cx="12" cy="5" r="1.2" {p.dark()}/>',
            "Far Frontier",
        ),
        "xeno_system": (hexagon + f'<circle cx="12" cy="12" r="3.2" {p.dark()}/>', "Xeno system"),
        "hive_defense": (
            hexagon
            + "".join(
                f'<polygon points="{points(polygon_pts(6, 3, cx, cy))}" fill="#fff" stroke="#000" stroke-width="1.1"/>'
                for cx, cy in ((12, 8), (8.6, 14), (15.4, 14))
            ),
            "Hive defense",
        ),
        "counterstrike": (
            f'<polygon points="{points(polygon_pts(6, 7.5, 12, 14))}" {p.tint("xeno")}/>'
            f'<path d="M12 1.5 L17 7 H14 V14 H10 V7 H7 Z" {p.solid("military")}/>',
            "counterstrike side",
        ),
        "wave_1": (waves(1), "wave 1"),
        "wave_2": (waves(2), "wave 2"),
        "wave_3": (waves(3), "wave 3"),
        "retaliation_n": (frames(2), "# card (2 borders)"),
        "retaliation_mn": (frames(1), "M+# card (1 border)"),
        "retaliation_mxn": (frames(3), "M+X+# card (3 borders)"),
        "empire_defeat": (hexagon + f'<path d="M7 7 L17 17 M17 7 L7 17" {p.line(2.4)}/>', "empire defeat"),
        # --- Race for the Galaxy: the phases
        "explore": (
            f'<circle cx="10" cy="10" r="6.5" {p.tint("explore")}/>'
            f'<circle cx="10" cy="10" r="3.5" fill="#fff" stroke="#000" stroke-width="1"/>'
            f'<path d="M14.8 14.8 L21 21" {p.line(3)}/>',
            "Explore",
        ),
        "develop": (
            f'<polygon points="{points(star_pts(8, 10.5, 7.8))}" {p.tint("develop", 1.4)}/>'
            f'<circle cx="12" cy="12" r="3.4" fill="#fff" stroke="#000" stroke-width="1.4"/>',
            "Develop",
        ),
        "settle": (
            f'<path d="M2 22 C6 16 18 16 22 22" {p.tint("settle")}/>'
            f'<path d="M11 18 V3" {p.line(2)}/><path d="M11 3.5 L19 6.5 L11 9.5 Z" {p.solid("settle")}/>',
            "Settle",
        ),
        "trade_consume": (
            f'<circle cx="12" cy="12" r="10.5" {p.tint("trade", 1.4)}/>'
            f'<path d="M5 9 H17 M14 5.5 L17.5 9 L14 12.5" {p.line(2)}/>'
            f'<path d="M19 15 H7 M10 11.5 L6.5 15 L10 18.5" {p.line(2)}/>',
            "Trade/Consume",
        ),
        "produce": (
            f'<path d="M2 21 V11 L8 14 V11 L14 14 V5 H18 V21 Z" {p.tint("produce")}/>'
            f'<rect x="5" y="16" width="3" height="3" {p.dark()}/><rect x="11" y="16" width="3" height="3" {p.dark()}/>',
            "Produce",
        ),
        # --- Xia: resources and hazards
        "fame": (f'<polygon points="{points(star_pts(5, 11, 4.6, cy=12.8))}" {p.solid("fame")}/>', "Fame Points"),
        "credits": (
            "".join(f'<ellipse cx="12" cy="{y}" rx="8.5" ry="3" {p.tint("credits", 1.5)}/>' for y in (18, 13.5, 9))
            + f'<ellipse cx="12" cy="5" rx="8.5" ry="3" {p.tint("credits", 1.5)}/>',
            "credits",
        ),
        "cargo": (
            f'<path d="M12 2.5 L21 7 V17 L12 21.5 L3 17 V7 Z" {p.tint("cargo", 1.6)}/>'
            f'<path d="M3 7 L12 11.5 L21 7 M12 11.5 V21.5" {p.line(1.6)}/>',
            "Cargo Cube",
        ),
        "damage": (
            f'<rect x="3" y="3" width="18" height="18" rx="1.5" {p.line(1.6)}/>'
            f'<path d="M5 5 L19 19 M19 5 L5 19" stroke="{"#000" if p.palette is None else p.palette["damage"]}" '
            'stroke-width="3.2" stroke-linecap="round"/>',
            "damage",
        ),
        "ice_damage": (
            "".join(
                f'<path d="M12 12 L{12 + 10 * math.cos(math.radians(a)):.2f} '
                f'{12 + 10 * math.sin(math.radians(a)):.2f}" {p.line(2)}/>'
                for a in range(0, 360, 60)
            )
            + f'<circle cx="12" cy="12" r="3.5" {p.tint("ice", 1.4)}/>',
            "ice damage",
        ),
        "energy": (f'<path d="M14 1.5 L4 13.5 H11 L9.5 22.5 L20 10 H13 Z" {p.solid("energy")}/>', "energy"),
        "relic": (
            f'<polygon points="12,1.5 22.5,12 12,22.5 1.5,12" {p.tint("relic")}/>'
            f'<polygon points="12,7 17,12 12,17 7,12" fill="#fff" stroke="#000" stroke-width="1.3"/>',
            "Relic Token",
        ),
        "d20": (
            f'<polygon points="{points(polygon_pts(6, 10.5, start=-90))}" {p.line(1.6)}/>'
            f'<polygon points="12,5.5 18,16 6,16" {p.tint("explore", 1.4)}/>',
            "d20 roll",
        ),
        "mission": (card + f'<path d="M7.5 7.5 H16.5 M7.5 11.5 H16.5 M7.5 15.5 H13" {p.line(1.5)}/>', "Mission"),
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    count = 0
    for suffix, palette in INKS.items():
        for name, (body, title) in icons(Pen(palette)).items():
            if palette is None:
                body = body.replace('stroke="#000"', f'stroke="{LOW_INK}"').replace('fill="#000"', f'fill="{LOW_INK}"')
            elif suffix == "-cb":
                body = with_patterns(body)
            (OUT / f"{name}{suffix}.svg").write_text(svg(body, title), encoding="utf-8")
            count += 1
    print(f"wrote {count} icon files ({len(INKS)} inks) to {OUT}")


if __name__ == "__main__":
    main()
