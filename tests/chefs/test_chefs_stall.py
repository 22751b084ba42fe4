"""[A] The kit's stall rule: a kitchen where nobody cooks ends the game.

The seed (001) has one ending only: "El juego termina en la ronda en que un chef pasa por la casilla
20". The kit adds its own rule, marked [A] wherever rules are listed: after ``stall_rounds`` (10)
rounds in a row without a meal cooked or served the game ends, the chef furthest along wins, and
the result says "ended by the kit's stall rule [A]: nobody cooked for 10 rounds".

Why games stall. 900 seeds at each player count (4,500 games of the kit's random bot, the seeds of
``kitchenlab.sim.play_game``): 18 end by the stall rule, all of them two-player games; the greedy
bot never stalls in the same 4,500. With two players each stove location shows one meal card, and
the refill only fills up to that count [A], so a meal nobody cooks is never replaced: the whole
game offers the same two meals. Random players seldom hold a meal's exact cards when their disc
reaches its stove, and may decline when they do ("cook nothing" is a legal choice [A]): 13 of the
18 games never cook at all and end after round 10, 3 more stall after a meal or two (by round 15).
The other two stall late (rounds 34 and 40), and the same way:
there is no hand limit, and in the end all 60 ingredient cards are in the two hands — the deck,
its discards and the counter are empty. In seed 295 neither hand can pay for either meal on the
stoves, so nobody can cook any more (a true dead end); in seed 398 Player 2 still could cook the
Quiche, and declined it four times.
"""

from __future__ import annotations

import kitchenlab
from kitchenlab.chefs.rules import CHEF_KINDS, MEAL_NEEDS, STALL_REASON, STALL_ROUNDS, can_pay, meal_name
from kitchenlab.engine import Rng
from kitchenlab.sim import play_game

SEED_ENDING = "El juego termina en la ronda en que un chef pasa por la casilla 20"


def _decline_bot(state, rng):
    """Never cooks and never serves: passes at the stoves and the service counter when it can."""
    legal = state.legal_actions()
    calm = [a for a in legal if a.kind not in ("cook", "serve")]
    return rng.choice(calm or legal)


def test_rounds_without_cooking_end_the_game_after_the_stall_limit():
    """The seed's only ending is a chef passing square 20; the kit's stall rule [A] ends this one."""
    state = kitchenlab.new_game("chefs", players=2, seed=3)
    rng = Rng(1)
    while not state.is_over:
        state = state.apply(_decline_bot(state, rng))
    assert STALL_ROUNDS == 10
    assert state.round == STALL_ROUNDS and state.idle_rounds == STALL_ROUNDS
    assert state.scores() == [0, 0] and state.winners() == [0, 1]      # nobody moved: a shared win
    assert state.end_reason == STALL_REASON == "ended by the kit's stall rule [A]: nobody cooked for 10 rounds"
    assert state.result_text() == ("squares [0, 0]; winner(s): Player 1, Player 2 "
                                   "(ended by the kit's stall rule [A]: nobody cooked for 10 rounds)")
    assert state.log[-1] == ("After round 10 the game is ended by the kit's stall rule [A]: nobody cooked for 10 "
                             "rounds (no meal was cooked or served in 10 rounds in a row; the rules have no such "
                             "ending). Winner(s): Player 1, Player 2 with 0 squares.")
    assert state.events[-1].kind == "end" and state.events[-1].data["reason"] == STALL_REASON


def test_a_meal_cooked_resets_the_count():
    state = kitchenlab.new_game("chefs", players=2, seed=3)
    rng = Rng(2)
    seen_reset = False
    while not state.is_over:
        before = state.idle_rounds
        state = state.apply(rng.choice(state.legal_actions()))
        if state.idle_rounds < before:
            seen_reset = True
            assert state.idle_rounds == 0
    assert seen_reset and state.end_reason != STALL_REASON


def test_a_game_of_the_seed_ending_does_not_name_the_kit_rule():
    final = play_game("chefs", 3, 5, "greedy")
    assert final.end_reason.endswith("passed square 20") and "stall" not in final.result_text()


def test_the_stall_rule_is_listed_as_the_kit_s_own():
    rows = {r["option"]: r for r in kitchenlab.game_info("chefs").variant_table()}
    row = rows["stall_rounds"]
    assert row["default"] == 10 and row["source"] == "A: the kit's own rule, not in S1"
    assert row["meaning"].startswith("the kit's stall rule [A]: after 10 rounds in a row")
    settings = kitchenlab.chefs.load_components().settings
    assert settings["stall_rounds"] == 10


