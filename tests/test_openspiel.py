"""Every game as an OpenSpiel game: OpenSpiel's own random-simulation test, stable action ids,
chance nodes with the kit's exact probabilities, returns, and fair play: what a seat is shown
(observations, information states, resampled states) depends only on what it may see, and
OpenSpiel's own ISMCTS bot plays every game through the adapter."""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest

pyspiel = pytest.importorskip("pyspiel")

import kitchenlab  # noqa: E402
from kitchenlab import openspiel as kos  # noqa: E402
from kitchenlab.sim import play_game  # noqa: E402
from kitchenlab.engine import Rng  # noqa: E402


def _game_params():
    for game in kitchenlab.available_games():
        if not kitchenlab.game_info(game).openspiel_schema:
            yield pytest.param(game, marks=pytest.mark.skip(reason=f"{game}: its GameInfo declares no OpenSpiel "
                                                                   "action schema"))
        else:
            yield pytest.param(game, id=game)


def _cases():
    for p in _game_params():
        game = p.values[0]
        if p.marks:
            yield pytest.param(game, None, marks=p.marks, id=game)
            continue
        for n in kitchenlab.player_counts(game):
            yield pytest.param(game, n, id=f"{game}-{n}p")


GAMES = list(_game_params())
CASES = list(_cases())


