"""Shell completion of aid names for `playaid build` and `playaid watch`.

A Tab press must answer at once, so this reads only each game's ``game.yaml`` and its
``kind: aids`` files with the bounded YAML reader: no validation models, no renderer. A broken
file just contributes nothing (completion never prints errors into the user's command line).
"""

from __future__ import annotations

import re
from pathlib import Path

_AIDS_KIND = re.compile(r"^kind:\s*aids\s*(#.*)?$", re.MULTILINE)


def aid_names(content_dir: Path | str) -> list[tuple[str, str, str | None]]:
    """(name, description, short name) of every aid content declares, in file order: the name is
    ``<game>-<id>`` as the output files and `playaid list` name it; the short name is the bare
    id when no other game uses it (`playaid build` accepts both), else None."""
    from generator.content.files import content_files, game_folders
    from generator.reader.yaml_io import MAX_CONTENT_BYTES, load_file

    found: list[tuple[str, str, str, str]] = []  # (game, id, format, title)
    for folder in game_folders(Path(content_dir)):
        game_doc, _ = load_file(folder / "game.yaml", MAX_CONTENT_BYTES)
        game = game_doc.data if game_doc is not None and isinstance(game_doc.data, dict) else {}
        game_id = str(game.get("id") or folder.name)
        for path in content_files(folder):
            try:
                if not _AIDS_KIND.search(path.read_text(encoding="utf-8", errors="replace")):
                    continue
            except OSError:
                continue
            doc, _ = load_file(path, MAX_CONTENT_BYTES)
            aids = doc.data.get("aids") if doc is not None and isinstance(doc.data, dict) else None
            for aid in aids if isinstance(aids, list) else []:
                if isinstance(aid, dict) and isinstance(aid.get("id"), str):
                    found.append((game_id, aid["id"], str(aid.get("format", "")), str(aid.get("title", ""))))
    ids = [aid_id for _, aid_id, _, _ in found]
    return [
        (f"{game}-{aid_id}", f"{game} {fmt}: {title}", aid_id if ids.count(aid_id) == 1 else None)
        for game, aid_id, fmt, title in found
    ]


def complete_aids(ctx, param, incomplete: str):
    """click ``shell_complete`` callback: the aid names (``rftg-invasion-summary``) starting with
    ``incomplete`` that are not on the command line yet, each with its game, format and title as
    help; a short name (``invasion-summary``) when only it matches what was typed."""
    from click.shell_completion import CompletionItem

    from generator.paths import default_content_dir

    content_dir = ctx.params.get("content_dir") or default_content_dir()
    given = set(ctx.params.get(param.name) or ())
    items = []
    for name, description, short in aid_names(content_dir):
        if name in given or short in given:
            continue
        if name.startswith(incomplete):
            items.append(CompletionItem(name, help=description))
        elif short is not None and short.startswith(incomplete):
            items.append(CompletionItem(short, help=description))
    return items
