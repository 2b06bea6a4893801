"""The host side of scoring: read records from files (``record_io``, ``json_lines``), and report on
the command line (``score_text``, ``rules_text``, ``record_help``, ``record_schema_export``). The
rules the scoring core reads are compiled by `generator.compile`."""
