"""Fixtures every test module may use without importing them: the web scorer built from content
(``site``), a local server for it (``server``) and headless Chromium (``browser``), each made once
per test process (tests/web_support.py)."""

from tests.web_support import browser, server, site  # noqa: F401 (fixtures)
