"""The shared widgets in Spanish: the play table's and the stepper's own texts, and the language
toggle, which changes texts only."""

from __future__ import annotations

from kitchenlab import i18n
from kitchenlab.table import play_widget
from kitchenlab.widgets import round_stepper


def test_toggling_language_mid_game_changes_texts_only():
    table = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    table.choose(table.legal[0])
    save, legal = table.session.save(), table.legal
    assert table.undo_button.description == "↶ Undo my last move"
    try:
        table.language.value = "es"
        assert i18n.language() == "es"
        assert table.session.save() == save
        assert table.undo_button.description == "↶ Deshacer mi última jugada"
        assert table.save_button.description == "💾 Guardar"
        assert table.legal != legal and len(table.legal) == len(legal)
        assert all(line.startswith(("Jugador", "Ronda")) for line in table.session.log_lines())
        table.language.value = "en"
        assert table.session.save() == save and table.legal == legal
        assert table.save_button.description == "💾 Save"
    finally:
        i18n.set_language("en")


def test_stepper_toggle_retells_the_round():
    stepper = round_stepper("tem_purr_a", players=3, seed=1)
    stepper.go(2)
    english = stepper.event_text
    try:
        stepper.language.value = "es"
        assert stepper.index == 2 and stepper.event_text != english
        assert stepper.event_text.startswith("Jugador")
        assert (stepper.back.description, stepper.next.description) == ("◀ Atrás", "Siguiente evento ▶")
        assert [label for label, _v in stepper.toggle.options][:2] == ["Mesa (todas las manos)", "Pública"]
    finally:
        i18n.set_language("en")
