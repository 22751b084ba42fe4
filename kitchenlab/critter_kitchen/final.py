"""Critter Kitchen's final scoring: the score track and the critic meal's seven steps for every
restaurant, and the winner.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from ..errors import KitchenlabError
from ..i18n import _
from . import tokens
from .courses import (
    _classify_course, _comps, _critic, _item_quality, _parse, _rumor, _storage, critic_courses, critic_meal_problems,
)
from .memo import MEMO
from .rumors import _CourseInfo, _course_facts, _run_tracker, others_few_spices, spices_served
from .tokens import BISQUE, SOUP, TYPES
from .words import item_text, type_word

# ------------------------------------------------------------------ final score and critic meal scoring


def _track(components=None) -> tuple[tuple[int, ...], int, int]:
    c = _comps(components)
    return c.track_stars, c.score_lap, c.lap_stars


def final_score_stars(total: int, components=None) -> int:
    """Stars of a final score: ``lap_stars`` per full lap of the track, then the final position's stars.

    >>> final_score_stars(76)   # passes 70 (10 stars), ends on position 6 (1 star)
    11
    """
    stars, lap, lap_stars = _track(components)
    laps, pos = divmod(int(total), lap)
    return laps * lap_stars + stars[pos]


@dataclass(frozen=True)
class CriticScore:
    """One player's critic-meal scoring, step by step (steps 2 to 7 of the digest)."""

    player: int
    soup_value: int
    presentable: bool
    most_soup: int                          # step 2
    all_courses: int                        # step 3
    best_course_types: tuple[str, ...]      # step 4: the courses this player won (ties friendly)
    best_courses: int                       # step 4: stars
    rumors: tuple[tuple[str, int], ...]     # step 5: (rumor id, stars)
    bonus: int                              # step 6
    course_qualities: tuple[int, ...]       # step 7: per course, critic effect and Fanatic applied
    final_total: int                        # step 7: the raw score-track total
    laps: int
    position: int
    track_stars: int                        # step 7: laps * lap stars + the position's stars
    courses: tuple[str, ...] = ()           # the plate: each course's notation ("" = empty)
    automated: bool = False                 # McDogald's: no critic rule, rumor stars = the cards' dots
    restaurateur: str = ""                  # the restaurateur kept ("" = none)
    restaurateur_bonus: int = 0             # step 6: the part of ``bonus`` its card gives
    restaurateur_quality: int = 0           # step 7: quality its ability added (Goat'N Ramsey)

    @property
    def rumor_stars(self) -> int:
        return sum(s for _, s in self.rumors)

    @property
    def total(self) -> int:
        """Every star of the critic meal."""
        return self.most_soup + self.all_courses + self.best_courses + self.rumor_stars + self.bonus + self.track_stars

    def as_dict(self) -> dict:
        return {
            "player": self.player, "most soup": self.most_soup, "all courses": self.all_courses,
            "best courses": self.best_courses, "rumors": self.rumor_stars, "bonus": self.bonus,
            "final total": self.final_total, "track stars": self.track_stars, "stars": self.total,
        }

    def itemised(self, components=None) -> dict:
        """The whole scoring of this plate, item by item (for the log and the view)."""
        comps = _comps(components)
        return {
            "plate": [{"course": t, "served": n or None, "quality": q}
                      for t, n, q in zip(TYPES, self.courses or ("",) * len(TYPES), self.course_qualities)],
            "best of course": list(self.best_course_types),
            "best-of-course stars": self.best_courses,
            "rumor cards": [{"rumor": comps.rumor(r).name, "stars": s} for r, s in self.rumors],
            "soup value": self.soup_value,
            "most soup": self.most_soup,
            "seven courses": self.all_courses,
            "bonus": self.bonus,
            **({"restaurateur": self.restaurateur, "restaurateur bonus": self.restaurateur_bonus,
                "restaurateur quality": self.restaurateur_quality} if self.restaurateur else {}),
            "track total": self.final_total,
            "track stars": self.track_stars,
            "stars": self.total,
        }

    def lines(self, name: str, components=None) -> list[str]:
        """The itemised final score as log lines."""
        comps = _comps(components)
        plate = ", ".join(
            _("{type} {course} = {quality}").format(type=type_word(t), course=item_text(n), quality=q) if n
            else _("{type} empty").format(type=type_word(t))
            for t, n, q in zip(TYPES, self.courses or ("",) * len(TYPES), self.course_qualities))
        rum = ", ".join(f"{comps.rumor(r).local_name} {s}" for r, s in self.rumors) or _("none")
        best = ", ".join(type_word(t) for t in self.best_course_types) or _("none")
        rest = []
        if self.restaurateur:
            rest = [_("{name}: restaurateur {card}: bonus {count} star(s)").format(
                name=name, card=restaurateur_name(self.restaurateur, comps), count=self.restaurateur_bonus)
                + (_(", {quality} quality on the plate").format(quality=self.restaurateur_quality)
                   if self.restaurateur_quality else "")]
        plate_line = (_("{rival} critic plate: {plate}") if name.endswith("'s")
                      else _("{name}'s critic plate: {plate}")).format(rival=name, name=name, plate=plate)
        return [
            plate_line,
            _("{name}: best of course {best} ({count} star(s)); rumors: {rumors}").format(
                name=name, best=best, count=self.best_courses, rumors=rum)
            + (_(" (the cards' dots)") if self.automated else ""),
            *rest,
            _("{name}: most soup {most_soup} (soup value {soup}); seven courses {seven}; bonus {bonus}; track total "
              "{total} -> {track} star(s); {stars} star(s) from the critic meal").format(
                name=name, most_soup=self.most_soup, soup=self.soup_value, seven=self.all_courses, bonus=self.bonus,
                total=self.final_total, track=self.track_stars, stars=self.total),
        ]


