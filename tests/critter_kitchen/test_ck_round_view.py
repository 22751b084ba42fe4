"""The Critter Kitchen round stepper, its structured events, the item flows and the tie tree."""

from __future__ import annotations

from collections import Counter

import pytest

from kitchenlab.charts import tree_layout

pytest.importorskip("ipywidgets")
pytest.importorskip("networkx")

from kitchenlab.critter_kitchen import new_state, simulate_location
from kitchenlab.critter_kitchen.figures import count_shapes
from kitchenlab.critter_kitchen.location_game import LocationGame, leaf_outcomes, replay_choices, tie_tree
from kitchenlab.critter_kitchen.round_view import (
    NEXT_ROUND,
    OUT,
    contested_locations,
    flow_figure,
    leftover_moves,
    record_round,
    round_flows,
    round_stepper,
)
from kitchenlab.critter_kitchen.tree_figures import tie_tree_figure
from kitchenlab.sim import play_game
from kitchenlab.widgets import TABLE_VIEW


@pytest.fixture(autouse=True)
def notebook_renderer(monkeypatch):
    """Plotly's renderer in JupyterLab and Voila (outside a notebook the default is a web browser)."""
    import plotly.io as pio

    monkeypatch.setattr(pio.renderers, "default", "plotly_mimetype")


@pytest.fixture(scope="module")
def record():
    return record_round(players=3, seed=1)


# ---------------------------------------------------------------- structured events


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_every_log_line_has_its_event(players):
    s = play_game("critter_kitchen", players, 3, "random")
    assert len(s.events) == len(s.log)
    kinds = Counter(e.kind for e in s.events)
    takes = sum(1 for line in s.log if " takes " in line and "soup after" not in line and "extra soup" not in line
                and "bisque (" not in line) + sum(1 for line in s.log if " hires zous-chef " in line)
    assert kinds["pick"] == takes
    assert kinds["soup"] == sum(1 for line in s.log if "consolation soup" in line)
    assert kinds["hat"] == sum(1 for line in s.log if "the hat moves to the back" in line)
    assert kinds["round"] == 7


def test_frames_follow_the_log(record):
    final = record.final.log
    assert [f.text for f in record.frames] == list(final[: len(record.frames)])
    for f in record.frames:
        if f.actor is None:          # the set-up lines show the game as dealt
            assert f.state is record.frames[0].state
            continue
        assert len(f.state.log) == f.number + 1 and f.state.log[-1] == f.text
        assert f.state.events[-1] == f.event
    kinds = [f.event.kind for f in record.frames]
    assert kinds[0] == "setup" and kinds[1] == "round"
    # the secret plans come before the reveal, then the shop step
    assert kinds.index("planned") < kinds.index("reveal") < kinds.index("resolve")
    assert kinds.count("planned") == kinds.count("reveal") == 3
    # the round ends before round 2 begins
    assert sum(1 for k in kinds if k == "round") == 1
    assert "Round 2 begins" in final[len(record.frames)]


def test_each_frame_shows_the_moment_of_its_event(record):
    frames = record.frames
    for prev, f in zip(frames, frames[1:]):
        e, d, st = f.event, f.event.data, f.state
        if e.kind == "pick":
            tok = d["token"]
            if tok == "soup" and d["loc"] == st.cfg.truck:
                pass
            else:
                assert tok in prev.state.location_items(d["loc"])
                assert Counter(st.location_items(d["loc"]))[tok] == Counter(prev.state.location_items(d["loc"]))[tok] - 1
            if not tok.startswith(("zous:", "rumor", "wild")):
                assert Counter(st.storage[d["seat"]])[tok] == Counter(prev.state.storage[d["seat"]])[tok] + 1
        elif e.kind == "soup":
            assert st.storage[d["seat"]].count("soup") == prev.state.storage[d["seat"]].count("soup") + 1
        elif e.kind == "hat":
            # the previous event is that player's first pick at the location, as the first of tied chefs
            assert prev.event.kind == "pick" and prev.event.data["seat"] == d["seat"]
            assert st.priority[0] == d["seat"] and tuple(d["priority"]) == st.priority
            before = prev.state.priority
            cap = prev.state.run.queues[prev.state.run.qi][0].capacity
            tied = [s for s, c, _ in _resolve(frames, f)["chefs"] if c == cap]
            assert len(tied) >= 2
            assert max(tied, key=before.index) == d["seat"]       # it held the rightmost hat of the tie
        elif e.kind == "leftover":
            for tok in d["tokens"]:
                assert tok in st.location_items(d["to"])
            assert not [t for t in st.location_items(d["loc"]) if t in d["tokens"] and t != "bisque"]


