"""The threefold trainer, driven without a browser: its state, its HTML and its controls."""

from __future__ import annotations

import pytest

from arbiterlib.errors import ScenarioError
from arbiterlib.widgets import ThreefoldTrainer
from arbiterlib.widgets.threefold import NO_WRITTEN_MOVE

DANCE = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1"


@pytest.fixture
def trainer() -> ThreefoldTrainer:
    return ThreefoldTrainer(DANCE, clocks={"white": "5:00", "black": "4:10"})


def test_repetition_table_up_to_the_current_step(trainer: ThreefoldTrainer) -> None:
    table = trainer.repetitions()
    assert list(table["times"]) == [2, 2, 2, 2]
    assert table.iloc[-1].to_dict() == {"to move": "black", "times": 2,
                                        "after": "2. Ng1, 4. Ng1", "on the board now": True}
    trainer.go_to(3)
    assert trainer.repetitions().empty
    assert "No position has appeared twice yet" in trainer.repetitions_html()
    with pytest.raises(ValueError, match="ply 9 is outside the game"):
        trainer.go_to(9)


def test_claims_at_a_step(trainer: ThreefoldTrainer) -> None:
    assert trainer.claim("threefold").claims[0].correct is False
    ruling = trainer.claim("threefold", "Ng8")
    assert (ruling.result, ruling.claims[0].article) == ("1/2-1/2", "9.2a")
    trainer.go_to(4)
    wrong = trainer.claim("threefold")
    assert wrong.clocks is not None and (wrong.clocks.white, wrong.clocks.black) == (150, 430)


def test_controls_drive_the_state(trainer: ThreefoldTrainer) -> None:
    view = trainer.widget()
    assert repr(view) == "<threefold trainer>"
    controls = trainer.controls
    controls["step"].value = 2
    assert trainer.ply == 2 and "after 1...Nf6" in controls["board"].value
    options = controls["written"].options
    assert options[0] == NO_WRITTEN_MOVE and "Ng1" in options
    controls["step"].value = 7
    controls["written"].value = "Ng8"
    controls["claim"].click()
    assert "The claim is correct: the game is drawn (9.5a)" in controls["ruling"].value
    controls["step"].value = 6
    assert "No claim yet" in controls["ruling"].value
    controls["claim"].click()
    assert "The claim is incorrect (9.5b)" in controls["ruling"].value


def test_bad_movetext_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match=r"moves: illegal move 'Nf4' for White at move 1\."):
        ThreefoldTrainer("1. Nf4")
