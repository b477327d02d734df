"""The board as the table's whole scorekeeper (issue 42), tried as a table playing on phones:
every correction from a page gives the ledger what the command line's command gives; a phone's
Undo is its own; a form posts once (Enter pressed twice, an answer lost and the form sent again);
settle records what it showed; an error stands in its form beside its field; and at 390 px
nothing is wider than its box. A real server over a real ledger, asked over HTTP, and the
system's Chromium (Playwright) at phone sizes, one browser for the run."""

from __future__ import annotations

import json
import os
import re
import time
from html import unescape
from urllib.parse import urlencode

import pytest

from helpers import ledger_bytes
from system import test_board as test_web
from system.test_board import cli, error_at, followed, hands_of, hidden_fields, new_game

serve = test_web.serve  # the server, as test_web has it; the browser is the worker's one (tests/browsers.py)

IPHONE_13 = {"width": 390, "height": 844}
PIXEL_7 = {"width": 412, "height": 915}
# what a page at phone size must not have: an element wider than its box that is not a frame
# made to scroll, or a frame that itself reaches past the screen
TOO_WIDE = """() => Array.from(document.querySelectorAll('body *')).filter(e => {
  const style = getComputedStyle(e);
  if (style.display === 'none' || e.closest('[hidden]') || e.closest('details:not([open]) > :not(summary)')) return false;
  if (['auto', 'scroll'].includes(style.overflowX)) return e.getBoundingClientRect().right > window.innerWidth + 1;
  return e.scrollWidth > e.clientWidth + 1 && style.overflowX !== 'hidden';
}).map(e => `${e.tagName}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`)"""


def page_of(server, path: str, cookie: str) -> str:
    status, _headers, text = server.request("GET", path, headers={"Cookie": cookie})
    assert status == 200, text[:300]
    return text


def comparable_log(game_id: str) -> list:
    """A game's journal as 'log --json' gives it, less what differs between two games played
    alike (ids, clocks, times, the phone and the form that wrote an entry): what each entry did."""
    entries = json.loads(cli("log", "--json", "--game", game_id))["entries"]
    left_out = ("id", "clock", "at", "after", "target", "before", "device", "phone", "form", "also_after")
    return [{key: value for key, value in entry.items() if key not in left_out} for entry in entries]


def comparable_status(game_id: str) -> dict:
    status = json.loads(cli("status", "--json", "--game", game_id))
    return {key: value for key, value in status.items() if key not in ("id", "created")}


def post_form(server, page: str, action: str, cookie: str, token: str, **fields):
    """Post the form of ``page`` (its address) that posts to ``action``, with its own hidden
    fields (its one-time key) and ``fields``: what a phone's button sends."""
    hidden = hidden_fields(page_of(server, page, cookie), action)
    return server.post(action, {**hidden, **fields}, token, cookie)


def on_phone(page, action: str, fields: dict) -> None:
    """What a player does on a phone's page to send ``action`` with ``fields``: opens what holds
    its form, fills it and presses its button (and on the page that asks, yes)."""

    def press(selector):
        with page.expect_navigation():
            page.click(selector)

    def fill(form, values):
        for name, value in values.items():
            if name in ("kind", "player") and form != "form[action$='/rename']":
                page.check(f"{form} input[name={name}][value='{value}']")
            elif name == "player":
                page.select_option(f"{form} select[name=player]", value)
            else:
                page.fill(f"{form} input[name={name}]", value)

    if action == "hand":
        if "before" in fields:
            page.click("text=A hand forgotten? Put it before a hand")
        fill("#hand", fields)
        press("#hand button.primary")
        return
    if action in ("undo", "redo", "unvoid"):
        press(f"form[action$='/{action}'] button")
        return
    page.click("#corrections > summary")
    if action in ("edit", "delete"):  # the hand's own page
        page.select_option("form.corrections select[name=hand]", fields["hand"])
        press("form.corrections button")
        if action == "edit":
            fill("#edit", {name: value for name, value in fields.items() if name != "hand"})
            press("#edit button.primary")
        else:
            press("form[action$='/delete'] button")
            press("form[action$='/delete'] button")  # yes, on the page that asks
        return
    if action in ("end", "void"):
        press(f"a[href$='/{action}']")
        press(f"form[action$='/{action}'] button")  # yes, on the page that asks
        return
    fill(f"form[action$='/{action}']", fields)
    press(f"form[action$='/{action}'] button")


