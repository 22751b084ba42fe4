"""Rule quizzes that the engine marks: questions built from seeded positions, answered by the rules.

>>> qs = questions("tem_purr_a", seed=1, n=4)
>>> [q.kind for q in qs]
['legal', 'score', 'chance', 'tie']
>>> all(q.answer in q.choices for q in qs)
True
>>> questions("tem_purr_a", seed=1, n=4) == qs
True

Every :class:`Question` has a ``prompt``, its ``choices`` (strings), the ``answer`` (one of the
choices) and a one-line ``explanation``, all computed by the kit: a legal move comes from
``legal_actions()``, a score from the game's public scoring helpers, a chance from the exact
formula (a :class:`fractions.Fraction`), a winner from ``winners()``. ``facts`` holds what the
question was built from (the seed, the moves played, the cards, ...), so anyone can recompute the
answer through the public API. The same seed gives the same quiz (hand a whole class one seed);
another seed gives other questions.

Kinds: ``legal`` (which move is legal here), ``score`` (what a stack, meal or course is worth),
``chance`` (the exact chance of a draw), ``tie`` (who wins this tie).

Where an answer rests on something no source gives — a value the kit assumed (a data row marked
``A``) or one of the kit's own readings of the rules (an option whose source is ``A``, such as
Diced Veggies' cleaver geometry) — the question says so: ``rests_on`` names each such value and
``note`` is the ⚠ line shown under the question (quiz widget, worksheet), as the notebooks mark
such values; the ``explanation`` ends with it too, so the feedback and the answer key carry it:

>>> q = Question("toy", "score", "What is a carrot worth?", ("2", "3"), "2", "The card says 2.",
...              rests_on=("the carrot card's value (data/toy.csv)",))
>>> q.note
"⚠ Assumed by the kit [A], not given by the rules: the carrot card's value (data/toy.csv)."
>>> q.explanation
"The card says 2. ⚠ Assumed by the kit [A], not given by the rules: the carrot card's value (data/toy.csv)."

One quiz never asks the same question twice: a question whose prompt was already asked is drawn
again (the quiz stays the same for a seed).

A game's own questions
----------------------
A game brings its own questions by naming a sequence of question makers in its ``GameInfo``:
``quiz="package.module:MAKERS"`` (the kit's games keep theirs in ``kitchenlab/<game>/quiz.py``; a
game from outside the kit writes them the same way). A game that names none gets the generic
questions (:data:`GENERIC_MAKERS`: a legal move, who wins). A maker is a function
``maker(game, rng) -> Question | None`` marked with :func:`kind` (one of :data:`KINDS`; that is how
``questions(kinds=...)`` picks makers):

* ``game`` is the game's name and ``rng`` a :class:`kitchenlab.engine.Rng`, the quiz's only source
  of chance (so one seed gives one quiz): draw every seed, player count and choice from it;
* it returns a :class:`Question` of the kind it is marked with, built with the functions here
  (:func:`seeded_position`, :func:`pick_choices`, :func:`fraction_text`, :func:`sub_seed`; the
  generic :func:`legal_question` takes a ``describe(state, seat)`` for the game's own wording), or
  ``None`` when it has no such question to ask (the next maker asks instead);
* the answer is computed by the game's rules, never written by hand, and ``facts`` hold enough to
  rebuild the position (``players``, ``seed``, ``history`` for :func:`replay`).

For example (a whole module of makers)::

    from kitchenlab.quiz import Question, kind, legal_question, pick_choices, seeded_position, winner_question

    @kind("score")
    def hand_size(game, rng):
        state, facts = seeded_position(game, rng)
        seat = state.current_player
        hand = state.view(seat).get("hand")
        if hand is None:
            return None          # no hand to count here: the next maker asks instead
        answer = str(len(hand))
        return Question(game, "score", f"How many cards does Player {seat + 1} hold?",
                        pick_choices(rng, answer, ["0", "1", "2", "3", "4", "5"]), answer,
                        "Count the cards in the hand.", facts)

    MAKERS = (legal_question, hand_size, winner_question)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Sequence

from . import game_info, new_game
from .engine import Rng
from .errors import KitchenlabError, OptionError
from .i18n import SOURCE_LANGUAGE, _, using

#: Attempts a maker gets to find a position that makes a good question.
TRIES = 60

#: Times a maker is asked again when it repeats a question the quiz already holds.
REPEATS = 8

#: The mark of a value the kit assumed (as in the notebooks and figures).
ASSUMED_MARK = "⚠"


@dataclass(frozen=True)
class Question:
    """One quiz question; ``answer`` is one of ``choices``; ``facts`` say how it was made."""

    game: str
    kind: str
    prompt: str
    choices: tuple[str, ...]
    answer: str
    explanation: str
    facts: dict = field(default_factory=dict, hash=False)
    #: What the answer rests on that no source gives: assumed values and the kit's own readings.
    rests_on: tuple[str, ...] = ()
    #: The ⚠ line naming what the answer rests on (``""`` when it rests on the rules alone), in the
    #: language the question was made in.
    note: str = field(default="", init=False, compare=False)

    def __post_init__(self) -> None:
        if self.answer not in self.choices:
            raise KitchenlabError(f"quiz: the answer {self.answer!r} is not among the choices {self.choices}")
        if len(set(self.choices)) != len(self.choices):
            raise KitchenlabError(f"quiz: the choices repeat: {self.choices}")
        if not isinstance(self.rests_on, tuple) or not all(isinstance(r, str) and r for r in self.rests_on):
            raise KitchenlabError(f"quiz: rests_on must be a tuple of non-empty texts, got {self.rests_on!r}")
        object.__setattr__(self, "note", _("{mark} Assumed by the kit [A], not given by the rules: {values}.")
                           .format(mark=ASSUMED_MARK, values="; ".join(self.rests_on)) if self.rests_on else "")
        if self.note and not self.explanation.endswith(self.note):   # the answer key and feedback show it
            object.__setattr__(self, "explanation", f"{self.explanation} {self.note}")

    @property
    def assumed(self) -> bool:
        """Whether the answer rests on an assumed value or a reading of the kit's own."""
        return bool(self.rests_on)

    def is_right(self, choice: str) -> bool:
        """Whether ``choice`` is the answer."""
        return choice == self.answer


