import ScrollKit

/// `sweep report --html FILE` (B-REPORT-1): the report as one self-contained page a team can pass around — no script,
/// no style sheet, font or image fetched at view time. The verdict per condition (its paragraph and its
/// frontier drawn in SVG, every point's figures on hover), then the cost sheet per policy (every measure
/// the report has, mean and 95% interval, per factor value), and the very lines `--recommend --json` and
/// `--json` print, embedded as JSON: the page's numbers are those lines' numbers. With `--budget` the
/// verdicts are the budget's (`--recommend --budget`), as the report beside it says.
public struct SweepReportPage: Sendable {
    /// The title: what was reported (file, runs, sessions).
    public var title: String
    /// `--json`'s lines: `SweepSummary.Row.json` in the report's order.
    public var rows: [JSONValue]
    /// `--recommend`'s conditions.
    public var conditions: [SweepRecommendation]
    /// `--recommend --budget`'s verdicts, one per condition in the same order; empty without a budget.
    public var budgets: [SweepBudgetVerdict]
    /// What the report left out of the file and why (sessions not run under every configuration, torn or
    /// repeated lines), said under the title as the command says it on standard error.
    public var notes: [String]
    /// What was run (`whatWasRun(_:)`): the sessions, the policies and every factor's values.
    public var runs: [String]

    public init(title: String, rows: [JSONValue], conditions: [SweepRecommendation], budgets: [SweepBudgetVerdict] = [],
                notes: [String] = [], runs: [String] = []) {
        self.title = title
        self.rows = rows
        self.conditions = conditions
        self.budgets = budgets
        self.notes = notes
        self.runs = runs
    }

    /// What `results` ran, for a reader who did not: the sessions (how many, the first and last names),
    /// the policies, and each factor's values, whatever the order of the results.
    public static func whatWasRun(_ results: [SweepSummary.Result]) -> [String] {
        var sessions: [String] = [], policies: [String] = []
        var seenSessions: Set<String> = [], seenPolicies: Set<String> = []
        var factors: [String: [String]] = [:]
        for result in results {
            if seenSessions.insert(result.gesture).inserted { sessions.append(result.gesture) }
            if seenPolicies.insert(result.policy).inserted { policies.append(result.policy) }
            for (key, value) in result.factors where !(factors[key]?.contains(value) ?? false) { factors[key, default: []].append(value) }
        }
        guard !results.isEmpty else { return [] }
        let named = sessions.sorted()
        var lines = ["Sessions: \(named.count) (\(named.count == 1 ? named[0] : named[0] + " … " + named[named.count - 1])), "
                     + "each replayed under every configuration: the lab's model of a phone's scroll view and image pipeline, "
                     + "frame by frame on a 60 Hz clock unless a refresh rate says otherwise."]
        // The policies in the tables' order, as the factors' values: the same results give the same page, as
        // the unsharded run's file, a merge of its parts or a shuffled copy.
        lines.append("Policies: " + policies.sorted { SweepSummary.rank(policy: $0) < SweepSummary.rank(policy: $1) }.joined(separator: ", ") + ".")
        // Each factor's values in the tables' order: numbers and latencies by size, networks from the fastest.
        lines.append("Factors: " + factors.keys.sorted().map { key in
            "\(key) " + factors[key]!.sorted { SweepSummary.rank(value: $0) < SweepSummary.rank(value: $1) }.joined(separator: ", ")
        }
            .joined(separator: "; ") + ".")
        return lines
    }

    /// Condition `index`'s budget verdict, nil without a budget.
    func budget(_ index: Int) -> SweepBudgetVerdict? { index < budgets.count ? budgets[index] : nil }

    /// How a measure is named and shown: its label, its unit, the factor its mean is shown divided by.
    struct Measure {
        var key: String
        var label: String
        var unit: String
        var scale: Double
    }

