"""More rules of the Chefs digest, each checked on a position set up by hand: circle order beats seat
order, the door's closed boxes, the first-player card going round the table, the refill keeping what
is left, meal cards kept across rounds, served meals coming back through the discard pile, and a tie
the variant cannot break."""

from __future__ import annotations

from chefs.test_chefs_rules import pos
from kitchenlab.chefs.rules import COUNTER, DOOR, MEALS, SERVICE, WINDOW




MEALS_BY_NAME = {m.name: n for n, m in MEALS.items()}


def meal_names(numbers):
    return sorted(MEALS[m].name for m in numbers)


def texts(state):
    return [str(a) for a in state.legal_actions()]


def test_at_a_location_the_disc_placed_first_acts_first_whatever_its_seat():
    """Digest, A round: the circle order at a location is the placement order. With Player 2 holding
    the first-player card, Player 2's counter disc is on the first circle and chooses first."""
    s = pos(counter=["egg", "tomato", "onion"], first_player=1,
            placed=["counter", "counter", "service", "service", "service", "service"])
    assert s.acting_disc == (COUNTER, 1)
    assert len(texts(s)) == 3                      # 2 of the 3 cards, Player 2's choice
    s = s.apply("take tomato + egg")
    assert s.hand(1) == ["tomato", "egg"]
    assert s.hand(0) == ["onion"]                  # the second circle gets what is left


def test_door_discs_act_in_placement_order_not_seat_order():
    """Digest, A round / Door: circle order is placement order, so Player 2 and Player 3 (placed in
    turns 2 and 3) act at the door before Player 1 (placed there in turn 4)."""
    s = pos(3, hands=[["egg", "egg", "egg"], ["flour", "flour", "flour"], ["onion", "onion", "onion"]],
            placed=["service", "door", "door", "door"] + ["service"] * 5)
    assert s.discs_at(DOOR) == [1, 2, 0]
    assert s.acting_disc == (DOOR, 1)
    s = s.apply("door box 5 (3→4): discard flour + flour + flour")
    assert s.acting_disc == (DOOR, 2)
    assert "door box 5 (3→4): discard onion + onion + onion" not in texts(s)   # closed for the round
    s = s.apply("door box 4 (2→3): discard onion + onion")
    assert s.acting_disc == (DOOR, 0)
    assert texts(s) == ["door box 1 (1→1): discard egg", "door box 2 (1→2): discard egg",
                        "door box 3 (2→2): discard egg + egg", "take no box"]
    seats = [e.data["seats"] for e in s.events if e.kind == "location" and e.data["location"] == "door"]
    assert seats == [[1, 2, 0]]


def test_a_door_disc_whose_hand_is_too_small_for_every_free_box_does_nothing():
    """Digest, Door: a taken box is closed for the round; a disc that can use no free box does
    nothing. With boxes 1→1 and 1→2 taken, a one-card hand fits none of 2→2, 2→3, 3→4."""
    s = pos(3, hands=[["egg"], ["flour"], ["onion"]], deck=["carrot"] * 5,
            placed=["door", "door", "door"] + ["service"] * 6)
    s = s.apply("door box 1 (1→1): discard egg")
    assert texts(s) == ["door box 2 (1→2): discard flour", "take no box"]
    s = s.apply("door box 2 (1→2): discard flour")
    assert ("Player 3's disc at the door does nothing: no free exchange box asks for 1 card(s) or fewer."
            in s.log)
    assert s.hand(2) == ["onion"]
    assert s.hand(0) == ["carrot"] and s.hand(1) == ["carrot", "carrot"]


def test_the_first_player_card_goes_round_the_table():
    """Digest, Prepare: the first player passes to the left (the next seat clockwise), from the last
    seat back to the first, and placement starts with the new first player."""
    s = pos(3, first_player=2, placed=["service"] * 9)
    assert s.round == 2 and s.first == 0 and s.current_player == 0
    seats = []
    while s.round == 2:
        seats.append(s.current_player)
        s = s.apply("place a disc at the service counter")
    assert seats == [0, 1, 2] * 3
    assert s.round == 3 and s.first == 1 and s.current_player == 1


