"""Seeded games stay byte-identical: every game's saves, logs and events, for random and for the best
hand-written bots, at every player count, match the digests recorded below.

The engine's hot paths (``copy``, ``apply``, ``legal_actions``, ``say``) and each game's fast code
must never change a game: a change of rules changes these digests on purpose, and then they are
recorded again with ``python tests/test_fast_paths_all.py`` (which prints the table).
"""

from __future__ import annotations

import hashlib
import sys

import pytest

import kitchenlab
from kitchenlab import sim

GAMES = 30          # seeded games per game, player count and bot
BOTS = {"tem_purr_a": ("random", "cautious"), "critter_kitchen": ("random", "greedy"),
        "chefs": ("random", "greedy"), "diced_veggies": ("random", "greedy")}


def digest(game: str, players: int, bot: str, games: int = GAMES) -> str:
    """One SHA-256 over the save, the log and the events of ``games`` seeded games."""
    h = hashlib.sha256()
    for seed in range(games):
        final = sim.play_game(game, players=players, seed=seed, bots=bot)
        h.update(final.to_json().encode())
        h.update("\n".join(final.log).encode())
        h.update(repr(final.events).encode())
        h.update(repr((final.scores(), final.winners(), final.steps)).encode())
    return h.hexdigest()[:24]


def cases() -> list[tuple[str, int, str]]:
    return [(g, p, b) for g, bots in BOTS.items() for p in kitchenlab.player_counts(g) for b in bots]


DIGESTS = {
    ('tem_purr_a', 2, 'random'): '5a69f4f0c9c55224f25f6c79',
    ('tem_purr_a', 2, 'cautious'): '4309616b50e09cda047a99ad',
    ('tem_purr_a', 3, 'random'): 'bbcfb99bf2fcee33df08983a',
    ('tem_purr_a', 3, 'cautious'): '35591a4e607eabf82a1fedf5',
    ('tem_purr_a', 4, 'random'): '3792e5fd1b7d24f84df57fc3',
    ('tem_purr_a', 4, 'cautious'): 'dd404b432909fcc92c4ca0c9',
    ('tem_purr_a', 5, 'random'): '30eea93a7d88182982434a17',
    ('tem_purr_a', 5, 'cautious'): 'fa696361f1cb49bbf42da6d1',
    ('tem_purr_a', 6, 'random'): 'd9fc8e5a6e64c04ba86bc5e3',
    ('tem_purr_a', 6, 'cautious'): '62486c7ac38a2f1557bbb0f4',
    ('tem_purr_a', 7, 'random'): 'e5722cdee4295b43af6b1716',
    ('tem_purr_a', 7, 'cautious'): 'd9650903480acbeac8b7951d',
    ('critter_kitchen', 1, 'random'): 'febfa9a6d34b4d0bb26007c8',
    ('critter_kitchen', 1, 'greedy'): 'ec696f2e11974f72b56d3c20',
    ('critter_kitchen', 2, 'random'): '316b2971f1f366d13216eada',
    ('critter_kitchen', 2, 'greedy'): '994764cdd3fd899c83a261da',
    ('critter_kitchen', 3, 'random'): '7bb2a02c0498471e9e99d07a',
    ('critter_kitchen', 3, 'greedy'): '0981ff5c87a972a720b793c3',
    ('critter_kitchen', 4, 'random'): 'c1bf62002befeecb9883b86e',
    ('critter_kitchen', 4, 'greedy'): '89fbffd0c8cb25cd0bda3711',
    ('critter_kitchen', 5, 'random'): 'e25f57a88c395c7e1801c4a5',
    ('critter_kitchen', 5, 'greedy'): '1715521549c38017d8963ac5',
    ('chefs', 2, 'random'): '788b8cf6f6dd7cafe6dd0536',
    ('chefs', 2, 'greedy'): '5a857d328839d46f5eb4f7a1',
    ('chefs', 3, 'random'): 'fd126b609ea268f780742ffc',
    ('chefs', 3, 'greedy'): '70d674f216b734bd5ab6ba33',
    ('chefs', 4, 'random'): 'e94d1ab0550b3f5ab33d51a4',
    ('chefs', 4, 'greedy'): '8dc5fcc506442896df8e9532',
    ('chefs', 5, 'random'): 'a940452d2ae7f685994c348b',
    ('chefs', 5, 'greedy'): '31c6538d8900141c972ffd6f',
    ('chefs', 6, 'random'): 'dba32423b3304e38341bdc7b',
    ('chefs', 6, 'greedy'): '18e9255b484f60df55887b4a',
    ('diced_veggies', 1, 'random'): 'ca874bb13d0fc764d4e30029',
    ('diced_veggies', 1, 'greedy'): '397c7252b89440a016841ef0',
    ('diced_veggies', 2, 'random'): 'b9fe36c4f01484b06577d91b',
    ('diced_veggies', 2, 'greedy'): '3be6875b8df75704608d2062',
    ('diced_veggies', 3, 'random'): 'ed58b9e2b7114876bdc70b0b',
    ('diced_veggies', 3, 'greedy'): 'b86a47fae6bff466271d9f58',
    ('diced_veggies', 4, 'random'): 'dc0f51487b0711d6291ecf7a',
    ('diced_veggies', 4, 'greedy'): '2b962d583f944e93940cb80f',
}


@pytest.mark.parametrize("game,players,bot", cases(), ids=lambda v: str(v))
def test_seeded_games_are_unchanged(game, players, bot):
    assert (game, players, bot) in DIGESTS, "no digest recorded for this case"
    assert digest(game, players, bot) == DIGESTS[(game, players, bot)]


def test_every_game_is_covered():
    assert set(BOTS) == set(kitchenlab.available_games())


def test_the_digest_sees_a_change():
    # a different number of games gives a different digest: the check can fail
    assert digest("tem_purr_a", 2, "random", 2) != digest("tem_purr_a", 2, "random", 3)


if __name__ == "__main__":      # print the table of digests for the code as it is now
    print("DIGESTS = {")
    for case in cases():
        print(f"    {case!r}: {digest(*case)!r},", flush=True)
    print("}")
    sys.exit(0)
