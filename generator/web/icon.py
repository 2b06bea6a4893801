"""The web scorer's app icon, our own drawing (no publisher art): a score pad with a star.

One geometry in unit coordinates (0..1 on a square) drawn twice: as SVG text and as PNG bytes
(Pillow, drawn 4x and scaled down for smooth edges). ``maskable`` icons fill the whole square
with the background and keep the drawing inside the central 80 % (the safe zone of a maskable
icon, so a launcher may crop it to a circle).
"""

from __future__ import annotations

import io
import math

BACKGROUND = "#23395d"
PAD = "#ffffff"
RULE = "#9aa7bd"
STAR = "#f2b233"

_PAD_BOX = (0.22, 0.15, 0.70, 0.80)
_PAD_RADIUS = 0.05
_RULES = (0.32, 0.44, 0.56)  # y of the pad's three ruled lines
_RULE_X = (0.30, 0.62)
_RULE_WIDTH = 0.045
_STAR_CENTRE, _STAR_OUTER, _STAR_INNER = (0.67, 0.69), 0.22, 0.095
_CORNER = 0.18  # background corner radius (not maskable)


def _star_points() -> list[tuple[float, float]]:
    cx, cy = _STAR_CENTRE
    points = []
    for i in range(10):
        r = _STAR_OUTER if i % 2 == 0 else _STAR_INNER
        a = math.radians(-90 + 36 * i)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _place(maskable: bool):
    """Map unit coordinates of the drawing to unit coordinates of the icon."""
    scale, offset = (0.8, 0.1) if maskable else (1.0, 0.0)
    return lambda v: offset + v * scale, scale


def icon_svg(maskable: bool = False) -> str:
    """The icon as an SVG document (viewBox 0 0 512 512)."""
    place, scale = _place(maskable)
    u = lambda v: f"{place(v) * 512:.1f}"  # noqa: E731 - a coordinate
    d = lambda v: f"{v * scale * 512:.1f}"  # noqa: E731 - a length
    x0, y0, x1, y1 = _PAD_BOX
    corner = 0 if maskable else _CORNER * 512
    parts = [
        f'<rect width="512" height="512" rx="{corner:.1f}" fill="{BACKGROUND}"/>',
        f'<rect x="{u(x0)}" y="{u(y0)}" width="{d(x1 - x0)}" height="{d(y1 - y0)}" '
        f'rx="{d(_PAD_RADIUS)}" fill="{PAD}"/>',
    ]
    for y in _RULES:
        parts.append(
            f'<line x1="{u(_RULE_X[0])}" y1="{u(y)}" x2="{u(_RULE_X[1])}" y2="{u(y)}" '
            f'stroke="{RULE}" stroke-width="{d(_RULE_WIDTH)}" stroke-linecap="round"/>'
        )
    star = " ".join(f"{u(x)},{u(y)}" for x, y in _star_points())
    parts.append(
        f'<polygon points="{star}" fill="{STAR}" stroke="{BACKGROUND}" '
        f'stroke-width="{d(0.03)}" stroke-linejoin="round"/>'
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">'
        '<title>playaid scorer</title>' + "".join(parts) + "</svg>\n"
    )


def icon_png(size: int, maskable: bool = False) -> bytes:
    """The icon as PNG bytes, ``size`` x ``size`` pixels."""
    from PIL import Image, ImageDraw

    big = size * 4
    place, scale = _place(maskable)
    px = lambda v: place(v) * big  # noqa: E731
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=BACKGROUND)
    else:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=_CORNER * big, fill=BACKGROUND)
    x0, y0, x1, y1 = _PAD_BOX
    draw.rounded_rectangle((px(x0), px(y0), px(x1), px(y1)), radius=_PAD_RADIUS * scale * big, fill=PAD)
    width = round(_RULE_WIDTH * scale * big)
    for y in _RULES:
        draw.line((px(_RULE_X[0]), px(y), px(_RULE_X[1]), px(y)), fill=RULE, width=width)
        for x in _RULE_X:  # round caps
            r = width / 2
            draw.ellipse((px(x) - r, px(y) - r, px(x) + r, px(y) + r), fill=RULE)
    star = [(px(x), px(y)) for x, y in _star_points()]
    draw.polygon(star, fill=STAR, outline=BACKGROUND, width=round(0.03 * scale * big))
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()