@pytest.mark.slow
def test_every_correction_from_a_page_gives_the_ledger_what_the_command_gives(serve, chromium):
    """On a phone's screen (Chromium at 390 px), each correction made as a player makes it, by its
    buttons and plain forms (no script) and the pages that ask first, lands in the ledger as its
    command does."""
    players = ["Katya", "Lena"]
    by_board, by_cli = new_game(*players, "--hollywood"), new_game(*players, "--hollywood")
    server = serve("--port", "0")
    # plain forms, as every correction is: without the script (which only follows the ledger)
    page = chromium.new_context(viewport=IPHONE_13, java_script_enabled=False).new_page()
    page.goto(f"{server.local}/games/{by_board}")
    steps = [  # (what the phone does: action, fields; the same on the command line)
        ("hand", {"kind": "knock", "player": "Katya", "deadwood": "3", "opponent_deadwood": "9"}, ["knock", "Katya", "3", "9"]),
        ("hand", {"kind": "gin", "player": "Lena", "opponent_deadwood": "20"}, ["gin", "Lena", "20"]),
        ("hand", {"kind": "draw"}, ["draw"]),
        ("hand", {"kind": "knock", "player": "Lena", "deadwood": "2", "opponent_deadwood": "12", "before": "2"},
         ["knock", "Lena", "2", "12", "--before", "2"]),
        ("edit", {"hand": "1", "kind": "knock", "player": "Katya", "deadwood": "4", "opponent_deadwood": "9"},
         ["edit", "1", "knock", "Katya", "4", "9"]),
        ("delete", {"hand": "3"}, ["delete", "3"]),
        ("restore", {"hand": "3"}, ["restore", "3"]),
        ("rename", {"player": "Lena", "name": "Elena"}, ["rename", "Lena", "Elena"]),
        ("undo", {}, ["undo"]),
        ("redo", {}, ["redo"]),
        ("end", {}, ["end"]),
        ("void", {}, ["void", by_cli]),
        ("unvoid", {}, ["unvoid", by_cli]),
    ]
    for action, fields, words in steps:
        on_phone(page, action, fields)
        assert page.query_selector_all("p.error") == [], (action, [error.inner_text() for error in page.query_selector_all("p.error")])
        assert page.url.endswith(f"/games/{by_board}"), (action, page.url)  # the game's page again: a reload posts nothing
        cli(*words, *(() if by_cli in words else ("--game", by_cli)))
        assert comparable_status(by_board) == comparable_status(by_cli), action
    assert comparable_log(by_board) == comparable_log(by_cli)
    # every entry the board wrote carries this phone's id, never its cookie
    phone = {entry.get("phone") for entry in json.loads(cli("log", "--json", "--game", by_board))["entries"]}
    cookies = [cookie["value"] for cookie in page.context.cookies()]
    assert len(phone) == 1 and None not in phone and not set(cookies) & phone
    page.context.close()


@pytest.mark.slow
def test_end_delete_void_and_an_undo_after_the_end_ask_first(serve):
    game_id = new_game("Ann", "Bob", "--hollywood")
    server = serve("--port", "0")
    token, cookie = server.form_token("/")
    game = f"/games/{game_id}"
    server.post(f"{game}/hand", {"kind": "gin", "player": "Ann", "opponent_deadwood": "20"}, token, cookie)
    before = ledger_bytes(os.environ["GINSCORE_LEDGER"])
    for action, fields in (("end", {}), ("void", {}), ("delete", {"hand": "1"})):
        status, headers, _text = server.post(f"{game}/{action}", fields, token, cookie)
        assert status == 303 and headers["location"].startswith(f"{game}/{action}")  # the page that asks
        asked = page_of(server, headers["location"], cookie)
        assert 'name="confirm" value="yes"' in asked and f'href="{game}"' in asked  # yes posts; no goes back
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == before
    text = followed(server, server.post(f"{game}/end", {"confirm": "yes"}, token, cookie), cookie)
    assert json.loads(cli("status", "--json", "--game", game_id))["finished"]
    # over: the Undo button is a link to the page that asks, not a form that reopens the game
    assert f'href="{game}/undo"' in text and f'action="{game}/undo"' not in text
    asked = page_of(server, f"{game}/undo", cookie)
    assert server.post(f"{game}/undo", hidden_fields(asked, f"{game}/undo"), token, cookie)[0] == 303
    assert not json.loads(cli("status", "--json", "--game", game_id))["finished"]


