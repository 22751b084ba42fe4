"""The pieces of Critter Kitchen's five-minute "how to play": a seeded round and game, and two pictures.

* :func:`game_arc_figure` — the whole game on one line: 7 rounds in 3 days, and when stars are won.
* :func:`first_frame` / :func:`location_lines` — find a moment of a recorded round (from
  :func:`.round_view.record_round`) and the log of one location's shopping.
* :func:`meal_rows` — meals for one challenge, each with its quality, stars and what stops it being served.
* :func:`example_game` / :func:`star_rows` / :func:`stars_figure` — a seeded whole game and where each
  player's stars came from (challenge meals of day 1 and day 2, the critic meal).

>>> game = example_game()
>>> [(row["player"], row["day 1 meals"], row["day 2 meals"], row["critic meal"], row["stars"]) for row in star_rows(game)]
[('Player 1', 6, 6, 10, 22), ('Player 2', 8, 8, 4, 20), ('Player 3', 7, 6, 8, 21)]
"""

from __future__ import annotations

from .components import load_components

#: colours of the three sources of stars (not player colours: the bars are split by source)
SOURCE_COLORS = {"day 1 meals": "#6E9A2F", "day 2 meals": "#4F8A3A", "critic meal": "#B0413E"}


def game_arc_figure(title: str | None = None):
    """The game on one line: rounds 1-7 grouped in days, the challenge meals after rounds 3 and 6
    (each followed by the fridge limit), the critic meal after round 7.

    >>> fig = game_arc_figure()
    >>> sum(1 for s in fig.layout.shapes if s.name == "round"), [s.name for s in fig.layout.shapes].count("meal")
    (7, 3)
    """
    import plotly.graph_objects as go

    from ..charts import TEMPLATE, Canvas, board_layout

    comps = load_components()
    rounds = comps.setting_int("rounds")
    meal_after = {3: ("challenge meals", f"then the fridge:<br>keep {comps.fridge_limit(1)} ingredients"),
                  6: ("challenge meals", f"then the fridge:<br>keep {comps.fridge_limit(2)} ingredients"),
                  rounds: ("critic meal", "then the final<br>score: game over")}
    c = Canvas()
    x, day_x = 0.3, {}
    for r in range(1, rounds + 1):
        day = 1 if r <= 3 else 2 if r <= 6 else 3
        c.rect(x, 0.0, x + 2.0, 1.0, "round", fill="#FFF4D6", line="#8A6D3B", width=1.2)
        c.write(x + 1.0, 0.5, f"round {r}", size=14)
        day_x.setdefault(day, []).append(x + 1.0)
        x += 2.2
        if r in meal_after:
            head, tail = meal_after[r]
            sx = x + 0.45
            c.circle(sx, 0.5, 0.36, "meal", "#F2C14E", line="#8A6D3B", width=1.2)
            c.write(sx, 0.5, "★", size=18, color="#5A3E12")
            c.write(sx, -0.55, f"<b>★ {head}</b>", size=14, color="#5A3E12")
            c.write(sx, -1.35, tail, size=13)
            x += 1.1
    for day, xs in day_x.items():
        mid = (xs[0] + xs[-1]) / 2
        c.write(mid, 1.5, f"<b>day {day}</b>", size=15)
        c.line(xs[0] - 0.95, 1.15, xs[-1] + 0.95, 1.15, "day", color="#8A6D3B", width=1.5)
    c.write(9.5, -2.35, "every round: start → plan in secret → reveal → shop, location by location → end",
            size=14, color="#444444")
    fig = go.Figure(data=c.overlay_traces("game", 10))
    fig.update_layout(board_layout((-0.1, 20.1), (-2.75, 1.85), margin=10, top=50, bgcolor="#FFFBF2"),
                      shapes=c.shapes, title_text=title or "The game: 7 rounds in 3 days; stars are won at the three ★")
    return fig


def first_frame(record, kind: str, **data):
    """The first frame of a recorded round whose event has this ``kind`` and these data values,
    e.g. ``first_frame(record, "resolve", loc=1)``.

    >>> from .round_view import record_round
    >>> first_frame(record_round(players=3, seed=1), "reveal", seat=2).text[:30]
    'Player 3 reveals: mouse -> Mid'
    """
    for frame in record.frames:
        if frame.event.kind == kind and all(frame.event.data.get(k) == v for k, v in data.items()):
            return frame
    raise LookupError(f"no {kind!r} event with {data} in this round")


def location_frames(record, loc: int) -> list:
    """The frames of location ``loc``'s shopping: from "... resolves" to its last pick or leftover
    (hat moves in between included)."""
    start = record.frames.index(first_frame(record, "resolve", loc=loc))
    out = [record.frames[start]]
    for frame in record.frames[start + 1:]:
        if frame.event.data.get("loc", loc) != loc or frame.event.kind in ("resolve", "stock"):
            break
        out.append(frame)
    return out


