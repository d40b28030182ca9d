"""Orders by replying to a mail (SITE-MAILIN-01..03), with the site's mails read from a real
SMTP server on the loopback: the reply address of a "your turn" mail, its secret's life
(single use, replayed, forged, stale, another seat's), the commands read from the top of the
reply (quoted text and signatures not), each command's one-line answer; ``tresham mail-in``
as an SMTP server (smtplib on the loopback) and ``--stdin``."""
from __future__ import annotations

import os
import secrets
import smtplib
import subprocess
import sys
from email.message import EmailMessage

import pytest
from django.db import transaction

from tresham.games.advciv.variant import game_for
from tresham.platform.bench import database_url
from tresham.platform.mail import game_mails, inbound, replies, smtp_in
from tresham.platform.mail.models import Outbox, ReplyToken
from tresham.platform.play import services
from tresham.platform.play.models import Game

from .conftest import _free_port, drain_later, started_game

DOMAIN = "mail.example.org"


@pytest.fixture
def mailin(smtp, settings):
    """The site's sender to the loopback server, and reply addresses of DOMAIN."""
    settings.TRESHAM_MAILIN_DOMAIN = DOMAIN
    return smtp


def owing(game: Game) -> tuple[int, object]:
    """(seat, holder) of the first decision the game waits on."""
    game.refresh_from_db()
    rules = services.rules_of(game)
    d = next(d for d in rules.pending(rules.loads(game.state)) if d.required)
    return d.player, game.seats.get(index=d.player).user


def turn_mail(mailin, game: Game, seat: int, user):
    """The "your turn" mail of ``seat`` as the server receives it."""
    with transaction.atomic():
        game_mails.your_turn(game, seat, deadline=None)
    drain_later()
    mails = [m for m in mailin.to(user.email) if m["X-Tresham-Kind"] == "turn"]
    assert mails, "no turn mail"
    return mails[-1]


def reply(to: str, text: str, *, sender: str = "someone@example.net", quoted: str = "", headers=None) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, to, "Re: your turn"
    for k, v in (headers or {}).items():
        msg[k] = v
    msg.set_content(text + ("\n\n" + "\n".join("> " + line for line in quoted.split("\n")) if quoted else ""))
    return msg.as_bytes()


def answers(mailin, address: str) -> list:
    return [m for m in mailin.to(address) if m["X-Tresham-Kind"] == "mailin"]


@pytest.fixture
def table(db, person, mailin):
    users = [person(n) for n in ("ann", "bob", "cyd")]
    game = started_game(users, seed="mailin-1")
    seat, user = owing(game)
    return game, seat, user


# ---- SITE-MAILIN-01 --------------------------------------------------------------------------------
@pytest.mark.site("SITE-MAILIN-01")
def test_a_turn_mail_can_be_answered_and_its_commands_give_the_orders(table, mailin):
    game, seat, user = table
    mail = turn_mail(mailin, game, seat, user)
    address = mail["Reply-To"]
    assert address.startswith("reply+") and address.endswith("@" + DOMAIN)
    assert len(replies.secret_in(address)) == 32
    text = mail.text
    assert "reply to this mail with one command a line" in text
    assert "pick NATION [in AREA]" in text and "default:" in text
    before = game.revision
    answer = inbound.receive(reply(address, "pick Italy"))
    assert answer.applied == 1
    game.refresh_from_db()
    assert game.revision == before + 1
    assert game_for(services.current_state(game)).s.players[seat].nation == "italy"
    got = answers(mailin, user.email)
    assert len(got) == 1
    assert "pick Italy: applied." in got[0].text
    # the answer goes to the account's address, not to where the reply came from
    assert answers(mailin, "someone@example.net") == []


@pytest.mark.site("SITE-MAILIN-01")
def test_a_refused_command_says_why_and_stops_the_rest_the_answer_brings_a_new_address(table, mailin):
    game, seat, user = table
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    before = game.revision
    answer = inbound.receive(reply(address, "tax 2\npick Italy\nfly away"))
    game.refresh_from_db()
    assert game.revision == before and answer.applied == 0
    assert answer.lines == [
        "tax 2: refused: you set no tax rate now (a Coinage holder does, in taxation)",
        "pick Italy: not tried: an earlier command was refused",
        "fly away: not tried: an earlier command was refused"]
    got = answers(mailin, user.email)[-1]
    # the decision is still owed: the answer has a reply address of its own, which works
    again = got["Reply-To"]
    assert again and again != address
    answer = inbound.receive(reply(again, "fly away"))
    assert answer.lines == ["fly away: refused: no such command (the commands open to you are listed in the mail)"]
    third = answers(mailin, user.email)[-1]["Reply-To"]
    assert inbound.receive(reply(third, "pick Crete")).applied == 1
    game.refresh_from_db()
    assert game.revision == before + 1


