"""Build one aid: render it to PDF bytes (and PNG previews) for the chosen paper and mode.

Pure with respect to the file system: returns {relative output path: bytes}; writing, skipping
and parallelism live in `generator.pipeline.build`.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from functools import lru_cache

from generator.compile.plan import PlannedAid
from generator.errors import BuildError, display_path
from generator.paths import ASSETS_DIR, TEMPLATES_DIR
from generator.pipeline.options import RenderOptions  # noqa: F401 - re-exported for callers


@lru_cache(maxsize=1)
def _renderer():
    from generator.render.html_pdf import HtmlRenderer

    return HtmlRenderer(ASSETS_DIR)


@lru_cache(maxsize=8)
def _environment(icons: tuple, ink: str = "colour"):
    from generator.render.templates import make_environment

    return make_environment(TEMPLATES_DIR, dict(icons), ink)


def source_date_epoch(game) -> int:
    """The fixed creation date of every PDF: the content date at 00:00 UTC (seconds)."""
    return int(dt.datetime.combine(game.game.date, dt.time(), dt.UTC).timestamp())


@dataclass
class Rendered:
    """Output of one aid: ``files`` {path relative to the output folder: bytes}, the font size
    (pt) fitted to each card face and each face's `fit_key` (both kept in the build manifest as
    hints for the next build)."""

    files: dict[str, bytes]
    fitted: dict[str, float]
    fit_keys: dict[str, str] = field(default_factory=dict)


def _with_crop_marks(pdf: bytes) -> bytes:
    from generator.render.print_marks import add_crop_marks

    return add_crop_marks(pdf)


def render_aid(
    planned: PlannedAid,
    game,
    options: RenderOptions,
    hints: dict[str, float] | None = None,
    exact: bool = False,
    fit_keys: dict[str, str] | None = None,
) -> Rendered:
    """Render one aid; returns its files and fitted font sizes (see `Rendered`).

    Card aids: sheet mode -> n-up sheets (fronts and backs on alternate pages); print-shop mode
    -> one face per page at trim + 3 mm bleed, crop marks outside the bleed. Page aids ->
    A4/Letter pages (print-shop: with bleed and crop marks too).
    Form aids -> ``<key>.pdf`` (printable) and ``<key>-fillable.pdf`` (AcroForm).
    ``hints``/``exact``/``fit_keys``: fitted sizes from the previous build (see `render_card_faces`).
    Raises `BuildError` naming the aid on any failure.
    """
    os.environ["SOURCE_DATE_EPOCH"] = str(source_date_epoch(game))
    from generator.render.faces import footer_text, page_footer, render_card_faces, render_page_aid

    aid = planned.aid
    print_shop = options.mode == "print-shop"
    files: dict[str, bytes] = {}
    fitted: dict[str, float] = {}
    keys: dict[str, str] = {}
    prefix = f"{options.folder}/{planned.key}"
    if aid.format == "card":
        env = _environment(tuple(sorted(game.game.icons.items())), options.ink)
        faces = render_card_faces(
            planned, game, _renderer(), env, print_shop=print_shop, hints=hints, exact=exact, fit_keys=fit_keys
        )
        fitted = {f.name: f.font_pt for f in faces}
        keys = {f.name: f.fit_key for f in faces}
        first = faces[0].document
        merged = first.copy([page for f in faces for page in f.document.pages])
        face_pdf = _renderer().pdf(merged, title=f"{aid.title} — {game.game.title}")
        if print_shop:
            files[f"{prefix}.pdf"] = _press_ready(_with_crop_marks(face_pdf), aid, game)
        else:
            from generator.render.impose import impose_cards

            try:
                files[f"{prefix}.pdf"] = impose_cards(
                    face_pdf, [f.name for f in faces], options.paper, aid.title, footer_text(game), options.copies
                )
            except ValueError as exc:
                raise BuildError(planned.key, str(exc), "declare a smaller card size") from None
    elif aid.format == "page":
        env = _environment(tuple(sorted(game.game.icons.items())), options.ink)
        document, size = render_page_aid(
            planned, game, _renderer(), env, options.paper, print_shop, (hints or {}).get("page"), exact
        )
        fitted = {"page": size}
        page_pdf = _renderer().pdf(document, title=f"{aid.title} — {game.game.title}")
        files[f"{prefix}.pdf"] = _press_ready(_with_crop_marks(page_pdf), aid, game) if print_shop else page_pdf
    else:
        from generator.render.forms import FormFitError, render_form

        try:
            for fillable, suffix in ((False, ""), (True, "-fillable")):
                pdf = render_form(
                    aid,
                    game.game.title,
                    page_footer(game, aid),
                    options.paper,
                    fillable,
                    print_shop,
                    low_ink=options.ink == "low-ink",
                )
                # the fillable sheet is for screens: PDF/X forbids form fields and scripts
                files[f"{prefix}{suffix}.pdf"] = _press_ready(pdf, aid, game) if print_shop and not fillable else pdf
        except FormFitError as exc:
            raise BuildError(
                planned.key,
                f"{_form_source(planned, game)}: {exc}",
                "shorten the label (or its help text) in that file",
            ) from None
    if options.png:
        from generator.render.preview import pdf_to_pngs

        for name, pdf in list(files.items()):
            if name.endswith("-fillable.pdf"):
                continue
            stem = name[len(options.folder) + 1 : -4]
            for i, png in enumerate(pdf_to_pngs(pdf), start=1):
                files[f"{options.folder}/png/{stem}-p{i}.png"] = png
    return Rendered(files, fitted, keys)


def _press_ready(pdf: bytes, aid, game) -> bytes:
    """A print-shop PDF made PDF/X-4 (`generator.render.pdfx`), titled with the aid and game."""
    from generator.render.pdfx import to_pdfx4

    try:
        return to_pdfx4(pdf, f"{aid.title} — {game.game.title}")
    except ValueError as exc:
        raise BuildError(
            aid.id,
            f"cannot make the print-shop PDF PDF/X-4: {exc}",
            "report this as a bug (print-shop pages always have a TrimBox)",
        ) from None


def _form_source(planned: PlannedAid, game) -> str:
    """The file a form's grid comes from, as the user sees it: the scoring model for a score
    sheet generated from one, else the aids file declaring the form."""
    key = (
        ("scoring", planned.aid.sheet)
        if planned.aid.sheet is not None
        else next(
            (("aids", i) for i, doc in game.of_kind("aids").items() if any(a.id == planned.aid.id for a in doc.aids)),
            None,
        )
    )
    rel = game.paths.get(key) if key else None
    return display_path(game.folder.parent / rel) if rel else f"game '{game.id}'"


__all__ = ["RenderOptions", "Rendered", "render_aid"]