def _resolve(frames, frame):
    """The resolve event of the location a frame belongs to."""
    k = frames.index(frame)
    return next(f.event.data for f in reversed(frames[:k]) if f.event.kind == "resolve")


def test_the_seeded_round_shows_every_kind_of_shop_event(record):
    kinds = Counter(f.event.kind for f in record.frames)
    assert kinds["hat"] >= 1 and kinds["soup"] >= 1 and kinds["leftover"] >= 1 and kinds["gone"] >= 1
    assert len(contested_locations(record)) >= 2
    moves = leftover_moves(record)
    assert moves[-1].startswith("Chef Academy -> Soup Truck: ")


# ---------------------------------------------------------------- the stepper


def test_stepper_steps_through_the_events_and_redraws(record):
    stepper = round_stepper(players=3, seed=1)
    assert len(stepper.frames) == len(record.frames)
    assert stepper.event_text == record.frames[0].text
    assert record.frames[0].text in stepper.event.value
    stepper.step(1)
    assert stepper.index == 1 and stepper.event_text == record.frames[1].text
    shown = stepper.picture.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert shown["layout"]["title"]["text"] == stepper.drawn.layout.title.text == "Round 1, event 2: the whole table"
    assert record.frames[1].text.split()[0] in stepper.event.value
    assert stepper.drawn.layout.meta["event"] == "round"
    k = next(i for i, f in enumerate(record.frames) if f.event.kind == "hat")
    stepper.go(k)
    assert stepper.drawn.layout.meta["event"] == "hat"
    assert count_shapes(stepper.drawn)["highlight"] >= 1
    stepper.step(-1)
    assert stepper.drawn.layout.meta["event"] == "pick"
    stepper.step(10_000)
    assert stepper.index == len(record.frames) - 1 and stepper.next.disabled


def test_stepper_view_toggle_hides_other_storages(record):
    stepper = round_stepper(players=3, seed=1)
    stepper.go(len(record.frames) - 1)
    table = count_shapes(stepper.drawn)
    assert all(table.get(f"store {p}", 0) > 0 for p in range(3))
    stepper.toggle.value = 2
    mine = count_shapes(stepper.drawn)
    assert stepper.drawn.layout.meta["viewer"] == 2
    assert mine.get("store 0", 0) == 0 and mine.get("store 1", 0) == 0 and mine["store 2"] == table["store 2"]
    stepper.toggle.value = TABLE_VIEW
    assert count_shapes(stepper.drawn) == table
    assert (stepper.index, TABLE_VIEW) in stepper.cache and (stepper.index, 2) in stepper.cache


def test_solo_and_five_player_rounds_record_and_draw():
    for players, seed in ((1, 3), (5, 2)):
        stepper = round_stepper(players=players, seed=seed)
        stepper.step(len(stepper.frames))
        assert stepper.drawn is not None
        assert stepper.frames[-1].event.kind in ("leftover", "gone", "pick", "soup", "zous_soup", "hat", "zous_leaves")


# ---------------------------------------------------------------- where the items went