@pytest.mark.slow
def test_a_phones_undo_names_its_own_hand_and_never_takes_anothers(serve):
    game_id = new_game("Katya", "Lena")
    server = serve("--port", "0")
    game = f"/games/{game_id}"
    token_a, phone_a = server.form_token("/")
    token_b, phone_b = server.form_token("/")
    server.post(f"{game}/hand", {"kind": "knock", "player": "Katya", "deadwood": "3", "opponent_deadwood": "9"}, token_a, phone_a)
    text = page_of(server, game, phone_a)
    assert "Take back hand 1: Katya knocks 3 v 9" in text
    assert "Take back hand" not in page_of(server, game, phone_b)  # phone B did nothing here
    cli("draw", "--game", game_id)  # the laptop's hand 2
    text = page_of(server, game, phone_a)
    # the case: A's hand has a hand after it; A is offered to delete it, after asking
    assert "Your last hand, hand 1 (Katya knocks 3 v 9), has hands after it: delete it instead" in text
    assert f'href="{game}/delete?hand=1&amp;entry=' in text
    # an Undo posted anyway (a page from before the draw) takes back A's own hand, never the draw
    answer = server.post(f"{game}/undo", {}, token_a, phone_a)
    followed(server, answer, phone_a)
    assert [hand["kind"] for hand in hands_of(game_id)] == ["draw"]
    # phone B's undo has nothing of its own: nothing is taken back, and the page says so in a
    # phone's words (this phone, not "this device"; no command), offering the last hand's delete
    before = ledger_bytes(os.environ["GINSCORE_LEDGER"])
    text = followed(server, server.post(f"{game}/undo", {}, token_b, phone_b), phone_b)
    errors = [unescape(error) for error in re.findall(r'<p class="error"[^>]*>([^<]*)</p>', text)]
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == before
    assert errors == ["Error: Nothing this phone recorded in this game stands to take back. The last hand was recorded "
                      "elsewhere: hand 1, draw (dead hand); it can be deleted instead."]
    entries = json.loads(cli("log", "--json", "--game", game_id))["entries"]
    draw = next(entry["id"] for entry in entries if entry["action"] == "hand" and not entry.get("phone"))
    assert re.search(rf'<a class="button" href="{game}/delete\?hand=1&amp;entry={draw}">Delete hand 1</a>', text)
    text = followed(server, server.post(f"{game}/redo", {}, token_b, phone_b), phone_b)
    assert "Nothing this phone took back in this game is left to bring back" in text and "this device" not in text
    # a button made for a deed that is no longer the last says so instead of taking another
    server.post(f"{game}/hand", {"kind": "gin", "player": "Lena", "opponent_deadwood": "20"}, token_a, phone_a)
    stale = hidden_fields(page_of(server, game, phone_a), f"{game}/undo")  # made for the gin just recorded
    server.post(f"{game}/hand", {"kind": "gin", "player": "Katya", "opponent_deadwood": "5"}, token_a, phone_a)
    hands_now = hands_of(game_id)
    text = followed(server, server.post(f"{game}/undo", stale, token_a, phone_a), phone_a)
    assert hands_of(game_id) == hands_now and "what this button named changed meanwhile" in text