def restaurateur_name(name: str, comps) -> str:
    """The restaurateur called ``name`` (its English name, as a result keeps it) in the current language."""
    return next((r.local_name for r in comps.restaurateurs if r.name == name), name)


def _restaurateur(rest, comps):
    if rest is None:
        return None
    return comps.restaurateur(rest) if isinstance(rest, str) else rest


def restaurateur_course_extra(t: str, items, rest, effect: str = "none", components=None) -> int:
    """Quality a restaurateur adds to one critic-meal course. Goat'N Ramsey: each printed-2 carrot
    is worth ``param`` more before its spice and the critic's doubling [RB: +2 before the Rabbit
    doubles; the scope is assumed].

    >>> restaurateur_course_extra("carrot", "carrot2", "goat_n_ramsey", "carrot_double")   # 4, doubled
    4
    """
    rest = _restaurateur(rest, _comps(components))
    if rest is None or rest.ability != "two_carrot_plus" or t != "carrot":
        return 0
    plus = int(rest.param)
    main, _others, _wines = _classify_course(t, _parse(items) if isinstance(items, str) else items, effect)
    extra = 0
    for i in main:
        if i.value == 2:
            extra += _item_quality(replace(i, value=i.value + plus), effect) - _item_quality(i, effect)
    return extra


def challenge_factor(rest, components=None) -> int:
    """How many times a restaurateur counts the highest unspiced ingredient of each type in a
    challenge meal: Herón Sanchez's ``param``; 1 for any other restaurateur or none."""
    rest = _restaurateur(rest, _comps(components))
    if rest is None or rest.ability != "challenge_double" or not rest.param:
        return 1
    return int(rest.param)


def restaurateur_meal_extra(meal, rest, components=None) -> int:
    """Quality a restaurateur adds to one challenge meal. Herón Sanchez: the highest unspiced
    ingredient of each type counts ``param`` times [RB: several types, several meals, Tasty Tapas
    bread 7, carrot 4 and a soup = 23; which ingredient of a type is assumed].

    >>> restaurateur_meal_extra("bread7 carrot4 soup", "heron_sanchez")   # 12 + 11 = 23
    11
    """
    factor = challenge_factor(rest, components)
    if factor == 1:
        return 0
    best: dict[str, int] = {}
    for i in (_parse(meal) if isinstance(meal, str) else meal):
        if i.kind == "ingredient" and not i.spice:
            best[i.type] = max(best.get(i.type, 0), i.value)
    return sum(v * (factor - 1) for v in best.values())


_EMPTY_INFOS = tuple(_CourseInfo(t, (), (), False) for t in TYPES)


#: per (course type, notation, critic effect): what ``_course_table`` reads of it (a table of
#: the package's memo, :mod:`.memo`)
_COURSE_TABLE = MEMO.table("critic course table")


def _course_table(meal, effect: str):
    """For a ``{type: notation}`` dict (how the game hands its plates over): ``critic_courses(meal)``,
    ``_course_facts`` of it, each course's notation as the score shows it and each course's spices
    served, every course read from a table kept by its notation. ``None`` for any other meal."""
    if type(meal) is not dict:
        return None
    for k, v in meal.items():
        if not isinstance(v, str) or k not in TYPES:
            return None
    cs, qs, infos, notes, spices = {}, [], [], [], 0
    for t in TYPES:
        key = (t, meal.get(t, ""), effect)
        rec = _COURSE_TABLE.get(key)
        if rec is None:
            items = tuple(_parse(key[1]))
            (q,), (info,) = _course_facts({t: items}, effect, (t,))
            rec = MEMO.keep(_COURSE_TABLE, key, (items, q, info, " ".join(str(i) for i in items),
                                                 sum(1 for i in items if i.kind == "ingredient" and i.spice)))
        cs[t] = rec[0]
        qs.append(rec[1])
        infos.append(rec[2])
        notes.append(rec[3])
        spices += rec[4]
    return cs, qs, infos, tuple(notes), spices