@pytest.mark.site("SITE-MAILIN-01")
def test_default_gives_what_the_deadline_would_and_standing_sets_a_standing_order(table, mailin):
    game, seat, user = table
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    answer = inbound.receive(reply(address, 'standing buy {"cards": ["pottery"]}\ndefault'))
    assert answer.applied == 2, answer.lines
    assert answer.lines[0].startswith('standing buy {"cards": ["pottery"]}: applied. Your standing order for')
    assert answer.lines[1].startswith("default: applied.")
    game.refresh_from_db()
    assert game_for(services.current_state(game)).s.players[seat].nation is not None
    assert game.log.latest("seq").reason == "mail default"
    from tresham.platform.clock.models import StandingOrder
    assert StandingOrder.objects.get(game=game, seat=seat, kind="buy").spec["cards"] == ["pottery"]


# ---- SITE-MAILIN-02 ------------------------------------------------------------------------------------
@pytest.mark.site("SITE-MAILIN-02")
def test_a_replayed_reply_changes_nothing_and_gets_one_line(table, mailin):
    game, seat, user = table
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    raw = reply(address, "pick Italy")
    assert inbound.receive(raw).applied == 1
    game.refresh_from_db()
    revision = game.revision
    again = inbound.receive(raw)
    assert again.applied == 0
    assert again.lines == ["This reply address was used already (each works once): nothing was changed."]
    game.refresh_from_db()
    assert game.revision == revision
    got = answers(mailin, user.email)
    assert len(got) == 2 and "used already" in got[1].text
    inbound.receive(raw)  # a third time: no third answer (one per secret)
    assert len(answers(mailin, user.email)) == 2


@pytest.mark.site("SITE-MAILIN-02")
def test_a_forged_secret_changes_nothing_and_its_sender_gets_one_line_once_an_hour(table, mailin):
    game, seat, user = table
    turn_mail(mailin, game, seat, user)
    forged = f"reply+{secrets.token_hex(16)}@{DOMAIN}"
    before = game.revision
    answer = inbound.receive(reply(forged, "pick Italy", sender="mallory@example.net"))
    assert answer.applied == 0
    assert answer.lines == ["This is no reply address of the site's (or it was made up): nothing was changed."]
    inbound.receive(reply(forged, "pick Crete", sender="mallory@example.net"))
    game.refresh_from_db()
    assert game.revision == before
    got = answers(mailin, "mallory@example.net")
    assert len(got) == 1  # the second within the hour is not answered
    assert got[0].text.strip().splitlines()[0] == answer.lines[0]
    assert got[0]["Reply-To"] is None
    # not a reply address at all
    answer = inbound.receive(reply(f"orders@{DOMAIN}", "pick Italy", sender="eve@example.net"))
    assert answer.lines == ["This mail was not sent to a reply address of the site: nothing was changed."]
    assert len(answers(mailin, "eve@example.net")) == 1


@pytest.mark.site("SITE-MAILIN-02")
def test_a_stale_secret_changes_nothing_once_the_decision_closed(table, mailin):
    game, seat, user = table
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    services.submit(game.pk, {"type": "pick", "nation": "crete", "area": _first_area(game, seat, "crete")},
                    seat=seat, account=user)
    game.refresh_from_db()
    revision = game.revision
    answer = inbound.receive(reply(address, "pick Italy"))
    assert answer.lines == ["The decision this mail asked for is closed (given, or its deadline passed): "
                            "nothing was changed."]
    game.refresh_from_db()
    assert game.revision == revision
    assert "closed" in answers(mailin, user.email)[-1].text


def _first_area(game: Game, seat: int, nation: str) -> str:
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    d = next(d for d in rules.pending(state) if d.player == seat and d.kind == "pick")
    return d.options["nations"][nation][0]


