"""The record format in words, for `playaid score --help`, generated from the compiled rules
(variants, ``ended_by`` values and the fields each variant uses come from content) and from the
record schema's field descriptions, so the help and the scorer never disagree."""

from __future__ import annotations

from generator.scoring.record_schema import rftg_schema, xia_campaign_schema


def _fields(schema: dict, indent: str) -> list[str]:
    out = []
    required = set(schema.get("required", []))
    for name, sub in schema["properties"].items():
        if name == "game":
            continue
        need = "" if name in required else " (optional)"
        out.append(f"{indent}{name}{need}: {sub.get('description', '')}".rstrip(": "))
    return out


def record_help(rules: dict) -> str:
    """Plain text: the RftG record (variants with their ``ended_by`` values before and after the
    repulse, the player fields and which variants use them) and the Xia campaign record."""
    lines = ["Record format (YAML or JSON; examples in examples/):", ""]
    games = rules.get("games", {})
    if "rftg" in games:
        schema = rftg_schema(games["rftg"])
        lines.append("game: rftg")
        lines.append("  variant and ended_by:")
        for v in games["rftg"]["scoring"]["variants"]:
            text = f"    {v['id']}: ended_by {', '.join(v['ended_by'])}"
            if v.get("ended_by_before_repulse"):
                text += (f" (after the repulse); before the repulse: "
                         f"{', '.join(v['ended_by_before_repulse'])} (write repulsed: true/false)")
            lines.append(text)
            extra = [f for f in v.get("fields", []) if f != "repulsed"]
            if extra:
                lines.append(f"      player fields used: {', '.join(extra)}")
        lines.append("  players: one entry each, with:")
        lines += _fields(schema["properties"]["players"]["items"], "    ")
        lines.append("")
    lines.append("game: xia-campaign")
    campaign = xia_campaign_schema()
    lines += _fields(campaign, "  ")
    lines.append("  games: one entry per game played, with:")
    lines += _fields(campaign["properties"]["games"]["items"], "    ")
    return "\n".join(lines)
