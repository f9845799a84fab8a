/// `sweep report --html FILE`: the report as one self-contained page a team can pass around — no script,
/// no style sheet, font or image fetched at view time. The verdict per condition (its paragraph and its
/// frontier drawn in SVG, every point's figures on hover), then the cost sheet per policy (every measure
/// the report has, mean and 95% interval, per factor value), and the very lines `--recommend --json` and
/// `--json` print, embedded as JSON: the page's numbers are those lines' numbers.
public struct SweepReportPage: Sendable {
    /// The title: what was reported (file, runs, sessions).
    public var title: String
    /// `--json`'s lines: `SweepSummary.Row.json` in the report's order.
    public var rows: [JSONValue]
    /// `--recommend`'s conditions.
    public var conditions: [SweepRecommendation]

    public init(title: String, rows: [JSONValue], conditions: [SweepRecommendation]) {
        self.title = title
        self.rows = rows
        self.conditions = conditions
    }

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
        Measure(key: "peakResidentBytes", label: "peak memory", unit: "MB", scale: 1_000_000),
        Measure(key: "memoryLimitExceeded", label: "killed", unit: "share", scale: 1),
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
        table{border-collapse:collapse;margin:6px 0 18px}th,td{padding:3px 9px;text-align:right;border-bottom:1px solid #e5e8ee}
        th:first-child,td:first-child{text-align:left}th{font-weight:600;color:#39404d}td small{color:#7a8190}
        .recommended{color:#137a2c;font-weight:600}details{margin-top:24px}pre{white-space:pre-wrap;font-size:12px}
        </style></head><body>
        <h1>\(Self.escaped(title))</h1>
        <p class="note">Means with their 95% bootstrap intervals in brackets; hover a point or a cell for its exact figures.</p>

        """
        out += "<h2>The verdict, condition by condition</h2>\n"
        for (index, condition) in conditions.enumerated() {
            out += "<h3>\(Self.escaped(condition.conditionText))</h3>\n<div class=\"verdict\" data-condition=\"\(index)\">\n"
            out += Self.plot(condition, index: index)
            out += "<p>\(Self.escaped(condition.paragraph))</p>\n</div>\n"
        }
        out += "<h2>The cost sheet, policy by policy</h2>\n"
        out += costSheet
        out += "<details><summary>The report's lines (<code>--recommend --json</code>, then <code>--json</code>)</summary>\n"
        out += "<script type=\"application/json\" id=\"recommend-json\">" + Self.embedded(conditions.map(\.json)) + "</script>\n"
        out += "<script type=\"application/json\" id=\"rows-json\">" + Self.embedded(rows) + "</script>\n"
        out += "<pre>" + Self.escaped((conditions.map(\.json) + rows).map(\.serialized).joined(separator: "\n")) + "</pre></details>\n"
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
            out += "<table data-factor=\"\(Self.escaped(group.factor))\" data-value=\"\(Self.escaped(group.value))\"><tr><th>policy</th>"
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
                    let shown = SweepRecommendation.fixed(mean / m.scale, decimals) + " <small>[" + SweepRecommendation.fixed(lo / m.scale, decimals)
                        + ", " + SweepRecommendation.fixed(hi / m.scale, decimals) + "]</small>"
                    out += "<td data-key=\"\(Self.escaped(key))\" data-mean=\"\(Self.number(mean))\" data-lo=\"\(Self.number(lo))\" "
                        + "data-hi=\"\(Self.number(hi))\" title=\"\(Self.escaped(key)): \(Self.number(mean)) [\(Self.number(lo)), \(Self.number(hi))]\">"
                        + shown + "</td>"
                }
                out += "</tr>\n"
            }
            out += "</table>\n"
        }
        return out
    }

    /// The condition's policies, blank time against cost, with their intervals as bars; the frontier
    /// joined, the recommended policy in green. Each point's figures are its `<title>` (shown on hover).
    static func plot(_ c: SweepRecommendation, index: Int) -> String {
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
        let frontier = c.frontier.map(\.policy)
        if frontier.count > 1 {
            let path = c.frontier.map { "\(fixed(x($0.cost.mean), 1)),\(fixed(y($0.blankTileSeconds.mean), 1))" }.joined(separator: " ")
            s += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"#3b6fd8\" stroke-width=\"2\"/>\n"
        }
        // Labels right of their point, moved down or up past one already placed (two policies at one point).
        var placed: [(x: Double, y: Double, width: Double)] = []
        func labelY(_ px: Double, _ py: Double, _ name: String) -> Double {
            let width = Double(name.count) * 6.5
            for dy in [-6.0, 12, -18, 24, -30, 36] {
                let ly = py + dy
                if !placed.contains(where: { abs($0.y - ly) < 12 && px + 7 < $0.x + $0.width && $0.x < px + 7 + width }) {
                    placed.append((px + 7, ly, width))
                    return ly
                }
            }
            return py - 6
        }
        for p in c.points {
            let (px, py) = (x(p.cost.mean), y(p.blankTileSeconds.mean))
            let colour = p.policy == c.recommended.policy ? "#137a2c" : frontier.contains(p.policy) ? "#3b6fd8" : "#8a93a3"
            s += "<g class=\"point\" data-condition=\"\(index)\" data-policy=\"\(escaped(p.policy))\" data-blank=\"\(number(p.blankTileSeconds.mean))\" "
                + "data-cost=\"\(number(p.cost.mean))\"><title>\(escaped(p.policy)): blank \(number(p.blankTileSeconds.mean)) "
                + "[\(number(p.blankTileSeconds.lower)), \(number(p.blankTileSeconds.upper))] tile·s, \(escaped(m.label)) "
                + "\(number(p.cost.mean / m.scale)) [\(number(p.cost.lower / m.scale)), \(number(p.cost.upper / m.scale))] \(escaped(m.unit)), "
                + "\(p.sessions) sessions</title>"
            s += "<line x1=\"\(fixed(x(p.cost.lower), 1))\" y1=\"\(fixed(py, 1))\" x2=\"\(fixed(x(p.cost.upper), 1))\" y2=\"\(fixed(py, 1))\" stroke=\"\(colour)\" opacity=\"0.5\"/>"
            s += "<line x1=\"\(fixed(px, 1))\" y1=\"\(fixed(y(p.blankTileSeconds.lower), 1))\" x2=\"\(fixed(px, 1))\" y2=\"\(fixed(y(p.blankTileSeconds.upper), 1))\" "
                + "stroke=\"\(colour)\" opacity=\"0.5\"/>"
            s += "<circle cx=\"\(fixed(px, 1))\" cy=\"\(fixed(py, 1))\" r=\"5\" fill=\"\(colour)\"/>"
            s += "<text x=\"\(fixed(px + 7, 1))\" y=\"\(fixed(labelY(px, py, p.policy), 1))\" font-size=\"11\" fill=\"\(colour)\">\(escaped(p.policy))</text></g>\n"
        }
        return s + "</svg>\n"
    }

    static func text(_ pairs: [(String, JSONValue)], _ key: String) -> String {
        if case let .string(s)? = pairs.first(where: { $0.0 == key })?.1 { return s }
        return ""
    }

    /// JSON lines as a JSON array safe inside a `<script>` element.
    static func embedded(_ values: [JSONValue]) -> String {
        ("[" + values.map(\.serialized).joined(separator: ",") + "]").replacing("<", with: "\\u003c")
    }

    /// A number as the JSON lines write it.
    static func number(_ value: Double) -> String { JSONValue.number(value).serialized }

    /// A figure for reading: three significant digits at least, no exponent.
    static func figure(_ value: Double) -> String {
        let magnitude = abs(value)
        return fixed(value, magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2)
    }

    /// `value` with `decimals` places.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = decimals == 0 ? String(Int64(rounded)) : String(rounded)
        if decimals > 0 {
            let parts = text.split(separator: ".", maxSplits: 1)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            if fraction.contains("e") { return String(rounded) }
            text = String(parts[0]) + "." + fraction + String(repeating: "0", count: Swift.max(0, decimals - fraction.count))
        }
        return text
    }

    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
