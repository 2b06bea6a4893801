"""PDF/X-4 (ISO 15930-7:2010) for the print-shop files: what a print shop's preflight asks of
a press-ready PDF, added to a finished PDF with pikepdf.

- Output intent (``/OutputIntents``, subtype ``/GTS_PDFX``): the printing condition the file is
  prepared for, Coated FOGRA39 (ISO 12647-2:2004, offset on coated paper: the commonest
  characterised condition in Europe), with its ICC output profile (device class ``prtr``, CMYK)
  embedded as ``/DestOutputProfile``. The profile was built from the FOGRA39L characterisation
  data (templates/assets/icc/README.md says how, and its licence).
- Colour: WeasyPrint and ReportLab draw in DeviceRGB and DeviceGray. PDF/X-4 allows RGB only
  colour-managed, so every page and form XObject gets ``/DefaultRGB`` = ICCBased sRGB: the RIP
  converts our sRGB colours to the press condition. A transparency group blending in DeviceRGB
  is given the same ICC space (PDF/X-4 forbids a device blending space that differs from the
  output intent's). DeviceGray, Lab and the crop marks' All separation are allowed as they are.
- Identification: an XMP metadata stream (uncompressed) with ``pdfxid:GTS_PDFXVersion``
  ``PDF/X-4``, title, dates, producer, ``pdf:Trapped`` False and xmpMM document and instance
  ids; the document information dictionary says the same (``/Trapped /False``, ``/Title``,
  dates, ``/GTS_PDFXVersion``); the trailer has an ``/ID``; the header is PDF 1.6.
- Boxes: every page keeps its TrimBox inside its BleedBox inside its MediaBox (the crop marks'
  `add_crop_marks` sets them); `to_pdfx4` refuses a page without a TrimBox.

Byte-identical for identical input: dates come from ``SOURCE_DATE_EPOCH`` and the ids from a
hash of the input. Fillable forms are not made PDF/X: PDF/X forbids form fields and scripts in
the printed area, and a print shop prints the printable sheet.
"""

from __future__ import annotations

import hashlib
import io
import os
import uuid
import zlib
from datetime import UTC, datetime
from xml.sax.saxutils import escape

import pikepdf

from generator.paths import ASSETS_DIR

ICC_DIR = ASSETS_DIR / "icc"
#: The press condition's output profile, and the profile of the colours we draw in.
OUTPUT_PROFILE = ICC_DIR / "FOGRA39L-coated.icc"
SRGB_PROFILE = ICC_DIR / "sRGB.icc"
#: The registered characterisation the output intent names (ICC characterisation registry).
OUTPUT_CONDITION_ID = "FOGRA39"
OUTPUT_CONDITION = "Offset printing, ISO 12647-2:2004/Amd 1, coated paper (paper type 1 or 2), 115 g/m2"
OUTPUT_INFO = "Coated FOGRA39 (ISO 12647-2:2004)"
REGISTRY = "http://www.color.org"
PDFX_VERSION = "PDF/X-4"
PDF_VERSION = "1.6"


def _date(epoch: int) -> tuple[str, str]:
    """(XMP date, PDF date string) of a Unix time, in UTC."""
    when = datetime.fromtimestamp(epoch, tz=UTC)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ"), when.strftime("D:%Y%m%d%H%M%S+00'00'")


def xmp_packet(title: str, producer: str, creator: str, created: str, document_id: str, instance_id: str) -> bytes:
    """The XMP metadata of a PDF/X-4 file (UTF-8, in an xpacket wrapper, with padding for editors
    to update it in place)."""
    t, p, c = escape(title), escape(producer), escape(creator)
    body = f"""<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{t}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{c}</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreateDate>{created}</xmp:CreateDate>
   <xmp:ModifyDate>{created}</xmp:ModifyDate>
   <xmp:MetadataDate>{created}</xmp:MetadataDate>
   <xmp:CreatorTool>{c}</xmp:CreatorTool>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{instance_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdf:Producer>{p}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
"""
    padding = (" " * 99 + "\n") * 20
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' + body + padding + '<?xpacket end="w"?>'
    ).encode("utf-8")


def _compressed(pdf: pikepdf.Pdf, data: bytes, **keys) -> pikepdf.Stream:
    """A Flate-compressed stream of ``data`` with dictionary ``keys``."""
    return pdf.make_stream(zlib.compress(data, 9), Filter=pikepdf.Name.FlateDecode, **keys)