@pytest.mark.site("SITE-MAILIN-02")
def test_a_secret_gives_only_its_own_seat_and_holder(table, mailin):
    game, seat, user = table
    other = game.seats.exclude(index=seat).first()
    # a secret bound to another seat than the holder's (as if his seat changed hands)
    secret = replies.new_token(game.pk, other.index, user.pk, ["whatever"])
    before = game.revision
    answer = inbound.receive(reply(replies.address_of(secret), "pick Italy"))
    assert answer.lines == ["You no longer hold the seat this mail was about: nothing was changed."]
    # another seat's secret gives that seat's orders, never this one's: the order goes to its seat
    secret = replies.new_token(game.pk, other.index, other.user_id, _decision_keys(game, other.index))
    answer = inbound.receive(reply(replies.address_of(secret), "pick Italy"))
    assert answer.lines == ["The decision this mail asked for is closed (given, or its deadline passed): "
                            "nothing was changed."]
    game.refresh_from_db()
    assert game.revision == before


def _decision_keys(game: Game, seat: int) -> list[str]:
    from tresham.platform.mail import attention
    rules = services.rules_of(game)
    return [k for k, _, _ in attention.owed(rules, rules.loads(game.state), seat)]


@pytest.mark.site("SITE-MAILIN-02")
def test_only_the_digest_of_the_secret_is_stored(table, mailin):
    game, seat, user = table
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    secret = replies.secret_in(address)
    tok = ReplyToken.objects.get()
    assert tok.digest == replies.digest_of(secret) and secret not in tok.digest
    assert not Outbox.objects.filter(body__contains=secret).exists()


@pytest.mark.site("SITE-MAILIN-02")
def test_quoted_text_and_signature_are_not_read(table, mailin):
    game, seat, user = table
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    text = "pick Italy\n\n-- \nAnn\ndefault"
    answer = inbound.receive(reply(address, text, quoted="pick Crete\ndefault"))
    assert answer.lines == ["pick Italy: applied." + answer.lines[0].split("applied.", 1)[1]]
    assert answer.applied == 1


@pytest.mark.site("SITE-MAILIN-02")
@pytest.mark.parametrize("text, commands", [
    ("done\npass\n\nthanks", ["done", "pass"]),
    ("  accept 2 \r\nbuy Law,  Monarchy\n> pick Italy", ["accept 2", "buy Law, Monarchy"]),
    ("tax 2\nOn Mon, 1 Jan 2024 at 10:00, Tresham <t@x.org> wrote:\n> it is your turn", ["tax 2"]),
    ("\n\ndone\n-- \nAnn Smith\n+44 1234", ["done"]),
    ("done\n-----Original Message-----\nFrom: Tresham", ["done"]),
    ("pass\nSent from my phone", ["pass"]),
    ("> quoted first\ndone", []),
])
def test_the_commands_are_the_first_lines(settings, text, commands):
    assert inbound.commands_of(text) == commands


@pytest.mark.site("SITE-MAILIN-02")
def test_html_only_replies_and_automatic_mails(table, mailin):
    game, seat, user = table
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    auto = reply(address, "I am out of the office", headers={"Auto-Submitted": "auto-replied"})
    assert inbound.receive(auto).lines == ["An automatic mail: not read, not answered."]
    assert answers(mailin, user.email) == []
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "ann@example.org", address, "Re"
    msg.set_content("<div>pick Italy</div><div><br></div><blockquote>pick Crete</blockquote>", subtype="html")
    assert inbound.receive(msg.as_bytes()).lines[0].startswith("pick Italy: applied.")


@pytest.mark.site("SITE-MAILIN-02")
def test_a_reply_without_commands_keeps_its_secret(table, mailin):
    game, seat, user = table
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    assert inbound.receive(reply(address, "> pick Italy")).lines == [
        "Your reply has no command on its first lines: nothing was changed."]
    assert inbound.receive(reply(address, "pick Italy")).applied == 1


def test_no_reply_address_without_a_mailin_domain(db, person, smtp, settings):
    settings.TRESHAM_MAILIN_DOMAIN = ""
    users = [person(n) for n in ("ann", "bob", "cyd")]
    game = started_game(users, seed="mailin-1")
    seat, user = owing(game)
    mail = turn_mail(smtp, game, seat, user)
    assert mail["Reply-To"] is None and "reply to this mail" not in mail.text
    assert not ReplyToken.objects.exists()


