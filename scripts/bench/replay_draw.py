"""replay_draw.py PAGE.html: how long the replay page takes to draw a frame
(the device, the timeline's cursor and the events list), in chromium:
500 frames drawn at random, milliseconds per frame (60 fps scrubbing needs
under 16.7 ms). Part of scripts/bench/replay.sh; a benchmark, not a test."""
import os, sys, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1100"]:
    options.add_argument(a)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    start = time.time()
    driver.get("file://" + os.path.abspath(sys.argv[1]))
    load = time.time() - start
    ms = driver.execute_script("""
        const r = window.navluaReplay;
        let seed = 12345;
        const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
        const t0 = performance.now();
        for (let k = 0; k < 500; k++) r.draw(Math.floor(next() * r.frames));
        return (performance.now() - t0) / 500;""")
    frames = driver.execute_script("return window.navluaReplay.frames")
    print("%d frames: page loaded in %.2f s, %.2f ms per frame drawn" % (frames, load, ms))
finally:
    driver.quit()
