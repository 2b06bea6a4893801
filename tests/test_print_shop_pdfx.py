"""`--mode print-shop` writes PDF/X-4 (ISO 15930-7:2010): each requirement that applies to our
files, checked on every built print-shop PDF of every aid content declares (A4). The fillable
forms are for screens and must not claim PDF/X (PDF/X forbids form fields and scripts)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pytest

from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build

NS = {
    "x": "adobe:ns:meta/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "dc": "http://purl.org/dc/elements/1.1/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
    "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "pdfxid": "http://www.npes.org/pdfx/ns/id/",
}


@pytest.fixture(scope="module")
def shop(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shop")
    report = build(
        BuildOptions(
            content_dir=PROJECT_ROOT / "content",
            out_dir=out,
            jobs=2,
            render=RenderOptions(paper="a4", mode="print-shop"),
        )
    )
    assert report.ok, [r.error for r in report.results if r.error]
    return out / "print-shop-a4"


def _press(shop: Path) -> list[Path]:
    files = sorted(p for p in shop.glob("*.pdf") if not p.name.endswith("-fillable.pdf"))
    assert files
    return files


def _objects(pdf):
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream):
            yield obj, obj.stream_dict
        elif isinstance(obj, pikepdf.Dictionary):
            yield obj, obj


def _xmp(pdf) -> ET.Element:
    meta = pdf.Root.Metadata
    assert meta.get("/Subtype") == "/XML" and meta.get("/Type") == "/Metadata"
    assert "/Filter" not in meta.stream_dict  # plain XML for preflight tools
    root = ET.fromstring(meta.read_bytes().decode("utf-8").split("?>", 1)[1].rsplit("<?xpacket", 1)[0])
    return root.find("rdf:RDF/rdf:Description", NS)


def test_header_and_trailer(shop):
    for path in _press(shop):
        assert path.read_bytes().startswith(b"%PDF-1.6"), path.name  # PDF/X-4 is PDF 1.6
        with pikepdf.open(path) as pdf:
            assert not pdf.is_encrypted
            ids = pdf.trailer.ID
            assert len(ids) == 2 and all(len(bytes(i)) >= 16 for i in ids), path.name


def test_output_intent_with_its_icc_output_profile(shop):
    for path in _press(shop):
        with pikepdf.open(path) as pdf:
            intents = [i for i in pdf.Root.OutputIntents if i.S == "/GTS_PDFX"]
            assert len(intents) == 1, path.name
            intent = intents[0]
            assert str(intent.OutputConditionIdentifier) and str(intent.Info)
            profile = intent.DestOutputProfile
            data = profile.read_bytes()
            assert data[36:40] == b"acsp"  # an ICC profile
            assert data[12:16] == b"prtr"  # of an output device
            assert data[16:20] == b"CMYK" and int(profile.N) == 4
            assert int.from_bytes(data[:4], "big") == len(data)


def test_xmp_identification(shop):
    for path in _press(shop):
        with pikepdf.open(path) as pdf:
            desc = _xmp(pdf)
            assert desc.findtext("pdfxid:GTS_PDFXVersion", namespaces=NS) == "PDF/X-4", path.name
            for field in ("xmpMM:DocumentID", "xmpMM:InstanceID"):
                assert desc.findtext(field, namespaces=NS).startswith("uuid:"), field
            assert desc.findtext("xmpMM:VersionID", namespaces=NS) and desc.findtext(
                "xmpMM:RenditionClass", namespaces=NS
            )
            dates = {f: desc.findtext(f"xmp:{f}", namespaces=NS) for f in ("CreateDate", "ModifyDate", "MetadataDate")}
            assert all(dates.values()), dates
            title = desc.find("dc:title/rdf:Alt/rdf:li", NS).text
            assert title == str(pdf.docinfo.Title) and title.strip()
            assert desc.findtext("pdf:Producer", namespaces=NS) == str(pdf.docinfo.Producer)
            # the information dictionary agrees with the XMP
            created = dates["CreateDate"]
            pdf_date = "D:" + created[:19].replace("-", "").replace("T", "").replace(":", "")
            assert str(pdf.docinfo.CreationDate).startswith(pdf_date)
            assert str(pdf.docinfo.ModDate).startswith(
                "D:" + dates["ModifyDate"][:19].replace("-", "").replace("T", "").replace(":", "")
            )


def test_trapped_key(shop):
    for path in _press(shop):
        with pikepdf.open(path) as pdf:
            assert pdf.docinfo.Trapped == pikepdf.Name("/False"), path.name
            assert _xmp(pdf).findtext("pdf:Trapped", namespaces=NS) == "False"


def test_boxes_nest_on_every_page(shop):
    def box(page, name):
        x0, y0, x1, y1 = (float(v) for v in page[name])
        return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)

    def inside(inner, outer):
        return all(a >= b - 0.01 for a, b in zip(inner[:2], outer[:2])) and all(
            a <= b + 0.01 for a, b in zip(inner[2:], outer[2:])
        )

    for path in _press(shop):
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                page = page.obj
                assert "/TrimBox" in page and "/ArtBox" not in page, (path.name, number)
                trim, media = box(page, "/TrimBox"), box(page, "/MediaBox")
                bleed = box(page, "/BleedBox") if "/BleedBox" in page else media
                assert inside(trim, bleed) and inside(bleed, media), (path.name, number)
                assert trim[2] - trim[0] > 50 and trim[3] - trim[1] > 50  # pt: a real piece


def test_every_font_is_embedded(shop):
    for path in _press(shop):
        with pikepdf.open(path) as pdf:
            fonts = 0
            for _obj, d in _objects(pdf):
                if d.get("/Type") != "/Font" or d.get("/Subtype") in ("/Type0", "/Type3"):
                    continue
                fonts += 1
                descriptor = d.get("/FontDescriptor")
                assert descriptor is not None, (path.name, str(d.get("/BaseFont")))
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (
                    path.name,
                    str(d.get("/BaseFont")),
                )
            assert fonts, path.name  # every aid prints text


def test_rgb_is_colour_managed_and_groups_are_allowed(shop):
    for path in _press(shop):
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                default = page.obj.Resources.ColorSpace.DefaultRGB
                assert default[0] == "/ICCBased" and int(default[1].N) == 3, (path.name, number)
            for _obj, d in _objects(pdf):
                if d.get("/Subtype") == "/Form" and "/Resources" in d:
                    assert "/DefaultRGB" in d.Resources.get("/ColorSpace", {}), path.name
                group = d.get("/Group")
                if group is not None and group.get("/S") == "/Transparency" and "/CS" in group:
                    # a device blending space other than the output intent's is forbidden
                    assert not isinstance(group.CS, pikepdf.Name) or group.CS in ("/DeviceCMYK", "/DeviceGray"), (
                        path.name,
                        group.CS,
                    )
                if d.get("/Subtype") == "/Image":
                    assert "/OPI" not in d and "/Alternates" not in d, path.name


def test_nothing_pdf_x_forbids(shop):
    for path in _press(shop):
        with pikepdf.open(path) as pdf:
            assert "/AcroForm" not in pdf.Root and "/OpenAction" not in pdf.Root, path.name
            assert "/JavaScript" not in pdf.Root.get("/Names", {}), path.name
            for page in pdf.pages:
                for annot in page.obj.get("/Annots", []):
                    assert annot.Subtype in ("/PrinterMark", "/TrapNet"), (path.name, annot.Subtype)
            for _obj, d in _objects(pdf):
                assert d.get("/Subtype") != "/PS", path.name  # PostScript XObjects
                if d.get("/Type") == "/ExtGState":
                    assert "/HTP" not in d, path.name
                    for key in ("/TR", "/TR2"):
                        assert key not in d or d[key] == "/Default", (path.name, key)
                assert d.get("/S") != "/JavaScript", path.name


def test_fillable_forms_do_not_claim_pdf_x(shop):
    fillable = sorted(shop.glob("*-fillable.pdf"))
    for path in fillable:
        with pikepdf.open(path) as pdf:
            assert "/OutputIntents" not in pdf.Root
            assert "/GTS_PDFXVersion" not in pdf.docinfo


def test_the_same_build_gives_the_same_bytes(shop, tmp_path):
    first = _press(shop)[0]
    key = first.stem
    report = build(
        BuildOptions(
            content_dir=PROJECT_ROOT / "content",
            out_dir=tmp_path,
            jobs=1,
            only=(key,),
            render=RenderOptions(paper="a4", mode="print-shop"),
        )
    )
    assert report.ok
    assert (tmp_path / "print-shop-a4" / first.name).read_bytes() == first.read_bytes()
