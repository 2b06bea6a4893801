"""Fillable forms: totals with calculate scripts and a calculation order, number-only boxes,
the field tree, fixed font size, and the Tab order as PDFium follows it."""

from __future__ import annotations

import ctypes
import re
import shutil
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.checks.load import load_content
from generator.errors import ContentError
from generator.paths import PROJECT_ROOT
from generator.pipeline.aidbuild import RenderOptions
from generator.pipeline.build import BuildOptions, build
from generator.render.form_scripts import FF_DO_NOT_SCROLL, FF_DO_NOT_SPELL_CHECK, FF_READ_ONLY, NUMBER_KEYSTROKE_JS

FF_REQUIRED = 1 << 1  # PDF 32000-1:2008, table 221

CONTENT = PROJECT_ROOT / "content"
RFTG_SUMMED = [
    "cards_vp",
    "chips_vp",
    "six_dev_vp",
    "defense_awards_vp",
    "greatest_admiral",
    "greatest_contributor",
    "cs_greatest_contributor",
    "greatest_conqueror",
]
#: The sheet's rows: the Galactic Renaissance count sits above the 6-cost row that uses it, and
#: is not summed.
RFTG_ROWS = ["name", "cards_vp", "chips_vp", "renaissance_chips", *RFTG_SUMMED[2:], "total", "tie_break"]


def _build(out: Path, paper: str, content: Path = CONTENT, aids=("rftg-score-sheet", "xia-campaign-log")) -> None:
    report = build(BuildOptions(content_dir=content, out_dir=out, jobs=1, only=aids, render=RenderOptions(paper=paper)))
    assert report.ok, [r.error for r in report.results]


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    out = tmp_path_factory.mktemp("forms")
    _build(out, "a4")
    _build(out, "letter")
    return out


def fields(path: Path) -> dict[str, pikepdf.Dictionary]:
    """Terminal fields by fully qualified name (parent /T + "." + kid /T)."""
    pdf = pikepdf.open(path)
    found = {}

    def walk(node, prefix):
        name = prefix + str(node.T) if "/T" in node else prefix.rstrip(".")
        if "/Kids" in node:
            for kid in node.Kids:
                walk(kid, name + ".")
        else:
            found[name] = node

    for top in pdf.Root.AcroForm.Fields:
        walk(top, "")
    found["__pdf__"] = pdf  # keep the document open while its objects are used
    return found


def js(action) -> str:
    script = action.JS
    return script.read_bytes().decode() if isinstance(script, pikepdf.Stream) else str(script)


def script_names(script: str) -> list[str]:
    """The field names listed in a sum script's ``names`` array."""
    return re.findall(r'"([a-z0-9_]+\.[a-z0-9_]+)"', script.split("var names = ", 1)[1].split(";", 1)[0])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rftg_totals_add_up_each_players_rows(out, paper):
    found = fields(out / paper / "rftg-score-sheet-fillable.pdf")
    pdf = found.pop("__pdf__")
    totals = [f"total.player_{n}" for n in range(1, 6)]
    # the calculation order lists every total, and nothing else
    assert [f"{f.Parent.T}.{f.T}" for f in pdf.Root.AcroForm.CO] == totals
    for n in range(1, 6):
        script = js(found[f"total.player_{n}"].AA.C)
        assert script_names(script) == [f"{row}.player_{n}" for row in RFTG_SUMMED]
        assert "renaissance_chips" not in script and "tie_break" not in script
        assert 'event.value = filled ? total : "";' in script
    # no other box computes anything
    assert {name for name, f in found.items() if "/AA" in f and "/C" in f.AA} == set(totals)


def test_xia_campaign_score_is_a_running_total_of_game_scores(out):
    found = fields(out / "a4" / "xia-campaign-log-fillable.pdf")
    pdf = found.pop("__pdf__")
    totals = [f"game_{n}.{c}" for n in range(1, 21) for c in ("game_score", "campaign_score")]
    # each game's score is computed before the running totals that add it up
    assert [f"{f.Parent.T}.{f.T}" for f in pdf.Root.AcroForm.CO] == totals
    script = js(found["game_3.campaign_score"].AA.C)
    assert script_names(script) == ["game_1.game_score", "game_2.game_score", "game_3.game_score"]
    # blank for a game not played yet, even though earlier games have scores
    assert 'filledText.call(this, "game_3.game_score") === "" ? "" : total' in script
    assert len(script_names(js(found["game_20.campaign_score"].AA.C))) == 20