@pytest.mark.slow
def test_a_form_sent_twice_or_again_after_a_lost_answer_records_one_hand(serve):
    game_id = new_game("Katya", "Lena")
    server = serve("--port", "0")
    token, cookie = server.form_token("/")
    game = f"/games/{game_id}"
    form = {**hidden_fields(page_of(server, game, cookie), f"{game}/hand"),
            "kind": "knock", "player": "Katya", "deadwood": "3", "opponent_deadwood": "9"}
    connection = server.connect()  # the answer of the first is lost: the phone sends the same form again
    connection.request("POST", f"{game}/hand", body=urlencode({"csrf": token, **form}),
                       headers={"Host": f"{server.host}:{server.port}", "Content-Type": "application/x-www-form-urlencoded",
                                "Cookie": cookie})
    connection.close()
    deadline = time.monotonic() + 5
    while not hands_of(game_id) and time.monotonic() < deadline:  # the server goes on with the post it read
        time.sleep(0.01)
    text = followed(server, server.post(f"{game}/hand", form, token, cookie), cookie)
    assert len(hands_of(game_id)) == 1
    assert "this hand is already recorded as hand 1: nothing was recorded twice" in text
    # once more, after another phone's hand came in: still that one, named by its number now
    cli("knock", "Lena", "2", "12", "--game", game_id, "--before", "1")
    text = followed(server, server.post(f"{game}/hand", form, token, cookie), cookie)
    assert len(hands_of(game_id)) == 2 and "already recorded as hand 2" in text


def test_the_same_hand_entered_on_two_phones_is_recorded_once_and_another_hand_goes_in(serve):
    """Two phones with the page open enter the same hand: the second form, made before the first
    hand came in, records nothing and says so, the hand as typed; sent again from the page that
    shows the first, it is taken as another hand. A different hand from a page as old goes in."""
    game_id = new_game("Katya", "Lena")
    server = serve("--port", "0")
    game = f"/games/{game_id}"
    token_a, phone_a = server.form_token("/")
    token_b, phone_b = server.form_token("/")
    knock = {"kind": "knock", "player": "Katya", "deadwood": "3", "opponent_deadwood": "9"}
    form_a, form_b = (hidden_fields(page_of(server, game, phone), f"{game}/hand") for phone in (phone_a, phone_b))
    older_b = hidden_fields(page_of(server, game, phone_b), f"{game}/hand")
    server.post(f"{game}/hand", {**form_a, **knock}, token_a, phone_a)
    before = ledger_bytes(os.environ["GINSCORE_LEDGER"])
    text = followed(server, server.post(f"{game}/hand", {**form_b, **knock}, token_b, phone_b), phone_b)
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == before
    assert error_at(text, "form") == ("nothing was recorded: hand 1, the same hand, came in since this form was made; if this "
                                      "is another hand, send it again")
    assert 'name="deadwood" value="3"' in text and 'name="opponent_deadwood" value="9"' in text  # as typed
    followed(server, server.post(f"{game}/hand", {**hidden_fields(text, f"{game}/hand"), **knock}, token_b, phone_b), phone_b)
    assert [(hand["player"], hand["deadwood"]) for hand in hands_of(game_id)] == [("Katya", 3), ("Katya", 3)]
    gin = {"kind": "gin", "player": "Lena", "opponent_deadwood": "20"}
    followed(server, server.post(f"{game}/hand", {**older_b, **gin}, token_b, phone_b), phone_b)
    assert [hand["kind"] for hand in hands_of(game_id)] == ["knock", "knock", "gin"]


