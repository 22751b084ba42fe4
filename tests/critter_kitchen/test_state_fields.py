"""The state's fields are declared once: a copy copies every container the rules change, and only those."""

from __future__ import annotations

from kitchenlab import critter_kitchen as ck
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.rules import State, copied_in
from kitchenlab.engine import GameState, Rng

BASE = set(GameState(1, 0, {}).__dict__)


def _states():
    s = ck.new_state(players=3, seed=4, restaurateurs=True)
    rng = Rng(2)
    out = [s]
    while not s.is_over:
        s = s.apply(ck.greedy_bot(s, rng))
        out.append(s)
    return out


STATES = _states()


def test_every_field_is_declared_once():
    declared = set(State.SHARED) | set(State.COPIED)
    assert not set(State.SHARED) & set(State.COPIED)
    for s in STATES[:: 25] + [STATES[-1]]:
        assert set(s.__dict__) - BASE == declared


def test_a_copy_shares_no_container_the_phase_changes():
    seen = set()
    for s in STATES:
        if s.phase in seen:
            continue
        seen.add(s.phase)
        c = s.copy()
        for name, (copy, only_in) in State.COPIED.items():
            old, new = getattr(s, name), getattr(c, name)
            if old is None or (name in State.SHARED_OUTSIDE and not copied_in(name, s.phase)):
                continue
            assert new is not old, name
            if copy is not list.copy and only_in in (None, s.phase) and name != "run":
                assert all(a is not b for a, b in zip(old, new)), name     # a deep copy in its phase
        for name in State.SHARED:
            assert getattr(c, name) is getattr(s, name)
    assert {Phase.RESTAURATEUR, Phase.PLAN, Phase.SHOP, Phase.CHALLENGE, Phase.CRITIC, Phase.OVER} <= seen


def test_phases_read_as_words_and_actions_keep_their_text():
    s = STATES[0]
    assert s.phase == "restaurateur" and repr(s.phase) == "'restaurateur'" and f"{s.phase}" == "restaurateur"
    for st in STATES[:: 40]:
        for a in st.legal_actions():
            assert st.apply(str(a)).to_json() == st.apply(a).to_json()
            assert a == type(a)(**{f: getattr(a, f) for f in a.__dataclass_fields__ if f != "text"})
