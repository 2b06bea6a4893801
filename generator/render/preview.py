"""PNG previews of PDF pages (pypdfium2), for looking at an aid before printing it."""

from __future__ import annotations

import io

import pypdfium2 as pdfium

#: Preview resolution in dots per inch.
PREVIEW_DPI = 80


def pdf_to_pngs(pdf: bytes, dpi: int = PREVIEW_DPI) -> list[bytes]:
    """One PNG (bytes) per page of ``pdf`` at ``dpi``."""
    document = pdfium.PdfDocument(pdf)
    try:
        images = []
        for page in document:
            bitmap = page.render(scale=dpi / 72)
            buf = io.BytesIO()
            bitmap.to_pil().save(buf, format="PNG", optimize=False)
            images.append(buf.getvalue())
            page.close()
        return images
    finally:
        document.close()