def test_flows_add_up(record):
    flows = round_flows(record)
    cfg = record.cfg
    locs = set(cfg.loc_names)
    inflow, outflow = Counter(), Counter()
    for f in flows:
        inflow[f.target] += len(f.tokens)
        outflow[f.source] += len(f.tokens)
    for name in locs:
        assert inflow[name] == outflow[name], name
    events = record.events
    picks = sum(1 for e in events if e.kind == "pick")
    soups = sum(1 for e in events if e.kind == "soup")
    moved = sum(len(e.data["tokens"]) for e in events if e.kind in ("leftover", "gone"))
    stays = sum(len(f.tokens) for f in flows if f.source in locs and f.target.endswith("next round")
                and f.source != cfg.loc_names[cfg.academy])
    assert sum(outflow[n] for n in locs) == picks + soups + moved + stays
    assert sum(len(f.tokens) for f in flows if f.target == OUT) == sum(
        len(e.data["tokens"]) for e in events if e.kind == "gone")


def test_flows_to_each_player_are_what_their_storage_gained(record):
    start = next(f.state for f in record.frames if f.event.kind == "round")
    end = record.frames[-1].state
    flows = round_flows(record)
    for seat, name in enumerate(record.names):
        got = Counter(t for f in flows if f.target == name for t in f.tokens)
        kept = Counter(t for t in got.elements() if not t.startswith(("zous:", "rumor", "wild")))
        assert Counter(end.storage[seat]) - Counter(start.storage[seat]) == kept
        assert sum(1 for t in got.elements() if t.startswith("zous:")) == (1 if end.hire_next[seat] else 0)


def test_flow_figure_is_a_sankey_of_the_flows(record):
    fig = flow_figure(record)
    sankey = fig.data[0]
    assert sankey.type == "sankey"
    assert sum(sankey.link.value) == sum(len(f.tokens) for f in round_flows(record))
    labels = list(sankey.node.label)
    assert labels[0] == "Bag" and NEXT_ROUND in labels and OUT in labels
    assert all(n in labels for n in record.names)


# ---------------------------------------------------------------- the tie tree


def test_location_game_is_a_state_like_any_game():
    g = LocationGame("fish7 cheese4 bread2", [(0, 2), (1, 2)], priority=[0, 1])
    assert g.current_player == 1                       # player 2's hat is rightmost: front of the tie
    assert [str(a) for a in g.legal_actions()] == ["take fish7", "take cheese4", "take bread2", "go home for soup"]
    g2 = g.apply("take fish7")
    assert g.current_player == 1 and g.run.items == ["fish7", "cheese4", "bread2"]     # unchanged
    assert g2.current_player == 0 and g2.run.priority == [1, 0]                       # hat moved to the back
    g3 = g2.apply("take cheese4")                       # player 2's last pick (bread2) is forced
    assert g3.is_over and g3.taken(1) == ["fish7", "bread2"] and g3.scores() == [4, 9]


def test_tie_tree_size_and_best_line():
    G = tie_tree()
    leaves = [n for n, a in G.nodes(data=True) if a["kind"] == "terminal"]
    # front picks one of 3 (then the other picks 1 of 2 or goes home: 2 + 2 leaves) = 12,
    # front goes home (the other picks 1 of 3 then 1 of 2, or goes home too) = 7
    assert len(leaves) == 19
    from kitchenlab.trees import best_line

    line = best_line(G, player=1)
    assert line.actions == ("take fish7", "take cheese4")
    assert G.nodes[line.nodes[-1]]["scores"] == [4, 9]


@pytest.mark.parametrize("hat_move", [True, False])
def test_tie_tree_leaves_agree_with_simulate_location(hat_move):
    items, chefs, priority = "fish7 cheese4 bread2", [(0, 2), (1, 2)], [0, 1]
    G = tie_tree(items, chefs, priority, hat_move=hat_move)
    rows = leaf_outcomes(G)
    assert len(rows) == 19
    for row in rows:
        a = G.nodes[row["node"]]
        r = simulate_location(items, chefs, priority, replay_choices(row["choices"]), hat_move=hat_move)
        assert r.picks == a["picks"] and r.soups == a["soups"] and r.priority == a["priority"]
        front_picked_first = row["choices"][0][1] is not None      # not "go home"
        moved = hat_move and front_picked_first
        assert a["priority"] == ((1, 0) if moved else (0, 1))
        assert sum(a["scores"]) == sum(
            {"fish7": 7, "cheese4": 4, "bread2": 2, "soup": 1}[t] for _, t in r.picks) + len(r.soups)


