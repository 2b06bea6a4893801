"""The host side of scoring: compile content into the rules the scoring core reads
(``compile_rules``), read records from files (``record_io``), and report on the command line
(``score_text``, ``record_help``, ``record_schema_export``)."""
