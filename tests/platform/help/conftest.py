"""Fixtures of the help and menu tests: the lobby's own game makers, and page helpers."""
from __future__ import annotations

import html as html_lib
import re

from tests.platform.lobby.conftest import new_game, pick_all, play_to_end  # noqa: F401  (fixtures)


def site_menu(page: str) -> list[tuple[str, str]]:
    """The top menu's links as (href, text), in order (the site name and the user's own
    name left out)."""
    nav = page[page.index('<nav aria-label="Site">'):page.index("</nav>")]
    links = re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav)
    return [(h, t) for h, t in links if h != "/accounts/me/"]


def table(page: str, ident: str) -> tuple[list[str], list[list[str]]]:
    """The column headings and the body rows (cells as text) of the table ``id=ident``."""
    start = page.index(f'<table id="{ident}"')
    end = page.index("</table>", start)
    t = page[start:end]
    head = [_text(c) for c in re.findall(r"<th[^>]*>(.*?)</th>", t[t.index("<thead>"):t.index("</thead>")], re.S)]
    body = t[t.index("<tbody>"):]
    rows = [[_text(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r, re.S)]
            for r in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    return head, rows


def _text(fragment: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fragment))).strip()


def main_text(page: str) -> str:
    """The readable text of the page's main element."""
    main = page[page.index('<main id="content">'):page.index("</main>")] if "</main>" in page else page
    main = re.sub(r"<(script|style)\b.*?</\1>", " ", main, flags=re.S)
    return _text(main)
