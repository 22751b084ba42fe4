"""Tem-Purr-A quiz questions: a legal move, a stack's worth, the exact risk of eating, a tie.

What the answers rest on that no source gives is named in ``rests_on`` (a ⚠ note), read from the
options' sources: a legal-move question offering a serve with an action card on top of the stack
rests on what a serve must match then (``match_after_action``, source A), one offering a 'choose next player' move
that names the player to act on whether a player may choose themselves (``choose_self``, source A).
Stack totals, the indigestion chance and the tie-break come from the rules, and the deck's size
and indigestion cards are given in the question (the assumed dish split changes none of them).

>>> from kitchenlab.quiz import questions
>>> q = questions("tem_purr_a", seed=2, n=3)[2]
>>> q.kind, q.answer == fraction_text(indigestion_chance(*q.facts["draw"]))
('chance', True)
"""

from __future__ import annotations

from fractions import Fraction

from ..engine import Rng
from ..errors import OptionError
from dataclasses import replace

from ..quiz import (TRIES, Question, assumed_option, assumptions, fraction_text, kind, legal_question,
                    pick_choices, seeded_position, sub_seed)
from . import indigestion_chance, stack_total

GAME = "tem_purr_a"


def describe(state, seat: int) -> str:
    """What the player to act sees that decides the legal moves: their hand and the stack."""
    v = state.view(seat)
    stack = ", ".join(v["stack"]) or "empty"
    top = f" (top dish {v['top_dish']})" if v["top_dish"] is not None else ""
    return f"Your hand: {', '.join(v['hand'])}. The stack: {stack}{top}."


def legal_assumptions(game: str, view: dict, choices) -> tuple[str, ...]:
    """What a legal-move question on this ``view`` with these ``choices`` rests on (see the module)."""
    stack = view["stack"]
    action_on_top = bool(stack) and not stack[-1].isdigit()
    serves = any(c.startswith("serve ") for c in choices)
    names_self = f"choose next: Player {view['seat'] + 1}"
    return assumptions(
        assumed_option(game, "match_after_action", "a serve must match the top dish card even under an "
                       "action card") if action_on_top and serves else None,
        assumed_option(game, "choose_self", "a 'choose next player' card may not name its own player")
        if any(c.endswith(names_self) for c in choices) else None)


@kind("legal")
def legal(game: str, rng: Rng) -> Question:
    """Which move is legal here? (From a seeded position; the rules list the legal moves.)"""
    seen = {}

    def describe_and_keep(state, seat: int) -> str:
        seen["view"] = state.view(seat)
        return describe(state, seat)

    q = legal_question(game, rng, describe_and_keep)
    return replace(q, rests_on=legal_assumptions(game, seen["view"], q.choices))


@kind("score")
def stack_score(game: str, rng: Rng) -> Question:
    """How many cards does eating this stack draw? (``stack_total`` of a seeded stack.)"""
    state, facts = seeded_position(game, rng, accept=lambda s: len(s.view(None)["stack"]) >= 3)
    stack = state.view(None)["stack"]
    total = stack_total(stack)
    dishes = stack_total([c for c in stack if c not in ("+1",)])
    wrong = [str(total + d) for d in (-2, -1, 1, 2) if total + d >= 0] + [str(dishes), str(len(stack))]
    facts["stack"] = list(stack)
    plus = stack.count("+1")
    ones = ("" if not plus else ", plus 1 for the '+1' card" if plus == 1
            else f", plus 1 for each of the {plus} '+1' cards")
    why = f"the dish values add up to {dishes}{ones}; reverse and choose-next add nothing."
    return Question(game, "score", f"The stack is {', '.join(stack)} (bottom first). How many cards does "
                    "a player who eats it draw?", pick_choices(rng, str(total), wrong), str(total),
                    f"{total}: {why}", facts)


@kind("chance")
def eat_chance(game: str, rng: Rng) -> Question:
    """The exact chance that eating now reveals indigestion (``indigestion_chance``)."""
    def risky(s) -> bool:
        v = s.view(None)
        return (v["phase"] == "turn" and v["indigestion_in_deck"] > 0
                and 0 < v["stack_total"] < v["deck_size"])

    state, facts = seeded_position(game, rng, accept=risky)
    v = state.view(None)
    n, d, k = v["deck_size"], v["indigestion_in_deck"], v["stack_total"]
    p = indigestion_chance(n, d, k)
    naive = min(Fraction(d * k, n), Fraction(1))
    replaced = 1 - Fraction(n - d, n) ** k
    guesses = (Fraction(d, n), naive, replaced, Fraction(k, n), 1 - p, Fraction(d, n - k), Fraction(k, n - d))
    wrong = [fraction_text(x) for x in guesses if x != p and x.denominator < 10_000]
    note = "" if naive == p else f", not d·k/n = {fraction_text(naive)}"
    facts["draw"] = [n, d, k]
    return Question(game, "chance", f"The deck holds {n} cards, {d} of them indigestion. Player "
                    f"{state.current_player + 1} eats a stack worth {k}. What is the exact chance of drawing "
                    "at least one indigestion card?", pick_choices(rng, fraction_text(p), wrong), fraction_text(p),
                    f"1 − C({n - d},{k})/C({n},{k}) = {fraction_text(p)} ≈ {float(p):.1%} (drawn cards do not go "
                    f"back{note}).", facts)


@kind("tie")
def tie(game: str, rng: Rng) -> Question:
    """Who wins when several players end with the fewest tokens? (A seeded game played to the end.)"""
    from ..sim import play_game

    for _ in range(TRIES):
        n = 3 + rng.randbelow(3)
        seed = sub_seed(rng)
        final = play_game(game, n, seed, "cautious")
        v = final.view(None)
        tokens, hands = v["tokens"], v["hand_sizes"]
        alive = [p for p in range(n) if tokens[p] < max(tokens)]
        fewest = min(tokens[p] for p in alive)
        tied = [p for p in alive if tokens[p] == fewest]
        if len(tied) < 2:
            continue
        won = final.winners()
        names = [f"Player {p + 1}" for p in range(n)]
        answer = " and ".join(names[w] for w in won)
        wrong = names + [" and ".join(names[t] for t in tied)]
        most = max(hands[p] for p in tied)
        facts = {"players": n, "seed": seed, "history": [str(a) for a in final.history],
                 "tokens": tokens, "hand_sizes": hands}
        return Question(game, "tie", f"Game over ({n} players): indigestion tokens {tokens}, cards in hand "
                        f"{hands} (Player 1 first). Who wins?", pick_choices(rng, answer, wrong, k=5), answer,
                        f"{', '.join(names[t] for t in tied)} tie on {fewest} token(s); the tie goes to the most "
                        f"cards in hand ({most}).", facts)
    raise OptionError(f"{game}: no tied game found in {TRIES} tries")


MAKERS = (legal, stack_score, eat_chance, tie)

__all__ = ["MAKERS", "describe", "eat_chance", "legal", "legal_assumptions", "stack_score", "tie"]
