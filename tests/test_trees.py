"""Game trees on the toy Dice Nim game (tests/toy_game.py): counts made by hand, exact chance."""

import json
from fractions import Fraction

import pytest
from toy_game import DiceNim, roll_outcomes

from kitchenlab.trees import best_line, build_tree, expectimax, leaf_values, tree_summary, tree_to_dict


@pytest.fixture(scope="module")
def tree2():
    return build_tree(DiceNim(pile=5), depth=2, chance=roll_outcomes)


def test_depth_two_matches_a_hand_count(tree2):
    # Root (pile 5, roll unused): take 1, take 2, roll -> chance node with 3 outcomes (piles 4, 3, 2).
    #   depth 1: 2 decision children + 1 chance node + 3 outcomes = 6 nodes.
    # Depth 2: pile 4 and pile 3 (roll unused) each give 2 + chance + 3 = 6 nodes;
    #   the three rolled outcomes (piles 4, 3, 2) give 2 children each = 6 nodes.
    # Total 1 + 6 + 18 = 25. Terminal: pile 3 rolling a 6, pile 2 taking 2. Chance: 3.
    s = tree_summary(tree2)
    assert s["nodes"] == 25 and s["edges"] == 24
    assert (s["decision"], s["chance"], s["terminal"]) == (20, 3, 2)
    assert s["truncated"] == 14  # every non-terminal decision node at depth 2
    assert s["depth"] == 2 and s["by_depth"] == {0: 1, 1: 6, 2: 18}


def test_node_attributes(tree2):
    root = tree2.nodes[0]
    assert (root["kind"], root["player"], root["label"], root["depth"], root["layer"]) == (
        "decision", 0, "P1 to act", 0, 0)
    assert [tree2.edges[0, c]["action"] for c in tree2.successors(0)] == ["take 1", "take 2", "roll"]
    take1 = next(c for c in tree2.successors(0) if tree2.edges[0, c]["action"] == "take 1")
    assert tree2.nodes[take1]["state"].pile == 4
    assert tree2.nodes[take1]["player"] == 1 and tree2.nodes[take1]["label"] == "P2 to act"
    ends = [a for _, a in tree2.nodes(data=True) if a["kind"] == "terminal"]
    assert all(a["terminal"] and a["player"] is None and not a["truncated"] for a in ends)
    # both games end on the second move, so the second player (index 1) took the last stone
    assert [a["label"] for a in ends] == ["end: 0, 1", "end: 0, 1"]
    assert [a["scores"] for a in ends] == [[0, 1], [0, 1]]


def test_chance_edges_carry_exact_probabilities(tree2):
    chance_nodes = [n for n, k in tree2.nodes(data="kind") if k == "chance"]
    assert len(chance_nodes) == 3
    for n in chance_nodes:
        probs = [tree2.edges[n, c]["probability"] for c in tree2.successors(n)]
        assert probs == [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
        assert all(type(p) is Fraction for p in probs) and sum(probs) == 1
        assert [tree2.edges[n, c]["label"] for c in tree2.successors(n)] == ["1-3", "4-5", "6"]
    first = chance_nodes[0]
    assert tree2.nodes[first]["layer"] == 1 and tree2.nodes[first]["depth"] == 1
    outcomes = list(tree2.successors(first))
    assert [tree2.nodes[c]["state"].pile for c in outcomes] == [4, 3, 2]
    assert all(tree2.nodes[c]["layer"] == 2 and tree2.nodes[c]["depth"] == 1 for c in outcomes)


def test_without_a_chance_function_the_roll_is_a_plain_edge():
    G = build_tree(DiceNim(pile=5, seed=3), depth=1)
    assert G.number_of_nodes() == 4
    assert all(k != "chance" for _, k in G.nodes(data="kind"))
    assert all("probability" not in a for _, _, a in G.edges(data=True))


def test_truncation_by_depth_and_budget():
    G = build_tree(DiceNim(pile=5), depth=0, chance=roll_outcomes)
    assert G.number_of_nodes() == 1 and G.nodes[0]["truncated"]
    # Root expansion needs 6 nodes (7 in all); the next node would need 6 more: over a budget of 10.
    G = build_tree(DiceNim(pile=5), depth=5, max_nodes=10, chance=roll_outcomes)
    assert G.number_of_nodes() == 7
    truncated = sorted(n for n, t in G.nodes(data="truncated") if t)
    assert truncated == [n for n in G if G.nodes[n]["kind"] == "decision" and n != 0]
    assert len(truncated) == 5


def test_full_expansion_leaves_are_terminal():
    G = build_tree(DiceNim(pile=5), depth=50, max_nodes=10_000, chance=roll_outcomes)
    assert not any(t for _, t in G.nodes(data="truncated"))
    leaves = leaf_values(G)
    assert all(G.nodes[n]["terminal"] for n in leaves)
    assert all(sorted(v) == [0, 1] for v in leaves.values())  # exactly one winner per finished game


def test_bad_chance_functions_are_refused():
    def half(state, action):
        return None if action != "roll" else [(Fraction(1, 2), "a", state), (Fraction(1, 3), "b", state)]

    def floats(state, action):
        return None if action != "roll" else [(0.5, "a", state), (0.5, "b", state)]

    with pytest.raises(ValueError, match="sum to 5/6"):
        build_tree(DiceNim(pile=3), depth=1, chance=half)
    with pytest.raises(ValueError, match="exact Fraction"):
        build_tree(DiceNim(pile=3), depth=1, chance=floats)


def test_best_line_takes_the_obvious_win():
    G = build_tree(DiceNim(pile=2, rolled=True), depth=3)
    line = best_line(G)
    assert line.actions == ("take 2",) and line.value == 1 and line.player == 0
    assert G.nodes[line.nodes[-1]]["terminal"]
    assert best_line(G, player=1).value == 0


def test_best_line_averages_chance_exactly():
    # Pile 3, roll unused, player 1 to act. Taking 1 or 2 leaves the opponent a winning take (value 0).
    # Rolling wins only on a 6 (takes 3): 1/2 and 1/3 leave 2 or 1 stones to the opponent. Value 1/6.
    G = build_tree(DiceNim(pile=3), depth=10, chance=roll_outcomes)
    line = best_line(G)
    assert line.actions == ("roll",) and line.value == Fraction(1, 6)
    assert G.nodes[line.nodes[-1]]["kind"] == "chance"  # the line stops where the dice decide
    value, choice = expectimax(G)
    assert value[0] == (Fraction(1, 6), Fraction(5, 6))


def test_custom_label_and_export(tree2):
    G = build_tree(DiceNim(pile=4), depth=1, chance=roll_outcomes, label=lambda s: f"pile {s.pile}")
    assert [G.nodes[n]["label"] for n in G] == ["pile 4", "pile 3", "pile 2", "roll ?", "pile 3", "pile 2", "pile 1"]
    data = tree_to_dict(tree2)
    text = json.dumps(data)  # no state objects, no Fractions left
    assert '"state"' not in text
    probs = [e["probability"] for e in data["edges"] if "probability" in e]
    assert probs == ["1/2", "1/3", "1/6"] * 3
    assert len(data["nodes"]) == 25 and data["nodes"][0]["label"] == "P1 to act"


def test_the_start_state_is_unchanged():
    s = DiceNim(pile=4)
    before = s.to_json()
    build_tree(s, depth=3, chance=roll_outcomes)
    assert s.to_json() == before and s.pile == 4
