"""Content: the shapes of content documents (one pydantic model per ``kind:``), which files of a
game folder are content, one document validated against its shape, and the plain JSON the
scoring core reads (`compiled`). Cross-checks and loading are the next stage (`generator.checks`).
"""