def location_lines(record, loc: int) -> list[str]:
    """The log lines of location ``loc``'s shopping in a recorded round.

    >>> from .round_view import record_round
    >>> location_lines(record_round(players=3, seed=1), 0)
    ['Soup Truck resolves with 2 chef(s)', "Player 1's mouse takes bisque", 'Player 1 made the first pick of a tie: the hat moves to the back of the priority track (now, left to right: Player 1, Player 2, Player 3)', "Player 2's mouse takes soup"]
    """
    return [f.text for f in location_frames(record, loc)]


def meal_rows(challenge: str, meals) -> list[dict]:
    """Each meal (notation) for ``challenge`` (an id): ``meal``, ``quality``, ``stars`` and ``problems``
    (what stops it being served; "" when it may be served), as the engine judges it.

    >>> [(r["quality"], r["stars"], r["problems"]) for r in meal_rows("ultimate_melt", ["fish7 fish3 bread2 cheese3"])]
    [(15, 2, '')]
    """
    from .scoring import challenge_stars, meal_quality, validate_challenge_meal

    card = load_components().challenge(challenge)
    rows = []
    for meal in meals:
        problems = validate_challenge_meal(meal, card)
        quality = meal_quality(meal)
        rows.append({"meal": meal, "quality": quality, "stars": 0 if problems else challenge_stars(quality),
                     "problems": "; ".join(problems)})
    return rows


def example_game(players: int = 3, seed: int = 1, bots="greedy"):
    """A whole seeded game played by bots (``kitchenlab.sim.play_game``): the final state."""
    from ..sim import play_game

    return play_game("critter_kitchen", players, seed, bots)


def star_rows(final) -> list[dict]:
    """Where each player's stars came from in a finished game: the challenge meals served after
    day 1 and after day 2, the critic meal (all its steps), the total, and the winner."""
    if not final.is_over:
        raise ValueError("star_rows needs a finished game")
    cfg = final.cfg
    meals = [[0, 0] for _ in range(cfg.seats)]
    day = 0
    for event in final.events:
        if event.kind == "day_end":
            day = event.data["day"]
        elif event.kind == "serve" and 1 <= day <= 2:
            meals[event.data["seat"]][day - 1] += event.data["stars"]
    view = final.view(None)
    critic = {row["player"]: row["stars"] for row in view["final"]}
    scores, winners = final.scores(), set(final.winners())
    rows = []
    for seat in range(cfg.seats):
        row = {"player": cfg.seat_name(seat), "day 1 meals": meals[seat][0], "day 2 meals": meals[seat][1],
               "critic meal": critic.get(seat, 0), "stars": scores[seat], "winner": seat in winners}
        if row["day 1 meals"] + row["day 2 meals"] + row["critic meal"] != row["stars"]:
            raise AssertionError(f"{row['player']}: the star sources do not add up to {row['stars']}")  # pragma: no cover
        rows.append(row)
    return rows


def stars_figure(final, title: str | None = None):
    """Stacked bars: each player's stars by source (day 1 meals, day 2 meals, critic meal), the
    total on top and the winner named.

    >>> fig = stars_figure(example_game())
    >>> [t.name for t in fig.data], [a.text for a in fig.layout.annotations]
    (['day 1 meals', 'day 2 meals', 'critic meal'], ['<b>22 ★ winner</b>', '20', '21'])
    """
    import plotly.graph_objects as go

    from ..charts import TEMPLATE

    rows = star_rows(final)
    names = [r["player"] for r in rows]
    fig = go.Figure()
    for source, color in SOURCE_COLORS.items():
        values = [r[source] for r in rows]
        fig.add_trace(go.Bar(x=names, y=values, name=source, marker_color=color, text=values,
                             textposition="inside", insidetextanchor="middle",
                             textfont=dict(size=15, color="#FFFFFF"),
                             hovertemplate=f"%{{x}}<br>{source}: %{{y}} stars<extra></extra>"))
    for r in rows:
        label = f"<b>{r['stars']} ★ winner</b>" if r["winner"] else str(r["stars"])
        fig.add_annotation(x=r["player"], y=r["stars"], text=label, showarrow=False, yshift=14,
                           font=dict(size=15))
    top = max(r["stars"] for r in rows)
    fig.update_layout(template=TEMPLATE, barmode="stack", height=420,
                      title_text=title or "Where the stars came from: most stars wins",
                      legend=dict(orientation="h", yanchor="bottom", y=1.02, xanchor="right", x=1.0,
                                  traceorder="normal"),
                      margin=dict(t=90))
    fig.update_yaxes(title_text="stars", range=[0, top * 1.18], showgrid=False)
    return fig


__all__ = ["SOURCE_COLORS", "example_game", "first_frame", "game_arc_figure", "location_frames",
           "location_lines", "meal_rows", "star_rows", "stars_figure"]
