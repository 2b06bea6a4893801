"""Content stays inside its content folder: files and folders that resolve elsewhere through
symbolic links are refused with a problem naming them, as rendering refuses asset URLs outside
the asset folder (`generator.render.fetcher`). A content pull request cannot make a build read
``~/.ssh/...`` into an aid by adding a link.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import Problem, display_path

_HINT = "copy it into the content folder, or remove the link"


def resolves_outside(path: Path, root: Path) -> Path | None:
    """Where ``path`` leads (symbolic links followed) when that is outside ``root`` (already
    resolved); None when inside. A link loop counts as outside (it leads nowhere readable)."""
    try:
        target = path.resolve(strict=False)
    except (OSError, RuntimeError):
        return path
    return None if target.is_relative_to(root) else target


def keep_inside(paths: list[Path], root: Path, what: str = "file") -> tuple[list[Path], list[Problem]]:
    """``paths`` that resolve inside the content folder ``root``, and a problem for each of the
    others (``what``: "file" or "folder", for the message)."""
    root = Path(root).resolve()
    inside: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        target = resolves_outside(path, root)
        if target is None:
            inside.append(path)
        else:
            problems.append(
                Problem(
                    display_path(path),
                    0,
                    0,
                    "",
                    f"refused: this {what} links outside the content folder, to {target}",
                    _HINT,
                )
            )
    return inside, problems


def linked_folders_outside(folder: Path, root: Path) -> list[Problem]:
    """A problem for each folder under ``folder`` that is a link leading outside ``root``: its
    files are not read (`Path.rglob` does not follow folder links), and silence would hide that."""
    links = sorted(p for p in Path(folder).rglob("*") if p.is_symlink() and p.is_dir())
    return keep_inside(links, root, "folder")[1]
