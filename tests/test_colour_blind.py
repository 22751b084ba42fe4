"""Every palette the figures use stays distinguishable for colour-blind eyes.

Each colour is simulated under deuteranopia and protanopia with the matrices of Machado, Oliveira
and Fernandes (2009) at severity 1, applied in linear RGB; two colours count as distinguishable
when their CIEDE2000 difference (in CIELAB, D65) is at least ``THRESHOLD`` = 10, under normal vision
and under both simulations.
"""

from __future__ import annotations

import itertools
import math

import pytest

import kitchenlab
from kitchenlab.charts import PLAYER_COLORS
from kitchenlab.diced_veggies.figures import DIE_COLOURS

THRESHOLD = 10.0
PROTAN = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTAN = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
VISIONS = {"normal": None, "deuteranopia": DEUTAN, "protanopia": PROTAN}


def linear(colour: str) -> list[float]:
    out = []
    for i in (1, 3, 5):
        c = int(colour[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def seen(colour: str, matrix) -> list[float]:
    rgb = linear(colour)
    if matrix is None:
        return rgb
    return [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix]


def lab(rgb) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def ciede2000(lab1, lab2) -> float:
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    dH = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (L1 + L2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        hbar = h1 + h2
    elif abs(h1 - h2) <= 180:
        hbar = (h1 + h2) / 2
    else:
        hbar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    rc = 2 * math.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(60 * math.exp(-(((hbar - 275) / 25) ** 2)))) * rc
    dl, dc = (L2 - L1) / sl, (c2 - c1) / sc
    return math.sqrt(dl ** 2 + dc ** 2 + (dH / sh) ** 2 + rt * dc * (dH / sh))


def closest_pair(palette):
    """The least distinguishable pair of a palette: (difference, vision, colour, colour)."""
    return min((ciede2000(lab(seen(a, m)), lab(seen(b, m))), vision, a, b)
               for vision, m in VISIONS.items() for a, b in itertools.combinations(palette, 2))


def test_ciede2000_matches_sharma_test_data():
    # pair 1 of Sharma, Wu and Dalal's published CIEDE2000 test data
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)


def test_red_and_green_merge_for_deuteranopes():
    # the check can fail: the old die red and green are 4.6 apart for a deuteranope
    assert closest_pair(["#3A9D3A", "#D1362F"])[0] < THRESHOLD


PALETTES = {
    "player colours (every seat any game allows)": lambda: PLAYER_COLORS[:max(
        max(kitchenlab.game_info(g).players) for g in kitchenlab.available_games())],
    "die colours": lambda: list(DIE_COLOURS.values()),
    "game colours (GameInfo.colour)": lambda: [kitchenlab.game_info(g).colour for g in kitchenlab.available_games()],
}


@pytest.mark.parametrize("name", PALETTES)
def test_palette_distinguishable_under_colour_blindness(name):
    diff, vision, a, b = closest_pair(PALETTES[name]())
    assert diff >= THRESHOLD, f"{name}: {a} and {b} differ by only {diff:.1f} under {vision}"


def _item_palettes():
    from kitchenlab.chefs.figures import KIND_COLORS
    from kitchenlab.critter_kitchen.board_figures import token_key
    from kitchenlab.tem_purr_a.figures import CARD_COLORS
    return {"Critter Kitchen tokens": lambda: [c for _, c in token_key()],
            "Chefs ingredient cards": lambda: list(KIND_COLORS),
            "Tem-Purr-A cards": lambda: list(CARD_COLORS.values())}


PALETTES.update(_item_palettes())
