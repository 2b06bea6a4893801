"""Build: plan the aids content declares (`generator.compile.plan`), render each in its format
(``aidbuild``: cards and pages through HTML, forms through ReportLab, `generator.render`), write
them atomically with an incremental manifest (``build``), rebuild on save (``watch``); and the
fit check `playaid check` runs with the same layout (``fit_checks``)."""
