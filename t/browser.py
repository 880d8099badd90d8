#!/usr/bin/python3
"""browser.py: stratagem's pages in a real browser (headless Chromium driven by Selenium),
printing TAP.  Run by t/075-browser.lua:  browser.py BASE_URL REPLAY_FILE SHOT_DIR STAR_REPLAY STAR_SVG

Loads a replay page and steps through it; a long Star Chess game's replay page: its last
frame rebuilt from the differences is the game's last picture (STAR_SVG), the move list is
not cut off and keeps the current move in view; plays tic-tac-toe and chess on the page served by
`stratagem serve` by clicking and dragging on the board, Othello by clicking; checks what the
page shows (pieces on the board, the move list) and that no script error happened.  The
screenshots are kept in SHOT_DIR for a person to look at; they are judged by the page's
content, never byte for byte."""
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

base, replay, shots, star, star_svg = sys.argv[1:6]
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
    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#history li")]


def cell(name):
    return driver.find_element(By.CSS_SELECTOR, '#board [data-cell="%s"]' % name)


def click_cell(name):
    # the pointer events the page listens to, as a person's click makes them
    ActionChains(driver).move_to_element(cell(name)).click().perform()


def your_turn():
    return driver.find_element(By.ID, "status").text.startswith("Your move")


def start(game, seed, level=1, seat=1):
    driver.get(base + "play/" + game)
    wait(lambda: count("#game option") > 0)
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
    ok(history()[:1] == ["e2e4"], "chess: the move list starts with e2e4", history())
    src, dst = cell("g1"), cell("f3")
    ActionChains(driver).move_to_element(src).click_and_hold().move_to_element(dst).release().perform()
    ok(wait(lambda: len(history()) == 4 and your_turn()),
       "chess: dragging g1 to f3 plays it", history())
    ok(len(history()) >= 3 and history()[2] == "g1f3", "chess: the third move is g1f3", history())
    ok(count("#board .piece") >= 31, "chess: the pieces are still on the board")
    driver.save_screenshot(os.path.join(shots, "chess.png"))
    no_errors("chess: no script errors")

def othello():
    # ---- Othello: the legal move buttons and clicks ----
    start("othello", 3, level=1)
    ok(count("#board .disc") == 4, "othello: 4 discs at the start")
    first = driver.find_element(By.CSS_SELECTOR, "#moves button").get_attribute("data-move")
    click_cell(first)
    ok(wait(lambda: len(history()) == 2 and your_turn()),
       "othello: a click on %s plays it and the computer replies" % first, history())
    ok(count("#board .disc") == 6, "othello: 6 discs after two moves", count("#board .disc"))
    no_errors("othello: no script errors")

def error_page():
    # ---- a bad page: an unknown game is an error page ----
    driver.get(base + "play/nogame")
    ok("no game 'nogame'" in driver.find_element(By.TAG_NAME, "body").text,
       "an unknown game's page says so")
    severe()

for name, fn in [("replay", replay_page), ("star chess replay", star_replay),
                 ("tic-tac-toe", tictactoe), ("chess", chess),
                 ("othello", othello), ("error page", error_page)]:
    try:
        fn()
    except Exception as e:  # a step that could not be done: one failed check, then go on
        ok(False, "%s: the steps ran to their end" % name, "%s: %s" % (type(e).__name__, str(e).split("\n")[0]))
driver.quit()

print("1..%d" % n)
sys.exit(1 if failed else 0)
