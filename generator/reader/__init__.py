"""Reading hostile YAML and JSON: libyaml events on an explicit stack with size, depth and value
limits (``yaml_events``, ``yaml_io``) and bounded JSON state files (``json_data``). Every problem
is located (file, line, column, field)."""