@pytest.mark.parametrize(
    "form, totals, numbers, texts",
    [
        ("rftg-score-sheet", 5, 5 * 11, 5),  # 8 summed rows, total, Renaissance count, tie-break; names
        (
            "xia-campaign-log",
            40,
            20 * 4,
            20 * 4,
        ),  # game and campaign scores computed; FP, NPC FP too; ships, goal, upgrade
    ],
)
def test_field_kinds_flags_and_font_size(out, form, totals, numbers, texts):
    found = fields(out / "a4" / f"{form}-fillable.pdf")
    pdf = found.pop("__pdf__")
    number_fields = {n: f for n, f in found.items() if f.FT == "/Tx" and f.get("/MaxLen") == 4}
    text_fields = {n: f for n, f in found.items() if f.FT == "/Tx" and n not in number_fields}
    assert len(number_fields) == numbers and len(text_fields) == texts
    for f in number_fields.values():
        assert int(f.Ff) & (FF_DO_NOT_SPELL_CHECK | FF_DO_NOT_SCROLL) == FF_DO_NOT_SPELL_CHECK | FF_DO_NOT_SCROLL
        assert f.Q == 1
        assert js(f.AA.K) == NUMBER_KEYSTROKE_JS
    # one shared keystroke action, not one copy per box
    assert len({f.AA.K.objgen for f in number_fields.values()}) == 1
    for f in text_fields.values():
        assert "/AA" not in f
    for name, f in found.items():
        # totals stay typeable in the file (viewers without scripts); the document script locks them
        assert not int(f.get("/Ff", 0)) & FF_READ_ONLY, name
        assert not int(f.get("/Ff", 0)) & FF_REQUIRED, name  # an unticked "Won" is an answer
        if f.FT == "/Tx":
            assert str(f.DA).startswith("/Helv 10 Tf"), (name, str(f.DA))
    locked = js(pdf.Root.Names.JavaScript.Names[1])
    co = [f"{f.Parent.T}.{f.T}" for f in pdf.Root.AcroForm.CO]
    assert len(co) == totals
    assert re.findall(r'"([a-z0-9_.]+)"', locked) == co and "readonly = true" in locked


def test_field_tree_has_no_dotted_partial_names(out):
    pdf = pikepdf.open(out / "a4" / "rftg-score-sheet-fillable.pdf")
    parents = [str(p.T) for p in pdf.Root.AcroForm.Fields]
    assert parents == RFTG_ROWS
    for parent in pdf.Root.AcroForm.Fields:
        assert [str(k.T) for k in parent.Kids] == [f"player_{n}" for n in range(1, 6)]
        assert all("." not in str(k.T) for k in parent.Kids)


class _Form:
    """A PDF opened in PDFium's form-filling environment (pypdfium2), first page loaded."""

    def __init__(self, path: Path):
        self.doc = pdfium.PdfDocument(str(path))
        self.info = pdfium_c.FPDF_FORMFILLINFO()
        self.info.version = 2
        self.handle = pdfium_c.FPDFDOC_InitFormFillEnvironment(self.doc.raw, ctypes.byref(self.info))
        self.page = self.doc[0]
        pdfium_c.FORM_OnAfterLoadPage(self.page.raw, self.handle)

    def _text(self, getter, annot) -> str:
        size = getter(self.handle, annot, None, 0)
        buf = ctypes.create_string_buffer(size)
        getter(self.handle, annot, ctypes.cast(buf, ctypes.POINTER(pdfium_c.FPDF_WCHAR)), size)
        return buf.raw[: max(0, size - 2)].decode("utf-16-le")

    def name(self, annot) -> str:
        return self._text(pdfium_c.FPDFAnnot_GetFormFieldName, annot)

    def focused(self) -> str:
        index, annot = ctypes.c_int(-1), pdfium_c.FPDF_ANNOTATION()
        pdfium_c.FORM_GetFocusedAnnot(self.handle, ctypes.byref(index), ctypes.byref(annot))
        return self.name(annot)

    def tab_order(self, count: int) -> list[str]:
        """Focus the first widget, then press Tab ``count - 1`` times; the focused field names."""
        pdfium_c.FORM_SetFocusedAnnot(self.handle, pdfium_c.FPDFPage_GetAnnot(self.page.raw, 0))
        order = [self.focused()]
        for _ in range(count - 1):
            pdfium_c.FORM_OnKeyDown(self.handle, self.page.raw, 0x09, 0)  # FWL_VKEY_Tab
            order.append(self.focused())
        return order


