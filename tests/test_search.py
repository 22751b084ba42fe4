"""The ISMCTS bot: it searches samples only (never the real hidden cards), it is seeded, it has a
budget, it resolves as "ismcts" in every game, and it beats random bots."""

from __future__ import annotations

import json

import pytest

import kitchenlab
from kitchenlab import OptionError
from kitchenlab.engine import Rng
from kitchenlab.search import ISMCTS, ismcts, ismcts_bot, rank_rewards
from kitchenlab.sim import play_game, resolve_bots


def _has_determinize(game: str) -> bool:
    try:
        kitchenlab.new_game(game).determinize(0, 1)
    except NotImplementedError:
        return False
    return True


def _games():
    for game in kitchenlab.available_games():
        if not _has_determinize(game):
            yield pytest.param(game, marks=pytest.mark.skip(reason=f"{game}: determinize is not implemented yet"))
        else:
            yield pytest.param(game, id=game)


GAMES = list(_games())


def _midgame(game: str, steps: int = 25, seed: int = 4):
    """A seeded state some random moves into a game, with a real choice to make."""
    s = kitchenlab.new_game(game, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    while not s.is_over and len(s.legal_actions()) < 2:
        s = s.apply(s.legal_actions()[0])
    assert not s.is_over
    return s


class OnlyWhatTheSeatMayUse:
    """A real state behind a guard: the bot may ask for samples, the moves now and whose turn it
    is, and nothing else (no hands, no deck, no scores of the real state)."""

    ALLOWED = {"determinize", "legal_actions", "current_player", "players", "game"}

    def __init__(self, state):
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name):
        if name not in self.ALLOWED:
            raise AssertionError(f"the search read {name!r} of the real state")
        return getattr(object.__getattribute__(self, "_state"), name)


@pytest.mark.parametrize("game", GAMES)
def test_the_search_uses_only_samples_and_the_moves_now(game):
    s = _midgame(game)
    bot = ismcts_bot(budget=12)
    chosen = bot(OnlyWhatTheSeatMayUse(s), Rng(3))
    assert chosen in s.legal_actions()
    assert str(chosen) == str(bot(s, Rng(3)))          # and the guard changes nothing


@pytest.mark.parametrize("game", GAMES)
def test_the_choice_is_seeded(game):
    s = _midgame(game, seed=6)
    bot = ismcts_bot(budget=15)
    assert ISMCTS(15).root_stats(s, Rng(8)) == ISMCTS(15).root_stats(s, Rng(8))
    assert str(bot(s, Rng(8))) == str(bot(s, Rng(8)))


def _dump(view) -> str:
    return json.dumps(view, sort_keys=True, default=str)