@pytest.mark.slow
@pytest.mark.parametrize("script", [True, False], ids=["with-javascript", "without"])
def test_enter_pressed_twice_on_a_phone_records_one_hand(serve, chromium, script):
    """Enter twice before the answer: with JavaScript the page sends the form once; without it,
    the browser sends it twice and the server knows the form's key the second time."""
    game_id = new_game("Katya", "Lena")
    server = serve("--port", "0")
    page = chromium.new_context(viewport=IPHONE_13, java_script_enabled=script).new_page()
    posts = []
    page.on("request", lambda sent: posts.append(sent.url) if sent.method == "POST" else None)
    page.goto(f"{server.local}/games/{game_id}")
    page.check("input[name=kind][value=knock]")
    page.check("input[name=player][value=Katya]")
    page.fill("input[name=deadwood]", "3")
    page.fill("input[name=opponent_deadwood]", "9")
    slow = page.context.new_cdp_session(page)  # a slow link: both presses fall before the answer
    slow.send("Network.enable")
    slow.send("Network.emulateNetworkConditions", {"offline": False, "latency": 600, "downloadThroughput": -1, "uploadThroughput": -1})
    page.focus("input[name=opponent_deadwood]")
    page.keyboard.press("Enter")  # twice on the page as it is, not the one after
    page.keyboard.press("Enter")
    page.wait_for_selector("[role=status]")
    assert len(hands_of(game_id)) == 1
    said = page.inner_text("[role=status]")
    assert "Hand 1: Katya knocks 3 v 9" in said or "already recorded as hand 1" in said
    assert len(posts) == (1 if script else len(posts)) and posts
    page.context.close()


@pytest.mark.slow
def test_settle_records_what_it_showed_and_leaves_a_game_finished_since(serve):
    first, later = new_game("Cy", "Di", "--stake", "0.01"), new_game("Ed", "Flo", "--stake", "0.01")
    for _ in range(2):
        cli("gin", "Cy", "30", "--game", first)
    server = serve("--port", "0")
    token, cookie = server.form_token("/")
    shown = page_of(server, "/settle", cookie)
    assert first in shown and later not in shown
    for _ in range(2):  # finished at the laptop while the page is open
        cli("gin", "Ed", "30", "--game", later)
    text = followed(server, server.post("/settle", hidden_fields(shown, "/settle"), token, cookie), cookie)
    assert "finished after the page was made: it is left for the next settlement" in text
    unsettled = json.loads(cli("settle", "--json"))["games"]
    assert unsettled == [later]  # recorded: the one it showed; left: the one finished since
    # the page is the evening's: a game of an earlier day is reached by its link
    assert 'href="/settle?older=yes"' in page_of(server, "/settle", cookie)


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [IPHONE_13, PIXEL_7], ids=["iphone13", "pixel7"])
def test_at_phone_size_no_table_is_wider_than_its_box_and_every_error_stands_in_its_form(serve, chromium, viewport):
    names = ["Alexandra", "Bartholomew", "Christabel", "Dominique", "Evangeline"]
    games = {
        "hollywood": new_game(*names[:2], "--hollywood"), "three": new_game(*names[:3], "--three-handed"),
        "partnership": new_game(*names[:4], "--partnership"), "rummy": new_game(*names, "--rummy"),
    }
    for _ in range(3):
        cli("knock", "alex", "4", "15", "--game", games["hollywood"])
    cli("knock", "alex", "4", "15", "--game", games["three"])
    cli("knock", "alex", "4", "15", "--game", games["partnership"])
    cli("out", "alex", "bar=20", "chr=11", "dom=K,7,3", "eva=9", "--game", games["rummy"])
    server = serve("--port", "0")
    page = chromium.new_context(viewport=viewport).new_page()
    for path in ["/", *(f"/games/{game}" for game in games.values()), "/settle"]:
        page.goto(server.local + path)
        assert page.evaluate(TOO_WIDE) == [], path
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
        shown = page.inner_text("body")  # what a player reads: no command to type, no option
        assert "'ginscore" not in shown and " --" not in shown, path
    # the start form comes before the finished games; errors stand inside their forms
    page.goto(server.local + f"/games/{games['hollywood']}")
    page.check("input[name=kind][value=knock]")
    page.check("input[name=player][value=Alexandra]")
    page.fill("input[name=opponent_deadwood]", "9")
    page.click("form.hand button.primary")  # the knocker's deadwood left empty
    page.wait_for_selector("form.hand #error-deadwood")
    assert page.evaluate("document.querySelector('#error-deadwood').closest('label').querySelector('input').name") == "deadwood"
    assert page.input_value("input[name=opponent_deadwood]") == "9"  # what was typed stays
    assert re.search(rf"/games/{games['hollywood']}$", page.url)  # the game's address: a reload posts nothing
    page.reload()
    assert page.query_selector("#error-deadwood") is None and len(hands_of(games["hollywood"])) == 3
    # under gin the box asks for the player caught's deadwood, and the knocker's is gone
    page.check("input[name=kind][value=gin]")
    assert page.is_visible("form.hand .for-gin") and not page.is_visible("input[name=deadwood]")
    page.goto(server.local + "/")
    page.fill("input[name=players]", "Solo")
    page.click("#start button.primary")
    page.wait_for_selector("#start #error-players")
    assert page.input_value("input[name=players]") == "Solo"
    page.context.close()


