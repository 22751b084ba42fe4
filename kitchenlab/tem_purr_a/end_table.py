"""The end of a Tem-Purr-A game for the play table (``GameInfo.end_table``): why the winners won
and the score table. A player's score is the indigestion tokens still to spare."""

from __future__ import annotations

from .rules import player_name


def end_table(state) -> tuple[str, list[dict]]:
    """Why the winners won (a clause) and one row per seat: indigestion tokens, cards in hand,
    tokens still to spare (the score)."""
    alive = [p for p in range(state.players) if state.tokens[p] < state.lose_at]
    fewest = min(state.tokens[p] for p in alive)
    best = [p for p in alive if state.tokens[p] == fewest]
    rows = [{"player": player_name(p), "indigestion tokens": state.tokens[p], "cards in hand": state.hand_count(p),
             "tokens to spare": state.scores()[p]} for p in range(state.players)]
    tokens = f"{fewest} token{'' if fewest == 1 else 's'}"
    why = f"the fewest indigestion tokens ({tokens})"
    if state.loser is not None:
        who = "the winners have" if len(state.winners()) > 1 else "the winner has"
        why = f"{player_name(state.loser)} is out, and {who} " + why
    if len(best) > 1:
        most = max(state.hand_count(p) for p in best)
        shared = len(state.winners()) > 1
        why += (f"; the tie goes to the most cards in hand ({most})" if not shared
                else f"; the most cards in hand ties too ({most} each), so the win is shared")
    return why, rows
