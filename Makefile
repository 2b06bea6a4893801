# Two commands a new user needs: `make aids` builds every aid into output/, `make test` runs the tests.
# Each one sets up its own virtual environment first (nothing to install by hand).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Front-end packages (Pyodide, yaml, axe-core) from package-lock.json, and Debian's Chromium for the
# browser tests; each is installed only when missing or when its lockfile changed.
NODE_STAMP := node_modules/.installed
CHROMIUM := /usr/bin/chromium

.PHONY: aids test lint check bench clean web serve dist

# setup.py ships node_modules/ files in the package, so the front-end packages come first
$(STAMP): pyproject.toml setup.py | $(NODE_STAMP)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -qq --upgrade pip
	# compat: a plain .pth path entry; the default editable finder costs ~10 ms at every start-up
	$(BIN)/python -m pip install -qq -e '.[test]' --config-settings editable_mode=compat
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# apt-get needs root (CI runs as root); elsewhere sudo is tried. Lists are refreshed only when the
# plain install fails (a fresh machine has none).
$(CHROMIUM):
	@SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null 2>&1 \
	  || { $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core; }
	@test -x $(CHROMIUM) || { echo "chromium was not installed at $(CHROMIUM)"; exit 1; }

aids: $(STAMP) $(NODE_STAMP)
	$(BIN)/playaid build --paper a4
	$(BIN)/playaid build --paper letter
	$(BIN)/playaid web

# the web scorer alone (output/web/), and a server for a phone on the same network
web: $(STAMP) $(NODE_STAMP)
	$(BIN)/playaid web

serve: web
	$(BIN)/playaid serve

test: $(STAMP) $(NODE_STAMP) $(CHROMIUM)
	$(BIN)/python -m pytest -q -n auto

# the style checks alone; `make test` runs them too (tests/test_style.py)
lint: $(STAMP)
	$(BIN)/ruff check
	$(BIN)/mypy

# Release artefacts in dist/ (tools/dist.py): wheel and sdist, the phone scorer's site, the PDFs
# zipped per paper size and mode. Byte-identical between runs: archives are dated by the last commit.
dist: $(STAMP) $(NODE_STAMP)
	SOURCE_DATE_EPOCH=$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null)} $(BIN)/python tools/dist.py --out dist

check: $(STAMP)
	$(BIN)/playaid check

bench: $(STAMP) $(NODE_STAMP) $(CHROMIUM)
	$(BIN)/python bench/build.py

clean:
	rm -rf output/* .playaid-cache dist build