# ---- SITE-MAILIN-03 ------------------------------------------------------------------------------------
@pytest.mark.site("SITE-MAILIN-03")
def test_the_smtp_server_takes_replies_over_smtp_on_the_loopback(transactional_db, person, mailin):
    users = [person(n) for n in ("ann", "bob", "cyd")]
    game = started_game(users, seed="mailin-1")
    seat, user = owing(game)
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    server = smtp_in.server("127.0.0.1", _free_port())
    server.start()
    try:
        with smtplib.SMTP("127.0.0.1", server.port, timeout=30) as client:
            refused = client.sendmail("ann@example.org", [f"orders@{DOMAIN}", address], reply(address, "pick Italy"))
            assert set(refused) == {f"orders@{DOMAIN}"}  # no reply address: refused at RCPT
            with pytest.raises(smtplib.SMTPRecipientsRefused):
                client.sendmail("ann@example.org", ["someone@elsewhere.example"], reply(address, "pick Italy"))
    finally:
        server.stop()
    game.refresh_from_db()
    assert game_for(services.current_state(game)).s.players[seat].nation == "italy"
    assert "pick Italy: applied." in answers(mailin, user.email)[-1].text


@pytest.mark.site("SITE-MAILIN-03")
def test_mail_in_stdin_reads_one_mail_piped_in(transactional_db, person, mailin, tmp_path):
    from django.conf import settings
    from django.db import connection

    users = [person(n) for n in ("ann", "bob", "cyd")]
    game = started_game(users, seed="mailin-1")
    seat, user = owing(game)
    address = turn_mail(mailin, game, seat, user)["Reply-To"]
    env = {**os.environ, "TRESHAM_DATA_DIR": str(tmp_path), "TRESHAM_DATABASE_URL": database_url(connection.settings_dict),
           "TRESHAM_SECRET_KEY": settings.SECRET_KEY, "DJANGO_SETTINGS_MODULE": "tresham.platform.settings",
           "TRESHAM_MAILIN_DOMAIN": DOMAIN, "TRESHAM_SMTP_HOST": "127.0.0.1", "TRESHAM_SMTP_PORT": str(mailin.port),
           "TRESHAM_SMTP_STARTTLS": "0", "TRESHAM_MAIL_FROM": "Tresham <tresham@games.example.org>"}
    done = subprocess.run([sys.executable, "-m", "tresham.cli", "mail-in", "--stdin"], input=reply(address, "pick Italy"),
                          env=env, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().startswith("pick Italy: applied.")
    game.refresh_from_db()
    assert game_for(services.current_state(game)).s.players[seat].nation == "italy"
    assert "pick Italy: applied." in answers(mailin, user.email)[-1].text  # sent by the mail-in process
    big = subprocess.run([sys.executable, "-m", "tresham.cli", "mail-in", "--stdin"],
                         input=reply(address, "pick Crete\n" + "x" * (300 * 1024)), env=env, capture_output=True,
                         timeout=120)
    assert big.returncode == 2 and b"more than the" in big.stderr


# ---- the end-to-end test -------------------------------------------------------------------
class MailIn:
    """``tresham mail-in`` in a subprocess on the test database, listening on a free port; its
    answers go to the loopback server ``smtp``."""

    def __init__(self, env: dict[str, str]) -> None:
        self.port = _free_port()
        self.proc = subprocess.Popen([sys.executable, "-m", "tresham.cli", "mail-in", "--host", "127.0.0.1",
                                      "--port", str(self.port)], env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        import time
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.proc.stdout.read().decode()
            try:
                with smtplib.SMTP("127.0.0.1", self.port, timeout=5) as c:
                    c.noop()
                return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("tresham mail-in did not answer")

    def send(self, raw: bytes, to: str, sender: str = "ann@example.org") -> None:
        with smtplib.SMTP("127.0.0.1", self.port, timeout=60) as client:
            client.sendmail(sender, [to], raw)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


@pytest.mark.slow
@pytest.mark.site("SITE-MAILIN-01")
@pytest.mark.site("SITE-MAILIN-02")
@pytest.mark.site("SITE-MAILIN-03")
def test_three_players_play_two_turns_one_of_them_by_replying(transactional_db, person, mailin, tmp_path):
    """Ann gives every order of the first two turns by replying to the site's mails over SMTP
    (smtplib to ``tresham mail-in``), her mails read from the loopback server; Bob and Cyd play
    the bot's orders. Her commands: ``pick`` a nation, ``pass`` for ships, ``done`` (turn 1) and
    ``pass`` (turn 2) for movement, ``default`` for anything else. A replayed reply and a
    forged secret change nothing."""
    from django.conf import settings
    from django.db import connection

    users = [person(n) for n in ("ann", "bob", "cyd")]
    ann = users[0]
    game = started_game(users, seed="mailin-e2e")
    rules = services.rules_of(game)
    env = {**os.environ, "TRESHAM_DATA_DIR": str(tmp_path), "TRESHAM_DATABASE_URL": database_url(connection.settings_dict),
           "TRESHAM_SECRET_KEY": settings.SECRET_KEY, "DJANGO_SETTINGS_MODULE": "tresham.platform.settings",
           "TRESHAM_MAILIN_DOMAIN": DOMAIN, "TRESHAM_SMTP_HOST": "127.0.0.1", "TRESHAM_SMTP_PORT": str(mailin.port),
           "TRESHAM_SMTP_STARTTLS": "0", "TRESHAM_MAIL_FROM": "Tresham <tresham@games.example.org>",
           "SITE_URL": "https://tresham.example.org"}
    server = MailIn(env)
    used: set[str] = set()
    sent: list[tuple[str, str, str]] = []  # (stage, command, answer line)
    replayed = forged = False
    # the decisions of the game's start were told before the test's mails: tell them again
    with transaction.atomic():
        for s in range(3):
            game_mails.your_turn(game, s, deadline=None)
    try:
        for n in range(400):
            game.refresh_from_db()
            state = rules.loads(game.state)
            if rules.round(state) > 2:
                break
            d = next(d for d in rules.pending(state) if d.required)
            if d.player != 0:
                order = rules.bot(state, d.player, f"e2e:{n}")
                by_site = rules.is_site_order(order)
                holder = users[d.player]
                services.submit(game.pk, order, seat=d.player, by_site=by_site, account=None if by_site else holder,
                                reason="bot" if by_site else "")
                continue
            drain_later()
            mails = [m for m in mailin.to(ann.email) if m["Reply-To"] and m["Reply-To"] not in used]
            assert mails, f"no mail to answer at {rules.stage(state)} ({d.kind})"
            address = mails[-1]["Reply-To"]
            assert mails[-1]["X-Tresham-Kind"] in ("turn", "mailin")
            used.add(address)
            command = (f"pick {_free_nation(d)}" if d.kind == "pick" else
                       {"ships": "pass", "move": "done" if state.turn == 1 else "pass"}.get(d.kind, "default"))
            raw = reply(address, command, sender="ann@example.org",
                        quoted="It is your turn.\ndefault")  # quoted text: not read
            before = game.revision
            server.send(raw, address)
            game.refresh_from_db()
            answer = answers(mailin, ann.email)[-1].text
            line = next(x for x in answer.splitlines() if x.startswith(command + ":"))
            sent.append((rules.stage(state), command, line))
            assert game.revision == before + 1, line
            assert line.startswith(f"{command}: applied."), line
            if not replayed:  # the same reply again: nothing changes, one line back
                count = len(answers(mailin, ann.email))
                server.send(raw, address)
                game.refresh_from_db()
                assert game.revision == before + 1
                got = answers(mailin, ann.email)
                assert len(got) == count + 1
                assert got[-1].text.splitlines()[2] == ("This reply address was used already (each works once): "
                                                        "nothing was changed.")
                replayed = True
            if not forged:  # a made-up secret: nothing changes, one line back to its sender
                fake = f"reply+{secrets.token_hex(16)}@{DOMAIN}"
                server.send(reply(fake, "default", sender="mallory@example.net"), fake, sender="mallory@example.net")
                game.refresh_from_db()
                assert game.revision == before + 1
                got = answers(mailin, "mallory@example.net")
                assert len(got) == 1 and got[0].text.startswith("This is no reply address of the site's")
                forged = True
        else:
            raise AssertionError("two turns were not over")
    finally:
        server.stop()
    game.refresh_from_db()
    state = rules.loads(game.state)
    assert rules.round(state) == 3 and replayed and forged
    kinds = [c.split()[0] for _, c, _ in sent]
    assert kinds.count("pick") == 1 and "done" in kinds and "pass" in kinds
    # every order of Ann's was given by mail: the log's entries of seat 0 are the mail's
    ann_orders = game.log.filter(seat=0, by_site=False)
    assert ann_orders.count() == sum(1 for k in kinds if k != "default")
    assert set(ann_orders.values_list("reason", flat=True)) == {"mail"}
    assert game_for(state).s.players[0].nation is not None
    print("\n".join(f"{stage}: {line}" for stage, _, line in sent))


def _free_nation(d) -> str:
    from tresham.games.advciv.site.names import nation_name
    return nation_name(sorted(d.options["nations"])[0])
