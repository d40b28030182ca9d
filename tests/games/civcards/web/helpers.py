"""Playing a game of Civilization: The Card Game through its game page's forms, as a browser
would: the decider's page read, one of his forms filled in and posted to ``play:decide``."""
from __future__ import annotations

import re

from tresham.games.contract import OrderForm


def form_html(html: str, form_id: str) -> str:
    m = re.search(rf'<form[^>]*data-form="{re.escape(form_id)}".*?</form>', html, re.S)
    assert m, f"no form {form_id} on the page"
    return m.group(0)


def hidden(html: str, field: str) -> str:
    return re.search(rf'name="{field}" value="([^"]*)"', html).group(1)


def post_data(form: OrderForm, values: dict) -> dict:
    """The POST body of ``form`` filled with ``values`` (``f.<name>``, ``f.<name>.<value>``)."""
    out: dict = {"form": form.id}
    for f in form.fields:
        v = values.get(f.name)
        if v is None:
            continue
        if f.kind == "counts":
            for k, n in v.items():
                out[f"f.{f.name}.{k}"] = str(n)
        elif f.kind == "multi":
            out[f"f.{f.name}"] = list(v)
        else:
            out[f"f.{f.name}"] = str(v)
    return out


def fill(form: OrderForm) -> dict:
    """Values for every field of ``form``: the first choices, the counts spread in order."""
    vals: dict = {}
    for f in form.fields:
        if f.kind == "choice":
            vals[f.name] = f.value if f.value is not None else (f.choices[0].value if f.choices and f.required else None)
        elif f.kind == "multi":
            vals[f.name] = [c.value for c in f.choices[:f.min or 0]]
        elif f.kind == "counts":
            left, out = f.min or 0, {}
            for c in f.choices:
                n = min(left, c.max if c.max is not None else left)
                if n:
                    out[c.value] = n
                    left -= n
            vals[f.name] = out
        elif f.kind == "number":
            vals[f.name] = f.value
    return vals
