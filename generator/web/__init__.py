"""The offline web scorer: `playaid web` writes a static site (form in plain JavaScript, the
project's own scoring core running in Pyodide inside a Web Worker); `playaid serve` serves it.

Modules: `packages` (the pinned front-end packages in node_modules), `form_data` (what the form
needs from the compiled rules), `icon` (our own app icon), `site` (assembling and writing the
site atomically), `serve` (a static file server for phones on the same network).
"""
