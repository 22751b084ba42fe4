"""A tiny two-player game for testing the generic tools (trees, charts) without the real games.

Dice Nim: a pile of stones; the players take turns. On a turn a player takes 1 or 2 stones, or,
once per game (whoever does it first uses it up), rolls a six-sided die instead: 1-3 takes 1
stone, 4-5 takes 2, 6 takes 3 (never more than the pile). Whoever takes the last stone wins.

``roll_outcomes`` is the chance function for :func:`kitchenlab.trees.build_tree`: it lists the three
results of a roll with their exact probabilities.

The module also shows what a new game needs to join the kit: a state class implementing the hooks of
:class:`kitchenlab.engine.GameState`, a ``new_state`` that checks players and options, bots, and one
:class:`kitchenlab.GameInfo` handed to :func:`kitchenlab.register` (then ``kitchenlab.new_game("dice_nim")``,
``kitchenlab.sim`` and ``kitchenlab.play`` know it).
"""

from __future__ import annotations

from fractions import Fraction

from kitchenlab.engine import GameInfo, GameState, Option, check_players, chain_push, register, registered, resolve_options

#: die faces -> stones taken, with the exact probability of each group of faces
ROLL = (("1-3", 1, Fraction(1, 2)), ("4-5", 2, Fraction(1, 3)), ("6", 3, Fraction(1, 6)))


class DiceNim(GameState):
    game = "dice_nim"

    def __init__(self, pile: int = 5, seed: int = 0, rolled: bool = False, to_move: int = 0) -> None:
        super().__init__(players=2, seed=seed, options={"pile": pile})
        self.pile = pile
        self.rolled = rolled
        self.to_move = to_move
        self.last_taker: int | None = None

    def _legal(self) -> list:
        acts = [f"take {n}" for n in (1, 2) if n <= self.pile]
        return acts + ([] if self.rolled else ["roll"])

    def _take(self, n: int) -> None:
        n = min(n, self.pile)
        self.pile -= n
        self.last_taker = self.to_move
        self.say(f"player {self.to_move + 1} takes {n}, {self.pile} left")
        self.to_move = 1 - self.to_move

    def _do(self, action) -> None:
        if action == "roll":
            self.rolled = True
            face = self.rng.randbelow(6) + 1
            self._take(1 if face <= 3 else 2 if face <= 5 else 3)
        else:
            self._take(int(action.split()[1]))

    def _copy_fields(self, new: "DiceNim") -> None:
        new.pile, new.rolled, new.to_move, new.last_taker = (
            self.pile, self.rolled, self.to_move, self.last_taker)

    @property
    def current_player(self) -> int | None:
        return None if self.pile == 0 else self.to_move

    def scores(self) -> list:
        if self.pile > 0:
            return [0, 0]
        return [1 if p == self.last_taker else 0 for p in range(2)]

    def winners(self) -> list[int]:
        return [] if self.pile > 0 else [self.last_taker]

    def _view(self, player: int | None) -> dict:
        return {"pile": self.pile, "rolled": self.rolled, "to_move": self.to_move}

    def _determinize(self, player: int | None, rng) -> None:
        """Nothing is hidden in Dice Nim (the die is rolled only when used): nothing to re-deal."""

    def after_roll(self, stones: int) -> "DiceNim":
        """The state after a roll that took ``stones`` (the die result forced, for trees)."""
        new = self.copy()
        new._hist = chain_push(self._hist, "roll")
        new.rolled = True
        new._take(stones)
        return new


def roll_outcomes(state: DiceNim, action):
    """Chance function: the roll's results as (probability, label, state); None for other actions."""
    if str(action) != "roll":
        return None
    return [(p, faces, state.after_roll(stones)) for faces, stones, p in ROLL]


OPTIONS = (Option("pile", 5, "stones on the pile at the start", "toy game", kind=int, low=1, high=50),)


def new_state(players: int = 2, seed: int = 0, **variants) -> DiceNim:
    check_players("dice_nim", players, (2,))
    return DiceNim(pile=resolve_options("dice_nim", OPTIONS, variants)["pile"], seed=seed)


def random_bot(state: DiceNim, rng):
    return rng.choice(state.legal_actions())


# ``registered`` first: the test modules may import this file more than once.
INFO = registered("dice_nim") or register(GameInfo(
    name="dice_nim", title="Dice Nim", players=(2,), default_players=2, options=OPTIONS,
    bots={"random": random_bot}, max_steps=100, new_state=new_state,
    summary="take one or two stones, or roll once; whoever takes the last stone wins"))