@pytest.mark.parametrize("game,players", CASES)
def test_openspiel_random_sim_test_passes(game, players):
    g = kos.load(game, players, seed=4)
    # serialize=False: OpenSpiel's SerializeGameAndState asks a sampled game for its generator's
    # state, which a Python game cannot give; a state's own serialisation is tested below
    pyspiel.random_sim_test(g, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_a_state_serialises_and_comes_back_mid_game(game):
    s = _deep_state(game, kitchenlab.game_info(game).default_players, 40)
    g = s.get_game()
    back = g.deserialize_state(s.serialize())
    assert str(back) == str(s) and back.history() == s.history() and back.kit == s.kit
    assert back.legal_actions() == s.legal_actions()
    assert g.deserialize_state(g.new_initial_state().serialize()).is_chance_node()


def _kit_states(game, players, games=2):
    """The states of a few seeded random games of the kit."""
    for seed in range(games):
        s = kitchenlab.new_game(game, players=players, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            yield s
            s = s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("game,players", CASES)
def test_every_move_has_one_stable_id_within_the_bound(game, players):
    schema = kos.action_schema(game, players)
    seen: dict[tuple, object] = {}
    for s in _kit_states(game, players):
        legal = s.legal_actions()
        steps = [schema.encode_steps(a) for a in legal]
        assert len(set(steps)) == len(steps), f"{game}: two legal moves share their ids"
        assert all(len(x) <= schema.move_steps for x in steps)
        whole = set(steps)
        for x in steps:                 # no move's ids are the first steps of another move
            assert not any(x[:k] in whole for k in range(1, len(x)))
        for a, ids in zip(legal, steps):
            assert all(0 <= i < schema.size for i in ids)
            keys = tuple(schema.decode(i) for i in ids)
            assert keys == (schema.steps(a) if schema.steps else (schema.key(a),))
            if ids in seen:             # the same ids in another state are the same move
                assert _same_move(game, seen[ids], a), f"{game}: ids {ids} are {seen[ids]!r} and {a!r}"
            seen[ids] = a


def _same_move(game, a, b) -> bool:
    """Equal moves; a Diced Veggies cut is named by the cells it takes (its dice follow from the block)."""
    if game == "diced_veggies" and a.kind == b.kind == "cut":
        return a.cells == b.cells
    return a == b


def test_tem_purr_a_ids_are_the_documented_table():
    schema = kos.action_schema("tem_purr_a", 3)
    assert schema.size == 26 and kos.action_schema("tem_purr_a", 7).size == 30
    assert [schema.describe(i) for i in (0, 5, 6, 12, 13, 14, 15, 16, 18, 24, 25)] == [
        "start a stack with 2", "start a stack with 7", "serve 2", "eat", "play +1", "play reverse",
        "play choose next: Player 1", "play choose next: Player 2", "skip with two 2s",
        "add an indigestion card", "add no indigestion card"]
    assert schema.decode(15) == ("choose", 0) and schema.decode(24) == ("extra", 1)
    # an eat is the same move whatever the stack is worth (the card count is display only)
    from kitchenlab.tem_purr_a.rules import _act
    assert schema.encode(_act("eat", draw=3)) == schema.encode(_act("eat", draw=11)) == 12


def test_chefs_combinations_are_ranked():
    from kitchenlab.chefs.rules import act

    schema = kos.action_schema("chefs", 4)
    assert schema.size == 580
    two_carrots = schema.encode(act("take", 0, (2, 0, 0, 0, 0, 0)))
    carrot_flour = schema.encode(act("take", 0, (1, 0, 0, 0, 0, 1)))
    assert two_carrots != carrot_flour
    assert schema.decode(two_carrots) == ("take", (2, 0, 0, 0, 0, 0))
    assert kos.count_tuples(6, 2)[-1] == (2, 0, 0, 0, 0, 0) and len(kos.count_tuples(6, 3)) == 56


def test_a_move_outside_the_schema_is_named():
    schema = kos.action_schema("tem_purr_a", 3)
    with pytest.raises(kitchenlab.KitchenlabError, match="choose"):
        schema.encode_key(("choose", 5))
    with pytest.raises(kitchenlab.KitchenlabError, match="outside"):
        schema.decode(schema.size)


def _to_eat(g, seed=0):
    """An OpenSpiel Tem-Purr-A state where eating is uncertain (found by seeded random play)."""
    s = g.new_initial_state()
    rng = Rng(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            continue
        kit = s.kit
        eats = [a for a in s.legal_actions() if s.action_to_string(a).startswith("eat")]
        if eats and 0 < kit.eat_risk() < 1 and kit.stack_total >= 4:
            return s, eats[0]
        s.apply_action(rng.choice(s.legal_actions()))
    raise AssertionError("no uncertain eat found")


def test_an_uncertain_eat_is_a_chance_node_with_the_exact_risk():
    g = kos.load("tem_purr_a", 3)
    s, eat = _to_eat(g)
    risk = s.kit.eat_risk()
    s.apply_action(eat)
    assert s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert [s.action_to_string(a) for a, _ in outcomes] == ["indigestion", "safe"]
    assert outcomes[0][1] == pytest.approx(float(risk)) and sum(p for _, p in outcomes) == pytest.approx(1)
    bad, safe = s.child(0), s.child(1)
    tokens = s.kit.tokens
    assert sum(bad.kit.tokens) == sum(tokens) + 1 and safe.kit.tokens == tokens


def test_the_start_is_a_sampled_deal_from_every_64_bit_seed():
    g = kos.load("tem_purr_a", 4, seed=10)
    s = g.new_initial_state()
    assert s.is_chance_node() and s.chance_outcomes() == [(0, 1.0)]
    assert s.action_to_string(0) == "deal"
    # the seeds come from the game's generator (seeded by the ``seed`` parameter), 64 bits each
    draws = Rng(10)
    first, second = draws.next64(), draws.next64()
    dealt = s.child(0)
    assert dealt.kit == kitchenlab.new_game("tem_purr_a", players=4, seed=first)
    assert s.child(0).kit == kitchenlab.new_game("tem_purr_a", players=4, seed=second)   # a clone deals anew
    assert kos.load("tem_purr_a", 4, seed=10).new_initial_state().child(0).kit == dealt.kit  # runs repeat
    with pytest.raises(kitchenlab.KitchenlabError, match="one chance action, 0"):
        s.apply_action(1)
    with pytest.raises(kitchenlab.KitchenlabError, match="seed must be -1"):
        kos.load("tem_purr_a", 4, seed=-2)


def test_observations_are_the_views():
    g = kos.load("tem_purr_a", 3)
    s = g.new_initial_state()
    assert s.observation_string(1) == kos.NOT_DEALT == s.information_state_string(1)
    s.apply_action(0)
    assert json.loads(s.observation_string(1)) == json.loads(json.dumps(s.kit.view(1), default=str))
    assert "hand" in json.loads(s.observation_string(1))
    assert g.get_type().provides_observation_string and g.get_type().provides_information_state_string


def test_game_type_and_info():
    g = kos.load("critter_kitchen", 3)
    t = g.get_type()
    assert t.short_name == "kitchenlab_critter_kitchen"
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert "sampled chance: a 64-bit seed per deal" in t.long_name
    assert "deals" not in t.parameter_specification and g.max_chance_outcomes() == 2
    assert (t.min_num_players, t.max_num_players) == (1, 5)
    assert g.max_game_length() == kitchenlab.game_info("critter_kitchen").max_steps
    assert (g.min_utility(), g.max_utility()) == (0.0, 1.0)


@pytest.mark.parametrize("game", GAMES)
def test_returns_share_one_among_the_winners(game):
    players = kitchenlab.game_info(game).default_players
    g = kos.load(game, players)
    s = g.new_initial_state()
    rng = Rng(3)
    while not s.is_terminal():
        outcomes = s.chance_outcomes() if s.is_chance_node() else None
        s.apply_action(rng.choice([a for a, _ in outcomes]) if outcomes else rng.choice(s.legal_actions()))
    won = s.kit.winners()
    assert s.returns() == [1 / len(won) if p in won else 0.0 for p in range(players)]
    assert sum(s.returns()) == pytest.approx(1.0)


def test_bad_parameters_are_named():
    with pytest.raises(pyspiel.SpielError, match="colour"):   # OpenSpiel checks the names itself
        kos.load("tem_purr_a", 3, colour=1)
    with pytest.raises(pyspiel.SpielError, match="deals"):    # no set of deals to choose from
        kos.load("tem_purr_a", 3, deals=16)
    with pytest.raises(kitchenlab.OptionError, match="players"):
        kos.load("tem_purr_a", 9)
    with pytest.raises(kitchenlab.OptionError, match="dish_split"):
        kos.load("tem_purr_a", 3, dish_split="nonsense")


def _deep_state(game, players, steps):
    g = kos.load(game, players)
    s = g.new_initial_state()
    rng = Rng(1)
    while not s.is_terminal() and len(s.history()) < steps:
        outcomes = s.chance_outcomes() if s.is_chance_node() else None
        s.apply_action(rng.choice([a for a, _ in outcomes]) if outcomes else rng.choice(s.legal_actions()))
    return s


def test_copies_are_cheap_and_serialised_states_grow_linearly():
    kit = play_game("critter_kitchen", 5, seed=2)
    assert copy.deepcopy(kit) is kit                       # a finished 5-player game: no RecursionError
    short = _deep_state("critter_kitchen", 5, 100)
    long = _deep_state("critter_kitchen", 5, 200)
    assert len(long.history()) == 200
    ratio = len(long.serialize()) / len(short.serialize())
    assert ratio < 2.2, ratio                              # linear in the game, not quadratic
    back = g_state = long.get_game().deserialize_state(long.serialize())
    assert str(back) == str(long) and back.history() == long.history()
    clone = long.clone()
    assert clone.kit is long.kit and str(clone) == str(g_state)


def test_openspiel_mcts_plays_a_whole_game_through_the_adapter():
    from open_spiel.python.algorithms import mcts
    import numpy as np

    g = kos.load("tem_purr_a", 3)
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(g, uct_c=2.0, max_simulations=3, evaluator=mcts.RandomRolloutEvaluator(1, rs),
                       random_state=rs, solve=False)
    s = g.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rs.choice(actions, p=probs)))
        elif s.current_player() == 0:
            s.apply_action(bot.step(s))
        else:
            s.apply_action(int(rs.choice(s.legal_actions())))
    assert sum(s.returns()) == pytest.approx(1.0)


def test_fraction_risks_become_floats():
    g = kos.load("tem_purr_a", 3)
    s, eat = _to_eat(g, seed=4)
    risk = s.kit.eat_risk()
    assert isinstance(risk, Fraction)
    s.apply_action(eat)
    assert all(isinstance(p, float) for _, p in s.chance_outcomes())


# ---------------------------------------------------------------- Diced Veggies: cooks in steps


def test_diced_veggies_ids_are_the_documented_table():
    from kitchenlab.diced_veggies.components import load_components
    from kitchenlab.diced_veggies.rules import MAX_STEPS
    from kitchenlab.diced_veggies.openspiel import bound
    from kitchenlab.openspiel_ids import connected_cell_sets

    schema = kos.action_schema("diced_veggies", 2)
    comps = load_components()
    cuts = connected_cell_sets(5, 7, 5)
    assert len(cuts) == 1558 and all(1 <= len(c) <= 5 for c in cuts) and len(set(cuts)) == len(cuts)
    # 7 single moves, cuts, take all 0..10, chef colour / number, cook recipe, with die, hype,
    # take / discard recipe, discard hype, discard die
    r, h = len(comps.recipes), len(comps.hypes)
    assert (r, h) == (44, 34)
    expected = 7 + 1558 + 11 + 125 * 5 + 125 * 5 + r + 125 + h * 126 + r + r + h + 125
    assert schema.size == expected == 7526 == bound()
    g = kos.load("diced_veggies", 3)
    assert g.num_distinct_actions() == 7526
    assert schema.move_steps == 6 and g.max_game_length() == MAX_STEPS * 6
    assert schema.describe(0) == "restock the block"
    assert schema.decode(schema.encode_key(("chef colour", "M4/P", "T"))) == ("chef colour", "M4/P", "T")
    assert schema.describe(schema.encode_key(("chef number", "M4", 6))) == "chef token: M4 → M6"
    assert schema.describe(schema.encode_key(("with die", "P2/M"))) == "with die P2(M)"


def test_a_move_made_in_steps_has_no_single_id():
    from kitchenlab.diced_veggies import actions as A

    schema = kos.action_schema("diced_veggies", 2)
    cook = A.cook_action(1, ("M2", "M5"))
    assert schema.encode_steps(cook) == (schema.encode_key(("cook", 1)), schema.encode_key(("with die", "M2")),
                                         schema.encode_key(("with die", "M5")))
    with pytest.raises(kitchenlab.KitchenlabError, match="3 steps"):
        schema.encode(cook)
    assert schema.encode(A.DONE) == schema.encode_key(("done",))


def _to_cook(g, seed=0):
    """An OpenSpiel Diced Veggies state with a recipe that can be cooked in two ways or more."""
    s = g.new_initial_state()
    rng = Rng(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            continue
        cooks = [a for a in s.kit.legal_actions() if a.kind == "cook"]
        recipes = [a.card for a in cooks]
        several = [r for r in recipes if recipes.count(r) > 1]
        if several:
            return s, several[0], [a for a in cooks if a.card == several[0]]
        s.apply_action(rng.choice(s.legal_actions()))
    raise AssertionError("no recipe with two ways to cook it")


def test_a_diced_veggies_cook_is_the_recipe_then_one_die_at_a_time():
    from kitchenlab.diced_veggies.scoring import die_label

    g = kos.load("diced_veggies", 2)
    schema = kos.action_schema("diced_veggies", 2)
    s, rid, cooks = _to_cook(g)
    kit, seat = s.kit, s.current_player()
    first = schema.encode_key(("cook", rid))
    assert first in s.legal_actions()
    assert s.action_to_string(first).endswith(": choose its dice")
    # the other decisions are one step each: every legal kit move is reachable
    singles = {schema.encode(a) for a in kit.legal_actions() if a.kind != "cook"}
    cook_firsts = {schema.encode_key(("cook", a.card)) for a in kit.legal_actions() if a.kind == "cook"}
    assert set(s.legal_actions()) == singles | cook_firsts
    target = cooks[-1]
    s.apply_action(first)
    for k, die in enumerate(target.dice):
        assert s.current_player() == seat and s.kit is kit and not s.is_chance_node()
        assert "move so far: cook" in str(s) and "move so far: cook" in s.observation_string(1 - seat)
        nxt = {c.dice[k] for c in cooks if c.dice[:k] == target.dice[:k]}
        assert sorted(s.legal_actions()) == sorted(schema.encode_key(("with die", d)) for d in nxt)
        a = schema.encode_key(("with die", die))
        last = k == len(target.dice) - 1
        assert s.action_to_string(a) == (str(target) if last else f"with die {die_label(die)}")
        mid = s.serialize()
        back = g.deserialize_state(mid)
        assert str(back) == str(s) and back.legal_actions() == s.legal_actions()
        s.apply_action(a)
    assert s.kit == kit.apply(target) and "move so far" not in str(s)


def test_a_step_that_is_not_legal_now_is_named():
    g = kos.load("diced_veggies", 2)
    schema = kos.action_schema("diced_veggies", 2)
    s, rid, cooks = _to_cook(g, seed=1)
    s.apply_action(schema.encode_key(("cook", rid)))
    wrong = schema.encode_key(("with die", "O6/M"))
    assert wrong not in s.legal_actions()
    with pytest.raises(kitchenlab.KitchenlabError, match=f"action id {wrong} is not legal now"):
        s.apply_action(wrong)


def test_the_steps_of_a_cook_read_as_a_table():
    g = kos.load("diced_veggies", 2)
    s = kos.first_move_in_steps(g, seed=0)
    cook = [a for a in s.kit.legal_actions() if a.kind == "cook"][-1]
    rows = kos.steps_table(s)
    assert [r["id"] for r in rows] == list(kos.action_schema("diced_veggies", 2).encode_steps(cook))
    assert len(rows) == len(cook.dice) + 1 and rows[-1]["decision"] == str(cook)
    assert rows[0]["choices here"] == len(s.legal_actions()) and rows[-1]["choices here"] >= 1
    assert rows[1]["decision"].startswith("with die ")
    with pytest.raises(kitchenlab.KitchenlabError, match="no legal move here is made in steps"):
        kos.steps_table(kos.load("tem_purr_a", 3).new_initial_state().child(0))


# ---------------------------------------------------------------- fair play: what a seat is shown


def _decision_states(game, players, seed, every=7, most=6):
    """Some decision states of a seeded random OpenSpiel game (the first one right after the deal)."""
    g = kos.load(game, players, seed=seed)
    s, rng, out, k = g.new_initial_state(), Rng(seed), [], 0
    while not s.is_terminal() and len(out) < most:
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            continue
        if k % every == 0:
            out.append(s.clone())
        k += 1
        s.apply_action(rng.choice(s.legal_actions()))
    return out


def _shown(s, seat):
    """Every string OpenSpiel shows ``seat`` of state ``s``; the moves' when the seat is to act."""
    acting = s.current_player() == seat
    moves = [(a, s.action_to_string(seat, a)) for a in s.legal_actions()] if acting else None
    return s.observation_string(seat), s.information_state_string(seat), s.current_player(), moves


def _others(kit, seat):
    """The views of the seats other than ``seat``."""
    return [json.dumps(kit.view(p), sort_keys=True, default=str) for p in range(kit.players) if p != seat]


def _hidden(kit):
    """The kit state's fields but its generator and caches: what a re-deal may change."""
    skip = {"rng", "_sampled", "_legal_cache", "_by_str"}
    return {k: v for k, v in vars(kit).items() if k not in skip}


@pytest.mark.parametrize("game,players", CASES)
def test_no_seat_tells_apart_deals_that_differ_only_in_what_it_cannot_see(game, players):
    hidden = 0
    for s in _decision_states(game, players, seed=players):
        g = s.get_game()
        for seat in range(players):
            mine = _shown(s, seat)
            resampled = s.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(seat + 1, 0.0, 1.0))
            others = [resampled]
            if not s._node.partial:                                  # the kit's re-deal, between moves
                others.append(kos.from_kit(g, s.kit.determinize(seat, 101 + seat)))
            for other in others:
                assert _shown(other, seat) == mine, f"{game}: seat {seat} tells two states apart"
                hidden += _hidden(other.kit) != _hidden(s.kit)
            with pytest.raises(kitchenlab.KitchenlabError, match="cannot be serialised"):
                resampled.serialize()
    # the states compared really differ in what the seat cannot see
    assert hidden, f"{game}: no re-deal changed anything; the check checked nothing"


@pytest.mark.parametrize("game", GAMES)
def test_a_first_observation_does_not_narrow_the_deal(game):
    """The attack: knowing the game's parameters, replay every listed outcome of the start, many
    times, and match a seat's first observation; it must never rebuild what the others hold."""
    players = kitchenlab.game_info(game).default_players
    real = kos.load(game, players).new_initial_state()
    real.apply_action(real.chance_outcomes()[0][0])
    start = kos.load(game, players).new_initial_state()    # the attacker's copy of the same game
    seeds, rebuilt = set(), 0
    for _ in range(48):
        for action, _ in start.chance_outcomes():
            guess = start.child(action)
            seeds.add(guess.kit.seed)
            if guess.observation_string(0) == real.observation_string(0):
                rebuilt += _others(guess.kit, 0) == _others(real.kit, 0)
    assert rebuilt == 0, f"{game}: the attack rebuilt the hidden deal {rebuilt} times"
    assert start.chance_outcomes() == [(0, 1.0)]     # no list of deals to match against
    assert start.get_game().get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert len(seeds) == 48 and max(seeds) >= 2**60  # 48 different deals from the 64-bit seed space
    assert real.kit.seed not in seeds


def test_the_information_state_is_the_seats_log_and_view():
    s = _decision_states("tem_purr_a", 3, seed=2, every=5)[-1]
    for seat in range(3):
        info = json.loads(s.information_state_string(seat))
        assert info == json.loads(json.dumps({"log": list(s.kit.log_for(seat)), "view": s.kit.view(seat)},
                                             default=str))
        assert len(info["log"]) > 1 and info["view"]["hand"] == json.loads(s.observation_string(seat))["hand"]
        other = s.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(seat, 0.0, 1.0))
        assert other.information_state_string(seat) == s.information_state_string(seat)
        assert _others(other.kit, seat) != _others(s.kit, seat)      # the other cats' hands are re-dealt
    public = s.get_game().make_py_observer(pyspiel.IIGObservationType(perfect_recall=True,
                                                                      private_info=pyspiel.PrivateInfoType.NONE))
    assert json.loads(public.string_from(s, 0))["log"] == list(s.kit.log_for(None))
    assert json.loads(public.string_from(s, 0))["view"]["hand"] is None