def _resource_holders(pdf: pikepdf.Pdf):
    """Every page and form XObject (each has its own resources, so each gets /DefaultRGB)."""
    seen = set()
    stack: list[pikepdf.Object] = [page.obj for page in pdf.pages]
    while stack:
        obj = stack.pop()
        if obj.objgen != (0, 0) and obj.objgen in seen:
            continue
        seen.add(obj.objgen)
        yield obj
        resources = obj.get("/Resources")
        if resources is None:
            continue
        for name in ("/XObject", "/Pattern"):
            for _key, child in (resources.get(name) or {}).items():
                if isinstance(child, pikepdf.Stream) and (
                    child.get("/Subtype") == "/Form" or child.get("/PatternType") == 1
                ):
                    stack.append(child)


def to_pdfx4(pdf_bytes: bytes, title: str) -> bytes:
    """``pdf_bytes`` made PDF/X-4 (see the module docstring). ``title`` (the aid and game) goes
    into the information dictionary and the XMP. Raises ValueError for a page without a
    TrimBox (a print-shop page always has one) or an encrypted input."""
    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    if pdf.is_encrypted:
        raise ValueError("an encrypted PDF cannot be PDF/X")
    for number, page in enumerate(pdf.pages, start=1):
        if "/TrimBox" not in page.obj:
            raise ValueError(f"page {number} has no TrimBox: PDF/X needs the trim of every page")

    srgb = _compressed(pdf, SRGB_PROFILE.read_bytes(), N=3, Alternate=pikepdf.Name.DeviceRGB)
    rgb_space = pdf.make_indirect(pikepdf.Array([pikepdf.Name.ICCBased, srgb]))
    for holder in _resource_holders(pdf):
        if "/Resources" not in holder:
            holder.Resources = pikepdf.Dictionary()
        resources = holder.Resources
        if "/ColorSpace" not in resources:
            resources.ColorSpace = pikepdf.Dictionary()
        resources.ColorSpace.DefaultRGB = rgb_space
        group = holder.get("/Group")
        if group is not None and group.get("/S") == "/Transparency" and group.get("/CS") == "/DeviceRGB":
            group.CS = rgb_space

    profile = _compressed(pdf, OUTPUT_PROFILE.read_bytes(), N=4, Alternate=pikepdf.Name.DeviceCMYK)
    pdf.Root.OutputIntents = pikepdf.Array(
        [
            pdf.make_indirect(
                pikepdf.Dictionary(
                    Type=pikepdf.Name.OutputIntent,
                    S=pikepdf.Name.GTS_PDFX,
                    OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION_ID),
                    OutputCondition=pikepdf.String(OUTPUT_CONDITION),
                    Info=pikepdf.String(OUTPUT_INFO),
                    RegistryName=pikepdf.String(REGISTRY),
                    DestOutputProfile=profile,
                )
            )
        ]
    )

    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    xmp_date, pdf_date = _date(epoch)
    producer = str(pdf.docinfo.get("/Producer", "playaid"))
    creator = "playaid"
    digest = hashlib.sha256(pdf_bytes + title.encode("utf-8")).digest()
    document_id = str(uuid.UUID(bytes=digest[:16], version=4))
    instance_id = str(uuid.UUID(bytes=digest[16:32], version=4))
    pdf.Root.Metadata = pdf.make_stream(
        xmp_packet(title, producer, creator, xmp_date, document_id, instance_id),
        Type=pikepdf.Name.Metadata,
        Subtype=pikepdf.Name.XML,
    )
    info = pdf.docinfo
    for key in list(info.keys()):
        if key not in ("/Author", "/Subject", "/Keywords"):
            del info[key]
    info.Title = pikepdf.String(title)
    info.Creator = pikepdf.String(creator)
    info.Producer = pikepdf.String(producer)
    info.CreationDate = pikepdf.String(pdf_date)
    info.ModDate = pikepdf.String(pdf_date)
    info.Trapped = pikepdf.Name("/False")
    info.GTS_PDFXVersion = pikepdf.String(PDFX_VERSION)

    out = io.BytesIO()
    # The metadata stays uncompressed (preflight tools read it as plain XML); the other streams
    # arrive compressed, and the profiles are compressed by `_compressed`.
    pdf.save(
        out,
        deterministic_id=True,
        compress_streams=False,
        force_version=PDF_VERSION,
        object_stream_mode=pikepdf.ObjectStreamMode.preserve,
    )
    return out.getvalue()
