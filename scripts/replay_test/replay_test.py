"""The HTML replay in a real browser (SPEC v2 §13): Debian's chromium driven
by chromium-driver through Debian's python3-selenium, both installed by
scripts/setup.sh (nothing is downloaded).

    /usr/bin/python3 scripts/replay_test/replay_test.py NAVLUA

It writes a replay of swipes.lua with `NAVLUA run --html`, opens it from
disk with the network cut off, and checks what a person would: no console
errors and no request, the scrubber and the arrow keys change the drawn
frame (screenshots differ), Shift+arrow jumps to the next event, a click
on an event seeks to its frame, play moves the frame on, and the check
that refused a gesture is on the page in words.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains

HERE = os.path.dirname(os.path.abspath(__file__))
NAVLUA = None


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1400,1100", "--force-device-scale-factor=1",
              # no name resolves: a request to anywhere but the file fails
              "--host-resolver-rules=MAP * ~NOTFOUND"]:
        options.add_argument(a)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")),
                              options=options)
    # and the network is off, as the page must work offline
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
    return driver


class ReplayInBrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="navlua-replay-")
        cls.path = os.path.join(cls.dir, "swipes.html")
        subprocess.run([NAVLUA, "run", "--html", cls.path, os.path.join(HERE, "swipes.lua")],
                       check=True, stdout=subprocess.DEVNULL)
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        self.driver.get("file://" + self.path)
        self.wait_for(lambda: self.frame() is not None)
        self.driver.get_log("browser")   # what loading logged is checked on its own

    # -- helpers --------------------------------------------------------------

    def wait_for(self, cond, timeout=5.0):
        end = time.time() + timeout
        while time.time() < end:
            value = cond()
            if value:
                return value
            time.sleep(0.02)
        self.fail("timed out waiting")

    def frame(self):
        f = self.driver.execute_script("return document.body.dataset.frame")
        return int(f) if f not in (None, "") else None

    def device_png(self):
        # drawing waits for the next animation frame: let one pass
        self.driver.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return self.driver.find_element(By.ID, "device").screenshot_as_png

    def events(self):
        return self.driver.execute_script(
            "return JSON.parse(document.getElementById('navlua-data').textContent).events")

    def seek_to_frame(self, frame):
        self.driver.execute_script(
            "const fs = JSON.parse(document.getElementById('navlua-data').textContent).frames;"
            "window.navluaReplay.seek(fs.findIndex(f => f[0] >= arguments[0]))", frame)
        self.wait_for(lambda: self.frame() is not None and self.frame() >= frame)

    def press(self, key, shift=False):
        chain = ActionChains(self.driver)
        if shift:
            chain = chain.key_down(Keys.SHIFT)
        chain = chain.send_keys(key)
        if shift:
            chain = chain.key_up(Keys.SHIFT)
        chain.perform()

    # -- the tests ------------------------------------------------------------

    def test_the_address_picks_the_frame_shown_first(self):
        # issue 39 item 8: a headless screenshot of r.html#frame=N shows frame N
        frames = [f[0] for f in self.driver.execute_script(
            "return JSON.parse(document.getElementById('navlua-data').textContent).frames")]
        target = frames[len(frames) // 2]
        self.driver.get("about:blank")
        self.driver.get("file://" + self.path + "#frame=%d" % target)
        self.assertEqual(target, self.frame())   # drawn at load, not at a later animation frame
        events = self.events()
        k = max(i for i, e in enumerate(events) if e[1] < target) + 1   # counted from 1
        self.driver.get("about:blank")
        self.driver.get("file://" + self.path + "#event=%d" % k)
        self.assertEqual(events[k - 1][1], self.frame())
        self.assertEqual(str(k - 1), self.driver.execute_script(
            "const li = document.querySelector('li.selected[data-event]'); return li && li.dataset.event"))
        # and a new address moves the page
        self.driver.execute_script("location.hash = '#frame=%d'" % frames[-1])
        self.wait_for(lambda: self.frame() == frames[-1])

    def test_loads_offline_with_no_console_error_and_no_request(self):
        self.driver.get("file://" + self.path)
        self.wait_for(lambda: self.frame() is not None)
        errors = [e for e in self.driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
        self.assertEqual(errors, [])
        resources = self.driver.execute_script("return performance.getEntriesByType('resource').length")
        self.assertEqual(resources, 0)
        # nothing outside the file is named: no src, no href, no @import, no url()
        with open(self.path, encoding="utf-8") as f:
            html = f.read()
        for needle in ["src=", "href=", "@import", "url(", "http://", "https://"]:
            self.assertNotIn(needle, html, needle)

    def test_the_scrubber_changes_the_drawn_frame(self):
        before = self.device_png()
        start = self.frame()
        scrubber = self.driver.find_element(By.ID, "scrubber")
        # a click at 40% of the scrubber's width
        ActionChains(self.driver).move_to_element_with_offset(scrubber, int(scrubber.size["width"] * -0.1), 0) \
            .click().perform()
        self.wait_for(lambda: self.frame() != start)
        self.assertNotEqual(before, self.device_png())
        self.assertEqual([], [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"])

    def test_arrow_keys_step_a_frame(self):
        # a frame in the middle of the finished swipe, where every frame moves
        began = [e for e in self.events() if e[2] == "gesture" and "state=began" in e[3]]
        self.assertTrue(began)
        self.seek_to_frame(began[-1][1] + 3)
        at = self.frame()
        before = self.device_png()
        self.press(Keys.ARROW_RIGHT)
        self.wait_for(lambda: self.frame() == at + 1)
        after = self.device_png()
        self.assertNotEqual(before, after)
        self.press(Keys.ARROW_LEFT)
        self.wait_for(lambda: self.frame() == at)
        self.assertEqual(before, self.device_png())

    def test_shift_arrow_jumps_to_the_next_event(self):
        self.seek_to_frame(1)
        at = self.frame()
        later = sorted({e[1] for e in self.events() if e[1] > at})
        self.press(Keys.ARROW_RIGHT, shift=True)
        self.wait_for(lambda: self.frame() != at)
        self.assertEqual(self.frame(), later[0])
        self.press(Keys.ARROW_LEFT, shift=True)
        self.wait_for(lambda: self.frame() != later[0])
        self.assertLess(self.frame(), later[0])

    def test_clicking_an_event_seeks_to_it(self):
        events = self.events()
        k = max(i for i, e in enumerate(events) if e[2] == "transition" and "phase=finish" in e[3])
        # the list draws the rows in sight only: bring the event's row in
        self.driver.execute_script("window.navluaReplay.showEvent(arguments[0])", k)
        item = self.driver.find_element(By.CSS_SELECTOR, "#event-list li[data-event='%d']" % k)
        item.click()
        self.wait_for(lambda: self.frame() == events[k][1])
        item = self.driver.find_element(By.CSS_SELECTOR, "#event-list li[data-event='%d']" % k)
        self.assertIn("selected", item.get_attribute("class"))

    def test_the_refused_check_is_on_the_page_in_words(self):
        text = self.driver.find_element(By.ID, "why-panel").text
        self.assertIn("pop_disabled: the top screen disables the pop (FD fd_interactivePopDisabled)", text)
        self.assertIn("cancelled at the lift", text)
        # and clicking it seeks to the refusal
        refused = [e for e in self.events() if "refused_by=pop_disabled" in e[3]][0]
        self.driver.find_element(By.XPATH, "//ol[@id='why-list']/li[contains(., 'pop_disabled')]").click()
        self.wait_for(lambda: self.frame() == refused[1])

    def test_the_filter_keeps_the_events_that_match(self):
        box = self.driver.find_element(By.ID, "event-filter")
        box.send_keys("refused_by")
        rows = self.driver.find_elements(By.CSS_SELECTOR, "#event-list li")
        self.assertTrue(rows)
        self.assertTrue(all("refused_by" in r.get_attribute("title") for r in rows), [r.text for r in rows])
        expected = [i for i, e in enumerate(self.events()) if "refused_by" in e[3]]
        self.assertEqual([int(r.get_attribute("data-event")) for r in rows], expected)

    def test_the_list_draws_only_the_rows_in_sight(self):
        drawn = len(self.driver.find_elements(By.CSS_SELECTOR, "#event-list li"))
        self.assertLess(drawn, len(self.events()))
        # scrolled to the end, the last event is drawn
        self.driver.execute_script("const l = document.getElementById('event-list'); l.scrollTop = l.scrollHeight;")
        last = len(self.events()) - 1
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#event-list li[data-event='%d']" % last))

    def test_a_filter_that_matches_nothing_draws_no_row(self):
        self.driver.find_element(By.ID, "event-filter").send_keys("no event says this")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#event-list li"), [])
        self.press(Keys.ARROW_RIGHT)   # and the page goes on working
        self.assertEqual([], [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"])

    def test_play_moves_the_frame_on_at_a_quarter_speed(self):
        self.driver.find_element(By.CSS_SELECTOR, "#speed option[value='0.25']").click()
        start = self.frame()
        self.driver.find_element(By.ID, "play").click()
        self.wait_for(lambda: self.frame() > start)
        self.driver.find_element(By.ID, "play").click()   # pause
        self.device_png()   # the frame seeked before the pause is drawn
        paused = self.frame()
        time.sleep(0.3)
        self.assertEqual(paused, self.frame())

    def test_the_finger_is_drawn_while_a_touch_is_down(self):
        began = [e for e in self.events() if e[2] == "gesture" and "state=began" in e[3]][-1]
        self.seek_to_frame(began[1] + 2)
        self.device_png()
        # the pixel under the finger: the dot is red over the screens' pastel fills
        red, green, blue = self.driver.execute_script("""
            const c = document.getElementById('device');
            const data = JSON.parse(document.getElementById('navlua-data').textContent);
            const touch = data.frames[window.navluaReplay.current()][3];
            const scale = c.width / data.w;
            const p = c.getContext('2d').getImageData(Math.round(touch[1] * scale), Math.round(touch[2] * scale), 1, 1).data;
            return [p[0], p[1], p[2]];""")
        self.assertGreater(red, green + 40, (red, green, blue))


class AndroidBackReplayInBrowser(unittest.TestCase):
    """Android's back-to-home (manual §15.6): the app's window drawn scaled
    over the launcher, and why a short swipe did not go back, in words."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="navlua-replay-")
        cls.path = os.path.join(cls.dir, "home.html")
        example = os.path.join(HERE, "..", "examples", "android", "back_to_home.lua")
        subprocess.run([NAVLUA, "run", "--html", cls.path, example], check=True, stdout=subprocess.DEVNULL)
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def test_the_window_shrinks_over_the_launcher_and_the_short_swipe_is_explained(self):
        d = self.driver
        d.get("file://" + self.path)
        ReplayInBrowser.wait_for(self, lambda: d.execute_script("return document.body.dataset.frame"))
        events = d.execute_script("return JSON.parse(document.getElementById('navlua-data').textContent).events")
        committed = [e for e in events if e[2] == "back" and "phase=committed" in e[3]][0]
        d.execute_script(
            "const fs = JSON.parse(document.getElementById('navlua-data').textContent).frames;"
            "window.navluaReplay.seek(fs.findIndex(f => f[0] >= arguments[0]))", committed[1])
        d.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        # the device's top-left corner: the launcher's colour (#3a4a5c), the
        # app's window being scaled toward 0.9 about its centre
        r, g, b = d.execute_script("""
            const p = document.getElementById('device').getContext('2d').getImageData(3, 3, 1, 1).data;
            return [p[0], p[1], p[2]];""")
        self.assertEqual((58, 74, 92), (r, g, b))
        why = d.find_element(By.ID, "why-list").text
        self.assertIn("back cancelled: short: lifted before the finger was 16 dp in", why)
        self.assertEqual([], [e for e in d.get_log("browser") if e["level"] == "SEVERE"])


