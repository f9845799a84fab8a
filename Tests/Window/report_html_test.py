"""`sweep report --html` (B-REPORT-1): one self-contained page that real headless Chromium renders without a
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

# `--html -`: the page alone on standard output (the table it holds is not printed beside it).
dash = run("sweep", "report", "results.jsonl", "--html", "-", "--resamples", "300")
check(dash == html, "--html - writes the page alone, the same bytes as --html FILE")

# With --budget the page says the budget's verdict: a budget just under the recommended policy's bytes.
first = conditions[0]
over = next(p for p in first["frontier"] if p["policy"] == first["recommended"])["networkBytes"]["mean"]
limit = "bytes=%dB" % int(over - 1)
run("sweep", "report", "results.jsonl", "--recommend", "--budget", limit, "--html", "budget.html", "--resamples", "300")
verdicts = [json.loads(l) for l in run("sweep", "report", "results.jsonl", "--recommend", "--budget", limit, "--json",
                                       "--resamples", "300").splitlines()]
budget_page = os.path.join(work, "budget.html")
with open(budget_page) as f:
    budget_html = f.read()
check(verdicts[0]["recommended"] != first["recommended"]
      and all(v["paragraph"].replace("&", "&amp;") in budget_html for v in verdicts)
      and first["paragraph"].replace("&", "&amp;") not in budget_html,
      "with --budget %s the page says the budget's verdicts (%s, not %s)" % (limit, verdicts[0]["recommended"], first["recommended"]))
check(html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>"), "the page is a whole HTML document")
check(not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(|@import""", html),
      "the page fetches nothing when viewed: no address, no import")
check(len(conditions) == 2 and all(c["paragraph"].replace("&", "&amp;") in html for c in conditions),
      "both conditions' verdicts are on the page")

if not chromium_starts():
    # Under SCROLLLAB_REQUIRE_CHROMIUM=1 (CI) a browser that cannot start fails the test.
    check(os.environ.get("SCROLLLAB_REQUIRE_CHROMIUM") != "1", "Chromium starts (SCROLLLAB_REQUIRE_CHROMIUM=1)")
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
    # Labels inside their plot, over no point and no other label.
    clashes = driver.run("""const bad = [];
        for (const svg of document.querySelectorAll('svg')) {
            const box = r => ({l: r.x, t: r.y, r: r.x + r.width, b: r.y + r.height});
            const labels = [...svg.querySelectorAll('text.label')].map(t => [t.textContent, box(t.getBBox())]);
            const dots = [...svg.querySelectorAll('circle')].map(c => box(c.getBBox()));
            const hit = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
            labels.forEach(([name, a], i) => {
                if (a.l < 64 || a.r > 440 || a.t < 14 || a.b > 240) bad.push(name + ' outside the plot');
                if (dots.some(d => hit(a, d))) bad.push(name + ' over a point');
                labels.slice(i + 1).forEach(([other, b]) => { if (hit(a, b)) bad.push(name + ' over ' + other); });
            });
        }
        for (const svg of document.querySelectorAll('svg')) {
            const named = [...svg.querySelectorAll('text.label')].flatMap(t => t.textContent.split(' = ')).sort();
            const policies = [...svg.querySelectorAll('g.point')].map(g => g.dataset.policy).sort();
            if (JSON.stringify(named) != JSON.stringify(policies)) bad.push('labels ' + named + ' for points ' + policies);
        }
        return bad;""")
    check(not clashes, "every point labelled once, inside its plot, over no point or label: %s" % clashes[:4])
    driver.screenshot(os.path.join(out, "report-html.png"))
    driver.call("POST", driver.path("/url"), {"url": "file://" + budget_page})
    embedded = driver.run("return JSON.parse(document.getElementById('recommend-json').textContent)")
    check(embedded == verdicts, "the budget page embeds the --recommend --budget --json lines")
    green = driver.run("""return [...document.querySelectorAll('g.point[data-condition="0"]')]
        .filter(g => g.querySelector('circle').getAttribute('fill') == '#137a2c').map(g => g.dataset.policy)""")
    hollow = driver.run("return [...document.querySelectorAll('g.point[data-condition=\"0\"][data-exceeds]')].map(g => g.dataset.policy)")
    check(green == [verdicts[0]["recommended"]] and first["recommended"] in hollow
          and sorted(hollow) == sorted(p["policy"] for p in verdicts[0]["points"] if p["exceeds"]),
          "the budget's pick is the green point (%s); the policies over it are hollow (%s)" % (green, hollow))
    driver.screenshot(os.path.join(out, "report-html-budget.png"))
finally:
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
print("report_html_test: the page renders in Chromium with --json's numbers")
