# One command to set up and open the kit, one to set up and run every test.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lab test voila bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## make lab: JupyterLab on the start notebook, on 127.0.0.1 with token authentication
lab: $(STAMP)
	$(BIN)/kitchenlab lab

## make test: the whole suite (unit, property, conformance, notebooks, browser)
test: $(STAMP)
	$(BIN)/python -m pytest --nbval-lax

## make voila: the classroom view of the start notebook
voila: $(STAMP)
	$(BIN)/voila --Voila.ip=127.0.0.1 notebooks/00_start_here.ipynb

## make bench: playouts per second per game
bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py

clean:
	rm -rf $(VENV) build dist *.egg-info
