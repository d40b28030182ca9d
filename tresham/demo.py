"""A read-only demonstration site, served until the real server exists (``tresham serve``).

It plays one game with bots in memory and serves, on localhost: ``/`` a page with the Total
Public Points table and the public game history, and ``/api/view?seat=N`` the exact JSON
view that seat would receive (no other seat's hand, no deck order).
"""
from __future__ import annotations

import html
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from .games.advciv import engine
from .games.advciv.game import Game
from .games.advciv.orders import is_platform_order
from .rng import Rng
from .sim import seat_bots


def play_demo(players: int = 4, turns: int = 8, seed: int = 1):
    """A bot game (heuristic bots) and its public events."""
    state = engine.new_game({"players": players, "turn_limit": turns}, seed)
    bots = seat_bots("heuristic", players)
    rng = Rng(seed)
    events = []
    while not state.finished:
        d = next(d for d in engine.pending(state) if d.required)
        order = bots[d.player](state, d.player, rng)
        events.extend(e for e in engine.apply_in_place(state, order, platform=is_platform_order(order))
                      if e.to is None)
    return state, events


def page(state, events) -> str:
    g = Game(state)
    rows = "".join(
        f"<tr><td>{html.escape(g.name(p.nation))}</td><td>{len(g.cities_of(p.nation))}</td>"
        f"<td>{p.ast}</td><td>{g.civ_points(p.nation)}</td><td>{g.public_points(p.nation)}</td></tr>"
        for p in sorted(g.active(), key=lambda p: -g.public_points(p.nation)))
    log = "".join(f"<li>{html.escape(e.text)}</li>" for e in events[-400:])
    return (
        "<!doctype html><meta charset=utf-8><title>Tresham demo</title>"
        "<h1>Tresham</h1><p><b>Demo:</b> the play-by-web server is not built yet. This is a bot "
        f"game of Advanced Civilization played by the engine (turn {state.turn}).</p>"
        "<table border=1 cellpadding=4><tr><th>Nation</th><th>Cities</th><th>A.S.T.</th>"
        f"<th>Civ Advancement Points</th><th>Total Public Points</th></tr>{rows}</table>"
        f"<h2>Game history (public)</h2><ol>{log}</ol>"
        "<p>Per-seat views: <code>/api/view?seat=0</code></p>")


def serve_demo(host: str, port: int) -> None:
    state, events = play_demo()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            url = urlparse(self.path)
            if url.path == "/":
                body, ctype = page(state, events).encode(), "text/html; charset=utf-8"
            elif url.path == "/api/view":
                seat = parse_qs(url.query).get("seat", [None])[0]
                try:
                    seat_n = None if seat is None else int(seat)
                    if seat_n is not None and not 0 <= seat_n < len(state.players):
                        raise ValueError
                except ValueError:
                    self.send_error(400, "seat must be a seat number of this game")
                    return
                body, ctype = json.dumps(engine.view(state, seat_n)).encode(), "application/json"
            else:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer((host, port), Handler)
    print(f"Tresham demo on http://{host}:{port}/ (the play-by-web server is not built yet; Ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
