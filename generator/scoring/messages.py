"""The words of the built-in findings: code -> message template (`MESSAGES`; a model may reword
any of them under ``messages:``, `pad.Pad.message`), the codes some are reported under
(`_CODES`) and `with_article`. Pure; standard library only.
"""

from __future__ import annotations

#: The built-in findings: code -> message template (a model may reword them: `messages`).
MESSAGES = {
    "ended_by": "ended_by '{ended_by}' is not a way {a_variant} game{stage} ends (use one of: {allowed})",
    "record_field_not_applicable": "`{field}` does not apply to {a_variant} game (remove it)",
    "field_not_applicable": "`{field}` does not apply to this {variant} game{why} (remove it)",
    "missing_field": "`{field}` not written for {player} (counted as {default}; write `{field}: {default}` "
    "if there were none)",
    "assumed": "`{field}` not given; assumed {value} (write {field}: {choices})",
    "missing_record_field": "`{field}` not written (add `{field}:` to the record)",
    "award_not_given": "{title}: nobody scores it ({best} {measure}{note} is {top}; it needs {bound} {min})",
    "award_tied_nobody": "{title}: nobody scores it ({names} tie for the {best} {measure}{note}: {top})",
    "no_awards": "no awards: the game ended by {ended_by}",
    "player_count": "{count} players, but the game takes at most {max} (check the record)",
    "duplicate_player": "two players are named '{name}', entries {first} and {second} (give each player a different "
    "name, or remove the entry written twice)",
    "claimed_total": "claimed {claimed} but {counted} {total} (claimed is {diff:+d}){hint}",
    "award_why": "{best} {measure}{note}: {top}{tie}",
    "award_player_count": "{title}: not scored with {count} players (it is scored with {bound})",
}


#: Built-in findings reported under another finding's code (the same kind of problem).
_CODES = {"record_field_not_applicable": "field_not_applicable", "missing_record_field": "missing_field"}


def with_article(word: str) -> str:
    """The word with its indefinite article: 'an invasion', 'a frontier'."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