_SETTINGS = MEMO.table("final score settings")      # per components set: ``_settings``


def _settings(comps) -> tuple:
    """(most-soup stars, all-courses stars, best-of-course stars, track stars, lap, lap stars), read
    once per components set."""
    got = _SETTINGS.get(id(comps))
    if got is None or got[0] is not comps:
        got = MEMO.keep(_SETTINGS, id(comps), (
            comps, comps.setting_int("most_soup_stars"), comps.setting_int("all_courses_stars"),
            comps.setting_int("best_course_stars"), comps.track_stars, comps.score_lap, comps.lap_stars))
    return got[1:]


def soup_value(kept) -> int:
    """The soup total of the tokens a restaurant kept: each soup 1, each bisque 3."""
    if type(kept) is list:
        return kept.count(SOUP) * tokens.SOUP_VALUE + kept.count(BISQUE) * tokens.BISQUE_VALUE
    c = _storage(kept)
    return c[SOUP] * tokens.SOUP_VALUE + c[BISQUE] * tokens.BISQUE_VALUE


def _soup_total(s) -> int:
    return s if isinstance(s, int) else soup_value(s)


def score_critic_meals(
    meals: Sequence,
    soups: Sequence,
    critic=None,
    rumors: Iterable = (),
    *,
    known: Sequence[Iterable[str]] | None = None,
    known_only: bool = False,
    restaurateurs: Sequence | None = None,
    extra_stars: Sequence[int] | None = None,
    challenges_served: Sequence[int] | None = None,
    min_quality: int | None = None,
    automated: Sequence[bool] | None = None,
    components=None,
    checked: bool = False,
) -> list[CriticScore]:
    """Score every player's critic meal in the digest's order; one :class:`CriticScore` per player.

    ``meals``: one critic meal per player (mapping or flat notation). ``soups``: per player the soup
    total (an int) or the soup/bisque tokens kept. ``rumors``: the 3 rumor cards (ids or records).
    By default every rumor scores for every player [RB]; with ``known_only`` [S0] a rumor (a Fanatic
    too) scores only for players whose ``known`` set holds its id. ``restaurateurs``: per player a
    card (id or record) or None, its bonus stars count at step 6, as do ``extra_stars``, and its
    ability reaches the plate (:func:`restaurateur_course_extra`) for best of course and the track.
    ``challenges_served``: per player, for the Capybara. ``automated``: per player, True for the
    solo game's McDogald's [RB]: no critic rule applies to its meal, its score or its bonus (Fanatic
    rumors still double its courses) and its rumor stars are each card's dots. Spice Lover pays
    only when no other player served 3 or more spices [RB]. A meal that breaks the rules raises
    ``ValueError`` listing the problems. ``checked``: the (not automated) plates were built by the
    game's legal critic moves, which keep every rule that check reads, so it is not made again.
    """
    comps = _comps(components)
    crit = _critic(critic, comps)
    effect = "none" if crit is None else crit.effect
    n = len(meals)
    if len(soups) != n:
        raise KitchenlabError(f"{n} meals but {len(soups)} soup totals")
    rs = [_rumor(r, comps) for r in rumors]
    if known_only:
        if known is None or len(known) != n:
            raise KitchenlabError("known_only needs one set of known rumor ids per player")
        knows = [set(k) for k in known]
    else:
        knows = None

    def applies(p: int, r) -> bool:
        return knows is None or r.id in knows[p]

    auto = [bool(a) for a in automated] if automated is not None else [False] * n
    effects = ["none" if auto[p] else effect for p in range(n)]
    soup_vals = [_soup_total(s) for s in soups]
    courses, base, present, infos, notes, spice_counts = [], [], [], [], [], []
    for p, m in enumerate(meals):
        effect = effects[p]
        probs = () if checked and not auto[p] else critic_meal_problems(m, None if auto[p] else crit)
        if probs:
            raise KitchenlabError(f"player {p}'s critic meal: " + "; ".join(probs))
        table = _course_table(m, effect)
        if table is not None:
            cs, q, info, note, spices = table
        else:
            cs = critic_courses(m)
            q, info = _course_facts(cs, effect)
            note = tuple(" ".join(str(i) for i in cs.get(t, ())) for t in TYPES)
            spices = spices_served(cs)
        ok = min_quality is None or sum(q) >= min_quality
        if not ok:
            cs = {t: () for t in TYPES}
            q = [0] * len(TYPES)
            info = list(_EMPTY_INFOS)
            note = ("",) * len(TYPES)
            spices = 0
        courses.append(cs)
        base.append(q)
        present.append(ok)
        infos.append(info)
        notes.append(note)
        spice_counts.append(spices)
    s_most, s_all, s_best, track, lap, lap_stars = _settings(comps)

    # step 2: most soup
    top = max(soup_vals) if soup_vals else 0
    most = [s_most if top > 0 and v == top else 0 for v in soup_vals]
    # step 3: all seven courses
    allc = [s_all if all(c.filled for c in inf) else 0 for inf in infos]
    # step 5: rumors
    rumor_rows = []
    for p in range(n):
        row = []
        for r in rs:
            if auto[p]:
                row.append((r.id, comps.solo_rumor_card_stars(r.id)))
                continue
            if r.is_fanatic or not applies(p, r):
                continue
            got = _run_tracker(r, infos[p], soup_vals[p], effects[p])
            if r.effect == "others_few_spices" and not others_few_spices(spice_counts, p, int(r.param)):
                got = 0
            row.append((r.id, got))
        rumor_rows.append(tuple(row))
    # restaurateurs' abilities on the plate (step 4 and step 7)
    rests = [None] * n if restaurateurs is None else [_restaurateur(r, comps) for r in restaurateurs]
    if len(rests) != n:
        raise KitchenlabError(f"{n} meals but {len(restaurateurs)} restaurateurs")
    rq = [0] * n
    for p in range(n):
        if rests[p] is None or auto[p] or not present[p]:
            continue
        for ci, t in enumerate(TYPES):
            x = restaurateur_course_extra(t, courses[p].get(t, ()), rests[p], effects[p], comps)
            base[p][ci] += x
            rq[p] += x
    # step 4: best of each course (before Fanatic doubling, which belongs to step 7)
    won: list[list[str]] = [[] for _ in range(n)]
    for t, col in zip(TYPES, zip(*base)):          # each course's qualities, one per player
        best = max(col)
        if best > 0:
            for p, v in enumerate(col):
                if v == best:
                    won[p].append(t)
    # step 6: bonus stars
    bonus, rbonus = [], []
    for p in range(n):
        b = 0
        if crit is not None and not auto[p]:
            if crit.effect == "challenge_bonus":
                served = challenges_served[p] if challenges_served is not None else 0
                b += crit.bonus_stars * served
            elif any(c.filled for c in infos[p]):
                b += crit.bonus_stars
        rb = rests[p].bonus_stars if rests[p] is not None else 0
        b += rb
        rbonus.append(rb)
        if extra_stars is not None:
            b += int(extra_stars[p])
        bonus.append(b)
    # step 7: final score on the track
    out = []
    for p in range(n):
        fans = {r.fanatic_type for r in rs if r.is_fanatic and applies(p, r)}
        cq = tuple(v * (2 if t in fans else 1) for t, v in zip(TYPES, base[p])) if fans else tuple(base[p])
        total = sum(cq)
        laps, pos = divmod(total, lap)
        out.append(CriticScore(
            player=p, soup_value=soup_vals[p], presentable=present[p], most_soup=most[p],
            all_courses=allc[p], best_course_types=tuple(won[p]), best_courses=s_best * len(won[p]),
            rumors=rumor_rows[p], bonus=bonus[p], course_qualities=cq, final_total=total,
            laps=laps, position=pos, track_stars=laps * lap_stars + track[pos],
            courses=notes[p], automated=auto[p],
            restaurateur=rests[p].name if rests[p] is not None else "", restaurateur_bonus=rbonus[p],
            restaurateur_quality=rq[p],
        ))
    return out


def winners(stars: Sequence[int], track_totals: Sequence[int], priority: Sequence[int] | None = None) -> list[int]:
    """The winning players: most stars; tie → furthest on the score track (the raw total); tie →
    ahead on the priority track (``priority`` lists players left to right; the rightmost is ahead).
    Without ``priority`` the players still tied all win.

    >>> winners([12, 12, 9], [80, 80, 90], priority=[1, 0, 2])
    [0]
    """
    n = len(stars)
    if len(track_totals) != n:
        raise KitchenlabError("one score-track total per player is needed")
    if n == 0:
        return []
    best = max(stars)
    tied = [p for p in range(n) if stars[p] == best]
    far = max(track_totals[p] for p in tied)
    tied = [p for p in tied if track_totals[p] == far]
    if len(tied) > 1 and priority is not None:
        rank = {p: i for i, p in enumerate(priority)}
        missing = [p for p in tied if p not in rank]
        if missing:
            raise KitchenlabError(f"players {missing} are not on the priority track {list(priority)}")
        tied = [max(tied, key=lambda p: rank[p])]
    return sorted(tied)