    /// The measures the lab names; any other key of a row with a mean and an interval is shown as it is.
    static let measures: [Measure] = [
        Measure(key: "blankTileSeconds", label: "blank", unit: "tile·s", scale: 1),
        Measure(key: "loadsIssued", label: "loads", unit: "issued", scale: 1),
        Measure(key: "loadsWasted", label: "wasted", unit: "loads", scale: 1),
        Measure(key: "networkBytes", label: "data", unit: "kB", scale: 1000),
        Measure(key: "radioJoules", label: "radio", unit: "J", scale: 1),
        Measure(key: "hitchTimeRatioMsPerS", label: "hitch", unit: "ms/s", scale: 1),
        Measure(key: "frameOverrunMsP99", label: "overrun p99", unit: "ms", scale: 1),
        Measure(key: "wastedBytes", label: "wasted data", unit: "kB", scale: 1000),
        Measure(key: "radioActiveSeconds", label: "radio active", unit: "s", scale: 1),
        Measure(key: "redownloadedBytes", label: "downloaded again", unit: "kB", scale: 1000),
        Measure(key: "peakResidentBytes", label: "peak memory", unit: "MB", scale: 1_000_000),
        Measure(key: "memoryLimitExceeded", label: "killed", unit: "%", scale: 0.01),
    ]

    static func measure(_ key: String) -> Measure {
        measures.first { $0.key == key } ?? Measure(key: key, label: key, unit: "", scale: 1)
    }

