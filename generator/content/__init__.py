"""Content: line-aware YAML loading, schema models, sources and cross-checks."""
