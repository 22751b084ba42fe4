"""Bad input to Critter Kitchen gives a clear KitchenlabError, never a bare Python error."""

from __future__ import annotations

import json

import pytest

import kitchenlab
from kitchenlab import critter_kitchen as ck
from kitchenlab.critter_kitchen import scoring
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.shop import LocationRun, simulate_location
from kitchenlab.errors import IllegalActionError, KitchenlabError, OptionError, SaveFileError


def _bare(err) -> bool:
    return not isinstance(err, KitchenlabError)


def test_a_save_with_a_position_is_refused_clearly():
    state = ck.new_state(players=3, seed=2)
    save = json.loads(state.to_json())
    save["position"] = {"round": 4}
    with pytest.raises(SaveFileError) as err:
        kitchenlab.load_state(json.dumps(save))
    assert "from_position" in str(err.value)
    assert ck.INFO.from_position is None
    with pytest.raises(KitchenlabError, match="from_position"):
        ck.INFO.position(3, 0, {"round": 4})


@pytest.mark.parametrize("meal", ["fish9", "fish7+pepper", "fish7+spice+spice", "banana3", ""])
def test_meal_notation_errors(meal):
    with pytest.raises(KitchenlabError):
        scoring.meal_quality(meal) if meal else scoring.validate_challenge_meal("fish7", [])


def test_lookups_name_what_is_known():
    comps = load_components()
    for look in (comps.challenge, comps.critic, comps.rumor, comps.zous_chef, comps.restaurateur):
        with pytest.raises(OptionError) as err:
            look("nonsense")
        assert "known:" in str(err.value)


def test_shop_refuses_a_wrong_pick():
    run = LocationRun("Garden Top Shop", ["fish7"], [(0, 1, "mouse")], [0])
    run.advance()
    with pytest.raises(IllegalActionError, match="allowed: fish7"):
        run.take("bread2")
    with pytest.raises(IllegalActionError):
        simulate_location("fish7", [(0, 1)], [0], choose=lambda p, c, av: "cheese4")


def test_illegal_action_leaves_the_state_and_names_the_legal_ones():
    state = ck.new_state(players=2, seed=3)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="send mouse to Soup Truck"):
        state.apply("take fish7")
    assert state.to_json() == before


def test_scoring_helpers_check_their_arguments():
    with pytest.raises(KitchenlabError):
        scoring.score_critic_meals([{}], [], "mouse", ("fanatic_fish", "tender", "mercurial"))
    with pytest.raises(KitchenlabError):
        scoring.winners([1, 2], [3])
    with pytest.raises(KitchenlabError):
        scoring.course_quality("soup")