class ThinnedReplayInBrowser(unittest.TestCase):
    """A long run keeps every 2nd, 4th, ... frame (FrameRecorder): the same
    replay with every odd frame taken out, as such a run's page has it."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="navlua-replay-")
        whole = os.path.join(cls.dir, "whole.html")
        subprocess.run([NAVLUA, "run", "--html", whole, os.path.join(HERE, "swipes.lua")],
                       check=True, stdout=subprocess.DEVNULL)
        with open(whole, encoding="utf-8") as f:
            html = f.read()
        start = html.index('<script type="application/json" id="navlua-data">') + len(
            '<script type="application/json" id="navlua-data">')
        end = html.index("</script>", start)
        data = json.loads(html[start:end])
        data["frames"] = [f for f in data["frames"] if f[0] % 2 == 0]
        # and a scroll view far taller than the screen on the last state
        data["states"][-1]["T"] = [data["states"][-1]["T"][0], 0, [[0, 0, 390, 1e9, 390, 2e9, 0, 5e8]]]
        text = json.dumps(data).replace("<", "\\u003c")
        cls.path = os.path.join(cls.dir, "thinned.html")
        with open(cls.path, "w", encoding="utf-8") as f:
            f.write(html[:start] + text + html[end:])
        cls.events = data["events"]
        cls.kept = [f[0] for f in data["frames"]]
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def frame(self):
        return int(self.driver.execute_script("return document.body.dataset.frame"))

    def test_shift_arrow_reaches_every_event_on_the_frames_kept(self):
        self.driver.get("file://" + self.path)
        ReplayInBrowser.wait_for(self, lambda: self.driver.execute_script("return document.body.dataset.frame"))
        self.driver.execute_script("window.navluaReplay.draw(0)")
        seen = [self.frame()]
        for _ in range(len(self.events) + 2):
            ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT).perform()
            self.driver.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            seen.append(self.frame())
            if seen[-1] == self.kept[-1]:
                break
        # each step moved on, and every event's frame (or the first kept after it) was visited
        self.assertEqual(seen, sorted(set(seen)), seen)
        for e in self.events:
            target = next((k for k in self.kept if k >= e[1]), self.kept[-1])
            self.assertIn(target, seen, (e, seen))

    def test_a_scroll_view_taller_than_the_screen_draws_at_once(self):
        self.driver.get("file://" + self.path)
        ReplayInBrowser.wait_for(self, lambda: self.driver.execute_script("return document.body.dataset.frame"))
        ms = self.driver.execute_script("""
            const t0 = performance.now();
            window.navluaReplay.draw(window.navluaReplay.frames - 1);
            return performance.now() - t0;""")
        self.assertLess(ms, 5000)   # not a benchmark: a loop over 2e9 / 44 rows would never end
        self.assertEqual([], [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"])


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: replay_test.py NAVLUA")
    NAVLUA = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
