"""The README's serve command starts a (demo) site that answers on localhost."""
import json
import socket
import subprocess
import time
import urllib.request

from tests.helpers import ROOT


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_with_views_that_hide_other_hands():
    port = _free_port()
    proc = subprocess.Popen([str(ROOT / ".venv/bin/tresham"), "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(300):
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read().decode()
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise AssertionError("server did not answer")
        assert "Total Public Points" in page
        view = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/view?seat=1").read())
        assert "hand" in view["players"][1]
        assert all("hand" not in p for i, p in enumerate(view["players"]) if i != 1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
