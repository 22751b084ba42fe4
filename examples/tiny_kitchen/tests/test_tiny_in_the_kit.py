"""Tiny Kitchen in the kit's shared layers: its GameInfo hooks, simulation, playback, the picture,
the play table, the projector page, the search bot, the quiz, the glossary and OpenSpiel."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.engine import Rng
from kitchenlab.glossary import Term
from kitchenlab.play import TABLE, record, round_frames
from kitchenlab.sim import play_game, simulate
from tiny_kitchen import INFO, from_position
from tiny_kitchen.scoring import mouse_chance

HOOKS = ("renderer", "openspiel_schema", "quiz", "glossary")


def test_the_game_is_registered_and_every_hook_it_declares_loads():
    assert kitchenlab.game_info("tiny_kitchen") is INFO and INFO.title == "Tiny Kitchen"
    assert all(INFO.hook(name) is not None for name in HOOKS)
    assert INFO.hook("calculator") is None
    with pytest.raises(kitchenlab.KitchenlabError, match="does not offer"):
        INFO.hook("what_if", required=True)
    assert INFO.test_settings["bots"] == ("random", "greedy")
    assert INFO.test_settings["playthroughs"].endswith("tiny_kitchen/playthroughs")


def test_the_entry_point_loads_the_package_that_registers_the_game():
    import importlib.metadata

    import tiny_kitchen

    found = {ep.name: ep for ep in importlib.metadata.entry_points(group="kitchenlab.games")}
    if "tiny_kitchen" not in found:
        pytest.skip("tiny-kitchen is not installed: pip install -e examples/tiny_kitchen")
    assert found["tiny_kitchen"].value == "tiny_kitchen" and found["tiny_kitchen"].load() is tiny_kitchen


def test_importing_the_game_stays_light():
    import subprocess
    import sys

    code = ("import sys, kitchenlab, tiny_kitchen; kitchenlab.new_game('tiny_kitchen'); "
            "print(','.join(m for m in ('plotly', 'pandas', 'ipywidgets', 'networkx') if m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == ""


def test_simulation_plays_seeded_batches():
    df = simulate("tiny_kitchen", n=12, players=3, seed=4, bots="greedy", workers=1)
    assert len(df) == 12 and list(df["seed"]) == list(range(4, 16))
    assert play_game("tiny_kitchen", 3, 7, "greedy").log == play_game("tiny_kitchen", 3, 7, "greedy").log


def test_playback_records_one_frame_per_log_line():
    frames = record("tiny_kitchen", players=2, seed=3, bots="greedy")
    final = frames[-1].state
    assert [f.text for f in frames] == list(final.log) and final.is_over
    assert [f.text for f in round_frames("tiny_kitchen", 2, 3, "greedy")] == list(final.log)   # one round
    draw = next(f for f in frames if f.event.kind == "draw")
    assert draw.view(draw.actor)["hand"] is not None and draw.view(None)["hand"] is None


def test_the_picture_shows_a_hand_only_to_its_owner():
    from tiny_kitchen.figures import frame_figure

    frame = record("tiny_kitchen", players=3, seed=2, bots="greedy")[4]
    names = {viewer: [s.name for s in frame_figure(frame, viewer).layout.shapes] for viewer in (TABLE, None, 1)}
    sizes = frame.state.view(None)["hand_sizes"]
    assert names[TABLE].count("hand 1 up") == sizes[1] and not any(n.endswith("down") for n in names[TABLE])
    assert not any(n.endswith(" up") for n in names[None])
    assert names[1].count("hand 1 up") == sizes[1] and names[1].count("hand 0 down") == sizes[0]
    assert "pantry" in names[None]
    with pytest.raises(kitchenlab.SeatError):
        frame_figure(frame, 3)


def test_the_play_table_takes_back_a_cook_but_never_a_draw():
    from kitchenlab.table import play_widget

    table = play_widget("tiny_kitchen", seats=["human", "human", "greedy"], seed=6)
    table.reveal()
    assert table.legal == ["cook toast", "cook pizza", "draw a card"]
    table.choose("cook pizza")
    assert table.can_undo and table.state.scores() == [5, 0, 0]
    table.undo()
    assert table.state.steps == 0 and table.legal == ["cook toast", "cook pizza", "draw a card"]
    table.choose("draw a card")
    assert not table.can_undo and "revealed" in table.undo_reason


def test_the_projector_page_steps_through_the_public_view():
    from kitchenlab.classroom import classroom_page

    page = classroom_page("tiny_kitchen", players=4, seed=1)
    assert page.event_text.startswith("4 players get 3 cards each")


def test_the_search_bot_plays_a_legal_move_reproducibly():
    from kitchenlab.search import ISMCTS

    s = from_position(2, position={"hands": [["basil", "cheese", "flour", "tomato"], ["basil"]],
                                   "pantry": ["cheese", "flour", "mouse", "basil", "tomato", "flour"]})
    bot = ISMCTS(**{**INFO.search_settings, "budget": 24})
    move = bot(s, Rng(3))
    assert move in s.legal_actions() and str(bot(s, Rng(3))) == str(move)
    final = play_game("tiny_kitchen", 2, 1, ["ismcts", "greedy"])      # the kit's shared search bot, by name
    assert final.is_over and final.history == play_game("tiny_kitchen", 2, 1, ["ismcts", "greedy"]).history


def test_the_quiz_makers_ask_questions_the_rules_answer():
    makers = INFO.hook("quiz")
    assert [m.kind for m in makers] == ["legal", "chance", "tie"]
    for seed in range(3):
        for maker in makers:
            q = maker("tiny_kitchen", Rng(seed))
            assert q.game == "tiny_kitchen" and q.answer in q.choices and len(q.choices) >= 3
            if q.kind == "chance":
                assert q.answer == str(mouse_chance(*q.facts["pantry"]))
            if q.kind == "legal":
                assert q.answer in q.facts["legal"]
    assert makers[1]("tiny_kitchen", Rng(1)) == makers[1]("tiny_kitchen", Rng(1))


def test_the_glossary_is_spanish_english_and_holds_the_profile_terms():
    terms = INFO.hook("glossary")
    assert all(isinstance(t, Term) for t in terms) and len(terms) >= 20
    english = {t.english: t.spanish for t in terms}
    assert english["pantry"] == "despensa" and english["mouse"] == "ratón"
    assert set(INFO.profile_terms) <= set(english)


def test_the_openspiel_ids_are_stable_and_the_adapter_passes_random_sim_test():
    schema = INFO.hook("openspiel_schema")(3)
    assert schema.size == 7 and [schema.describe(i) for i in (0, 1, 6)] == ["draw a card", "cook salad",
                                                                            "cook lasagne"]
    pyspiel = pytest.importorskip("pyspiel")
    from kitchenlab import openspiel as kos

    for players in INFO.players:
        game = kos.load("tiny_kitchen", players, seed=4)
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)   # a sampled game
        state = game.new_initial_state().child(0)
        assert game.deserialize_state(state.serialize()).kit == state.kit
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
        assert other.information_state_string(0) == state.information_state_string(0)
