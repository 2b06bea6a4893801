"""`playaid check` warns of the natural mistakes of a scoring model that scores, but wrongly
(generator/checks/scoring_lint.py): an award that gives every tied player VP its rule says are
split, one place where the rule names a second, a component that reads nothing a player enters.
Made on a copy of a game of the coverage set (examples/games/), changed the way a first attempt
writes it."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from generator.cli import cli

GAMES = Path(__file__).resolve().parents[1] / "examples" / "games"


def _game_with_a_split_award():
    """A game of the set whose rules split an award's VP (its `ties: share` or `pool`)."""
    from generator.checks.load import load_content

    content = load_content(GAMES)
    for game in content.games.values():
        for doc in game.of_kind("scoring").values():
            for award in doc.awards:
                if award.ties in ("share", "pool") and len(award.vp_by_place) > 1:
                    return game.id, award
    raise AssertionError("the coverage set has no award with split ties")


def _check(folder):
    res = CliRunner().invoke(cli, ["check", str(folder)])
    return res.exit_code, res.output


def test_the_coverage_set_draws_no_warning():
    code, output = _check(GAMES)
    assert code == 0 and "warning" not in output.lower() and "problem" not in output.lower(), output


def test_split_vp_given_to_all_and_a_lost_second_place_are_said(tmp_path):
    game, award = _game_with_a_split_award()
    shutil.copytree(GAMES / game, tmp_path / game)
    scoring = next((tmp_path / game).glob("scoring.yaml"))
    text = scoring.read_text(encoding="utf-8")
    places = "[" + ", ".join(str(v) for v in award.vp_by_place) + "]"
    assert f"places: {places}" in text and f"ties: {award.ties}" in text
    # the natural first attempt: the winner's VP to all of a tie, no second place
    text = text.replace(f"places: {places}", f"vp: {award.vp_by_place[0]}", 1)
    text = text.replace(f"ties: {award.ties}", "ties: all", 1)
    scoring.write_text(text, encoding="utf-8")
    code, output = _check(tmp_path)
    assert f"award '{award.id}' gives every tied player the VP, but the rule it cites splits them" in output
    assert f"award '{award.id}' gives one place, but the rule it cites names a second" in output
    assert f"{scoring}:" in output and ".ties:" in output  # located at the key
    assert code == 0  # warnings: the model still scores


def test_a_component_that_reads_nothing_entered_is_said(tmp_path):
    from generator.content.skeleton import new_game

    new_game("zz-gems", tmp_path / "content", tmp_path / "examples", title="Gems")
    scoring = tmp_path / "content" / "zz-gems" / "scoring.yaml"
    text = scoring.read_text(encoding="utf-8").replace("value: coins // coins_per_vp", "value: coins_per_vp * 2")
    scoring.write_text(text, encoding="utf-8")
    code, output = _check(tmp_path / "content")
    assert "component 'coins_vp' reads no value a player enters, so it scores the same for everyone" in output
