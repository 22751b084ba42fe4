"""Every rule of the Chefs digest, checked on dealt games and on positions set up by hand."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import IllegalActionError, OptionError, PositionError
from kitchenlab.chefs import from_position
from kitchenlab.chefs.rules import COUNTER, DOOR, SERVICE, WALL, WINDOW, counts_of

ORDER = ("counter", "window", "door", "wall", "service")


def pos(players=2, placed=None, seed=0, **fields):
    """A hand-made position; ``placed`` lists locations only (seats follow clockwise from the first)."""
    first = fields.get("first_player", 0)
    if placed is not None:
        fields["placed"] = [[loc, (first + i) % players] for i, loc in enumerate(placed)]
    variants = fields.pop("variants", {})
    return from_position(players, seed=seed, position=fields, **variants)


def hand(state, p):
    return state.hand(p)


def texts(state):
    return [str(a) for a in state.legal_actions()]


# ------------------------------------------------------------------ setup

@pytest.mark.parametrize("players,counter,meals", [(2, 4, 1), (3, 6, 2), (4, 6, 2), (5, 8, 3), (6, 8, 3)])
def test_layout_by_player_count(players, counter, meals):
    s = kitchenlab.new_game("chefs", players=players, seed=3)
    assert sum(s.counter) == counter
    assert [len(st) for st in s.stoves] == [meals, meals]
    assert kitchenlab.chefs.layout(players) == {"counter": counter, "meals_per_stove": meals}


def test_deal_two_cards_each_and_every_card_accounted_for():
    s = kitchenlab.new_game("chefs", players=5, seed=11)
    assert [len(s.hand(p)) for p in range(5)] == [2] * 5
    c = s.card_census()
    assert c["hands"] + c["counter"] + c["ingredient_deck"] + c["ingredient_discard"] == 60
    assert c["stoves"] + c["held"] + c["meal_deck"] + c["meal_discard"] == 29
    assert s.scores() == [0] * 5 and s.round == 1 and s.current_player == 0
    assert s.events[0].kind == "setup" and s.events[2].kind == "deal"


def test_first_player_option_and_its_errors():
    s = kitchenlab.new_game("chefs", players=3, seed=1, first_player=2)
    assert s.current_player == 2
    with pytest.raises(OptionError, match="first_player=3 is not a seat; allowed: 0..2"):
        kitchenlab.new_game("chefs", players=3, first_player=3)
    with pytest.raises(OptionError, match="players=7"):
        kitchenlab.new_game("chefs", players=7)


# ------------------------------------------------------------------ placement

def test_placement_goes_clockwise_one_disc_per_turn_until_all_three_are_out():
    s = kitchenlab.new_game("chefs", players=4, seed=2, first_player=1)
    seats = []
    while s.phase == "place":
        seats.append(s.current_player)
        s = s.apply("place a disc at the ingredient counter")
    assert seats == [1, 2, 3, 0] * 3
    assert s.discs_at(COUNTER) == [1, 2, 3, 0] * 3   # circle order = order of placement


def test_several_discs_at_one_location_and_the_door_has_five_circles():
    s = kitchenlab.new_game("chefs", players=3, seed=2)
    for _ in range(5):
        s = s.apply("place a disc at the door")
    assert s.free_circles(DOOR) == 0
    assert "place a disc at the door" not in texts(s)
    assert s.discs_at(DOOR) == [0, 1, 2, 0, 1]
    with pytest.raises(IllegalActionError, match="not legal"):
        s.apply("place a disc at the door")
    assert s.free_circles(COUNTER) is None


def test_circle_table_variant_limits_every_location():
    s = kitchenlab.new_game("chefs", players=2, seed=2, circles="by_players")
    assert s.circles == (2, 2, 3, 2, 2)
    s = s.apply("place a disc at the ingredient counter").apply("place a disc at the ingredient counter")
    assert "place a disc at the ingredient counter" not in texts(s)


def test_placed_positions_must_follow_the_turn_order():
    with pytest.raises(PositionError, match=r"placed\[1\] must be \[location, 1\]"):
        from_position(2, position={"placed": [["door", 0], ["door", 0]]})


# ------------------------------------------------------------------ the counter

def test_counter_take_two_cards_of_your_choice():
    s = pos(counter=["carrot", "tomato", "egg", "egg"], placed=["counter", "service", "door", "service", "service",
                                                              "service"])
    assert s.acting_disc == (COUNTER, 0)
    assert sorted(texts(s)) == sorted(["take carrot + tomato", "take carrot + egg", "take tomato + egg",
                                       "take egg + egg"])
    s = s.apply("take egg + egg")
    assert hand(s, 0) == ["egg", "egg"]
    assert s.counter == counts_of(["carrot", "tomato"])
    assert s.view(None)["known_cards"][0] == {"egg": 2}   # taken face up: everyone saw them


def test_counter_fewer_cards_if_fewer_remain_and_nothing_when_empty():
    s = pos(counter=["onion"], placed=["counter", "counter", "service", "service", "service", "service"])
    # one card left: the first disc takes it (no choice), the second finds the counter empty
    assert hand(s, 0) == ["onion"]
    assert any("Player 2's disc at the ingredient counter does nothing: the counter is empty" in line
               for line in s.log)


# ------------------------------------------------------------------ the stoves and the chef card

def test_cook_by_discarding_what_the_meal_needs_and_keep_the_meal():
    s = pos(hands=[["tomato", "tomato", "onion", "egg"], []], window=["Tomato soup"],
            placed=["window", "service", "door", "service", "service", "service"])
    assert texts(s) == ["cook Tomato soup", "cook nothing"]
    s = s.apply("cook Tomato soup")
    assert hand(s, 0) == ["egg"]
    assert s.held[0] == (11,) and s.stoves[0] == ()
    assert s.ing_discard == counts_of(["tomato", "tomato", "onion"])


def test_a_disc_that_cannot_pay_does_nothing_and_the_log_says_why():
    s = pos(hands=[["tomato"], []], window=["Tomato soup"],
            placed=["window", "service", "counter", "service", "counter", "service"])
    assert "Player 1's disc at the window stoves does nothing: their hand cannot pay for any meal there." in s.log
    assert s.held[0] == ()


def test_chef_card_stands_in_for_one_ingredient_and_stays_with_its_owner():
    # Player 1's chef card shows a carrot; Carrot soup needs carrot 2 + onion 1.
    s = pos(hands=[["carrot", "onion", "egg"], []], window=["Carrot soup"],
            placed=["window", "service", "door", "service", "service", "service"])
    assert texts(s) == ["cook Carrot soup with the chef card", "cook nothing"]
    s = s.apply("cook Carrot soup with the chef card")
    assert s.acting_disc == (DOOR, 0)
    assert hand(s, 0) == ["egg"] and s.held[0] == (12,)
    assert s.ing_discard == counts_of(["carrot", "onion"])
    assert s.view(0)["chef_used"][0] == ["window"]


def test_chef_card_is_a_choice_when_the_hand_could_pay_anyway():
    s = pos(hands=[["carrot", "carrot", "onion"], []], window=["Carrot soup"],
            placed=["window", "service", "counter", "service", "counter", "service"])
    assert texts(s) == ["cook Carrot soup", "cook Carrot soup with the chef card", "cook nothing"]
    assert hand(s.apply("cook Carrot soup with the chef card"), 0) == ["carrot"]


def test_chef_card_never_twice_for_one_meal():
    # Carrot sticks need 2 carrots: the chef card covers one, never both.
    s = pos(hands=[["egg"], []], window=["Carrot sticks"],
            placed=["window", "service", "counter", "service", "counter", "service"])
    assert s.held[0] == ()
    assert any("cannot pay" in line for line in s.log)


def test_chef_card_once_per_stove_location_but_again_at_the_other_one():
    position = dict(hands=[["carrot", "onion", "potato", "potato", "carrot", "potato", "onion"], []],
                    window=["Carrot soup", "Carrot mash"], wall=["Shepherd's pie"],
                    placed=["window", "service", "window", "service", "wall", "service"])
    s = pos(**position)
    s = s.apply("cook Carrot soup with the chef card")
    # second window disc: the chef card has served at this location, so no chef option
    assert texts(s) == ["cook Carrot mash", "cook nothing"]
    s = s.apply("cook nothing")
    # wall stoves: the chef card may serve again (potato 2 + carrot 1 + onion 1, carrot by the chef)
    assert texts(s) == ["cook Shepherd's pie", "cook Shepherd's pie with the chef card", "cook nothing"]


def test_chef_card_at_the_wall_after_the_window_and_once_per_round_variant():
    position = dict(hands=[["carrot", "onion", "potato", "potato", "onion"], []],
                    window=["Carrot soup"], wall=["Shepherd's pie"], counter=["egg", "egg"],
                    placed=["window", "counter", "wall", "counter", "counter", "counter"])
    # Player 1 cooks Carrot soup with the chef card (pays onion + carrot), then at the wall
    # Shepherd's pie (potato 2 + carrot 1 + onion 1) with the chef for the carrot: pays potato 2 + onion.
    s = pos(**position).apply("cook Carrot soup with the chef card")
    assert texts(s) == ["cook Shepherd's pie with the chef card", "cook nothing"]
    s = s.apply("cook Shepherd's pie with the chef card")
    assert s.held[0] == (12, 23) and hand(s, 0) == []
    s3 = pos(**position, variants={"chef_card": "per_round"}).apply("cook Carrot soup with the chef card")
    assert s3.held[0] == (12,)
    assert any("wall stoves does nothing: their hand cannot pay" in line for line in s3.log)


def test_cook_nothing_keeps_the_cards():
    s = pos(hands=[["egg", "egg"], []], window=["Boiled eggs"],
            placed=["window", "service", "counter", "service", "counter", "service"]).apply("cook nothing")
    assert hand(s, 0) == ["egg", "egg"] and s.stoves[0] == (5,)
    assert "Player 1 cooks nothing at the window stoves." in s.log


# ------------------------------------------------------------------ the door

def test_door_boxes_in_circle_order_and_a_taken_box_is_closed():
    s = pos(hands=[["egg", "egg", "egg"], ["flour", "flour", "flour"]], deck=["tomato"] * 10 + ["carrot"] * 10,
            placed=["door", "door", "service", "service", "service", "service"])
    assert s.acting_disc == (DOOR, 0)
    assert texts(s) == ["door box 1 (1→1): discard egg", "door box 2 (1→2): discard egg",
                        "door box 3 (2→2): discard egg + egg", "door box 4 (2→3): discard egg + egg",
                        "door box 5 (3→4): discard egg + egg + egg", "take no box"]
    s = s.apply("door box 5 (3→4): discard egg + egg + egg")
    assert hand(s, 0) == ["carrot"] * 4
    assert s.boxes[4] == 0
    assert "door box 5 (3→4): discard flour + flour + flour" not in texts(s)
    assert len(texts(s)) == 5
    s = s.apply("door box 4 (2→3): discard flour + flour")
    assert hand(s, 1) == ["carrot"] * 3 + ["flour"]
    assert s.ing_discard == counts_of(["egg"] * 3 + ["flour"] * 2)


def test_door_disc_that_cannot_use_a_free_box_does_nothing():
    s = pos(hands=[[], ["flour"]], placed=["door", "door", "service", "service", "service", "service"])
    assert "Player 1's disc at the door does nothing: no free exchange box asks for 0 card(s) or fewer." in s.log
    assert s.acting_disc == (DOOR, 1)


def test_door_sixth_disc_is_refused_in_a_position():
    with pytest.raises(PositionError, match="only 5 circles"):
        pos(3, placed=["door"] * 6 + ["counter"] * 3)


# ------------------------------------------------------------------ the service counter

def test_service_one_meal_per_disc_advancing_its_steps():
    s = pos(held=[["Tomato soup", "Lasagne"], []], placed=["service", "counter", "service", "counter",
                                                          "counter", "counter"])
    assert texts(s) == ["serve Tomato soup", "serve Lasagne"]
    s = s.apply("serve Lasagne")     # 5 steps; the second disc serves the last meal (no choice left)
    assert s.steps_done[0] == 8 and s.held[0] == ()
    assert s.meal_discard == (25, 11)
    assert any("serves Tomato soup and advances 3 squares to square 8 (8 in all)" in line for line in s.log)


def test_served_meals_leave_the_game_variant():
    s = pos(held=[["Tomato soup"], []], placed=["service", "counter"] * 3,
            variants={"served_meals": "leave"})
    assert s.meals_out == (11,) and s.meal_discard == ()


def test_locations_resolve_in_order_one_to_five():
    # placed service, wall, counter: still the counter acts first, then the wall stoves, then service
    s = pos(counter=["egg", "egg"], wall=["Boiled eggs"],
            placed=["service", "door", "wall", "door", "counter", "door"])
    assert s.acting_disc == (WALL, 0)
    s = s.apply("cook Boiled eggs")
    kinds = [e.kind for e in s.events if e.kind in ("take", "cook", "serve", "nothing")]
    assert kinds == ["take", "nothing", "nothing", "nothing", "cook", "serve"]
    assert s.steps_done[0] == 2 and s.held[0] == ()
    locs = [e.data["location"] for e in s.events if e.kind == "location"]
    assert locs == ["counter", "door", "wall", "service"]


# ------------------------------------------------------------------ prepare, decks, first player

def test_prepare_fills_up_to_the_layout_and_passes_the_first_player_left():
    s = pos(counter=["egg", "egg", "egg"], window=["Boiled eggs"],
            placed=["counter", "counter", "counter", "counter", "counter", "counter"])
    # every disc takes from the counter until it is empty; then prepare refills up to 4 and 1
    assert s.phase == "place" and s.round == 2 and s.first == 1 and s.current_player == 1
    assert sum(s.counter) == 4 and [len(x) for x in s.stoves] == [1, 1]


def test_refill_add_variant_adds_the_layout_count():
    s = pos(counter=["egg", "egg", "flour", "onion", "onion"], window=["Boiled eggs"],
            placed=["service"] * 6, variants={"refill": "add"})
    assert sum(s.counter) == 9 and [len(x) for x in s.stoves] == [2, 1]
    s = pos(counter=["egg", "egg", "flour", "onion", "onion"], window=["Boiled eggs"], placed=["service"] * 6)
    assert sum(s.counter) == 5 and [len(x) for x in s.stoves] == [1, 1]


def test_new_game_refill_add_lays_out_the_layout_once():
    s = kitchenlab.new_game("chefs", players=2, seed=4, refill="add")
    assert sum(s.counter) == 4 and [len(x) for x in s.stoves] == [1, 1]


def test_empty_ingredient_deck_is_reshuffled_from_its_discards():
    s = pos(counter=[], deck=["egg"], discard=["flour", "flour", "onion"], placed=["service"] * 6)
    assert sum(s.counter) == 4
    assert any("The ingredient deck ran out: its 3 discards are shuffled" in line for line in s.log)
    assert s.ing_discard == (0,) * 6


def test_empty_meal_deck_is_reshuffled_from_its_discards():
    s = pos(meal_deck=[], meal_discard=["Pizza", "Quiche"], placed=["service"] * 6)
    assert sorted(len(x) for x in s.stoves) == [1, 1]
    assert any("The meal deck ran out: its 2 discards are shuffled" in line for line in s.log)


def test_chef_card_use_resets_each_round():
    s = pos(hands=[["carrot", "onion"], []], window=["Carrot soup"],
            placed=["window", "service", "counter", "service", "counter", "service"])
    s = s.apply("cook Carrot soup with the chef card")
    assert s.round == 2 and s.chef_available(0, WINDOW)


# ------------------------------------------------------------------ the end

def test_square_20_does_not_end_the_game_square_21_does():
    s = pos(held=[["Tomato soup"], []], steps=[17, 0], placed=["service", "counter"] * 3)
    assert s.steps_done[0] == 20 and not s.is_over and s.round == 2
    s = pos(held=[["Lasagne"], []], steps=[16, 0], placed=["service", "counter"] * 3)
    assert s.steps_done[0] == 21 and s.is_over and s.winners() == [0]
    assert "passed square 20" in s.log[-1]


def test_the_round_is_finished_after_a_chef_passes_20():
    # Player 1 passes 20 with the first service disc; Player 2 still serves in the same round and wins
    s = pos(held=[["Pizza"], ["Lasagne", "Quiche"]], steps=[19, 14], placed=["service"] * 6)
    assert s.steps_done == (22, 14) and not s.is_over
    s = s.apply("serve Quiche")
    assert s.is_over
    assert s.steps_done == (22, 24) and s.winners() == [1]


def test_tie_is_shared_by_default_and_broken_by_unserved_meal_points_in_the_variant():
    position = dict(held=[["Pizza", "Salsa"], ["Pizza", "Lasagne"]], steps=[18, 18],
                    placed=["service", "service", "counter", "counter", "counter", "counter"])
    position["held"] = [["Pizza", "Salsa"], ["Onion tart", "Lasagne"]]
    s = pos(**position)
    s = s.apply("serve Pizza")          # Player 1: 21, keeps Salsa (2 points)
    s = s.apply("serve Onion tart")     # Player 2: 21, keeps Lasagne (5 points)
    assert s.is_over and s.steps_done == (21, 21)
    assert s.winners() == [0, 1]
    t = pos(**position, variants={"ties": "meal_points"}).apply("serve Pizza").apply("serve Onion tart")
    assert t.winners() == [1] and t.unserved_points(0) == 2 and t.unserved_points(1) == 5
    assert "broken by unserved meal points" in t.log[-1]


def test_game_ends_when_no_meal_is_left_with_the_leave_variant():
    s = pos(held=[["Pizza"], []], meal_deck=[], placed=["service", "counter"] * 3,
            variants={"served_meals": "leave"},
            meal_discard=[])
    # the stoves are empty, the meal deck too, and the only meal left the game when served
    assert s.is_over and "no meal card is left" in s.end_reason


def test_actions_by_text_and_an_illegal_one_changes_nothing():
    s = kitchenlab.new_game("chefs", players=2, seed=9)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="legal: place a disc at the ingredient counter"):
        s.apply("cook everything")
    assert s.to_json() == before


@pytest.mark.parametrize("position,expected", [
    ({"spoons": 1}, "unknown field(s) spoons"),
    ({"hands": [["fish"], []]}, "hands[0][0] = 'fish' is not an ingredient"),
    ({"hands": [["egg"] * 11, []]}, "11 egg cards placed; the game has 10"),
    ({"window": ["Pizza"], "wall": ["Pizza"]}, "meal card 'Pizza' is in two places"),
    ({"window": ["Pie"]}, "window[0] = 'Pie' is not a meal card"),
    ({"known": [["egg"], []]}, "known[0] lists cards that are not in hands[0]"),
    ({"steps": [1]}, "steps must be 2 whole numbers"),
    ({"first_player": 2}, "first_player must be 0..1"),
    ({"hands": [[]]}, "hands must be a list with one entry per player (2)"),
])
def test_impossible_positions_name_the_field(position, expected):
    with pytest.raises(PositionError) as err:
        from_position(2, position=position)
    assert expected in str(err.value)
