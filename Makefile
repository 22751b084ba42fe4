# Two commands on a fresh Linux machine with Python 3.11:
#   make lab    set up .venv and open JupyterLab on the start notebook (127.0.0.1, token login)
#   make test   set up .venv and run the whole suite (tests and notebooks), then the shared suites
#               on the worked example game examples/tiny_kitchen
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PINS   := binder/requirements.txt
# The worked example game, a package outside the kit: installed into a folder of its own, so that
# the kit's own notebooks list the kit's four games, and put on the path for its test run only.
EXAMPLE       := examples/tiny_kitchen
EXAMPLE_DIR   := $(VENV)/example-game
EXAMPLE_STAMP := $(EXAMPLE_DIR)/.installed
EXAMPLE_FILES := $(shell find $(EXAMPLE) -type f \( -name '*.py' -o -name '*.csv' -o -name '*.toml' -o -name '*.txt' \) -not -path '*/tests/*' 2>/dev/null)

.PHONY: lab test voila present bench bench-notebooks locale clean

# The test environment uses the same pinned versions as Binder (pip constraints).
$(STAMP): pyproject.toml $(PINS)
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "kitchenlab needs Python 3.11 or newer; try: make PYTHON=python3.11 ...")'
	$(PYTHON) -m venv $(VENV)
	@echo "Installing kitchenlab and its dependencies into $(VENV) (a few minutes the first time)..."
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c $(PINS) -e '.[test]'
	touch $(STAMP)

$(EXAMPLE_STAMP): $(STAMP) $(EXAMPLE_FILES)
	rm -rf $(EXAMPLE_DIR)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation \
		--target $(EXAMPLE_DIR) $(EXAMPLE)
	touch $(EXAMPLE_STAMP)

## make lab: JupyterLab on notebooks/00_start_here.ipynb, bound to 127.0.0.1, token login
lab: $(STAMP)
	$(BIN)/kitchenlab lab

## make test: the whole suite (unit, property, packaging, notebooks, browser), then the example
## game's own tests and every shared test that is run once per game, on the example game
test: $(STAMP) $(EXAMPLE_STAMP)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env
	PYTHONPATH=$(EXAMPLE_DIR) $(BIN)/python -m pytest -p no:cacheprovider $(EXAMPLE)/tests tests -k tiny_kitchen

## make voila: the notebooks as pages with the code hidden, on 127.0.0.1 with token login
## (one notebook only: make voila NOTEBOOK=notebooks/tem_purr_a/02_round.ipynb)
NOTEBOOK ?= notebooks
voila: $(STAMP)
	$(BIN)/voila --Voila.ip=127.0.0.1 --token $(NOTEBOOK)

## make present GAME=tem_purr_a: a game's classroom page (notebooks/classroom/GAME.ipynb) for a
## projector, served by Voila on 127.0.0.1 with token login (the address to open is printed);
## make present GAME=tem_purr_a LANG=es: the Spanish page (notebooks/es/classroom/GAME.ipynb).
## Only a LANG given on make's command line counts (the shell's LANG is the machine's locale).
GAME ?= tem_purr_a
present: $(STAMP)
	$(BIN)/kitchenlab present $(GAME) $(if $(filter command line,$(origin LANG)),--lang $(LANG))

## make bench: random playouts per second for every playable game
bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py

## make bench-notebooks: how long the notebook suite takes
bench-notebooks: $(STAMP)
	$(BIN)/python benchmarks/notebooks.py

## make locale: gather the texts marked in the code into kitchenlab/locale/kitchenlab.pot, merge them
## into each language's catalogue (kitchenlab/locale/LANG/LC_MESSAGES/kitchenlab.po; translate the new
## entries there) and compile the catalogues (.mo) the kit reads
LOCALE := kitchenlab/locale
locale: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ --no-location --sort-output --project kitchenlab \
		--version 0.1.0 -o $(LOCALE)/kitchenlab.pot .
	$(BIN)/pybabel update -i $(LOCALE)/kitchenlab.pot -d $(LOCALE) -D kitchenlab --no-fuzzy-matching \
		--ignore-obsolete --init-missing -l es
	$(BIN)/pybabel compile -d $(LOCALE) -D kitchenlab --statistics

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