#: A question maker: ``maker(game, rng) -> Question | None`` (see the module's text).
Maker = Callable[[str, Rng], Question | None]


def kind(name: str):
    """Mark a question maker with the kind of question it makes (what ``questions(kinds=...)`` reads)."""
    def mark(maker):
        maker.kind = name
        return maker
    return mark


def fraction_text(p: Fraction) -> str:
    """``"3/20"``; whole numbers as ``"0"`` or ``"1"``."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def pick_choices(rng: Rng, answer: str, wrong: Sequence[str], k: int = 4) -> tuple[str, ...]:
    """The answer and up to ``k - 1`` distinct wrong choices, in a seeded order."""
    others = [w for w in dict.fromkeys(wrong) if w != answer]
    rng.shuffle(others)
    out = [answer] + others[: k - 1]
    rng.shuffle(out)
    return tuple(out)


def assumptions(*entries: str | None) -> tuple[str, ...]:
    """The entries for :attr:`Question.rests_on`, in order, leaving out ``None``, ``""`` and repeats."""
    return tuple(dict.fromkeys(e for e in entries if e))


def assumed_option(game: str, name: str, what: str | None = None) -> str | None:
    """The :attr:`Question.rests_on` entry for the rule option ``name`` of ``game`` when its source
    says the kit assumed it (``A`` first), else ``None``. ``what`` says it in the question's words
    (default: the option's help and its default value); ``"(option name)"`` is added."""
    options = {o.name: o for o in game_info(game).options}
    if name not in options:
        raise KitchenlabError(f"{game}: no option {name!r}; options: {', '.join(options)}")
    o = options[name]
    if not o.source.lstrip().startswith("A"):
        return None
    return _("{what} (option {name})").format(what=what or f"{o.help.rstrip('.?')}: {o.default}", name=name)


def sub_seed(rng: Rng) -> int:
    """A game seed drawn for one question."""
    return rng.randbelow(1_000_000)


def replay(game: str, players: int, seed: int, history: Sequence[str], **variants):
    """The game with that seed after the moves ``history`` (their texts): how a question's
    position is rebuilt from its facts."""
    state = new_game(game, players=players, seed=seed, **variants)
    for text in history:
        state = state.apply(text)
    return state


def seeded_position(game: str, rng: Rng, bots="random", players: int | None = None, *, steps_max: int = 60,
                    accept: Callable | None = None):
    """A position reached by bots from a seeded deal: ``(state, facts)``. ``accept(state)`` filters
    positions (tried along the game, then on other seeds); ``OptionError`` if none is found."""
    from .play import playout

    info = game_info(game)
    for _attempt in range(TRIES):
        n = players if players is not None else rng.choice(info.players)
        seed = sub_seed(rng)
        stop = 1 + rng.randbelow(steps_max)
        states = playout(game, players=n, seed=seed, bots=bots,
                         until=lambda s: s.steps >= stop and (accept is None or accept(s)))
        last = states[-1]
        if not last.is_over and (accept is None or accept(last)):
            with using(SOURCE_LANGUAGE):   # facts are data: English in every language
                facts = {"players": n, "seed": seed, "history": [str(a) for a in last.history]}
            return last, facts
    raise OptionError(f"{game}: no position fit for this question was found in {TRIES} tries")


def default_bot(game: str) -> str:
    """The bot tables and quizzes seat by default: ``"greedy"`` where the game has it, else its
    first bot that is not ``"random"`` (else ``"random"``)."""
    bots = list(game_info(game).bots)
    if "greedy" in bots:
        return "greedy"
    return next((b for b in bots if b != "random"), bots[0] if bots else "random")


def view_text(view: dict) -> str:
    """A view as one line ``key: value; ...`` (the common header left out)."""
    skip = ("game", "seat", "round", "to_act", "over", "result")
    return "; ".join(f"{k.replace('_', ' ')}: {v}" for k, v in view.items() if k not in skip)


# ---------------------------------------------------------------- generic makers (any game)


@kind("legal")
def legal_question(game: str, rng: Rng, describe: Callable | None = None) -> Question:
    """Which of these moves is legal for the player to act? (Wrong choices are moves of the same
    game that are not legal here, preferring ones that start with the same word.) The moves are
    drawn by their English texts, so a quiz asks the same question in every language, and shown in
    the current one."""
    from .play import playout

    info = game_info(game)
    for _attempt in range(TRIES):
        state, facts = seeded_position(game, rng)
        seat = state.current_player
        later = playout(state, seed=facts["seed"], bots="random", max_steps=info.max_steps,
                        until=lambda s, n=state.steps: s.steps >= n + 40)
        with using(SOURCE_LANGUAGE):
            moves = {str(a): a for a in state.legal_actions()}
            legal = list(moves)
            for s in later[1:]:
                moves.update((str(a), a) for a in s.legal_actions() if str(a) not in moves)
        shown = {text: str(a) for text, a in moves.items()}   # in the current language
        pool = set(moves) - set(legal)
        if len(pool) < 3 or not legal:
            continue
        answer = rng.choice(legal)
        word = answer.split()[0]
        near = sorted(p for p in pool if p.split()[0] == word)
        far = sorted(pool - set(near))
        rng.shuffle(near)
        rng.shuffle(far)
        wrong = (near + far)[:3]
        text = describe(state, seat) if describe else view_text(state.view(seat))
        facts.update(seat=seat, legal=legal)
        choices = tuple(shown[c] for c in pick_choices(rng, answer, wrong))
        listed = ", ".join(shown[m] for m in legal[:8]) + (" …" if len(legal) > 8 else "")
        return Question(game, "legal", _("{game}, {players} players, Player {seat} to act. {view} Which move "
                                         "is legal?").format(game=info.title, players=facts["players"],
                                                             seat=seat + 1, view=text),
                        choices, shown[answer], _("Legal here: {moves}.").format(moves=listed), facts)
    raise OptionError(f"{game}: no legal-move question found in {TRIES} tries")


@kind("tie")
def winner_question(game: str, rng: Rng) -> Question:
    """Who wins this game? (A whole seeded game played by the game's bots; the final scores shown.)"""
    from .sim import play_game

    info = game_info(game)
    for _attempt in range(TRIES):
        n = rng.choice(info.players)
        seed = sub_seed(rng)
        final = play_game(game, n, seed, default_bot(game))
        won = final.winners()
        if len(won) != 1 or n < 2:
            continue
        names = [_("Player {number}").format(number=p + 1) for p in range(n)]
        answer = names[won[0]]
        with using(SOURCE_LANGUAGE):
            facts = {"players": n, "seed": seed, "history": [str(a) for a in final.history]}
        return Question(game, "tie", _("{game}, {players} players, game over with scores {scores}. Who wins?")
                        .format(game=info.title, players=n, scores=list(final.scores())),
                        pick_choices(rng, answer, names), answer,
                        final.result_text(), facts)
    raise OptionError(f"{game}: no finished game with a single winner found in {TRIES} tries")


GENERIC_MAKERS: tuple[Maker, ...] = (legal_question, winner_question)


def makers_for(game: str) -> tuple[Maker, ...]:
    """The question makers of ``game``: the ones its ``GameInfo.quiz`` names, else the generic ones."""
    makers = game_info(game).hook("quiz")   # unknown games raise here
    if makers is None:
        return GENERIC_MAKERS
    makers = tuple(makers)
    if not makers or not all(callable(m) for m in makers):
        raise KitchenlabError(f"{game}: GameInfo.quiz must name a non-empty sequence of question makers "
                              f"maker(game, rng) -> Question | None, got {makers!r}")
    return makers


KINDS = ("legal", "score", "chance", "tie")


def questions(game: str, seed: int = 0, n: int = 8, kinds: Sequence[str] | None = None) -> list[Question]:
    """``n`` questions on ``game`` from ``seed``: the makers take turns (legal moves, scores,
    chances, ties), each building its question from positions drawn from the seed. ``kinds``
    keeps only some kinds of question (e.g. ``["chance"]``). No prompt is asked twice: a maker that
    repeats one is asked again, then hands over; when every maker only repeats (a small kind asked
    for many questions), the quiz ends early with the distinct questions found."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"{game}: quiz seed must be an int, got {seed!r}")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 100:
        raise OptionError(f"{game}: a quiz has 1..100 questions, got n={n!r}")
    makers = makers_for(game)
    if kinds is not None:
        bad = sorted(set(kinds) - set(KINDS))
        if bad:
            raise OptionError(f"{game}: unknown question kind(s) {', '.join(bad)}; kinds: {', '.join(KINDS)}")
        makers = tuple(m for m in makers if getattr(m, "kind", None) in set(kinds))
        if not makers:
            raise OptionError(f"{game}: no question of kind(s) {', '.join(kinds)} for this game")
    rng = Rng(seed)
    out: list[Question] = []
    asked: set[str] = set()
    for i in range(n):
        q = _next_question(game, makers, i, rng, asked)
        if q is None:   # every maker only repeats questions already asked: a shorter quiz
            break
        asked.add(q.prompt)
        out.append(q)
    return out


def _next_question(game: str, makers: Sequence[Maker], i: int, rng: Rng, asked: set[str]) -> Question | None:
    """Question ``i`` of a quiz: its maker's turn first; a maker with nothing to ask (``None``) hands
    over to the next, and one that repeats a question of ``asked`` is asked again (up to
    :data:`REPEATS` times) before it hands over. ``None`` when all of them only repeat."""
    found_any = False
    for j in range(len(makers)):
        maker = makers[(i + j) % len(makers)]
        for _attempt in range(REPEATS):
            q = maker(game, rng)
            if q is None:
                break
            found_any = True
            if q.prompt not in asked:
                return q
    if not found_any:
        raise OptionError(f"{game}: none of the question makers "
                          f"({', '.join(getattr(m, '__name__', repr(m)) for m in makers)}) found a question")
    return None


def worksheet(game: str, seed: int = 0, n: int = 8, answers: bool = False) -> str:
    """The quiz as text to print or project: numbered questions with lettered choices; with
    ``answers``, the answer key with each explanation instead. A question resting on an assumed
    value carries its ⚠ note on both."""
    return worksheet_text(questions(game, seed=seed, n=n), answers=answers)


def worksheet_text(qs: Sequence[Question], answers: bool = False) -> str:
    """:func:`worksheet` for questions already drawn."""
    lines = []
    for number, q in enumerate(qs, start=1):
        letters = dict(zip(q.choices, "ABCDE"))
        if answers:   # the explanation ends with the ⚠ note where there is one
            lines.append(f"{number}. {letters[q.answer]}) {q.answer} — {q.explanation}")
        else:
            lines.append(f"{number}. {q.prompt}")
            if q.note:
                lines.append(f"   {q.note}")
            lines += [f"   {letters[c]}) {c}" for c in q.choices]
    return "\n".join(lines)


__all__ = ["ASSUMED_MARK", "GENERIC_MAKERS", "KINDS", "Question", "assumed_option", "assumptions", "kind", "default_bot",
           "fraction_text", "legal_question", "makers_for", "pick_choices", "questions", "replay",
           "seeded_position", "sub_seed", "view_text", "winner_question", "worksheet", "worksheet_text"]
