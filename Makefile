# Two commands for everyone: `make lab` opens the course, `make test` runs every test.
# Both create a local virtual environment (.venv) and install the project on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab test

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[course,test]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/00-start-here.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest
