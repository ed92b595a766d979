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

# The course map if present, else the lessons folder; root (as on course machines) needs --allow-root.
START := $(firstword $(wildcard notebooks/00-start-here.ipynb) notebooks)
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=$(CURDIR) --LabApp.default_url=/lab/tree/$(START)

test: $(STAMP)
	$(BIN)/python -m pytest