def _play_on(state, seed: int):
    rng = Rng(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _canonical(game: str) -> bool:
    """Whether the game's samples depend only on what the seat saw and the seed (not on the
    hidden order): two states with the same view give the same sample, played on the same way."""
    s = _midgame(game)
    me = s.current_player
    a, b = s.determinize(me, 99), s.determinize(me, 5).determinize(me, 99)
    return _play_on(a, 1).log == _play_on(b, 1).log


@pytest.mark.parametrize("game", GAMES)
def test_the_same_choice_for_real_states_that_differ_only_in_hidden_cards(game, request):
    if not _canonical(game):
        request.applymarker(pytest.mark.xfail(
            reason=f"{game}: determinize deals from the hidden cards in their hidden order (sort them "
                   "first), so a seed gives other samples; the samples' distribution is still fair",
            strict=True))
    s = _midgame(game)
    me = s.current_player
    other = s.determinize(me, 12345)                      # the same view for `me`, other hidden cards
    assert _dump(other.view(me)) == _dump(s.view(me))
    assert ISMCTS(20).root_stats(s, Rng(2)) == ISMCTS(20).root_stats(other, Rng(2))


def _eat_position(indigestion_on_top: bool):
    """Player 1 to act before a stack worth 5; the deck's only indigestion card is on top (eating
    is fatal) or at the bottom (eating is safe). Everything else is the same."""
    deck = ["2", "3", "4", "5", "6", "7", "2", "3", "4", "5", "6", "7", "+1", "2", "3", "4", "5"]
    deck = deck + ["indigestion"] if indigestion_on_top else ["indigestion"] + deck
    return kitchenlab.game_info("tem_purr_a").position(3, seed=1, position={
        "hands": [["2", "4", "6"], ["3", "5", "7", "+1"], ["2", "6", "7"]],
        "stack": [5], "deck": deck, "to_act": 1, "tokens": [1, 1, 1]})


def test_where_the_indigestion_card_lies_does_not_change_the_choice():
    fatal, safe = _eat_position(True), _eat_position(False)
    eat = next(a for a in fatal.legal_actions() if a.kind == "eat")
    assert fatal.apply(eat).tokens[1] == 2 and safe.apply(eat).tokens[1] == 1   # the real difference
    assert _dump(fatal.view(1)) == _dump(safe.view(1))
    bot = ismcts_bot(budget=60)
    assert ISMCTS(60).root_stats(fatal, Rng(4)) == ISMCTS(60).root_stats(safe, Rng(4))
    assert bot(fatal, Rng(4)) == bot(safe, Rng(4))


def test_it_beats_random_bots_in_a_seeded_match():
    # Chefs: a game of planning, where search pays (Tem-Purr-A at two players is mostly luck).
    players, games, wins = 2, 12, 0.0
    bot = ismcts_bot(budget=30, rollout_rounds=1)
    for seed in range(games):
        seat = seed % players
        bots = ["random"] * players
        bots[seat] = bot
        final = play_game("chefs", players, seed=500 + seed, bots=bots)
        won = final.winners()
        wins += 1 / len(won) if seat in won else 0.0
    assert wins / games >= 5 / 6     # a fair share would be 1/2


def test_ismcts_is_a_bot_name_in_every_game():
    for game in kitchenlab.available_games():
        info = kitchenlab.game_info(game)
        assert resolve_bots(game, info.default_players, "ismcts")[0] is ismcts
    with pytest.raises(OptionError, match="unknown bot"):
        resolve_bots("tem_purr_a", 3, "ismcts2")


def test_the_shared_bot_uses_each_game_s_settings():
    from kitchenlab.search import DEFAULT_SETTINGS, game_settings
    from toy_game import INFO as DICE_NIM     # a game that declares no search settings

    kit = ("chefs", "critter_kitchen", "diced_veggies", "tem_purr_a")
    assert [game_settings(g)["budget"] for g in kit] == [120, 30, 60, 200]
    assert [game_settings(g)["rollout"] for g in kit] == ["greedy", "greedy", "greedy", "cautious"]
    assert game_settings("critter_kitchen")["kinds"] == ("send", "take", "home")
    assert game_settings("diced_veggies") == {"budget": 60, "root": "halving", "rollout": "greedy",
                                              "prior": "greedy", "margin": 0.1}
    assert game_settings(DICE_NIM.name) == DEFAULT_SETTINGS == {"budget": 50, "rollout_rounds": 1}
    s = _midgame("tem_purr_a")
    assert ismcts(s, Rng(1)) in s.legal_actions()
    tuned = ismcts._bots["tem_purr_a"]
    assert (tuned.budget, tuned.root, tuned.rollout, tuned.prior) == (200, "halving", "cautious", "cautious")


def test_budget_is_simulations_or_seconds():
    s = _midgame("tem_purr_a")
    assert ismcts_bot(0.05)(s, Rng(1)) in s.legal_actions()
    assert sum(v for _, v, _ in ISMCTS(25).root_stats(s, Rng(1))) == 25
    for bad in (0, -3, True, "many"):
        with pytest.raises(OptionError, match="budget"):
            ismcts_bot(bad)
    with pytest.raises(OptionError, match="rollout_rounds"):
        ismcts_bot(10, rollout_rounds=0)


def test_rewards_are_win_shares_at_the_end_and_score_ranks_before():
    final = play_game("tem_purr_a", 4, seed=3)
    won = final.winners()
    assert rank_rewards(final) == [1 / len(won) if p in won else 0.0 for p in range(4)]
    s = kitchenlab.game_info("tem_purr_a").position(3, position={
        "hands": [["2"], ["3"], ["4"]], "stack": [5], "deck": ["2", "3", "indigestion"], "tokens": [0, 1, 2]})
    # scores 3, 2, 1 tokens to spare: beaten 1, 1/2, 0; lead over the best other 1, -1, -2 (of 3)
    assert rank_rewards(s) == pytest.approx([0.5 * (1 + 4 / 6) / 2 + 1 / 6, 0.5 * (0.5 + 2 / 6) / 2 + 1 / 6,
                                             0.5 * (0 + 1 / 6) / 2 + 1 / 6])
    assert rank_rewards(s)[2] > 0.0                # behind but still playing: more than a lost game


def test_a_single_move_is_played_without_search():
    s = kitchenlab.game_info("tem_purr_a").position(3, position={
        "hands": [["3"], ["4"], ["5"]], "stack": [], "deck": ["2", "3", "indigestion"], "phase": "start"})
    assert len(s.legal_actions()) == 1
    assert ismcts_bot(10)(s, Rng(0)) == s.legal_actions()[0]


# -- the flat search (root="halving"): each game's own settings, with a small budget


def _tuned(game: str, budget: int = 8) -> ISMCTS:
    from kitchenlab.search import game_settings

    settings = game_settings(game)
    settings.pop("kinds", None)               # search every move here, so the test sees a search
    return ismcts_bot(**{**settings, "budget": budget, "root": "halving",
                         "rollout": settings.get("rollout", "random"), "prior": settings.get("prior")})


@pytest.mark.parametrize("game", GAMES)
def test_the_flat_search_uses_only_samples_and_the_moves_now(game):
    s = _midgame(game)
    bot = _tuned(game)
    chosen = bot(OnlyWhatTheSeatMayUse(s), Rng(3))
    assert chosen in s.legal_actions()
    assert str(chosen) == str(bot(s, Rng(3)))


@pytest.mark.parametrize("game", GAMES)
def test_the_flat_search_gives_the_same_choice_on_states_the_seat_cannot_tell_apart(game):
    s = _midgame(game)
    me = s.current_player
    for seed in (12345, 777):
        other = s.determinize(me, seed)                   # other hidden cards, the same view
        assert _dump(other.view(me)) == _dump(s.view(me))
        assert _tuned(game).root_stats(s, Rng(2)) == _tuned(game).root_stats(other, Rng(2))
        assert _tuned(game)(s, Rng(2)) == _tuned(game)(other, Rng(2))


@pytest.mark.parametrize("game", GAMES)
def test_the_flat_search_is_seeded_and_keeps_the_prior_move_longest(game):
    s = _midgame(game, seed=6)
    stats = _tuned(game, budget=12).root_stats(s, Rng(8))
    assert stats == _tuned(game, budget=12).root_stats(s, Rng(8))
    assert [m for m, _, _ in stats] == [str(a) for a in s.legal_actions()]   # every move was scored
    assert all(n >= 1 for _, n, _ in stats) and all(0.0 <= r <= 1.0 for _, _, r in stats)
    prior = _tuned(game).prior
    if prior is not None:                                     # the prior's move is never dropped
        mine = kitchenlab.game_info(game).bot(prior)(s.determinize(s.current_player, 1), Rng(0))
        counts = {m: n for m, n, _ in stats}
        assert counts[str(mine)] == max(counts.values())


def test_the_flat_search_plays_a_move_that_scores_best_on_the_samples():
    s = _midgame("diced_veggies")
    bot = ismcts_bot(budget=40, root="halving", rollout="greedy")      # no prior: the best mean wins
    stats = bot.root_stats(s, Rng(5))
    most = max(n for _, n, _ in stats)
    best = max(r for _, n, r in stats if n == most)
    assert str(bot(s, Rng(5))) in {m for m, n, r in stats if n == most and r == best}


def test_moves_of_other_kinds_are_the_prior_bot_s():
    s = _midgame("chefs")
    greedy = kitchenlab.game_info("chefs").bot("greedy")
    bot = ismcts_bot(budget=50, root="halving", rollout="greedy", prior="greedy", kinds=("no such kind",))
    assert bot(s, Rng(1)) == greedy(s, Rng(1))
    assert bot(OnlyWhatTheSeatMayUse(s), Rng(1)) == greedy(s, Rng(1))   # asked on a sample


def test_critter_kitchen_searches_only_its_plans_and_shopping():
    from kitchenlab.search import game_settings

    assert set(game_settings("critter_kitchen")["kinds"]) == {"send", "take", "home"}
    s = _midgame("critter_kitchen", steps=60)
    while str(s.legal_actions()[0].kind) in {"send", "take", "home"} or len(s.legal_actions()) < 2:
        s = s.apply(s.legal_actions()[-1])
    greedy = kitchenlab.game_info("critter_kitchen").bot("greedy")
    assert ismcts(s, Rng(2)) == greedy(s, Rng(2))


def test_the_end_reward_is_the_win_share_and_the_lead():
    from kitchenlab.search import end_reward

    final = play_game("chefs", 4, seed=11, bots=["greedy"] * 4)
    won, scores = final.winners(), final.scores()
    assert [end_reward(final, p, margin=0) for p in range(4)] == [1 / len(won) if p in won else 0 for p in range(4)]
    top = max(scores)
    for p in range(4):
        lead = (scores[p] - max(x for q, x in enumerate(scores) if q != p)) / max(1, max(map(abs, scores)))
        share = 1 / len(won) if p in won else 0
        assert end_reward(final, p, 0.5) == pytest.approx(0.5 * share + 0.5 * (0.5 + 0.5 * lead))
        assert (end_reward(final, p, 0.5) > 0.5) == (scores[p] == top and len(won) == 1)


def test_the_flat_search_knobs_are_checked():
    with pytest.raises(OptionError, match="root must be one of tree, halving"):
        ismcts_bot(10, root="deep")
    with pytest.raises(OptionError, match="needs a rollout bot"):
        ismcts_bot(10, root="halving")
    for bad in (-0.1, 1.5, True, "some"):
        with pytest.raises(OptionError, match="margin must be a number from 0 to 1"):
            ismcts_bot(10, root="halving", rollout="greedy", margin=bad)
    for bad in ("send", (), (1, 2)):
        with pytest.raises(OptionError, match="kinds must be None or a non-empty tuple"):
            ismcts_bot(10, rollout="greedy", kinds=bad)
    with pytest.raises(OptionError, match="kinds needs a prior or rollout bot"):
        ismcts_bot(10, kinds=("send",))


def test_a_time_budget_works_for_the_flat_search():
    s = _midgame("chefs")
    assert ismcts_bot(0.05, root="halving", rollout="greedy", prior="greedy")(s, Rng(1)) in s.legal_actions()
