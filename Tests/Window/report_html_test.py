"""`sweep report --html` (B-SWEEP-2): one self-contained page that real headless Chromium renders without a
console error, whose numbers are `--json`'s and `--recommend --json`'s.

A sweep of generated sessions under two networks is reported three ways; the page is opened in Chromium over
WebDriver (chromelib), its browser log read, its embedded lines compared with the command's, every cost
sheet cell (policy, factor value, measure: mean and interval) with `--json`'s row, every frontier point with
`--recommend --json`'s; it fetches nothing (no http address in it); a screenshot is kept beside the results.
A machine where Chromium cannot start says so in one line and skips the browser part.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check
from chromelib import WebDriver, chromium_starts

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
work = os.path.join(out, "report-html")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def run(*args):
    r = subprocess.run([binary] + list(args), capture_output=True, text=True, timeout=600, cwd=work)
    check(r.returncode == 0, "scrolllab %s: exit 0 (%s)" % (" ".join(args[:3]), r.stderr.strip()[-300:]))
    return r.stdout


run("gestures", "generate", "--kind", "mixed", "--count", "6", "--seed", "21", "--out", "pop")
run("sweep", "--gestures", "pop", "--policies", "eager,deferred,prefetch,adaptive", "--network", "3g,lte", "--out", "results.jsonl")
run("sweep", "report", "results.jsonl", "--html", "page.html", "--resamples", "300")
rows = [json.loads(l) for l in run("sweep", "report", "results.jsonl", "--json", "--resamples", "300").splitlines()]
conditions = [json.loads(l) for l in run("sweep", "report", "results.jsonl", "--recommend", "--json", "--resamples", "300").splitlines()]
page = os.path.join(work, "page.html")
with open(page) as f:
    html = f.read()
check(html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>"), "the page is a whole HTML document")
check(not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(|@import""", html),
      "the page fetches nothing when viewed: no address, no import")
check(len(conditions) == 2 and all(c["paragraph"].replace("&", "&amp;") in html for c in conditions),
      "both conditions' verdicts are on the page")

if not chromium_starts():
    print("report_html_test: browser part skipped: Chromium cannot start here")
    sys.exit(0)

profile = tempfile.mkdtemp(prefix="report-html.")
driver = WebDriver(["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,1700",
                    "--force-device-scale-factor=1"], profile, logs=("browser",))
try:
    driver.call("POST", driver.path("/url"), {"url": "file://" + page})
    log = driver.log("browser")
    check(not [e for e in log if e.get("level") in ("SEVERE", "WARNING")], "no console error or warning: %s" % log[:3])
    embedded = driver.run("""return [JSON.parse(document.getElementById('rows-json').textContent),
                                     JSON.parse(document.getElementById('recommend-json').textContent)]""")
    check(embedded[0] == rows, "the embedded --json lines are the command's (%d rows)" % len(rows))
    check(embedded[1] == conditions, "the embedded --recommend --json lines are the command's")
    cells = driver.run("""return [...document.querySelectorAll('td[data-mean]')].map(td => {
        const table = td.closest('table'), row = td.closest('tr');
        return [table.dataset.factor, table.dataset.value, row.dataset.policy, td.dataset.key,
                +td.dataset.mean, +td.dataset.lo, +td.dataset.hi, td.textContent]; })""")
    by_key = {(r["factor"], r["value"], r["policy"]): r for r in rows}
    wrong = [c for c in cells if by_key.get(tuple(c[:3]), {}).get(c[3]) != {"mean": c[4], "lo": c[5], "hi": c[6]}]
    measured = sum(1 for r in rows for v in r.values() if isinstance(v, dict))
    check(len(cells) == measured and not wrong, "every cost sheet cell is its --json row's figure (%d cells, wrong: %s)" % (len(cells), wrong[:2]))
    points = driver.run("""return [...document.querySelectorAll('g.point')].map(g =>
        [+g.dataset.condition, g.dataset.policy, +g.dataset.blank, +g.dataset.cost, g.querySelector('title').textContent])""")
    frontier = [(i, p["policy"], p["blankTileSeconds"]["mean"], p["networkBytes"]["mean"]) for i, c in enumerate(conditions) for p in c["frontier"]]
    shown = {(p[0], p[1]): (p[2], p[3]) for p in points}
    check(all(shown.get((i, policy)) == (blank, cost) for i, policy, blank, cost in frontier),
          "every frontier point is drawn at its --recommend figures (%d points)" % len(frontier))
    check(all("blank" in p[4] and "sessions" in p[4] for p in points), "each point's figures show on hover (its title)")
    visible = driver.run("return document.querySelectorAll('svg circle').length")
    check(visible == len(points) and visible >= 8, "every policy of every condition is drawn (%d)" % visible)
    driver.screenshot(os.path.join(out, "report-html.png"))
finally:
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
print("report_html_test: the page renders in Chromium with --json's numbers")