@pytest.mark.slow
def test_no_page_speaks_the_command_line(serve):
    """Every refusal the board shows is in its own words: no 'ginscore ...', no --option."""
    game_id = new_game("Ann", "Bob", "--oklahoma")
    server = serve("--port", "0")
    token, cookie = server.form_token("/")
    game = f"/games/{game_id}"
    tries = [
        ({"kind": "knock", "player": "Ann", "deadwood": "0", "opponent_deadwood": "9", "upcard": "7h"}, "deadwood"),
        ({"kind": "knock", "player": "Ann", "deadwood": "3", "opponent_deadwood": "9"}, "upcard"),
        ({"kind": "gin", "player": "Ann", "cards": "<script>", "opponent_cards": "Ah 2h", "upcard": "7h"}, "cards"),
        ({"kind": "knock", "player": "Ann", "deadwood": "3", "opponent_deadwood": "9", "upcard": "7h", "before": "4"}, "before"),
    ]
    before = ledger_bytes(os.environ["GINSCORE_LEDGER"])
    for fields, _field in tries:
        text = followed(server, server.post(f"{game}/hand", fields, token, cookie), cookie)
        errors = re.findall(r'<p class="error"[^>]*>([^<]*)</p>', text)
        assert errors and all("ginscore" not in error and "--" not in error for error in errors), (fields, errors)
        assert re.search(r'<form method="post" action="[^"]*/hand"[^>]*>.*class="error".*</form>', text, re.S), fields
    assert ledger_bytes(os.environ["GINSCORE_LEDGER"]) == before
    text = followed(server, server.post("/games", {"players": "A, B, C", "table": "standard"}, token, cookie), cookie)
    assert "choose" in error_at(text, "players") and "--" not in error_at(text, "players")


@pytest.mark.slow
def test_a_start_or_rematch_form_sent_twice_opens_one_game(serve):
    server = serve("--port", "0")
    token, cookie = server.form_token("/")
    form = {**hidden_fields(page_of(server, "/", cookie), "/games"), "players": "Ann, Ben", "table": "standard"}
    first = server.post("/games", form, token, cookie)
    second = server.post("/games", form, token, cookie)
    assert first[1]["location"] == second[1]["location"]
    game = first[1]["location"]
    assert "This game is already started: here it is." in followed(server, second, cookie)
    for _ in range(2):
        server.post(f"{game}/hand", {"kind": "gin", "player": "Ann", "opponent_deadwood": "30"}, token, cookie)
    rematch = hidden_fields(page_of(server, game, cookie), f"{game}/rematch")
    assert server.post(f"{game}/rematch", rematch, token, cookie)[1]["location"] == \
        server.post(f"{game}/rematch", rematch, token, cookie)[1]["location"]
    assert len(json.loads(cli("games", "--json"))["games"]) == 2  # the game and one rematch


def stage_of(text: str, game_id: str) -> list:
    """The lines of where game ``game_id`` is, as its card says them (on the board or its page)."""
    card = re.search(rf'<section class="card[^"]*" id="game-{game_id}">(.*?)</section>', text, re.S).group(1)
    box = re.search(r'<div class="stage stage-\w+">(.*?)</div>', card, re.S).group(1)
    return [unescape(line) for line in re.findall(r"<p[^>]*>([^<]*)</p>", box)]