def test_tie_tree_with_a_third_chef_gives_consolation_soups():
    G = tie_tree("meat7 mushroom5 meat2", [(0, 2), (1, 2), (2, 3)], [0, 1, 2])
    rows = leaf_outcomes(G)
    for row in rows:
        a = G.nodes[row["node"]]
        r = simulate_location("meat7 mushroom5 meat2", [(0, 2), (1, 2), (2, 3)], [0, 1, 2],
                              replay_choices(row["choices"]))
        assert (r.picks, r.soups) == (a["picks"], a["soups"])
    # when the two lizards take all three items the boar goes home with a soup
    full = [G.nodes[r["node"]] for r in rows if len(G.nodes[r["node"]]["picks"]) == 3
            and all(p in (0, 1) for p, _ in G.nodes[r["node"]]["picks"])]
    assert full and all(a["soups"] == (2,) for a in full)


def test_tie_tree_figure_puts_every_outcome_on_the_bottom_row():
    G = tie_tree()
    fig = tie_tree_figure(G)
    pos = tree_layout(G)
    bottom = min(y for _, y in pos.values())
    leaves = [n for n, a in G.nodes(data=True) if a["kind"] == "terminal"]
    assert all(pos[n][1] == bottom for n in leaves)
    for tr in fig.data:
        if tr.customdata is not None and tr.mode == "markers":
            assert list(tr.x) == [pos[n][0] for n in tr.customdata]
    outcome_traces = [tr for tr in fig.data if tr.name and tr.name.endswith("ends with")]
    assert len(outcome_traces) == 2 and all(len(tr.text) == len(leaves) for tr in outcome_traces)
    assert any(tr.name == "best line" for tr in fig.data)


def test_contested_location_of_the_seeded_round_replays_with_simulate_location(record):
    spot = next(c for c in contested_locations(record) if not c["soup"])
    picks = [(f.event.data["seat"], f.event.data["token"]) for f in record.frames
             if f.event.kind == "pick" and f.event.data["loc"] == spot["loc"]]
    r = simulate_location(spot["items"], spot["chefs"], spot["priority"], replay_choices(picks))
    assert list(r.picks) == picks
    hats = [f.event.data["priority"] for f in record.frames if f.event.kind == "hat"
            and _resolve(record.frames, f)["loc"] == spot["loc"]]
    if hats:
        assert r.priority == tuple(hats[0])


def test_new_state_events_start_with_setup_and_round_one():
    s = new_state(players=2, seed=5)
    assert [e.kind for e in s.events[:2]] == ["setup", "round"]
    assert s.events[0].data["priority"] == s.priority


def test_the_renderer_draws_the_public_view_behind_every_shield(record):
    from kitchenlab import game_info
    from kitchenlab.critter_kitchen.figures import frame_figure
    from kitchenlab.play import TABLE

    assert game_info("critter_kitchen").renderer == "kitchenlab.critter_kitchen.figures:frame_figure"
    frame = record.frames[-1]
    public = count_shapes(frame_figure(frame, None))
    table = count_shapes(frame_figure(frame, TABLE))
    mine = count_shapes(frame_figure(frame, 1))
    assert all(public.get(f"shield {s}", 0) == 1 for s in range(3))
    assert not any(public.get(f"store {s}", 0) for s in range(3))
    assert all(table.get(f"shield {s}", 0) == 0 for s in range(3))
    assert mine.get("shield 1", 0) == 0 and mine.get("shield 0", 0) == 1
    assert frame_figure(frame, None).layout.title.text.endswith("the public view")