def test_a_resampled_eat_is_still_the_chance_node():
    g = kos.load("tem_purr_a", 3)
    s, eat = _to_eat(g)
    eater = s.current_player()
    s.apply_action(eat)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    for seat in range(3):
        other = s.resample_from_infostate(seat, sampler)
        assert other.is_chance_node() and other.history() == s.history()
        assert [other.action_to_string(a) for a, _ in other.chance_outcomes()] == ["indigestion", "safe"]
        assert other.information_state_string(seat) == s.information_state_string(seat)
        assert other.kit.hand_count(eater) == s.kit.hand_count(eater)


def test_a_cook_in_steps_is_resampled_mid_move():
    g = kos.load("diced_veggies", 2)
    schema = kos.action_schema("diced_veggies", 2)
    s, rid, cooks = _to_cook(g)
    seat = s.current_player()
    s.apply_action(schema.encode_key(("cook", rid)))
    for player in (seat, 1 - seat):
        other = s.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(9, 0.0, 1.0))
        assert other.legal_actions() == s.legal_actions() and "move so far: cook" in str(other)
        assert other.information_state_string(player) == s.information_state_string(player)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_ismcts_plays_a_whole_game_fairly(game):
    """OpenSpiel's own ISMCTSBot (random rollouts, a tiny budget) in seat 1, random moves elsewhere;
    the bot's every search samples states with resample_from_infostate (ISMCTS checks that each
    sample has the real state's information state string)."""
    from open_spiel.python.algorithms import ismcts, mcts
    import numpy as np

    players = kitchenlab.game_info(game).default_players
    g = kos.load(game, players, seed=11)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=3, random_state=rs)
    bot.set_resampler(kos.seeded_resampler(5))
    s, searched = g.new_initial_state(), 0
    while not s.is_terminal():
        if s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rs.choice(actions, p=probs)))
        elif s.current_player() == 0:
            searched += len(s.legal_actions()) > 1
            s.apply_action(int(bot.step(s)))
        else:
            s.apply_action(int(rs.choice(s.legal_actions())))
    assert searched > 5 and sum(s.returns()) == pytest.approx(1.0 if s.kit.winners() else 0.0)
    assert len(s.history()) <= g.max_game_length() * 2


def test_the_games_register_when_the_module_is_imported():
    import subprocess
    import sys

    code = ("import pyspiel, kitchenlab.openspiel as kos\n"
            "g = pyspiel.load_game('kitchenlab_chefs', {'players': 3})\n"
            "print(g.num_players(), kos.register_all() == kos.register_all())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["3", "True"]
    assert set(kos.register_all()) == {kos.short_name(g) for g in kos.schema_games()}
