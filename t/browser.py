#!/usr/bin/python3
"""browser.py: stratagem's pages in a real browser (headless Chromium driven by Selenium),
printing TAP.  Run by t/075-browser.lua:
  browser.py BASE_URL REPLAY_FILE SHOT_DIR STAR_REPLAY STAR_SVG EXPIRING_BASE_URL WORDS
(EXPIRING_BASE_URL: a second server whose games expire after 0.01 minutes; WORDS: two words
on the word game's grid of seed 1, comma-separated, found by sg.new("wordgrid"):solve())

Loads a replay page and steps through it; a long Star Chess game's replay page: its last
frame rebuilt from the differences is the game's last picture (STAR_SVG), the move list is
not cut off and keeps the current move in view; plays tic-tac-toe and chess on the page served by
`stratagem serve` by clicking and dragging on the board, Othello by clicking; checks what the
page shows (pieces on the board, the move list) and that no script error happened; the start
page's cards, the busy state, a Star Chess turn composed by clicks (and by keyboard) and the
other players' turns shown, the page at 420 px, the setup's labels, an expired game.  The
screenshots are kept in SHOT_DIR for a person to look at; they are judged by the page's
content, never byte for byte."""
import os
import re
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

base, replay, shots, star, star_svg, expiring, words = sys.argv[1:8]
words = words.split(",")
slow = float(os.environ.get("TEST_TIME_FACTOR", "1"))
n = 0
failed = 0


def ok(cond, desc, detail=None):
    global n, failed
    n += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (n, desc))
    if not cond:
        failed += 1
        if detail is not None:
            print("#   " + str(detail).replace("\n", "\n#   "))
    sys.stdout.flush()
    return cond


def wait(cond, seconds=20):
    end = time.time() + seconds * slow
    while time.time() < end:
        try:
            v = cond()
            if v:
                return v
        except Exception:  # the page may be between two states
            pass
        time.sleep(0.05)
    return cond()


opts = webdriver.ChromeOptions()
for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
          "--window-size=1200,900", "--no-first-run", "--disable-extensions"):
    opts.add_argument(a)
opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")),
                          options=opts)
driver.set_page_load_timeout(60 * slow)


def severe():
    """The console's errors since the last call (script errors, failed loads)."""
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def no_errors(desc):
    errs = list(js("return window.sgErrors") or []) + severe()
    ok(not errs, desc, errs)


def js(s, *args):
    return driver.execute_script(s, *args)


def count(selector):
    return len(driver.find_elements(By.CSS_SELECTOR, selector))


def history():
    """The moves of the game's list, one by one (chess writes two to a numbered line)."""
    return [m.text for m in driver.find_elements(By.CSS_SELECTOR, "#history .ply")]


def cell(name):
    return driver.find_element(By.CSS_SELECTOR, '#board [data-cell="%s"]' % name)


def click_cell(name):
    # the pointer events the page listens to, as a person's click makes them
    ActionChains(driver).move_to_element(cell(name)).click().perform()


def your_turn():
    return driver.find_element(By.ID, "status").text.startswith("Your move")


def start(game, seed, level=1, seat=1, server=None):
    driver.get((server or base) + "play/" + game)
    # /play/GAME starts a game at once: that one first, then one with these settings
    wait(lambda: count("#game option") > 0 and js("return location.hash") != "" and
         not js("return document.body.classList.contains('busy')"))
    js("document.getElementById('seed').value = arguments[0];"
       "document.getElementById('level').value = arguments[1];"
       "document.getElementById('seat').value = arguments[2];", str(seed), str(level), str(seat))
    before = js("return location.hash")
    driver.find_element(By.ID, "new").click()
    wait(lambda: js("return location.hash") != before and your_turn())


def replay_page():
    # ---- a replay page (a file, no server) ----
    driver.get("file://" + replay)
    wait(lambda: count("#board svg") > 0)
    ok(count("#board svg") == 1, "replay: the board is drawn")
    where0 = driver.find_element(By.ID, "where").text
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    where1 = wait(lambda: driver.find_element(By.ID, "where").text != where0 and
                  driver.find_element(By.ID, "where").text)
    ok(where1 and where1 != where0, "replay: the right arrow steps forward (%s -> %s)" % (where0, where1))
    driver.find_element(By.ID, "last").click()
    ok(wait(lambda: driver.find_element(By.ID, "where").text != where1), "replay: the last-move button")
    driver.save_screenshot(os.path.join(shots, "replay.png"))
    errs = severe()
    ok(not errs, "replay: no script errors", errs)

