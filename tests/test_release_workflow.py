"""The release workflow (``.github/workflows/release.yml``) cannot run here: it is checked with
actionlint (from the test extras, with shellcheck for its ``run:`` scripts), and its commands are
checked against the ones the README and the Makefile define."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.reader.yaml_io import load_file

REPO = Path(__file__).resolve().parents[1]
WORKFLOW = REPO / ".github" / "workflows" / "release.yml"
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = BIN / name
    if not path.is_file():
        path = shutil.which(name)
        assert path, f"{name} is not installed (it is in pyproject.toml's test extras: run `make test`)"
    return str(path)


def _actionlint(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [_tool("actionlint"), "-shellcheck", _tool("shellcheck"), "-no-color", str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )


def _workflow() -> dict:
    located, problems = load_file(WORKFLOW)
    assert located is not None and not problems, problems
    return located.data


def _runs(job: dict) -> list[str]:
    return [step["run"] for step in job["steps"] if "run" in step]


def _make_targets() -> set[str]:
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][a-z-]*):", text, re.M))


def _readme_commands() -> list[str]:
    """Every `make ...` command the README shows in a code block or in backticks."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return re.findall(r"(?:^|`)(make [a-z-]+)", text, re.M)


def test_actionlint_passes():
    result = _actionlint(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_finds_a_broken_workflow(tmp_path):
    """The linter really reads the file: a job without runs-on and an unknown expression fail."""
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    text = WORKFLOW.read_text(encoding="utf-8")
    text = text.replace("    runs-on: ubuntu-latest\n    container: debian:bookworm\n", "", 1)
    text = text.replace("${{ github.token }}", "${{ github.tokn }}")
    broken.write_text(text, encoding="utf-8")
    result = subprocess.run(
        [_tool("actionlint"), "-no-color", str(broken)], capture_output=True, text=True, cwd=tmp_path
    )
    assert result.returncode == 1
    assert '"runs-on" section is missing in job "test"' in result.stdout
    assert 'property "tokn" is not defined' in result.stdout


def test_every_push_runs_the_readmes_test_command():
    workflow = _workflow()
    assert set(workflow["on"]) >= {"push", "pull_request"}
    assert workflow["on"]["push"]["branches"] == ["**"]
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    test_command = next(line.split("#")[0].strip() for line in first_block.splitlines() if "runs the tests" in line)
    assert test_command == "make test"
    test_job = workflow["jobs"]["test"]
    assert "if" not in test_job  # every push, every branch
    assert _runs(test_job)[-1] == test_command
    # CI on this project's machines runs the same command
    assert (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().endswith("\n" + test_command)


def test_a_tag_builds_make_dist_and_publishes_it():
    jobs = _workflow()["jobs"]
    dist = jobs["dist"]
    assert dist["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert dist["needs"] == "test"
    assert _runs(dist)[-1] == "make dist"
    uses = {step["uses"].split("@")[0]: step.get("with", {}) for step in dist["steps"] if "uses" in step}
    assert uses["actions/upload-pages-artifact"] == {"path": "dist/site"}
    release_files = uses["actions/upload-artifact"]["path"].split()
    assert release_files == ["dist/*.whl", "dist/*.tar.gz", "dist/*.zip", "dist/SHA256SUMS"]
    assert [s["uses"].split("@")[0] for s in jobs["pages"]["steps"]] == ["actions/deploy-pages"]
    assert jobs["pages"]["permissions"] == {"pages": "write", "id-token": "write"}
    release = _runs(jobs["release"])
    assert len(release) == 1 and release[0].startswith('gh release create "$TAG" dist/* ')
    assert jobs["release"]["permissions"] == {"contents": "write"}


def test_the_workflows_commands_are_the_makefiles_and_the_readmes():
    """Every `make X` the workflow runs is a Makefile target the README documents; the Makefile's
    dist target writes the dist/ folder the workflow publishes from."""
    targets, documented = _make_targets(), set(_readme_commands())
    for name, job in _workflow()["jobs"].items():
        for run in _runs(job):
            for command in re.findall(r"(?:^|&&|;)\s*(make [a-z-]+)", run, re.M):
                assert command.split()[1] in targets, (name, command)
                assert command in documented, (name, command)
    assert {"make test", "make dist"} <= {c for job in _workflow()["jobs"].values() for c in _runs(job)}
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ndist:", 1)[1].split("\n\n", 1)[0]
    assert "tools/dist.py --out dist" in recipe


def test_the_fresh_machine_gets_what_the_makefile_calls():
    """The container starts bare: the setup step installs make, git (the release date comes from
    the last commit), Python with venv, npm, and Pango for WeasyPrint."""
    for job in ("test", "dist"):
        setup = _runs(_workflow()["jobs"][job])[0]
        packages = set(setup.split("--no-install-recommends", 1)[1].split())
        assert packages >= {"make", "git", "python3", "python3-venv", "npm", "libpango-1.0-0"}, job
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "git log -1 --format=%ct" in makefile
    assert "-m venv" in makefile and "npm ci" in makefile


@pytest.mark.parametrize("name", ["actionlint", "shellcheck"])
def test_linters_are_pinned_in_the_test_extras(name):
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(rf'"{name}-py[a-z-]*==[0-9.]+"', pyproject), name