def test_tab_goes_down_each_players_column_in_pdfium(out):
    order = _Form(out / "a4" / "rftg-score-sheet-fillable.pdf").tab_order(13)
    assert order == [f"{row}.player_1" for row in RFTG_ROWS] + ["name.player_2"]


def test_tab_goes_along_each_game_row_in_pdfium(out):
    order = _Form(out / "letter" / "xia-campaign-log-fillable.pdf").tab_order(11)
    columns = [
        "ship",
        "ships_upgraded",
        "goal",
        "fame",
        "npc_fame",
        "won",
        "goal_completed",
        "upgrade",
        "game_score",
        "campaign_score",
    ]
    assert order == [f"game_1.{c}" for c in columns] + ["game_2.ship"]


def test_totals_follow_the_scoring_model(tmp_path):
    """A component added to the scoring model is on the sheet and in its Total: no code names
    the rows, and the printed pad adds up what the calculator adds up."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    scoring = content / "rftg" / "scoring.yaml"
    text = scoring.read_text()
    text = text.replace(
        "awards_total: {id: bonus_vp",
        "  - {id: prestige_vp, label: Prestige, value: goods}\nawards_total: {id: bonus_vp",
    )
    text = text.replace("    - {id: total, label: Total VP}", "    - prestige_vp\n    - {id: total, label: Total VP}")
    scoring.write_text(text)
    _build(tmp_path / "out", "a4", content, aids=("rftg-score-sheet",))
    found = fields(tmp_path / "out" / "a4" / "rftg-score-sheet-fillable.pdf")
    assert script_names(js(found["total.player_2"].AA.C)) == [
        f"{row}.player_2"
        for row in [
            "cards_vp",
            "chips_vp",
            "six_dev_vp",
            "defense_awards_vp",
            "greatest_admiral",
            "greatest_contributor",
            "cs_greatest_contributor",
            "greatest_conqueror",
            "prestige_vp",
        ]
    ]
    from generator.compile.compile_rules import compile_rules
    from generator.scoring.api import score

    report = score(
        {
            "game": "rftg",
            "variant": "standard",
            "ended_by": "tableau",
            "players": [{"name": "Ann", "tableau": ["Old Earth"], "goods": 3}],
        },
        compile_rules(load_content(content)),
    )
    assert report["players"][0]["prestige_vp"] == 3 and report["players"][0]["total"] == 2 + 3


@pytest.mark.parametrize(
    "edit, message",
    [
        (
            ("    - six_dev_vp\n", ""),
            "the sheet leaves out component 'six_dev_vp', so its Total would not add up to the score",
        ),
        (
            ("    - cards_vp\n", "    - card_vp\n"),
            "'card_vp' is not an entered value, measure, component, award or tie-breaker of this model "
            "(did you mean 'cards_vp'? use one of: tableau, chips, ",
        ),
        (
            ("    - six_dev_vp\n", "    - six_dev_vp\n    - {id: again, add: [six_dev_vp]}\n"),
            "'six_dev_vp' is already on the sheet (line 5): the Total would count it twice",
        ),
    ],
)
def test_a_sheet_that_would_not_add_up_is_a_content_error(tmp_path, edit, message):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    scoring = content / "rftg" / "scoring.yaml"
    text = scoring.read_text()
    assert edit[0] in text
    scoring.write_text(text.replace(*edit))
    with pytest.raises(ContentError) as caught:
        load_content(content)
    assert message in str(caught.value)
    assert "scoring.yaml:" in str(caught.value)


def test_xia_game_score_is_computed_from_its_row_with_the_models_formula(out):
    """The campaign log's game score box runs the scoring model's points formula (fame - npc_fame
    if the game completes its goal, else the failed-goal penalty) on its row: it is not typed."""
    found = fields(out / "a4" / "xia-campaign-log-fillable.pdf")
    script = js(found["game_3.game_score"].AA.C)
    assert "fame - npc_fame if completes_goal else failed_goal_penalty" in script
    assert '(on.call(this, r, "won") && on.call(this, r, "goal_completed"))' in script  # completes
    assert '(num.call(this, r, "fame") > num.call(this, r, "npc_fame"))' in script  # won-without-lead
    assert ": -3);" in script and "earlier >= 10" in script  # the penalty and the goal count, from the facts
    assert "var i = 2, r = rows[i];" in script