def in_view():
    """Whether the current move (a.now) is inside the move list's box, and its number."""
    return js("const a = document.querySelector('#moves a.now');"
              "if (!a) return null;"
              "const r = a.getBoundingClientRect(),"
              "      b = document.getElementById('moves').getBoundingClientRect();"
              "return [r.top >= b.top - 1 && r.bottom <= b.bottom + 1 &&"
              "        r.left >= b.left - 1 && r.right <= b.right + 1, Number(a.dataset.ply)];")


def star_replay():
    # ---- a long Star Chess game's replay page ----
    with open(star_svg, encoding="utf-8") as f:
        last = f.read()
    driver.get("file://" + star)
    wait(lambda: count("#board svg") > 0)
    n = len(driver.find_elements(By.CSS_SELECTOR, "#moves a"))
    box = js("const m = document.getElementById('moves'), r = m.getBoundingClientRect();"
             "return [m.scrollWidth, m.clientWidth, r.right, window.innerWidth,"
             "        m.scrollHeight > m.clientHeight];")
    ok(box[0] <= box[1] and box[2] <= box[3] and box[4],
       "star chess replay: the move list is not cut off at the right, it scrolls down "
       "(scroll width, width, right edge, window's width, scrolls)", box)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    ok(wait(lambda: driver.find_element(By.ID, "where").text == "move %d of %d" % (n, n)),
       "star chess replay: End goes to the last of %d moves" % n,
       driver.find_element(By.ID, "where").text)
    ok(js("return frames[frames.length - 1].join('\\n')") == last,
       "star chess replay: the last frame, rebuilt from the differences, is the game's last picture")
    ok(count("#board .fleet") == last.count('class="fleet ') and
       count("#board .colony") == last.count('class="colony '),
       "star chess replay: the board shows the last position's fleets and colonies",
       (count("#board .fleet"), count("#board .colony")))
    ok(in_view() == [True, n], "star chess replay: the last move is marked and in view", in_view())
    for _ in range(30):
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    ok(wait(lambda: in_view() == [True, n - 30]),
       "star chess replay: stepping back keeps the current move in view", in_view())
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
    ok(wait(lambda: js("return document.getElementById('moves').scrollTop") == 0 and
            in_view() is None), "star chess replay: Home goes back to the top of the list")
    # clicked by the page's own event (Selenium's click first scrolls the list by itself and
    # aims at a point, which can land on the move beside it)
    js("document.querySelectorAll('#moves a')[%d].click();" % (n // 2 - 1))
    ok(wait(lambda: in_view() == [True, n // 2]),
       "star chess replay: a click on a move marks it, in view", in_view())
    driver.save_screenshot(os.path.join(shots, "star-replay.png"))
    errs = severe()
    ok(not errs, "star chess replay: no script errors", errs)


def tictactoe():
    # ---- tic-tac-toe by clicks ----
    start("tictactoe", 7, level=1)
    ok(count("#board svg") == 1 and count("#board [data-cell]") == 9,
       "tic-tac-toe: the board, 9 cells to click")
    ok(count("#board .mark") == 0, "tic-tac-toe: no marks at the start")
    click_cell("b2")
    ok(wait(lambda: len(history()) == 2 and your_turn()),
       "tic-tac-toe: a click on b2 plays it, the computer replies", history())
    ok(history()[0] == "b2", "tic-tac-toe: the move list shows b2 first", history())
    before = history()
    driver.refresh()   # the address (/play/tictactoe#id=...) brings the same game back
    ok(wait(lambda: history() == before and your_turn() and count("#board .mark") == 2),
       "tic-tac-toe: a reload goes on with the game", (before, history()))
    ok(wait(lambda: count("#board .mark") == 2), "tic-tac-toe: two marks on the board")
    click_cell("b2")   # taken: no move starts there
    ok(wait(lambda: "No move" in driver.find_element(By.ID, "message").text),
       "tic-tac-toe: a click on a taken cell says no move starts there")
    driver.find_element(By.ID, "undo").click()
    ok(wait(lambda: len(history()) == 0 and count("#board .mark") == 0),
       "tic-tac-toe: undo takes both moves back")
    driver.save_screenshot(os.path.join(shots, "tictactoe.png"))
    no_errors("tic-tac-toe: no script errors")

def chess():
    # ---- chess: click e2 then e4, then drag g1 to f3 ----
    start("chess", 1, level=1)
    ok(count("#board .piece") == 32, "chess: 32 pieces", count("#board .piece"))
    click_cell("e2")
    ok(wait(lambda: count("#board .sg-chosen") >= 1 and count("#board .sg-target") >= 2),
       "chess: a click on e2 marks it and the squares it can go to")
    click_cell("e4")
    ok(wait(lambda: len(history()) == 2 and your_turn()),
       "chess: e2 then e4 plays e2e4, the computer replies", history())
    ok(history()[:1] == ["e4"], "chess: the move list starts with e4, in SAN as the buttons", history())
    src, dst = cell("g1"), cell("f3")
    ActionChains(driver).move_to_element(src).click_and_hold().move_to_element(dst).release().perform()
    ok(wait(lambda: len(history()) == 4 and your_turn()),
       "chess: dragging g1 to f3 plays it", history())
    ok(len(history()) >= 3 and history()[2] == "Nf3", "chess: the third move is Nf3", history())
    ok([li.text.split() for li in driver.find_elements(By.CSS_SELECTOR, "#history li")][:1] ==
       [history()[:2]], "chess: a numbered line holds white's move and black's",
       [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#history li")])
    ok(count("#board .piece") >= 31, "chess: the pieces are still on the board")
    driver.save_screenshot(os.path.join(shots, "chess.png"))
    no_errors("chess: no script errors")
    # black: the board turned round (a1 at the top right), the computer's first move in SAN
    start("chess", 2, level=1, seat=2)
    a1, h8 = cell("a1").rect, cell("h8").rect
    ok(a1["x"] > h8["x"] and a1["y"] < h8["y"], "chess as black: the board is seen from black's side",
       (a1, h8))
    first = history()
    ok(len(first) == 1 and not re.match(r"^[a-h][1-8][a-h][1-8]", first[0]),
       "chess as black: white's first move is listed in SAN", first)
    driver.save_screenshot(os.path.join(shots, "chess-black.png"))
    no_errors("chess as black: no script errors")

def othello():
    # ---- Othello: the legal move buttons and clicks ----
    start("othello", 3, level=1)
    ok(count("#board .disc") == 4, "othello: 4 discs at the start")
    legal = sorted(b.get_attribute("data-move") for b in driver.find_elements(By.CSS_SELECTOR, "#moves button"))
    dots = sorted(js("return [...document.querySelectorAll('#board .sg-legal')].map("
                     "d => d.previousElementSibling.getAttribute('data-cell'))"))
    ok(len(legal) == 4 and dots == legal, "othello: a dot on each of the 4 squares black may play",
       (dots, legal))
    ok(driver.find_element(By.ID, "discs").text.split() == ["black", "2", "white", "2"],
       "othello: the disc counts are shown, 2 and 2", driver.find_element(By.ID, "discs").text)
    first = driver.find_element(By.CSS_SELECTOR, "#moves button").get_attribute("data-move")
    click_cell(first)
    ok(wait(lambda: len(history()) == 2 and your_turn()),
       "othello: a click on %s plays it and the computer replies" % first, history())
    ok(count("#board .disc") == 6, "othello: 6 discs after two moves", count("#board .disc"))
    shown = driver.find_element(By.ID, "discs").text.split()
    black, white = count("#board .disc.black"), count("#board .disc.white")
    ok(shown == ["black", str(black), "white", str(white)],
       "othello: the counts follow the board (%d and %d)" % (black, white), shown)
    driver.save_screenshot(os.path.join(shots, "othello.png"))
    no_errors("othello: no script errors")

def start_page():
    # ---- the start page: a card per game, each a link to its setup ----
    driver.get(base)
    games = js("return fetch('/api/games').then(r => r.json())")
    wait(lambda: count("#cards .card") == len(games))
    ok(count("#cards .card") == len(games) and len(games) >= 10,
       "start page: a card for each of the %d games" % len(games), count("#cards .card"))
    ok(wait(lambda: js("return [...document.querySelectorAll('#cards img')].every("
                       "i => i.complete && i.naturalWidth > 0)")),
       "start page: every card's picture is loaded")
    ok(not driver.find_element(By.ID, "setup").is_displayed() and
       not driver.find_element(By.ID, "play").is_displayed(),
       "start page: no board and no setup until a game is chosen")
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#cards .card strong")]
    ok("Othello" in titles and "Chess" in titles, "start page: the cards are titled", titles)
    driver.save_screenshot(os.path.join(shots, "start.png"))
    driver.find_element(By.CSS_SELECTOR, '#cards .card[data-game="othello"]').click()
    ok(wait(lambda: "/play/othello" in driver.current_url and count("#board .disc") == 4 and your_turn()),
       "start page: clicking Othello's card starts Othello", driver.current_url)
    driver.find_element(By.ID, "home").click()
    ok(wait(lambda: count("#cards .card") == len(games) and driver.find_element(By.ID, "start").is_displayed()),
       "the title goes back to the start page")
    no_errors("start page: no script errors")


def set_count(value):
    """The composer's number field (and its slider) set as a person types a number."""
    js("const f = document.querySelector('#sector-actions .sc-count'); f.value = arguments[0];"
       "f.dispatchEvent(new Event('input'));", str(value))


def turn_list():
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#turn-list .sc-command")]


def star_turn():
    # ---- Star Chess: a turn composed by clicks, then the other players' turns shown ----
    start("starchess", 5, level=1)
    ok(count("#moves button") == 0 and driver.find_element(By.ID, "composer").is_displayed(),
       "star chess: no list of move buttons, the turn's composer instead")
    click_cell("A1")
    ok(wait(lambda: count("#board .sg-target") == 3 and
            count('#sector-actions button[data-command="build"]') == 1 and
            count('#sector-actions button[data-command="scrap"]') == 1 and
            count('#sector-actions button[data-command="colonise"]') == 0),
       "star chess: a click on A1 outlines the 3 sectors its ships reach and offers build and "
       "scrap (not colonise: A1 has a colony)")
    click_cell("B2")
    ok(wait(lambda: js("return document.querySelector('#sector-actions .sc-range').max") == "20"),
       "star chess: then B2: a slider of up to the 20 ships at A1")
    set_count(5)
    ok(js("return document.querySelector('#sector-actions .sc-range').value") == "5",
       "star chess: the number typed moves the slider")
    driver.find_element(By.CSS_SELECTOR, '#sector-actions button[data-command="move"]').click()
    ok(wait(lambda: turn_list() == ["move A1 B2 5"] and "1:5" in
            js("return document.getElementById('sector-B2').textContent")),
       "star chess: 'Move' lists move A1 B2 5, and the board shows 5 ships at B2", turn_list())
    click_cell("A1")
    wait(lambda: count('#sector-actions button[data-command="build"]') == 1)
    set_count(1)
    driver.find_element(By.CSS_SELECTOR, '#sector-actions button[data-command="build"]').click()
    ok(wait(lambda: turn_list() == ["move A1 B2 5", "build A1 1"]),
       "star chess: a build of 1 at A1 is listed second", turn_list())
    # by keyboard: the sector A1 focused, Enter; then B1, Enter; 2 ships
    js("document.querySelector('#board [data-cell=\"A1\"]').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    js("document.querySelector('#board [data-cell=\"B1\"]').focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    ok(wait(lambda: js("return document.querySelector('#sector-actions .sc-range').max") == "15"),
       "star chess: by keyboard, A1 then B1: up to the 15 ships left at A1")
    set_count(2)
    driver.find_element(By.CSS_SELECTOR, '#sector-actions button[data-command="move"]').click()
    ok(wait(lambda: turn_list() == ["move A1 B2 5", "build A1 1", "move A1 B1 2"]),
       "star chess: the third command listed", turn_list())
    driver.find_elements(By.CSS_SELECTOR, "#turn-list button")[2].click()
    ok(wait(lambda: turn_list() == ["move A1 B2 5", "build A1 1"]),
       "star chess: a listed command removed", turn_list())
    ok(history() == [], "star chess: nothing played before End turn", history())
    driver.find_element(By.ID, "end-turn").click()
    ok(wait(lambda: your_turn() and history()[:3] == ["move A1 B2 5", "build A1 1", "end"]),
       "star chess: End turn plays the listed commands and end; the computers play", history())
    heads = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#turns .sc-head")]
    ok([h.split(":")[0] for h in heads] == ["player 2, turn 1", "player 3, turn 1", "player 4, turn 1"],
       "star chess: the other three players' turns are shown, each with what it did", heads)
    driver.save_screenshot(os.path.join(shots, "starchess.png"))
    no_errors("star chess: no script errors")


def busy_state():
    # ---- while a request is out: a visible state, the move controls off ----
    start("tictactoe", 5, level=1)
    # the computer's answer held back 1.5 s, as a long search would
    js("const f = window.fetch; window.fetch = (u, o) => u === '/api/ai' ?"
       " new Promise(r => setTimeout(r, 1500)).then(() => f(u, o)) : f(u, o);")
    driver.find_element(By.CSS_SELECTOR, '#moves button[data-move="b2"]').click()
    seen = wait(lambda: js("return document.body.classList.contains('busy') &&"
                           " document.getElementById('status').textContent.startsWith('Thinking') &&"
                           " document.getElementById('status').textContent"), 5)
    ok(seen and "Thinking" in seen, "busy: while the computer thinks the page says so", seen)
    ok(js("return document.getElementById('undo').disabled && document.getElementById('new').disabled &&"
          " [...document.querySelectorAll('#moves button')].every(b => b.disabled)"),
       "busy: undo, new game and the move buttons are disabled")
    ok(wait(lambda: your_turn() and len(history()) == 2 and
            not js("return document.getElementById('undo').disabled")),
       "busy: the answer comes, the controls are back", history())
    no_errors("busy: no script errors")


def narrow():
    # ---- a 420 px wide window: nothing wider than the window ----
    driver.set_window_size(420, 900)
    try:
        for page in ("", "play/chess", "play/patience", "play/othello", "play/starchess"):
            driver.get(base + page)
            wait(lambda: count("#cards .card") > 0 if page == "" else your_turn())
            w = js("return [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                   " document.querySelector('header').scrollWidth]")
            ok(w[0] <= w[1] and w[2] <= w[1], "420 px: /%s fits the window (scroll width, width, "
               "header's width)" % page, w)
            if page == "play/chess":
                driver.save_screenshot(os.path.join(shots, "chess-420.png"))
            if page == "play/starchess":   # a sector chosen: its commands fit too
                click_cell("A1")
                wait(lambda: count("#sector-actions button") > 0)
                w = js("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                ok(w[0] <= w[1], "420 px: Star Chess's composer fits the window", w)
                driver.save_screenshot(os.path.join(shots, "starchess-420.png"))
    finally:
        driver.set_window_size(1200, 900)


def setup_words():
    # ---- the setup's fields: labels, not internal names; one player: no seat, no level ----
    start("patience", 1)
    labels = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#variant label")]
    ok(any(l.startswith("Split runs") for l in labels) and not any("_" in l for l in labels),
       "patience: the variant fields have readable labels", labels)
    titles = [e.get_attribute("title") for e in driver.find_elements(By.CSS_SELECTOR, "#variant label")]
    ok(all(titles), "patience: each field explains itself (title)", titles)
    ok(not driver.find_element(By.ID, "seat-box").is_displayed() and
       not driver.find_element(By.ID, "level-box").is_displayed(),
       "patience: one player, so no 'You play' and no 'Level'")
    ok("level" not in driver.find_element(By.ID, "info").text and
       "_" not in driver.find_element(By.ID, "info").text,
       "patience: the game's line has no level and no internal names", driver.find_element(By.ID, "info").text)
    driver.save_screenshot(os.path.join(shots, "patience.png"))
    start("othello", 1)
    ok(driver.find_element(By.ID, "seat-box").is_displayed() and
       driver.find_element(By.ID, "level-box").is_displayed(), "othello: 'You play' and 'Level' are there")
    no_errors("setup: no script errors")


def expired_game():
    # ---- a game the server dropped: said so, with a button; never replaced silently ----
    start("tictactoe", 3, level=1, server=expiring)
    old = js("return location.hash")
    time.sleep(1.5)   # the server's games expire after 0.01 minutes (0.6 s)
    driver.find_element(By.CSS_SELECTOR, '#moves button[data-move="b2"]').click()
    box = wait(lambda: driver.find_element(By.ID, "expired").is_displayed() and
               driver.find_element(By.ID, "expired-text").text, 10)
    ok(box == "This game has expired (no move for 0.01 minutes); start a new one.",
       "expired: the page says the game expired", box)
    ok(js("return location.hash") == old and not driver.find_element(By.ID, "play").is_displayed(),
       "expired: no other game took its place")
    driver.find_element(By.ID, "restart").click()
    ok(wait(lambda: your_turn() and js("return location.hash") != old),
       "expired: the button starts a new game")
    # a reload of an address whose game the server never had
    driver.get(base + "play/tictactoe#id=0123abcd")
    box = wait(lambda: driver.find_element(By.ID, "expired").is_displayed() and
               driver.find_element(By.ID, "expired-text").text, 10)
    ok(box and "not on the server" in box and js("return location.hash") == "#id=0123abcd",
       "expired: a reload of an unknown game says so instead of starting another", box)
    # the console logs the two 404 answers, as expected: only script errors count here
    gone = [e for e in severe() if "status of 404" not in e]
    ok(not gone and not js("return window.sgErrors").__len__(), "expired: no script errors",
       gone + list(js("return window.sgErrors")))


def word_game():
    # ---- the word game: words typed, refused with the reason, the computer's words at the end ----
    start("wordgrid", 1)
    ok(count("#board svg") == 1 and driver.find_element(By.ID, "wordform").is_displayed() and
       not driver.find_element(By.ID, "moves").is_displayed() and
       not driver.find_element(By.ID, "seat-box").is_displayed(),
       "word game: the grid, a field for words, no move list, no seat")
    ok(re.match(r"^[23]:\d\d left$", driver.find_element(By.ID, "clock").text),
       "word game: the clock runs", driver.find_element(By.ID, "clock").text)
    box = driver.find_element(By.ID, "word")
    box.send_keys(words[0] + Keys.ENTER)
    ok(wait(lambda: [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#history li")][:1] ==
            ["%s (%d)" % (words[0], 1 if len(words[0]) <= 4 else 2)]),
       "word game: a word on the grid goes into the list with its points",
       [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#history li")])
    driver.find_element(By.ID, "word").send_keys("zzzq" + Keys.ENTER)
    ok(wait(lambda: "not on the grid" in driver.find_element(By.ID, "message").text),
       "word game: a word not on the grid is refused, saying why",
       driver.find_element(By.ID, "message").text)
    driver.save_screenshot(os.path.join(shots, "wordgrid.png"))
    driver.find_element(By.ID, "finish").click()
    ok(wait(lambda: driver.find_element(By.ID, "status").text.startswith("Game over: you ") and
            "The computer's words: " in driver.find_element(By.ID, "said").text and
            not driver.find_element(By.ID, "wordform").is_displayed()),
       "word game: Finish shows the scores and the computer's words",
       driver.find_element(By.ID, "status").text)
    # the console logs the refused word's 422 answer, as expected: only script errors count here
    other = [e for e in severe() if "status of 422" not in e]
    ok(not other and not list(js("return window.sgErrors")), "word game: no script errors",
       other + list(js("return window.sgErrors")))


def error_page():
    # ---- a bad page: an unknown game is an error page ----
    driver.get(base + "play/nogame")
    ok("no game 'nogame'" in driver.find_element(By.TAG_NAME, "body").text,
       "an unknown game's page says so")
    severe()

for name, fn in [("replay", replay_page), ("star chess replay", star_replay),
                 ("start page", start_page), ("tic-tac-toe", tictactoe), ("busy", busy_state),
                 ("chess", chess), ("othello", othello), ("star chess", star_turn), ("setup", setup_words),
                 ("420 px", narrow), ("expired", expired_game), ("word game", word_game),
                 ("error page", error_page)]:
    try:
        fn()
    except Exception as e:  # a step that could not be done: one failed check, then go on
        ok(False, "%s: the steps ran to their end" % name, "%s: %s" % (type(e).__name__, str(e).split("\n")[0]))
driver.quit()

print("1..%d" % n)
sys.exit(1 if failed else 0)
