"""Rendering adapters: Jinja templates -> HTML -> PDF (WeasyPrint), exact sheets and forms
(ReportLab), imposition (pypdf) and PNG previews (pypdfium2)."""
