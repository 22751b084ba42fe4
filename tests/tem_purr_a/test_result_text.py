"""Tem-Purr-A's result names the tie-break when it decided the game: the fewest tokens among the
players still in, then the most cards in hand (digest: "a tie goes to the most cards in hand")."""

from __future__ import annotations

import kitchenlab
from kitchenlab.tem_purr_a import from_position

# Player 1 eats a stack of 5 from a 5-card deck holding the indigestion card: their third token.
DECK = ["indigestion", 2, 3, 4, 6]


def last_eat(hands, tokens):
    s = from_position(3, position={"hands": hands, "stack": [5], "deck": list(DECK), "tokens": tokens})
    assert s.current_player == 0
    final = s.apply("eat 5")
    assert final.is_over and final.tokens[0] == 3
    return final


def test_the_tie_break_on_cards_in_hand_is_named_when_it_decides():
    final = last_eat([[3, 3], [6, 7, 2, 4], [2, 2]], [2, 1, 1])
    assert final.view(None)["hand_sizes"][1:] == [4, 2]
    assert final.winners() == [1]
    assert final.result_text() == (
        "scores [0, 2, 2]; Player 1 is out; Player 2 and Player 3 tie on the fewest tokens (1 token); the "
        "tie-break, the most cards in hand, goes to Player 2 (4 cards against 2); winner(s): Player 2")


def test_no_tie_break_is_named_when_the_tokens_decide():
    final = last_eat([[3, 3], [6, 7, 2, 4], [2, 2]], [2, 0, 1])
    assert final.winners() == [1]
    assert final.result_text() == "scores [0, 3, 2]; winner(s): Player 2"      # the tokens decided


def test_a_tie_on_cards_too_is_shared():
    final = last_eat([[3, 3], [6, 7], [2, 4]], [2, 1, 1])
    assert final.winners() == [1, 2]
    text = final.result_text()
    assert ("tie on the fewest tokens (1 token); the most cards in hand ties too (2 cards each): the win is shared"
            in text)
    assert text.endswith("winner(s): Player 2, Player 3")


def test_a_seeded_game_decided_by_the_tie_break_says_so():
    from kitchenlab.sim import play_game

    for seed in range(200):
        final = play_game("tem_purr_a", 4, seed, "cautious")
        tokens, hands = final.tokens, final.view(None)["hand_sizes"]
        alive = [p for p in range(4) if tokens[p] < 3]
        best = [p for p in alive if tokens[p] == min(tokens[q] for q in alive)]
        if len(best) >= 2 and len(final.winners()) == 1:
            break
    else:
        raise AssertionError("no seeded game decided by cards in hand in 200 seeds")
    w = final.winners()[0]
    assert hands[w] == max(hands[p] for p in best)
    assert f"the tie-break, the most cards in hand, goes to Player {w + 1} ({hands[w]} cards" in final.result_text()


def test_not_over_yet():
    s = kitchenlab.new_game("tem_purr_a", players=3, seed=1)
    assert s.result_text().startswith("not over yet")


def test_the_log_as_a_seat_reads_it_hides_what_others_drew():
    import kitchenlab
    from kitchenlab.engine import Rng

    s, rng = kitchenlab.new_game("tem_purr_a", players=3, seed=2), Rng(2)
    while not any(e.kind == "eat" and e.data["drawn"] > e.data["indigestion"] for e in s.events):
        s = s.apply(rng.choice(s.legal_actions()))
    i, e = next((i, e) for i, e in enumerate(s.events) if e.kind == "eat" and e.data["drawn"] > e.data["indigestion"])
    eater = e.data["seat"]
    assert s.log_for(eater)[i] == s.log[i] and "card(s) (" in s.log[i]    # the eater reads the cards drawn
    for other in [p for p in range(3) if p != eater] + [None]:
        assert s.log_for(other)[i] == e.data["public_text"] and "card(s) (" not in s.log_for(other)[i]
        assert s.log_for(other)[:i] == s.log[:i]