def test_each_game_says_where_it_is_in_the_boards_words(serve, isolated_ledger):
    """Every card and game page names the game's state plainly, in the board's words and in each
    language: in progress, over (won, or ended early), voided, settled, settled then changed with
    what squares it, damaged with its reason and no path.

    Ed v Flo at 0.05, 'gin ed 90': 115, + 100 + 25 = 240, a shutout doubled: 480 x 0.05 = 24.00,
    settled; corrected to 'gin ed 95': 120 + 100 + 25 = 245, doubled 490 x 0.05 = 24.50, so Flo
    owes Ed 0.50 more to square it."""
    ids = {}
    for label, command, hands in (
        ("playing", "new Ann Ben", ["knock ann 2 20"]), ("won", "new Cy Di --stake 0.05", ["gin cy 90"]),
        ("changed", "new Ed Flo --stake 0.05", ["gin ed 90"]), ("ended", "new Gil Hu --hollywood", ["knock gil 2 20", "end"]),
        ("voided", "new Io Jo", []), ("damaged", "new Ka Lu", ["knock ka 2 20"]),
    ):
        ids[label] = new_game(*command.split()[1:])
        for hand in hands:
            cli(*hand.split(), "--game", ids[label])
    settled = re.search(r"Recorded as settlement (\w+)", cli("settle", "--record")).group(1)
    cli("edit", "1", "gin", "ed", "95", "--game", ids["changed"])
    cli("void", ids["voided"])
    server = serve("--port", "0")
    _token, cookie = server.form_token("/")
    board = page_of(server, "/", cookie)
    expected = {
        "playing": ["In progress."],
        "won": ["Over: Cy won at hand 1.", f"Settled in settlement {settled}."],
        "changed": ["Over: Ed won at hand 1.", f"Settled in settlement {settled}, then changed: to square it: Flo → Ed: 0.50."],
        "ended": ["Over: ended early after hand 1, Gil up 43."],
        "voided": ["Voided: set aside, it counts in no settlement and no statistic."],
    }
    for label, lines in expected.items():
        text = page_of(server, f"/games/{ids[label]}", cookie)
        assert stage_of(text, ids[label]) == lines, label
        if label != "voided":  # the board leaves a voided game out; its page brings it back
            assert stage_of(board, ids[label]) == lines, label
    # a finished game folded to one line says whether it is settled
    assert re.search(rf'id="over-{ids["changed"]}"><summary>Game {ids["changed"]}: Ed v Flo: Ed won at hand 1 \(settled, then changed\)', board)
    assert 'action="/games/{}/unvoid"'.format(ids["voided"]) in page_of(server, f"/games/{ids['voided']}", cookie)
    # in the other languages too, the money as each writes it
    for language, words in (("de", ["Vorbei: ", "Abgerechnet in Abrechnung {}, danach geändert: zum Ausgleich: Flo → Ed: 0,50."]),
                            ("ru", ["Окончена: ", "Рассчитана в расчёте {}, затем изменилась: для перерасчёта: Flo → Ed: 0,50."]),
                            ("uk", ["Закінчена: ", "Розрахована в розрахунку {}, потім змінилася: для перерахунку: Flo → Ed: 0,50."])):
        _status, _headers, text = server.request("GET", f"/games/{ids['changed']}", headers={"Cookie": cookie, "Accept-Language": language})
        over, squared = stage_of(text, ids["changed"])
        assert over.startswith(words[0]) and squared == words[1].format(settled), (language, over, squared)
    # squared at the laptop: the board's card says so (the settlements changed, not the game's file)
    cli("settle", "--record")
    assert stage_of(page_of(server, "/", cookie), ids["changed"]) == ["Over: Ed won at hand 1.", f"Settled in settlement {settled}."]
    for name in os.listdir(isolated_ledger / "games"):  # a file damaged while the board runs
        if name.startswith(f"game-{ids['damaged']}."):
            (isolated_ledger / "games" / name).write_text("{ not json")
    board = page_of(server, "/", cookie)
    for text in (page_of(server, f"/games/{ids['damaged']}", cookie), board):
        damaged = stage_of(text, ids["damaged"])
        assert damaged[0].startswith(f"Damaged: games/game-{ids['damaged']}.") and "in the ledger folder: not valid JSON" in damaged[0]
        assert str(isolated_ledger) not in text and "ginscore check" not in text