# ---------------------------------------------------------------- why games stall


def _cookable(state) -> list[tuple[int, str]]:
    """(seat, meal) for every meal on the stoves that seat's hand can pay for, its chef card helping."""
    return [(p, meal_name(m)) for p in range(state.players) for stove in state.stoves for m in stove
            if can_pay(state.hands[p], MEAL_NEEDS[m], CHEF_KINDS[p]) is not None]


def test_a_two_player_kitchen_keeps_its_two_meals_when_nobody_cooks_them():
    """Seed 190, random bots: the stoves show Pizza and Lasagne from the deal to the end (with two
    players the refill fills each stove up to one meal [A], so an uncooked meal stays); nobody ever
    cooks, and the stall rule ends the game after round 10."""
    final = play_game("chefs", 2, 190, "random")
    assert final.end_reason == STALL_REASON and final.round == 10 and final.scores() == [0, 0]
    refills = [e.data for e in final.events if e.kind == "refill"]
    assert (refills[0]["window"], refills[0]["wall"]) == ([19], [25])           # Pizza, Lasagne at setup
    assert all(r["window"] == [] and r["wall"] == [] for r in refills[1:])      # never a new meal
    assert [meal_name(m) for stove in final.stoves for m in stove] == ["Pizza", "Lasagne"]
    assert not any(e.kind in ("cook", "serve") for e in final.events)


def test_a_late_stall_when_every_card_is_held_and_no_hand_fits_a_meal():
    """Seed 295, random bots: after 40 rounds all 60 ingredient cards are in the two hands (no hand
    limit), the deck, its discards and the counter are empty, and neither hand can pay for the
    Spanish omelette or the Shepherd's pie: nobody can cook any more."""
    final = play_game("chefs", 2, 295, "random")
    assert final.end_reason == STALL_REASON and final.round == 40 and final.scores() == [19, 11]
    assert sum(map(sum, final.hands)) == 60 and not final.ing_deck
    assert sum(final.counter) == 0 and sum(final.ing_discard) == 0
    assert [meal_name(m) for stove in final.stoves for m in stove] == ["Spanish omelette", "Shepherd's pie"]
    assert final.hands[0][3] == 0 and final.hands[1][2] == 0     # Player 1 holds no onion, Player 2 no potato
    assert _cookable(final) == []
    assert final.winners() == [0]


def test_a_late_stall_in_which_a_player_could_still_cook():
    """Seed 398, random bots: the same dead end of held cards, but Player 2's hand pays for the
    Quiche (5 steps: from square 19 it would have won by the seed's ending); in the last ten rounds
    Player 2's discs at the wall stoves chose "cook nothing" four times. The Tortilla deluxe lay on
    the window stoves from the deal to the end."""
    final = play_game("chefs", 2, 398, "random")
    assert final.end_reason == STALL_REASON and final.round == 34 and final.scores() == [10, 19]
    assert sum(map(sum, final.hands)) == 60 and not final.ing_deck and sum(final.counter) == 0
    assert _cookable(final) == [(1, "Quiche")]
    assert [meal_name(m) for m in final.stoves[0]] == ["Tortilla deluxe"]
    rnd, declined, last_cook = 0, [], 0
    for e in final.events:
        if e.kind == "round":
            rnd = e.data["round"]
        elif e.kind == "pass" and e.data["location"] == "wall" and e.data["seat"] == 1:
            declined.append(rnd)
        elif e.kind in ("cook", "serve"):
            last_cook = rnd
    assert last_cook == 24 and [r for r in declined if r > last_cook] == [27, 30, 30, 33]
    assert final.winners() == [1]


def test_which_seeded_games_stall():
    """Two-player seeds 0..399: the random bot's games that the stall rule ends, with the round they
    end in; the greedy bot's games never stall."""
    stalls = {}
    for seed in range(400):
        final = play_game("chefs", 2, seed, "random")
        if final.end_reason == STALL_REASON:
            stalls[seed] = final.round
        assert play_game("chefs", 2, seed, "greedy").end_reason != STALL_REASON
    assert stalls == {86: 14, 190: 10, 228: 10, 285: 10, 295: 40, 311: 10, 342: 10, 353: 10, 398: 34}
