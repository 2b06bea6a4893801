"""The build pipeline: plan the aids content declares, render each (``aidbuild``), write them
atomically with an incremental manifest (``build``), and rebuild on save (``watch``)."""
