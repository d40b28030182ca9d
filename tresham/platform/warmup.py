"""What the first requests after a start would load, loaded before the server serves
(issue 28, "Bytes": the first game page after a start took 1.5-2.2 s, the next ones 30 ms).

:func:`warm_up` runs in each server process as it imports the ASGI application (before
uvicorn takes a connection, and before the start-up objects are frozen out of the garbage
collector's passes: ``asgi``):

- the URLconf, and with it every view module, the JSON API and its schemas;
- each registered game (the registry, no game named here): its rules and pages' modules, its
  options' and orders' schemas (the game page lists the orders), a new game of its default options, a visitor's view of it, its tables, and its map (its base
  map, drawn once and kept in the data directory as the game page would, and the pieces of
  that view: a game may compute its map's geometry once per process);
- every template of the site and the games' apps, compiled into the template loader's cache,
  and the form widgets' templates.

Nothing is written to the database. A step that fails is logged and skipped: a warm-up never
stops the server from starting (the request that needs it fails or succeeds as it would have).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)


def _urls() -> None:
    from django.urls import URLResolver, get_resolver

    root = get_resolver()
    root.resolve("/")
    todo = [root]
    while todo:  # each namespace's names, read once (as a first reverse() there would)
        r = todo.pop()
        r.reverse_dict  # noqa: B018
        todo.extend(p for p in r.url_patterns if isinstance(p, URLResolver))


def _forms() -> None:
    """The form widgets' templates (the form renderer's own engine)."""
    from django import forms

    class Every(forms.Form):
        text = forms.CharField()
        number = forms.IntegerField()
        choice = forms.ChoiceField(choices=[("a", "a")])
        choices = forms.MultipleChoiceField(choices=[("a", "a")], widget=forms.CheckboxSelectMultiple)
        radio = forms.ChoiceField(choices=[("a", "a")], widget=forms.RadioSelect)
        flag = forms.BooleanField()
        area = forms.CharField(widget=forms.Textarea)
        hidden = forms.CharField(widget=forms.HiddenInput)

    str(Every())


def _game(name: str) -> None:
    from ..games import registry
    from ..games.contract import BoardUnavailable
    from .play import views_board

    rules = registry.get(name)
    rules.options_schema()
    rules.option_fields()
    rules.order_schema()
    options = rules.parse_options({})
    state = rules.new_game(options, "warm-up")
    view = rules.view(state, None)
    rules.pending(state)
    rules.summary(state)
    rules.stage(state)
    rules.board_table(view)
    board = rules.offers.board
    key = views_board.board_key(rules, options)
    if board is None or key is None:
        return
    try:
        svg = views_board.cached_svg(name, rules, options, key)
        if svg is not None:
            views_board.cached_svg_gzip(name, key, svg)
        board.pieces(view)
    except BoardUnavailable as e:  # the page shows its tables without the map
        log.warning("warm-up: %s's map cannot be drawn: %s", name, e)


def template_names() -> list[str]:
    """Every template the Django engine finds (its DIRS and the apps' templates folders)."""
    from django.template import engines

    names: set[str] = set()
    for engine in engines.all():
        for loader in engine.engine.template_loaders:
            for sub in getattr(loader, "loaders", [loader]):
                for d in sub.get_dirs():
                    root = Path(d)
                    names.update(p.relative_to(root).as_posix() for p in root.rglob("*.html") if p.is_file())
    return sorted(names)


def _templates() -> int:
    from django.template import TemplateDoesNotExist, TemplateSyntaxError
    from django.template.loader import get_template

    n = 0
    for name in template_names():
        try:
            get_template(name)
            n += 1
        except (TemplateDoesNotExist, TemplateSyntaxError) as e:  # a fragment of another library's
            log.debug("warm-up: template %s not compiled: %s", name, e)
    return n


def warm_up() -> dict[str, float]:
    """Load what the first pages need; seconds spent per step (``urls``, ``game:<name>``,
    ``templates``, ``forms``)."""
    from ..games import registry

    steps: list[tuple[str, Callable[[], object]]] = [("urls", _urls)]
    steps += [(f"game:{name}", (lambda n=name: _game(n))) for name in registry.names()]
    steps += [("templates", _templates), ("forms", _forms)]
    spent: dict[str, float] = {}
    for label, step in steps:
        t = time.perf_counter()
        try:
            step()
        except Exception:  # noqa: BLE001  (never a reason not to start)
            log.exception("warm-up: %s failed", label)
        spent[label] = round(time.perf_counter() - t, 3)
    return spent
