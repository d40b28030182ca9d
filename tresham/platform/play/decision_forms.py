"""The decision forms of the game page (issue 10): the game's :class:`~tresham.games.contract.OrderForm`
as HTML controls, and what a posted form says, checked against its fields before the game turns
it into an order (``Forms.form_order``, ``Offers.forms``).

A control of field ``name`` is posted as ``f.<name>`` ("choice", "number", "text"; "multi" once
per ticked value) or ``f.<name>.<value>`` (each number of a "counts" field). Whatever was not
offered is refused here with the field's label; whether the order is legal stays the rules'
decision (``services.submit``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import QueryDict

from tresham.games.contract import FormField, IllegalOrder, OrderForm

#: The longest text a "text" field takes when the game sets no limit.
MAX_TEXT = 2000
#: The largest number any control takes (an order never needs more).
MAX_NUMBER = 10_000


class FormRefused(IllegalOrder):
    """A posted form that does not fit its fields (nothing is changed)."""


def find(forms: list[OrderForm], form_id: str) -> OrderForm | None:
    return next((f for f in forms if f.id == form_id), None)


def _int(text: str, what: str) -> int:
    text = (text or "").strip()
    if text == "":
        return 0
    try:
        n = int(text)
    except ValueError:
        raise FormRefused("", f"{what}: {text[:20]!r} is not a whole number") from None
    if not 0 <= n <= MAX_NUMBER:
        raise FormRefused("", f"{what}: {n} is out of range (0 to {MAX_NUMBER})")
    return n


def _bounds(n: int, lo: int | None, hi: int | None, what: str, unit: str) -> None:
    if lo is not None and n < lo:
        raise FormRefused("", f"{what}: at least {lo} {unit}, not {n}")
    if hi is not None and n > hi:
        raise FormRefused("", f"{what}: at most {hi} {unit}, not {n}")


def read_field(f: FormField, post: QueryDict) -> Any:
    """The value of field ``f`` in ``post``, or FormRefused naming the field."""
    key = f"f.{f.name}"
    offered = {c.value: c for c in f.choices}
    if f.kind == "choice":
        v = post.get(key, "")
        if v == "":
            if f.required:
                raise FormRefused("", f"{f.label}: choose one")
            return None
        c = offered.get(v)
        if c is None or c.disabled:
            raise FormRefused("", f"{f.label}: {v[:40]!r} is not one of the choices")
        return v
    if f.kind == "multi":
        values = post.getlist(key)
        if len(set(values)) != len(values):
            raise FormRefused("", f"{f.label}: a choice was sent twice")
        for v in values:
            c = offered.get(v)
            if c is None or c.disabled:
                raise FormRefused("", f"{f.label}: {v[:40]!r} is not one of the choices")
        _bounds(len(values), f.min, f.max, f.label, "ticked")
        return [c.value for c in f.choices if c.value in values]  # in the form's order
    if f.kind == "counts":
        out: dict[str, int] = {}
        for c in f.choices:
            n = _int(post.get(f"{key}.{c.value}", ""), f"{f.label}, {c.label}")
            if n and c.disabled:
                raise FormRefused("", f"{f.label}: {c.label} is not open now")
            _bounds(n, 0, c.max, f"{f.label}, {c.label}", "")
            if n:
                out[c.value] = n
        extra = [k for k in post if k.startswith(key + ".") and k[len(key) + 1:] not in offered]
        if extra:
            raise FormRefused("", f"{f.label}: {extra[0][len(key) + 1:][:40]!r} is not one of the choices")
        _bounds(sum(out.values()), f.min, f.max, f"{f.label} (in all)", "")
        return out
    if f.kind == "number":
        text = post.get(key, "")
        if text.strip() == "" and f.required:
            raise FormRefused("", f"{f.label}: give a number")
        n = _int(text, f.label)
        _bounds(n, f.min, f.max, f.label, "")
        return n
    if f.kind == "text":
        v = post.get(key, "")
        limit = f.max or MAX_TEXT
        if len(v) > limit:
            raise FormRefused("", f"{f.label}: at most {limit} characters")
        if "\x00" in v:
            raise FormRefused("", f"{f.label}: the NUL character is not text")
        if f.required and not v.strip():
            raise FormRefused("", f"{f.label}: write something")
        return v
    raise FormRefused("", f"{f.label}: the site cannot read a field of kind {f.kind!r}")


def read(form: OrderForm, post: QueryDict) -> dict[str, Any]:
    """Every field's value, checked (FormRefused on the first that does not fit)."""
    return {f.name: read_field(f, post) for f in form.fields}


def with_values(form: OrderForm, values: dict[str, Any]) -> OrderForm:
    """``form`` starting with ``values`` (as :func:`read` gives them) instead of its own: the
    form drawn again as the player filled it in (a preview, SITE-TABLE-05)."""
    return replace(form, fields=[replace(f, value=values.get(f.name, f.value)) for f in form.fields])


def posted_controls(post: QueryDict) -> list[tuple[str, str]]:
    """The controls of a posted decision form (``f.`` names), each value once per pair: what a
    Confirm button posts again after a preview (SITE-TABLE-05)."""
    return [(k, v) for k in post if k.startswith("f.") for v in post.getlist(k)]


def shown(form: OrderForm) -> dict[str, Any]:
    """What the template draws for ``form``: its fields with their control names and the
    values they start with."""
    fields = []
    for f in form.fields:
        start = f.value
        choices = []
        for c in f.choices:
            choices.append({"value": c.value, "label": c.label, "max": c.max, "disabled": c.disabled,
                            "why": c.why, "name": f"f.{f.name}.{c.value}", "place": c.place,
                            "checked": f.kind == "multi" and isinstance(start, list) and c.value in start,
                            "selected": f.kind == "choice" and start == c.value,
                            "count": (start or {}).get(c.value, 0) if f.kind == "counts" else None})
        fields.append({"f": f, "name": f"f.{f.name}", "id": f"id_{form.id}_{f.name}".replace(".", "_"),
                       "choices": choices, "start": start})
    return {"form": form, "fields": fields, "dom_id": f"form-{form.id}".replace(".", "-")}
