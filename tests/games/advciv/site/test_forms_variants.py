"""Forms per variant (EP-12, ``forms.py``): a variant's own builders are used by its games
before the plain ones, never by a plain game; a decision whose kind has no builder shows a
note instead of a form (no error), the JSON order box staying the way to answer it."""
from __future__ import annotations

import pytest
from django.template.loader import render_to_string

from tresham.games import registry
from tresham.games.advciv.site.forms import FORMS, VARIANT_FORMS, form, forms_for
from tresham.games.contract import IllegalOrder, OrderForm
from tresham.platform.play import decision_forms

R = registry.get("advciv")


def picking():
    s = R.new_game({"players": 3}, "ep12")
    d = next(d for d in R.pending(s) if d.required)
    assert d.kind == "pick"
    return s, d


@pytest.mark.site("SITE-GEN-02")
def test_a_decision_without_a_form_shows_a_note_and_no_error(monkeypatch):
    """With no builder for ``pick`` the seat's forms are one note: its prompt, no field, no
    button; posting it is refused with a reason; the page draws it as a note, not a form."""
    s, d = picking()
    monkeypatch.delitem(FORMS, "pick")
    (note,) = R.order_forms(s, d.player)
    assert note.id == "pick.no_form" and note.title == d.prompt
    assert note.fields == [] and note.submit == "" and "order box" in note.help
    with pytest.raises(IllegalOrder, match="has no form: type its order in the order box"):
        R.form_order(s, d.player, "pick.no_form", {})
    html = render_to_string("play/_decision_forms.html", {"decision_forms": [decision_forms.shown(note)]})
    assert 'class="decision-note"' in html and d.prompt in html
    assert "<form" not in html and "<button" not in html


@pytest.mark.site("SITE-GEN-02")
def test_a_variants_form_is_used_by_its_games_only(monkeypatch):
    """``form(kind, ..., variant=KEY)`` fills KEY's table; a plain game still uses the plain
    builder of the same kind, and the plain table is unchanged."""
    monkeypatch.setitem(VARIANT_FORMS, "other", {})
    plain = dict(FORMS)
    form("pick", lambda g, seat, d, fid, v: {"type": "pick", "player": seat, "nation": "x", "area": "y"},
         variant="other")(lambda g, seat, d: [OrderForm("pick", "Other pick")])
    assert FORMS == plain and set(VARIANT_FORMS["other"]) == {"pick"}
    assert forms_for("other")["pick"][0] is not FORMS["pick"][0]
    assert forms_for("other")["grow"] is FORMS["grow"] and forms_for("standard") is FORMS
    s, d = picking()
    assert [f.title for f in R.order_forms(s, d.player)] == ["Choose your nation"]
