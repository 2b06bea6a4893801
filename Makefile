# Two commands a new user needs: `make aids` builds every aid into output/, `make test` runs the tests.
# Each one sets up its own virtual environment first (nothing to install by hand).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: aids test check bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

aids: $(STAMP)
	$(BIN)/playaid build --paper a4
	$(BIN)/playaid build --paper letter

test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto

check: $(STAMP)
	$(BIN)/playaid check

bench: $(STAMP)
	$(BIN)/python bench/build.py

clean:
	rm -rf output/* .playaid-cache
