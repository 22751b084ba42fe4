"""Reading Critter Kitchen's data folder into :class:`.records.Components`: every table checked
field by field and across tables (a malformed row raises DataFileError naming file, row and field)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..data import nonempty, positive_int, read_table
from ..errors import DataFileError, KitchenlabError
from . import tokens
from .records import (
    CRITIC_EFFECTS, LOCATION_KINDS, RESTAURATEUR_ABILITIES, RUMOR_EFFECTS, SOLO_CHEFS, SOLO_CONDITIONS,
    SOLO_SPECIAL_PREFERENCES, SOURCES, ZOUS_ABILITIES, ZOUS_TIMINGS, Challenge, Components, Critic,
    CriticsChoiceRow, FridgeLimit, IngredientType, Location, Restaurateur, Rumor, RumorToken, Setting,
    SoloCard, SoloRumorDay, SoloRumorDots, SoupKind, Spice, StarThreshold, TrackSpace, ZousChef,
)


# ------------------------------------------------------------------ converters


def _yes_no(text: str) -> bool:
    t = text.lower()
    if t in ("yes", "y", "true", "1"):
        return True
    if t in ("no", "n", "false", "0", ""):
        return False
    raise KitchenlabError("write yes or no")


def _one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    def conv(text: str) -> str:
        if text not in choices:
            raise KitchenlabError(f"must be one of {', '.join(choices)}")
        return text

    return conv


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def _ingredient_type(text: str) -> str:
    if text not in tokens.TYPES:
        raise KitchenlabError(f"must be an ingredient type ({', '.join(tokens.TYPES)})")
    return text


def _types(text: str) -> tuple[str, ...]:
    words = tuple(text.split())
    if not words:
        raise KitchenlabError("must list at least one ingredient type")
    for w in words:
        if w not in tokens.TYPES:
            raise KitchenlabError(f"{w!r} is not an ingredient type ({', '.join(tokens.TYPES)})")
    return words


def _int_list(text: str) -> tuple[int, ...]:
    return tuple(int(w) for w in text.split())


def _supply(text: str) -> int | None:
    if text == "unlimited":
        return None
    return positive_int(text)


def _capacity(text: str) -> int:
    n = int(text)
    if n not in (1, 2, 3):
        raise KitchenlabError("must be 1, 2 or 3")
    return n


def _text(text: str) -> str:
    return text


# ------------------------------------------------------------------ loading


def _err(path: Path, row: int, fieldname: str, msg: str) -> DataFileError:
    return DataFileError(f"{path}: row {row}, field {fieldname!r}: {msg}")


def _read(folder: Path, name: str, fields: dict) -> list[dict]:
    fields = dict(fields)
    fields["source"] = nonempty
    return read_table(folder / name, fields, sources=SOURCES)


def _unique(folder: Path, name: str, rows: list[dict], key: str) -> None:
    seen: dict = {}
    for r in rows:
        if r[key] in seen:
            raise _err(folder / name, r["_row"], key, f"{r[key]!r} repeats row {seen[r[key]]}")
        seen[r[key]] = r["_row"]


def _make(cls, rows: list[dict]) -> tuple:
    names = set(cls.__dataclass_fields__)
    return tuple(cls(**{k: v for k, v in r.items() if k in names}) for r in rows)


def load_folder(folder: Path) -> Components:
    """Read and check every table of ``folder`` (uncached: use :func:`.components.load_components`)."""
    if not folder.is_dir():
        raise DataFileError(f"{folder}: not a folder holding the Critter Kitchen tables")

    def read(name: str, fields: dict) -> list[dict]:
        rows = _read(folder, name, fields)
        # Notes are optional: read them separately so a table without a note column still loads.
        try:
            notes = read_table(folder / name, {"note": _text})
        except DataFileError:
            notes = []
        by_row = {n["_row"]: n["note"] for n in notes}
        for r in rows:
            r["note"] = by_row.get(r["_row"], "")
        return rows

    p = lambda name: folder / name  # noqa: E731

    # ---- ingredients: must match the fixed token vocabulary
    ing = read("ingredients.csv", {"type": _ingredient_type, "course": positive_int, "values": _int_list})
    _unique(folder, "ingredients.csv", ing, "type")
    for r in ing:
        if r["values"] != tokens.VALUES:
            raise _err(p("ingredients.csv"), r["_row"], "values",
                       f"{' '.join(map(str, r['values']))} differs from the token vocabulary "
                       f"({' '.join(map(str, tokens.VALUES))})")
    ing.sort(key=lambda r: r["course"])
    if tuple(r["type"] for r in ing) != tokens.TYPES:
        raise _err(p("ingredients.csv"), ing[0]["_row"] if ing else 1, "course",
                   f"the types in course order must be {', '.join(tokens.TYPES)}")

    # ---- spices
    sp = read("spices.csv", {"token": nonempty, "pairs_with": nonempty, "count": positive_int})
    _unique(folder, "spices.csv", sp, "token")
    for r in sp:
        if r["token"] not in tokens.SPICES:
            raise _err(p("spices.csv"), r["_row"], "token", f"{r['token']!r} is not a spice token")
        want = "any" if r["token"] == tokens.ALLSPICE else tokens.spice_type(r["token"])
        if r["pairs_with"] != want:
            raise _err(p("spices.csv"), r["_row"], "pairs_with", f"{r['token']} pairs with {want}")
    if {r["token"] for r in sp} != set(tokens.SPICES):
        raise DataFileError(f"{p('spices.csv')}: must list every spice token ({', '.join(tokens.SPICES)})")

    # ---- rumor tokens
    rt = read("rumor_tokens.csv", {"token": _one_of(tokens.RUMOR_TOKENS), "count": positive_int})
    _unique(folder, "rumor_tokens.csv", rt, "token")
    if {r["token"] for r in rt} != set(tokens.RUMOR_TOKENS):
        raise DataFileError(f"{p('rumor_tokens.csv')}: must list {', '.join(tokens.RUMOR_TOKENS)}")

    # ---- soups
    so = read("soups.csv", {"token": _one_of((tokens.SOUP, tokens.BISQUE)), "value": positive_int,
                            "supply": _supply, "start": positive_int, "restock": positive_int})
    _unique(folder, "soups.csv", so, "token")
    want_values = {tokens.SOUP: tokens.SOUP_VALUE, tokens.BISQUE: tokens.BISQUE_VALUE}
    for r in so:
        if r["value"] != want_values[r["token"]]:
            raise _err(p("soups.csv"), r["_row"], "value",
                       f"{r['token']} is worth {want_values[r['token']]} in the token vocabulary")
    if {r["token"] for r in so} != {tokens.SOUP, tokens.BISQUE}:
        raise DataFileError(f"{p('soups.csv')}: must list soup and bisque")

    # ---- locations
    lo = read("locations.csv", {"order": positive_int, "key": nonempty, "name": nonempty, "name_es": nonempty,
                                "kind": _one_of(LOCATION_KINDS), "number": positive_int,
                                "min_players": positive_int, "item_spaces": positive_int,
                                "two_player_item_spaces": positive_int})
    _unique(folder, "locations.csv", lo, "key")
    _unique(folder, "locations.csv", lo, "order")
    lo.sort(key=lambda r: r["order"])
    kinds = [r["kind"] for r in lo]
    for k in ("soup_truck", "merchant", "academy"):
        if kinds.count(k) != 1:
            raise DataFileError(f"{p('locations.csv')}: needs exactly one location of kind {k!r}")
    if kinds[0] != "soup_truck" or kinds[-1] != "academy" or kinds[-2] != "merchant":
        raise DataFileError(
            f"{p('locations.csv')}: order must put the Soup Truck first, then the numbered boards, "
            f"the Midnight Merchant and the Chef Academy last"
        )
    numbered = [r for r in lo if r["kind"] == "numbered"]
    for i, r in enumerate(numbered, start=1):
        if r["number"] != i:
            raise _err(p("locations.csv"), r["_row"], "number", f"numbered boards must run 1, 2, ... (expected {i})")
        if r["min_players"] != i:
            raise _err(p("locations.csv"), r["_row"], "min_players", f"board {i} enters at {i} players")
    if len(numbered) < 5:
        raise DataFileError(f"{p('locations.csv')}: needs 5 numbered boards (one per player up to 5)")
    # the game reads one value for every numbered board and one for the Merchant (the options
    # item_spaces and merchant_spaces, whose defaults come from here): a table that says otherwise
    # would be silently ignored, so it is refused
    for r in lo:
        if r["kind"] in ("numbered", "merchant") and r["two_player_item_spaces"] != r["item_spaces"]:
            raise _err(p("locations.csv"), r["_row"], "two_player_item_spaces",
                       f"{r['name']} has one number of item spaces on both sides in this kit "
                       f"(item_spaces {r['item_spaces']}); use the same value")
        if r["kind"] == "numbered" and r["item_spaces"] != numbered[0]["item_spaces"]:
            raise _err(p("locations.csv"), r["_row"], "item_spaces",
                       f"every numbered board has the same item spaces in this kit ({numbered[0]['name']}: "
                       f"{numbered[0]['item_spaces']}); the option item_spaces changes them all")

    # ---- challenges
    ch = read("challenges.csv", {"id": nonempty, "name": nonempty, "name_es": nonempty, "requirements": _types})
    _unique(folder, "challenges.csv", ch, "id")
    for r in ch:
        if len(set(r["requirements"])) != len(r["requirements"]):
            raise _err(p("challenges.csv"), r["_row"], "requirements", "a type is listed twice")

    # ---- critics
    cr = read("critics.csv", {"id": nonempty, "name": nonempty, "name_es": nonempty, "effect": _one_of(CRITIC_EFFECTS),
                              "bonus_stars": positive_int, "first_game": _yes_no})
    _unique(folder, "critics.csv", cr, "id")
    if len(cr) != 12:
        raise DataFileError(f"{p('critics.csv')}: the critic deck has 12 cards, the table lists {len(cr)}")

    # ---- rumors
    ru = read("rumors.csv", {"id": nonempty, "name": nonempty, "name_es": nonempty, "effect": _one_of(RUMOR_EFFECTS),
                             "param": _text, "stars": positive_int, "advanced": _yes_no})
    _unique(folder, "rumors.csv", ru, "id")
    _unique(folder, "rumors.csv", ru, "name")
    if len(ru) != 28:
        raise DataFileError(f"{p('rumors.csv')}: the rumor deck has 28 cards, the table lists {len(ru)}")
    for r in ru:
        _check_rumor_param(p("rumors.csv"), r)
    fan = sorted(r["param"] for r in ru if r["effect"] == "fanatic")
    if fan != sorted(tokens.TYPES):
        raise DataFileError(
            f"{p('rumors.csv')}: needs exactly one Fanatic per ingredient type; found {', '.join(fan) or 'none'}"
        )

    # ---- zous-chefs
    zc = read("zous_chefs.csv", {"id": nonempty, "name": nonempty, "name_es": nonempty, "capacity": _capacity,
                                 "timing": _one_of(ZOUS_TIMINGS), "ability": _one_of(ZOUS_ABILITIES),
                                 "param": _text})
    _unique(folder, "zous_chefs.csv", zc, "id")
    if len(zc) != 12:
        raise DataFileError(f"{p('zous_chefs.csv')}: the zous-chef deck has 12 cards, the table lists {len(zc)}")
    for r in zc:
        if r["ability"] == "gain_soup":
            _param_int(p("zous_chefs.csv"), r)

    # ---- restaurateurs
    re_ = read("restaurateurs.csv", {"id": nonempty, "name": nonempty, "name_es": nonempty,
                                     "ability": _one_of(RESTAURATEUR_ABILITIES), "param": _text,
                                     "bonus_stars": positive_int})
    _unique(folder, "restaurateurs.csv", re_, "id")
    if len(re_) != 10:
        raise DataFileError(f"{p('restaurateurs.csv')}: 10 restaurateur cards expected, the table lists {len(re_)}")
    for r in re_:
        if r["ability"] != "none":
            _param_int(p("restaurateurs.csv"), r)

    # ---- stars thresholds
    st = read("stars.csv", {"min_quality": positive_int, "stars": positive_int})
    _unique(folder, "stars.csv", st, "min_quality")
    st.sort(key=lambda r: r["min_quality"])
    if not st or st[0]["min_quality"] != 0:
        raise DataFileError(f"{p('stars.csv')}: the first threshold must start at quality 0")
    for a, b in zip(st, st[1:]):
        if b["stars"] < a["stars"]:
            raise _err(p("stars.csv"), b["_row"], "stars", "stars must not go down as quality goes up")

    # ---- settings
    se = read("settings.csv", {"key": nonempty, "value": _text})
    _unique(folder, "settings.csv", se, "key")
    settings = {r["key"]: r for r in se}
    int_keys = ("rounds", "challenges_dealt", "critics_dealt", "rumors_dealt", "start_soup",
                "hold_round_day1", "hold_round_day2", "allspice_round", "score_lap", "lap_stars",
                "most_soup_stars", "all_courses_stars", "best_course_stars", "solo_challenge_star")
    for k in int_keys:
        if k not in settings:
            raise DataFileError(f"{p('settings.csv')}: setting {k!r} is missing")
        try:
            positive_int(settings[k]["value"])
        except ValueError as e:
            raise _err(p("settings.csv"), settings[k]["_row"], "value", f"{k}: {settings[k]['value']!r} ({e})") from None
    if "challenge_rounds" not in settings:
        raise DataFileError(f"{p('settings.csv')}: setting 'challenge_rounds' is missing")
    try:
        rounds = [int(w) for w in settings["challenge_rounds"]["value"].split()]
    except ValueError:
        raise _err(p("settings.csv"), settings["challenge_rounds"]["_row"], "value",
                   "challenge_rounds must be round numbers like '3 6'") from None
    lap = int(settings["score_lap"]["value"])
    if lap < 1:
        raise _err(p("settings.csv"), settings["score_lap"]["_row"], "value", "score_lap must be at least 1")
    dealt = int(settings["challenges_dealt"]["value"])
    if len(ch) < dealt:
        raise DataFileError(f"{p('challenges.csv')}: {len(ch)} cards cannot deal {dealt} challenges")
    if len(rounds) != 2:
        raise _err(p("settings.csv"), settings["challenge_rounds"]["_row"], "value", "two challenge rounds expected")
    # settings that record facts the rules derive from other rows: they must agree with them
    soup_start = {r["token"]: r for r in so}[tokens.SOUP]["start"]
    derived = {
        "hold_round_day1": (rounds[0], "the Hold sits on the first challenge round (challenge_rounds)"),
        "hold_round_day2": (rounds[1], "the Hold moves on to the second challenge round (challenge_rounds)"),
        "challenges_dealt": (rounds[1], "one challenge is revealed each round up to the last challenge round "
                                        "(challenge_rounds)"),
        "allspice_round": (int(settings["rounds"]["value"]), "the Allspice comes out in the last round (rounds)"),
        "start_soup": (soup_start, "each player starts with soups.csv's start count of soup"),
        "critics_dealt": (1, "one critic visits each game"),
        "rumors_dealt": (3, "three rumor cards, one per rumor space of a kitchen"),
    }
    for k, (want, why) in derived.items():
        if int(settings[k]["value"]) != want:
            raise _err(p("settings.csv"), settings[k]["_row"], "value",
                       f"{k} must be {want}: {why}; change that instead")

    # ---- score track
    tr = read("score_track.csv", {"position": positive_int, "stars": positive_int})
    tr.sort(key=lambda r: r["position"])
    if [r["position"] for r in tr] != list(range(lap)):
        raise DataFileError(f"{p('score_track.csv')}: must list every position 0..{lap - 1} once")

    # ---- fridge
    fr = read("fridge.csv", {"day": positive_int, "after_round": positive_int, "limit": positive_int})
    _unique(folder, "fridge.csv", fr, "day")
    if sorted(r["day"] for r in fr) != [1, 2]:
        raise DataFileError(f"{p('fridge.csv')}: needs the limits after day 1 and day 2")
    for r in fr:
        if r["after_round"] != rounds[r["day"] - 1]:
            raise _err(p("fridge.csv"), r["_row"], "after_round",
                       f"day {r['day']} ends after round {rounds[r['day'] - 1]} (settings challenge_rounds)")

    # ---- solo deck
    keys = {r["key"] for r in lo}
    so_cards = read("solo_placement.csv", {"id": nonempty, "chef": _one_of(SOLO_CHEFS), "sends": _text,
                                           "preferences": _words, "arrow": _one_of(("left", "right"))})
    _unique(folder, "solo_placement.csv", so_cards, "id")
    for r in so_cards:
        sends = r["sends"]
        if r["chef"] == "manager" and sends not in SOLO_CHEFS[1:]:
            raise _err(p("solo_placement.csv"), r["_row"], "sends",
                       f"a Manager card sends one of {', '.join(SOLO_CHEFS[1:])}, got {sends!r}")
        if r["chef"] != "manager" and sends:
            raise _err(p("solo_placement.csv"), r["_row"], "sends",
                       f"only a Manager card names the chef it sends; leave it empty for a {r['chef']} card")
        if not r["preferences"]:
            raise _err(p("solo_placement.csv"), r["_row"], "preferences", "must list at least one preference")
        for w in r["preferences"]:
            if w not in keys and w not in SOLO_SPECIAL_PREFERENCES:
                raise _err(p("solo_placement.csv"), r["_row"], "preferences",
                           f"{w!r} is neither a location key nor one of {', '.join(SOLO_SPECIAL_PREFERENCES)}")
    for chef in SOLO_CHEFS:
        if not any(r["chef"] == chef for r in so_cards):
            raise DataFileError(f"{p('solo_placement.csv')}: no card for the {chef}")
    cc = read("critics_choice.csv", {"card": nonempty, "start_stars": positive_int, "day": positive_int,
                                     "rank": positive_int, "condition": _one_of(SOLO_CONDITIONS)})
    seen_rank: dict = {}
    start: dict = {}
    for r in cc:
        if r["day"] not in (1, 2, 3):
            raise _err(p("critics_choice.csv"), r["_row"], "day", "days are 1, 2 and 3")
        k = (r["card"], r["day"], r["rank"])
        if k in seen_rank:
            raise _err(p("critics_choice.csv"), r["_row"], "rank", f"repeats row {seen_rank[k]}")
        seen_rank[k] = r["_row"]
        if start.setdefault(r["card"], r["start_stars"]) != r["start_stars"]:
            raise _err(p("critics_choice.csv"), r["_row"], "start_stars", "differs from the card's first row")
    for card in start:
        for day in (1, 2, 3):
            if not any(r["card"] == card and r["day"] == day for r in cc):
                raise DataFileError(f"{p('critics_choice.csv')}: card {card!r} has no row for day {day}")
    if not cc:
        raise DataFileError(f"{p('critics_choice.csv')}: needs at least one Critic's Choice card")

    srt = read("solo_rumor_tokens.csv", {"day": positive_int, "stars": positive_int})
    if sorted(r["day"] for r in srt) != [1, 2, 3]:
        raise DataFileError(f"{p('solo_rumor_tokens.csv')}: needs one row for each of the days 1, 2 and 3")
    srd = read("solo_rumor_dots.csv", {"group": nonempty, "stars": positive_int, "rumors": _words})
    _unique(folder, "solo_rumor_dots.csv", srd, "group")
    rumor_ids = {r["id"] for r in ru}
    seen_dot: dict = {}
    for r in srd:
        for rid in r["rumors"]:
            if rid not in rumor_ids:
                raise _err(p("solo_rumor_dots.csv"), r["_row"], "rumors", f"{rid!r} is not a rumor id of rumors.csv")
            if rid in seen_dot:
                raise _err(p("solo_rumor_dots.csv"), r["_row"], "rumors", f"{rid!r} is already in row {seen_dot[rid]}")
            seen_dot[rid] = r["_row"]
    if "solo_ingredient_list" not in settings:
        raise DataFileError(f"{p('settings.csv')}: setting 'solo_ingredient_list' is missing")
    if sorted(settings["solo_ingredient_list"]["value"].split()) != sorted(tokens.TYPES):
        raise _err(p("settings.csv"), settings["solo_ingredient_list"]["_row"], "value",
                   f"solo_ingredient_list must list each ingredient type once ({', '.join(tokens.TYPES)})")

    comp = Components(
        path=str(folder),
        ingredients=_make(IngredientType, ing),
        spices=_make(Spice, sp),
        rumor_tokens=_make(RumorToken, rt),
        soups=_make(SoupKind, so),
        locations=_make(Location, lo),
        challenges=_make(Challenge, ch),
        critics=_make(Critic, cr),
        rumors=_make(Rumor, ru),
        zous_chefs=_make(ZousChef, zc),
        restaurateurs=_make(Restaurateur, re_),
        star_thresholds=_make(StarThreshold, st),
        score_track=_make(TrackSpace, tr),
        fridge_limits=_make(FridgeLimit, fr),
        settings=_make(Setting, se),
        solo_cards=_make(SoloCard, so_cards),
        critics_choice=_make(CriticsChoiceRow, cc),
        solo_rumor_days=_make(SoloRumorDay, srt),
        solo_rumor_dots=_make(SoloRumorDots, srd),
    )
    idx = comp._index
    idx["challenge"] = {c.id: c for c in comp.challenges}
    idx["critic"] = {c.id: c for c in comp.critics}
    idx["rumor"] = {r.id: r for r in comp.rumors}
    idx["zous_chef"] = {z.id: z for z in comp.zous_chefs}
    idx["restaurateur"] = {r.id: r for r in comp.restaurateurs}
    idx["location"] = {loc.key: loc for loc in comp.locations}
    idx["soup"] = {s.token: s for s in comp.soups}
    idx["setting"] = {s.key: s for s in comp.settings}
    return comp


def _param_int(path: Path, r: dict) -> int:
    try:
        n = positive_int(r["param"])
    except ValueError:
        raise _err(path, r["_row"], "param", f"{r['param']!r} must be a whole number for {r.get('ability')}") from None
    return n


def _check_rumor_param(path: Path, r: dict) -> None:
    eff, param = r["effect"], r["param"]
    if eff == "fanatic":
        if param not in tokens.TYPES:
            raise _err(path, r["_row"], "param", f"a Fanatic names its ingredient type ({', '.join(tokens.TYPES)})")
    elif eff in ("tender", "pampered", "others_few_spices", "min_soup", "max_value", "distinct_values"):
        try:
            positive_int(param)
        except ValueError:
            raise _err(path, r["_row"], "param", f"{eff} needs a whole number, got {param!r}") from None
    elif eff == "type_at_least":
        words = param.split()
        ok = len(words) == 2 and words[0] in tokens.TYPES and words[1].isdigit()
        if not ok:
            raise _err(path, r["_row"], "param", f"type_at_least needs 'type value' like 'cheese 6', got {param!r}")