    /// The page.
    public var html: String {
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <title>\(Self.escaped(title))</title>
        <style>
        body{font:14px/1.45 system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#1d2330}
        h1{font-size:20px}h2{font-size:17px;margin-top:32px}h3{font-size:15px;margin-bottom:4px}
        .note{color:#5a6272}.verdict{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start;margin-bottom:20px}
        .verdict p{flex:1 1 360px;margin:0}svg{background:#f7f8fa;border:1px solid #dde1e8;border-radius:6px}
        table{border-collapse:collapse;margin:6px 0 18px}.sheet{overflow-x:auto}th,td{padding:3px 9px;text-align:right;border-bottom:1px solid #e5e8ee}
        th:first-child,td:first-child{text-align:left}th{font-weight:600;color:#39404d}td small{color:#7a8190}
        .recommended{color:#137a2c;font-weight:600}details{margin-top:24px}pre{white-space:pre-wrap;font-size:12px}
        </style></head><body>
        <h1>\(Self.escaped(title))</h1>
        <p class="note">Means with their 95% bootstrap intervals in brackets; hover a point or a cell for its exact figures.
        Blank tile·s: the time tiles on screen waited for their image, added over the tiles (a preview shown or
        not). Undominated: the share of sessions in which no other policy beats this one on both loads issued
        and blank time at once (as few or fewer of both, fewer of one); the verdicts weigh blank time against
        loads, or against the bytes moved where a network was modelled.</p>

        """
        if !runs.isEmpty {
            out += "<h2>What was run</h2>\n" + runs.map { "<p class=\"runs\">\(Self.escaped($0))</p>\n" }.joined()
        }
        for note in notes { out += "<p class=\"note left-out\">Note: \(Self.escaped(note))</p>\n" }
        out += "<h2>The verdict, condition by condition</h2>\n"
        if let limits = budgets.first?.budget.limits {
            out += "<p class=\"note\">Within the budget " + Self.escaped(limits.map { "\($0.cost.name) ≤ " + SweepBudget.text($0.limit, $0.cost) }
                .joined(separator: ", ")) + " (a mean per session); a hollow point exceeds it.</p>\n"
        }
        for (index, condition) in conditions.enumerated() {
            out += "<h3>\(Self.escaped(condition.conditionText))</h3>\n<div class=\"verdict\" data-condition=\"\(index)\">\n"
            out += Self.plot(condition, index: index, budget: budget(index))
            out += "<p>\(Self.escaped(budget(index)?.paragraph ?? condition.paragraph))</p>\n</div>\n"
        }
        out += "<h2>The cost sheet, policy by policy</h2>\n"
        out += costSheet
        let verdicts = budgets.isEmpty ? conditions.map(\.json) : budgets.map(\.json)
        out += "<details><summary>The report's lines (<code>--recommend" + (budgets.isEmpty ? "" : " --budget")
            + " --json</code>, then <code>--json</code>)</summary>\n"
        out += "<script type=\"application/json\" id=\"recommend-json\">" + Self.embedded(verdicts) + "</script>\n"
        out += "<script type=\"application/json\" id=\"rows-json\">" + Self.embedded(rows) + "</script>\n"
        out += "<pre>" + Self.escaped((verdicts + rows).map(\.serialized).joined(separator: "\n")) + "</pre></details>\n"
        out += "</body></html>\n"
        return out
    }

    /// One table per factor value (every run first), a row per policy, a column per measure.
    var costSheet: String {
        var groups: [(factor: String, value: String, rows: [[(String, JSONValue)]])] = []
        for case let .object(pairs) in rows {
            let factor = Self.text(pairs, "factor"), value = Self.text(pairs, "value")
            if let i = groups.firstIndex(where: { $0.factor == factor && $0.value == value }) {
                groups[i].rows.append(pairs)
            } else {
                groups.append((factor, value, [pairs]))
            }
        }
        var out = ""
        for group in groups {
            // The measures any row of the group has, in the rows' own order.
            var keys: [String] = []
            for pairs in group.rows {
                for (key, value) in pairs where !keys.contains(key) {
                    if case .object = value { keys.append(key) }
                }
            }
            let scalars = ["sessions", "undominatedShare"]
            out += "<h3>" + (group.factor == "all" ? "Every run" : Self.escaped("\(group.factor) = \(group.value)")) + "</h3>\n"
            // A sheet wider than the page (a phone and a network: 15 columns) scrolls sideways on its own.
            out += "<div class=\"sheet\"><table data-factor=\"\(Self.escaped(group.factor))\" data-value=\"\(Self.escaped(group.value))\"><tr><th>policy</th>"
            for key in scalars { out += "<th>\(key == "sessions" ? "sessions" : "undominated")</th>" }
            for key in keys {
                let m = Self.measure(key)
                out += "<th>\(Self.escaped(m.label))" + (m.unit.isEmpty ? "" : " <small>\(Self.escaped(m.unit))</small>") + "</th>"
            }
            out += "</tr>\n"
            for pairs in group.rows {
                let policy = Self.text(pairs, "policy")
                out += "<tr data-policy=\"\(Self.escaped(policy))\"><td>\(Self.escaped(policy))</td>"
                for key in scalars {
                    let value = pairs.first { $0.0 == key }?.1 ?? .null
                    if case let .number(n) = value {
                        out += "<td data-key=\"\(key)\" data-value=\"\(Self.number(n))\">"
                            + (key == "sessions" ? Self.number(n) : Self.fixed(n * 100, 0) + "%") + "</td>"
                    } else {
                        out += "<td data-key=\"\(key)\">–</td>"
                    }
                }
                for key in keys {
                    let m = Self.measure(key)
                    guard let value = pairs.first(where: { $0.0 == key })?.1, case let .object(interval) = value,
                          case let .number(mean)? = interval.first(where: { $0.0 == "mean" })?.1,
                          case let .number(lo)? = interval.first(where: { $0.0 == "lo" })?.1,
                          case let .number(hi)? = interval.first(where: { $0.0 == "hi" })?.1 else {
                        out += "<td data-key=\"\(Self.escaped(key))\">–</td>"
                        continue
                    }
                    // Rounded as the text table rounds the cell (`SweepSummary.Interval.decimals(of:)`).
                    let decimals = SweepSummary.Interval.decimals(of: key)
                    var shown = SweepRecommendation.fixed(mean / m.scale, decimals) + " <small>[" + SweepRecommendation.fixed(lo / m.scale, decimals)
                        + ", " + SweepRecommendation.fixed(hi / m.scale, decimals) + "]</small>"
                    // The hitch ratio in Apple's band, as the text table's band column.
                    if key == "hitchTimeRatioMsPerS" { shown += " <small>" + MainThreadMeter.band(ofRatio: mean) + "</small>" }
                    out += "<td data-key=\"\(Self.escaped(key))\" data-mean=\"\(Self.number(mean))\" data-lo=\"\(Self.number(lo))\" "
                        + "data-hi=\"\(Self.number(hi))\" title=\"\(Self.escaped(key)): \(Self.number(mean)) [\(Self.number(lo)), \(Self.number(hi))]\">"
                        + shown + "</td>"
                }
                out += "</tr>\n"
            }
            out += "</table></div>\n"
        }
        return out
    }

    /// The condition's policies, blank time against cost, with their intervals as bars; the frontier
    /// joined, the recommended policy in green (with a budget: the budget's, and a hollow point for a
    /// policy over it, the cost's limit dashed where it falls in the plot). Each point's figures are its
    /// `<title>` (shown on hover); labels go where `PlotLabel` places them.
    static func plot(_ c: SweepRecommendation, index: Int, budget: SweepBudgetVerdict? = nil) -> String {
        let (width, height, left, bottom, top, right) = (460.0, 280.0, 64.0, 40.0, 14.0, 20.0)
        let m = measure(c.costName == "bytes" ? "networkBytes" : "loadsIssued")
        let xs = c.points.flatMap { [$0.cost.lower, $0.cost.upper] }.map { $0 / m.scale }
        let ys = c.points.flatMap { [$0.blankTileSeconds.lower, $0.blankTileSeconds.upper] }
        func span(_ v: [Double]) -> (Double, Double) {
            let lo = v.min() ?? 0, hi = v.max() ?? 1
            let pad = Swift.max((hi - lo) * 0.08, Swift.max(abs(hi), 1) * 0.01)
            return (Swift.max(0, lo - pad), hi + pad)
        }
        let (x0, x1) = span(xs), (y0, y1) = span(ys)
        func x(_ v: Double) -> Double { left + (v / m.scale - x0) / Swift.max(x1 - x0, 1e-9) * (width - left - right) }
        func y(_ v: Double) -> Double { height - bottom - (v - y0) / Swift.max(y1 - y0, 1e-9) * (height - bottom - top) }
        var s = "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-label=\"blank time against \(m.label)\">\n"
        s += "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - right)\" y2=\"\(height - bottom)\" stroke=\"#8a93a3\"/>"
        s += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(height - bottom)\" stroke=\"#8a93a3\"/>\n"
        for k in 0...4 {
            let vx = x0 + (x1 - x0) * Double(k) / 4, vy = y0 + (y1 - y0) * Double(k) / 4
            let px = left + (width - left - right) * Double(k) / 4, py = height - bottom - (height - bottom - top) * Double(k) / 4
            s += "<text x=\"\(fixed(px, 1))\" y=\"\(height - bottom + 16)\" font-size=\"11\" text-anchor=\"middle\" fill=\"#5a6272\">\(figure(vx))</text>"
            s += "<text x=\"\(left - 6)\" y=\"\(fixed(py + 4, 1))\" font-size=\"11\" text-anchor=\"end\" fill=\"#5a6272\">\(figure(vy))</text>\n"
        }
        s += "<text x=\"\((left + width - right) / 2)\" y=\"\(height - 6)\" font-size=\"12\" text-anchor=\"middle\">\(escaped(m.label)) (\(escaped(m.unit)))</text>"
        s += "<text x=\"14\" y=\"\((top + height - bottom) / 2)\" font-size=\"12\" text-anchor=\"middle\" "
            + "transform=\"rotate(-90 14 \((top + height - bottom) / 2))\">blank (tile·s)</text>\n"
        // Labels stay inside the plot, clear of the points, the frontier's joints and each other.
        let bounds = Rect(x: left, y: top, width: width - left - right, height: height - bottom - top)
        var taken = c.points.map { Rect(x: x($0.cost.mean) - 6, y: y($0.blankTileSeconds.mean) - 6, width: 12, height: 12) }
        if c.costName == "bytes", let limit = budget?.budget.limits.first(where: { $0.cost.name == "bytes" }) {
            let lx = x(limit.limit)
            if lx > left, lx < width - right {
                s += "<line class=\"budget\" x1=\"\(fixed(lx, 1))\" y1=\"\(top)\" x2=\"\(fixed(lx, 1))\" y2=\"\(height - bottom)\" "
                    + "stroke=\"#b3261e\" stroke-dasharray=\"5 4\"/>"
                let name = "budget " + SweepBudget.text(limit.limit, limit.cost)
                if let placed = PlotLabel.place(width: labelWidth(name), height: 13, near: Point(x: lx, y: top + 10), avoiding: taken, within: bounds) {
                    s += svgLabel(name, placed, from: Point(x: lx, y: top + 10), colour: "#b3261e")
                    taken.append(placed.rect)
                }
                s += "\n"
            }
        }
        let frontier = c.frontier.map(\.policy)
        if frontier.count > 1 {
            let path = c.frontier.map { "\(fixed(x($0.cost.mean), 1)),\(fixed(y($0.blankTileSeconds.mean), 1))" }.joined(separator: " ")
            s += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"#3b6fd8\" stroke-width=\"2\"/>\n"
        }
        let recommended = budget.map { $0.recommended?.policy } ?? c.recommended.policy
        func colour(_ policy: String) -> String {
            policy == recommended ? "#137a2c" : frontier.contains(policy) ? "#3b6fd8" : "#8a93a3"
        }
        // Points on one spot share a label ("a = b"), the recommended one's first.
        var groups: [(names: [String], at: Point, colour: String)] = []
        for p in c.points {
            let (px, py) = (x(p.cost.mean), y(p.blankTileSeconds.mean))
            let over = budget?.points.first { $0.policy == p.policy }?.exceeds ?? []
            s += "<g class=\"point\" data-condition=\"\(index)\" data-policy=\"\(escaped(p.policy))\" data-blank=\"\(number(p.blankTileSeconds.mean))\" "
                + "data-cost=\"\(number(p.cost.mean))\"" + (over.isEmpty ? "" : " data-exceeds=\"\(escaped(over.joined(separator: " ")))\"")
                + "><title>\(escaped(p.policy)): blank \(number(p.blankTileSeconds.mean)) "
                + "[\(number(p.blankTileSeconds.lower)), \(number(p.blankTileSeconds.upper))] tile·s, \(escaped(m.label)) "
                + "\(number(p.cost.mean / m.scale)) [\(number(p.cost.lower / m.scale)), \(number(p.cost.upper / m.scale))] \(escaped(m.unit)), "
                + "\(p.sessions) session\(p.sessions == 1 ? "" : "s")" + (over.isEmpty ? "" : "; over the budget: " + escaped(over.joined(separator: ", "))) + "</title>"
            s += "<line x1=\"\(fixed(x(p.cost.lower), 1))\" y1=\"\(fixed(py, 1))\" x2=\"\(fixed(x(p.cost.upper), 1))\" y2=\"\(fixed(py, 1))\" stroke=\"\(colour(p.policy))\" opacity=\"0.5\"/>"
            s += "<line x1=\"\(fixed(px, 1))\" y1=\"\(fixed(y(p.blankTileSeconds.lower), 1))\" x2=\"\(fixed(px, 1))\" y2=\"\(fixed(y(p.blankTileSeconds.upper), 1))\" "
                + "stroke=\"\(colour(p.policy))\" opacity=\"0.5\"/>"
            s += over.isEmpty ? "<circle cx=\"\(fixed(px, 1))\" cy=\"\(fixed(py, 1))\" r=\"5\" fill=\"\(colour(p.policy))\"/></g>\n"
                : "<circle cx=\"\(fixed(px, 1))\" cy=\"\(fixed(py, 1))\" r=\"4.5\" fill=\"#f7f8fa\" stroke=\"\(colour(p.policy))\" stroke-width=\"1.5\"/></g>\n"
            let at = Point(x: px, y: py)
            if let i = groups.firstIndex(where: { abs($0.at.x - px) < 1 && abs($0.at.y - py) < 1 }) {
                if p.policy == recommended { groups[i].names.insert(p.policy, at: 0); groups[i].colour = colour(p.policy) } else { groups[i].names.append(p.policy) }
            } else {
                groups.append(([p.policy], at, colour(p.policy)))
            }
        }
        // The recommended policy's label is placed first, so it gets the best place.
        for group in groups.sorted(by: { ($0.names.first == recommended ? 0 : 1) < ($1.names.first == recommended ? 0 : 1) }) {
            let name = group.names.joined(separator: " = ")
            guard let placed = PlotLabel.place(width: labelWidth(name), height: 13, near: group.at, avoiding: taken, within: bounds) else { continue }
            s += svgLabel(name, placed, from: group.at, colour: group.colour)
            taken.append(placed.rect)
        }
        return s + "</svg>\n"
    }

    /// A label's width at the page's 11 px: DejaVu Sans's advance, about 0.62 em a character, taken generously.
    static func labelWidth(_ name: String) -> Double { Double(name.unicodeScalars.count) * 6.9 + 2 }

    /// A placed label (its box's baseline 10 px below its top), with its leader line when it has one.
    static func svgLabel(_ name: String, _ placed: PlotLabel, from p: Point, colour: String) -> String {
        var s = ""
        if let end = placed.leaderEnd {
            s += "<line class=\"leader\" x1=\"\(fixed(p.x, 1))\" y1=\"\(fixed(p.y, 1))\" x2=\"\(fixed(end.x, 1))\" y2=\"\(fixed(end.y, 1))\" "
                + "stroke=\"\(colour)\" stroke-width=\"0.8\"/>"
        }
        return s + "<text class=\"label\" x=\"\(fixed(placed.rect.minX + 1, 1))\" y=\"\(fixed(placed.rect.minY + 10, 1))\" font-size=\"11\" "
            + "fill=\"\(colour)\">\(escaped(name))</text>\n"
    }

    static func text(_ pairs: [(String, JSONValue)], _ key: String) -> String {
        if case let .string(s)? = pairs.first(where: { $0.0 == key })?.1 { return s }
        return ""
    }

    /// JSON lines as a JSON array safe inside a `<script>` element.
    static func embedded(_ values: [JSONValue]) -> String {
        var out = String.UnicodeScalarView()
        for u in ("[" + values.map(\.serialized).joined(separator: ",") + "]").unicodeScalars {
            if u == "<" { out.append(contentsOf: "\\u003c".unicodeScalars) } else { out.append(u) }
        }
        return String(out)
    }

    /// A number as the JSON lines write it.
    static func number(_ value: Double) -> String { JSONValue.number(value).serialized }

    /// A figure for reading: three significant digits at least, no exponent.
    static func figure(_ value: Double) -> String {
        let magnitude = abs(value)
        return fixed(value, magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2)
    }

    /// `value` with `decimals` places, as every text output of the report writes it (`–` if not finite).
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        value.isFinite ? SweepRecommendation.fixed(value, decimals) : "–"
    }

    static func escaped(_ s: String) -> String {
        // Scalar by scalar: a `"` followed by a combining mark is one Character, equal to no `"`, and the
        // browser still ends the attribute at it.
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            switch u {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            default: out.append(u)
            }
        }
        return String(out)
    }
}
