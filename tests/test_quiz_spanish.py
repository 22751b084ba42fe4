"""The quizzes in Spanish: the same questions as in English, with no English word left."""

import pytest

from kitchenlab import i18n
from kitchenlab.quiz import questions, worksheet_text
from test_language import _english_words_in

#: The games whose quizzes speak Spanish.
SPANISH_QUIZ_GAMES = ("tem_purr_a", "diced_veggies")
SEEDS = (0, 1, 2, 3)


def quiz_texts(qs) -> list[str]:
    """Every text a quiz shows: prompts, choices, explanations, ⚠ notes, worksheet and answer key."""
    texts = []
    for q in qs:
        texts += [q.prompt, q.explanation, q.note, *q.choices]
    return texts + [worksheet_text(qs), worksheet_text(qs, answers=True)]


@pytest.mark.parametrize("game", SPANISH_QUIZ_GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_spanish_quiz_asks_the_same_questions(game, seed):
    english = questions(game, seed=seed, n=8)
    with i18n.using("es"):
        spanish = questions(game, seed=seed, n=8)
    assert [q.kind for q in spanish] == [q.kind for q in english]
    assert [q.choices.index(q.answer) for q in spanish] == [q.choices.index(q.answer) for q in english]
    assert [len(q.choices) for q in spanish] == [len(q.choices) for q in english]
    assert [q.facts for q in spanish] == [q.facts for q in english]
    assert [q.assumed for q in spanish] == [q.assumed for q in english]
    assert all(s.prompt != e.prompt for s, e in zip(spanish, english))


@pytest.mark.parametrize("game", SPANISH_QUIZ_GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_spanish_quiz_leaves_no_english_word(game, seed):
    with i18n.using("es"):
        texts = quiz_texts(questions(game, seed=seed, n=8))
    assert _english_words_in(texts) == set()


def test_the_english_quiz_is_english():
    texts = quiz_texts(questions("tem_purr_a", seed=1, n=8))
    assert {"player", "stack", "the"} <= _english_words_in(texts)


def test_a_spanish_tem_purr_a_quiz_reads_well():
    with i18n.using("es"):
        qs = {q.kind: q for q in questions("tem_purr_a", seed=1, n=4)}
    assert qs["legal"].prompt.startswith("Tem-Purr-A, ") and "¿Qué jugada está permitida?" in qs["legal"].prompt
    assert "Tu mano: " in qs["legal"].prompt
    assert qs["chance"].prompt.startswith("El mazo tiene ")
    assert qs["tie"].prompt.startswith("Partida terminada (") and qs["tie"].answer.startswith("Jugador ")


def test_a_spanish_note_names_the_assumption():
    from kitchenlab.quiz import Question

    with i18n.using("es"):
        q = Question("toy", "score", "¿Cuánto vale?", ("2", "3"), "2", "Lo dice la carta.",
                     rests_on=("el valor de la zanahoria",))
    assert q.note == "⚠ Lo supone el kit [A], las reglas no lo dicen: el valor de la zanahoria."
    assert q.explanation.endswith(q.note)


def test_a_spanish_block_shows_the_spanish_letters():
    from kitchenlab.diced_veggies.quiz import block_picture, block_text

    rows = ["M3 P2", "C5 .."]
    with i18n.using("es"):
        text, picture = block_text(rows), block_picture(rows)
    assert text.splitlines()[1:] == [" 1 S3 P2", " 2 Z5 .."]
    assert ">S3</td>" in picture and "Clave: " in picture and ">M3</td>" not in picture
    assert block_text(rows).splitlines()[1] == " 1 M3 P2"
