"""Compile: checked content (`generator.checks`) turned into what each later stage reads, as plain
data: the rules the scoring core reads, kept in a signed cache (``compile_rules``, ``cache_key``;
the JSON itself is `generator.content.compiled`), the rules index the rules search reads
(``rules_index``, icon tokens as words: ``icon_text``), and the plan of the aids to build, score
sheets generated from scoring models (``plan``, ``score_sheet``).
"""