def test_fill_up_keeps_what_is_left_and_adds_only_what_is_missing():
    """Digest, Setup / Prepare: with 5 players the layout is 8 counter cards and 3 meal cards per
    stove location; the default refill tops each spot up to that count."""
    s = pos(5, counter=["egg"] * 5, deck=["flour", "onion", "potato", "tomato"],
            window=["Pizza", "Quiche", "Salsa"], wall=["Lasagne"],
            meal_deck=["Omelette", "Pancakes", "Gnocchi"], placed=["service"] * 15)
    assert s.round == 2
    assert s.hand(0) == [] and sum(s.counter) == 8
    assert s.counter == (0, 1, 1, 1, 5, 0)              # the 5 eggs stay, 3 cards from the deck top
    assert meal_names(s.stoves[0]) == ["Pizza", "Quiche", "Salsa"]          # already full
    assert meal_names(s.stoves[1]) == ["Gnocchi", "Lasagne", "Pancakes"]    # 2 added
    assert list(s.meal_deck) == [MEALS_BY_NAME["Omelette"]]


def test_a_cooked_meal_is_kept_until_served_in_a_later_round():
    """Digest, Stoves: keep the meal card until you serve it; Service: advance its steps."""
    s = pos(hands=[["egg", "egg"], []], window=["Boiled eggs"],
            placed=["window", "counter", "counter", "counter", "counter", "counter"])
    assert s.acting_disc == (WINDOW, 0)
    s = s.apply("cook Boiled eggs")
    assert s.round == 2 and s.held[0] == (MEALS_BY_NAME["Boiled eggs"],) and s.steps_done == (0, 0)
    for _ in range(6):
        s = s.apply("place a disc at the service counter")
    assert s.round == 3 and s.held[0] == () and s.steps_done == (2, 0)
    assert s.meal_discard == (MEALS_BY_NAME["Boiled eggs"],)


def test_a_served_meal_goes_to_the_discard_and_comes_back_when_the_deck_runs_out():
    """Digest, decisions: served meal cards go to the meal discard pile (default); an empty meal deck
    is reshuffled from its own discards, so the served card can be laid out again."""
    s = pos(held=[["Pizza"], []], meal_deck=[], placed=["service", "counter"] * 3)
    assert not s.is_over and s.round == 2 and s.steps_done == (3, 0)
    assert meal_names(s.stoves[0]) == ["Pizza"] and s.stoves[1] == ()
    assert s.meal_discard == () and s.meals_out == ()


def test_a_tie_on_squares_and_unserved_points_is_still_shared_in_the_variant():
    """Digest, End / decisions: the variant breaks a tie by unserved meal points, then shares it."""
    position = dict(held=[["Pizza", "Salsa"], ["Onion tart", "Tomato salad"]], steps=[18, 18],
                    placed=["service", "service", "counter", "counter", "counter", "counter"],
                    variants={"ties": "meal_points"})
    s = pos(**position)
    assert s.acting_disc == (SERVICE, 0)
    s = s.apply("serve Pizza").apply("serve Onion tart")
    assert s.is_over and s.steps_done == (21, 21)
    assert s.unserved_points(0) == s.unserved_points(1) == 2
    assert s.winners() == [0, 1]


def test_the_furthest_chef_wins_even_one_who_did_not_pass_20_first():
    """Digest, End: the game ends with the round in which a chef passes square 20, and the chef
    furthest along then wins (a chef on lap 2 is further than one on lap 1)."""
    s = pos(held=[["Salsa"], ["Garden feast"]], steps=[19, 17], placed=["service"] * 6)
    assert s.is_over and s.steps_done == (21, 23)
    assert s.winners() == [1]
