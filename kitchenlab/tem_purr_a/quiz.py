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
from ..i18n import SOURCE_LANGUAGE, _, joined, ngettext, using
from dataclasses import replace

from ..quiz import (TRIES, Question, assumed_option, assumptions, fraction_text, kind, legal_question,
                    pick_choices, seeded_position, sub_seed)
from . import indigestion_chance, stack_total
from .actions import Action, Kind, card_label, player_name
from .components import DISH_VALUES
from .position import CARD_NAMES, CHOOSE

#: The cards by the names views give them (``"reverse"``, ``"5"``...).
CARDS_BY_NAME = {name: card for card, name in CARD_NAMES.items()}


def shown_cards(names) -> str:
    """Cards named as in views (``["5", "reverse"]``), in the current language and joined by commas."""
    return ", ".join(card_label(CARDS_BY_NAME[name]) for name in names)

GAME = "tem_purr_a"


def describe(state, seat: int) -> str:
    """What the player to act sees that decides the legal moves: their hand and the stack."""
    v = state.view(seat)
    stack = shown_cards(v["stack"]) or _("empty")
    top = _(" (top dish {dish})").format(dish=v["top_dish"]) if v["top_dish"] is not None else ""
    return _("Your hand: {hand}. The stack: {stack}{top}.").format(hand=shown_cards(v["hand"]), stack=stack,
                                                                     top=top)


def legal_assumptions(game: str, view: dict, choices) -> tuple[str, ...]:
    """What a legal-move question on this ``view`` with these ``choices`` (move texts in the current
    language) rests on (see the module)."""
    stack = view["stack"]
    action_on_top = bool(stack) and not stack[-1].isdigit()
    serves = {str(Action(Kind.SERVE, v)) for v in DISH_VALUES}
    names_self = str(Action(Kind.PLAY, CHOOSE, target=view["seat"]))
    return assumptions(
        assumed_option(game, "match_after_action", _("a serve must match the top dish card even under an "
                                                     "action card"))
        if action_on_top and serves & set(choices) else None,
        assumed_option(game, "choose_self", _("a 'choose next player' card may not name its own player"))
        if names_self in choices else None)


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
    ones = "" if not plus else ngettext(", plus {n} for the '+1' card", ", plus 1 for each of the {n} '+1' cards",
                                        plus).format(n=plus)
    why = _("the dish values add up to {dishes}{ones}; reverse and choose-next add nothing.").format(
        dishes=dishes, ones=ones)
    return Question(game, "score", _("The stack is {stack} (bottom first). How many cards does a player who "
                                     "eats it draw?").format(stack=shown_cards(stack)),
                    pick_choices(rng, str(total), wrong), str(total), f"{total}: {why}", facts)


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
    note = "" if naive == p else _(", not d·k/n = {naive}").format(naive=fraction_text(naive))
    facts["draw"] = [n, d, k]
    return Question(game, "chance", _("The deck holds {n} cards, {d} of them indigestion. {player} eats a stack "
                                      "worth {k}. What is the exact chance of drawing at least one indigestion "
                                      "card?").format(n=n, d=d, k=k, player=player_name(state.current_player)),
                    pick_choices(rng, fraction_text(p), wrong), fraction_text(p),
                    _("1 − C({left},{k})/C({n},{k}) = {p} ≈ {percent} (drawn cards do not go back{note}).").format(
                        left=n - d, k=k, n=n, p=fraction_text(p), percent=f"{float(p):.1%}", note=note), facts)


@kind("tie")
def tie(game: str, rng: Rng) -> Question:
    """Who wins when several players end with the fewest tokens? (A seeded game played to the end.)"""
    from ..sim import play_game

    for _attempt in range(TRIES):
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
        names = [player_name(p) for p in range(n)]
        answer = joined(names[w] for w in won)
        wrong = names + [joined(names[t] for t in tied)]
        most = max(hands[p] for p in tied)
        with using(SOURCE_LANGUAGE):   # facts are data: English in every language
            history = [str(a) for a in final.history]
        facts = {"players": n, "seed": seed, "history": history, "tokens": tokens, "hand_sizes": hands}
        return Question(game, "tie", _("Game over ({n} players): indigestion tokens {tokens}, cards in hand "
                                       "{hands} ({first} first). Who wins?").format(
                            n=n, tokens=tokens, hands=hands, first=player_name(0)),
                        pick_choices(rng, answer, wrong, k=5), answer,
                        _("{players} tie on {n} token(s); the tie goes to the most cards in hand ({most}).")
                        .format(players=", ".join(names[t] for t in tied), n=fewest, most=most),
                        facts)
    raise OptionError(f"{game}: no tied game found in {TRIES} tries")


MAKERS = (legal, stack_score, eat_chance, tie)

__all__ = ["MAKERS", "describe", "eat_chance", "legal", "legal_assumptions", "stack_score", "tie"]
