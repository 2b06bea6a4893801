"""Draw playaid's own icon set (SVG, 24 x 24 units, black on white, readable in grayscale).

These stand in for the rulebooks' bracketed icons ([Xeno icon], Military, burst, ...); they are
our own simple shapes, not the publishers' art. Run: python tools/draw_icons.py
"""

from __future__ import annotations

import math
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "templates" / "assets" / "icons"
S = 'stroke="#000" fill="none" stroke-width="1.8" stroke-linejoin="round"'


def svg(body: str, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">'
            f'<title>{title}</title>{body}</svg>\n')


def hexagon(r=10.5, cx=12, cy=12) -> str:
    pts = " ".join(f"{cx + r * math.cos(math.radians(90 + 60 * i)):.2f},"
                   f"{cy + r * math.sin(math.radians(90 + 60 * i)):.2f}" for i in range(6))
    return f'<polygon points="{pts}" {S}/>'


def star(points=8, r1=11, r2=6, cx=12, cy=12, fill="#000") -> str:
    pts = []
    for i in range(points * 2):
        r = r1 if i % 2 == 0 else r2
        a = math.radians(-90 + 180 * i / points)
        pts.append(f"{cx + r * math.cos(a):.2f},{cy + r * math.sin(a):.2f}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="#000" stroke-width="1"/>'


FONTS = Path(__file__).resolve().parent.parent / "templates" / "assets" / "fonts"


def label(text: str, size=9, y=15.2, colour="#000", weight="bold") -> str:
    """``text`` centred on x = 12 with its baseline at ``y``, drawn as outlines (a <path>) from
    the bundled DejaVu Sans Condensed: a symbol, not a text run (so a 2 pt letter inside a small
    icon is no text under the 6 pt minimum, and no font is needed to draw it)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    font = TTFont(FONTS / ("DejaVuSansCondensed-Bold.ttf" if weight == "bold" else "DejaVuSansCondensed.ttf"))
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    scale = size / font["head"].unitsPerEm
    names = [cmap[ord(ch)] for ch in text]
    width = sum(glyphs[n].width for n in names) * scale
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:.2f}".rstrip("0").rstrip("."))
    x = 12 - width / 2
    for name in names:
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x, y)))
        x += glyphs[name].width * scale
    return f'<path d="{pen.getCommands()}" fill="{colour}"/>'


EYE = ('<ellipse cx="12" cy="12" rx="6" ry="3.8" fill="none" stroke="#000" stroke-width="1.6"/>'
       '<circle cx="12" cy="12" r="1.8" fill="#000"/>')
SHIELD = '<path d="M12 2 L20.5 5 V11.5 C20.5 17 16.5 20.5 12 22 C7.5 20.5 3.5 17 3.5 11.5 V5 Z" ' + S + '/>'
WORLD = '<circle cx="12" cy="12" r="9.5" ' + S + '/>'
WORLD_MIL = '<circle cx="12" cy="12" r="9" stroke="#000" fill="none" stroke-width="3.2"/>'

ICONS = {
    "xeno": (hexagon() + EYE, "Xeno"),
    "alien": ('<path d="M12 3 C6 3 4 8 5 12 C6 17 10 21 12 21 C14 21 18 17 19 12 C20 8 18 3 12 3 Z" '
              + S + '/><ellipse cx="8.7" cy="11" rx="2.3" ry="1.3" transform="rotate(25 8.7 11)"/>'
              '<ellipse cx="15.3" cy="11" rx="2.3" ry="1.3" transform="rotate(-25 15.3 11)"/>', "Alien"),
    "burst": (star(), "burst (one-time power)"),
    "no_burst": (star(fill="#fff") + '<line x1="3" y1="21" x2="21" y2="3" stroke="#000" stroke-width="2.2"/>',
                 "no burst"),
    "military_vs_xenos": (SHIELD + '<ellipse cx="12" cy="11.5" rx="4.6" ry="2.9" fill="none" stroke="#000" '
                          'stroke-width="1.4"/><circle cx="12" cy="11.5" r="1.4"/>', "Military vs. Xenos"),
    "xeno_defense": (SHIELD + label("D", 9, 15.5), "Defense vs. Xenos"),
    "m_plus_x": ('<rect x="1.5" y="4" width="21" height="16" rx="3" ' + S + '/>' + label("M+X", 8, 15),
                 "Military + X invasion strength"),
    "single_digit": ('<rect x="1.5" y="4" width="21" height="16" rx="3" ' + S + '/>' + label("#", 10, 15.8),
                     "single-digit invasion strength"),
    "pay_for_military": ('<circle cx="12" cy="12" r="10" ' + S + '/>' + label("$M", 8.5, 15),
                         "Pay-for-Military"),
    "genes_good": ('<circle cx="12" cy="12" r="8" fill="#fff" stroke="#000" stroke-width="1.8"/>'
                   + label("G", 10, 15.6), "Genes good"),
    "military_world": (WORLD_MIL, "military world"),
    "non_military_world": (WORLD + '<circle cx="12" cy="12" r="3" fill="#000"/>', "non-military world"),
    "xeno_military_world": (WORLD_MIL + '<ellipse cx="12" cy="12" rx="4.4" ry="2.7" fill="none" '
                            'stroke="#000" stroke-width="1.4"/><circle cx="12" cy="12" r="1.3"/>',
                            "Xeno military world"),
    "rebel_military_world": (WORLD_MIL + label("R", 9, 15.3), "Rebel military world"),
    "frontier": ('<path d="M2 18 L8 8 L12 13 L16 6 L22 18 Z" ' + S + '/>', "Frontier world"),
    "near_frontier": ('<path d="M2 21 L7 13 L10 16.5 L14 10 L20 21 Z" ' + S + '/>' + label("N", 7, 7),
                      "Near Frontier"),
    "far_frontier": ('<path d="M2 21 L7 13 L10 16.5 L14 10 L20 21 Z" ' + S + '/>' + label("F", 7, 7),
                     "Far Frontier"),
    "xeno_system": (hexagon() + '<circle cx="12" cy="12" r="3.2" fill="#000"/>', "Xeno system"),
    "hive_defense": (hexagon() + label("H", 9, 15.3), "Hive defense"),
    "counterstrike": (hexagon(r=7.5, cy=14) + '<path d="M12 1.5 L17 7 H14 V14 H10 V7 H7 Z" fill="#000"/>',
                      "Counterstrike"),
    "wave_1": ('<path d="M1.5 20 Q6.75 15.5 12 20 T22.5 20" ' + S + '/>' + label("1", 15, 15.5),
               "invasion wave 1"),
    "wave_2": ('<path d="M1.5 20 Q6.75 15.5 12 20 T22.5 20" ' + S + '/>' + label("2", 15, 15.5),
               "invasion wave 2"),
    "wave_3": ('<path d="M1.5 20 Q6.75 15.5 12 20 T22.5 20" ' + S + '/>' + label("3", 15, 15.5),
               "invasion wave 3"),
    "retaliation_n": ('<rect x="2" y="3" width="20" height="18" rx="2" ' + S + '/>' + label("#", 9.5, 15.5),
                      "retaliation: number"),
    "retaliation_mn": ('<rect x="2" y="3" width="20" height="18" rx="2" ' + S + '/>' + label("M+#", 7.5, 14.8),
                       "retaliation: Military + number"),
    "retaliation_mxn": ('<rect x="2" y="3" width="20" height="18" rx="2" ' + S + '/>'
                        + label("MX#", 7, 14.6), "retaliation: Military + X + number"),
    "empire_defeat": (hexagon() + '<path d="M7 7 L17 17 M17 7 L7 17" stroke="#000" stroke-width="2.4"/>',
                      "empire defeat"),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (body, title) in ICONS.items():
        (OUT / f"{name}.svg").write_text(svg(body, title), encoding="utf-8")
    print(f"wrote {len(ICONS)} icons to {OUT}")


if __name__ == "__main__":
    main()
