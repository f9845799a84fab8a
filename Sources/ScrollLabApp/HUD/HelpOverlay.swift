import ScrollKit
import ScrollLabCore

/// The `H` overlay: every key of every scene (a scene's own keys marked with it, dimmed when it is
/// not the scene shown), what keys do in compare mode when phones stand side by side, the timeline's
/// abbreviations and the HUD's status terms, flowed in columns over the dimmed window (`HelpLayout`).
@MainActor
struct HelpOverlay {
    /// One key and what it does; `scene` names the only scene it acts on (nil: every scene).
    struct Entry: Equatable {
        var key: String
        var action: String
        var scene: String? = nil
    }

    let canvas: Canvas
    let text: TextCache

    /// Draws the overlay listing `entries`, with `current` the scene shown, over a layout of `size`
    /// holding `phones` phones (more than one: compare mode's section too).
    func draw(_ entries: [Entry], current: String, size: Size, phones: Int = 1) {
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), RGBA(0, 0, 0, 170))
        let layout = HelpLayout(entries, current: current, metrics: text.fonts.metrics, size: size, comparing: phones > 1)
        canvas.fillRounded(layout.panel, radius: 12, RGBA(36, 40, 48))
        for box in layout.boxes {
            text.draw(box.text, style: box.style, colour: box.colour, x: Int32(box.frame.minX.rounded()),
                      y: Int32(box.frame.minY.rounded()))
        }
    }
}

/// Where the help's text goes: sections (the keys; compare mode's; the timeline's labels), each a
/// heading and entries of a key and its action wrapped beside it, flowed top to bottom into as many
/// columns as the panel's width holds, an entry never split across columns. At the least layout
/// (960×600) everything fits whole (a test holds it with the real fonts); a bigger layout gets wider
/// columns and fewer wrapped lines. Pure, for tests.
struct HelpLayout {
    /// The panel, layout points.
    private(set) var panel: Rect
    private(set) var boxes: [HUDLayout.Box] = []
    /// False when some entry found no room (a test asserts it never happens at 960×600).
    private(set) var fits = true
    /// The columns' frames inside the panel.
    private(set) var columns: [Rect] = []

    /// The timeline's abbreviations and what else the HUD shows in short.
    static let legend: [(String, String)] = [
        ("wBD", "willBeginDragging"), ("wED", "willEndDragging"),
        ("dED(T)", "didEndDragging(willDecelerate: true)"), ("dED(F)", "didEndDragging(willDecelerate: false)"),
        ("wBDec", "willBeginDecelerating"), ("dEDec", "didEndDecelerating"),
        ("dEDec*", "left over from an interrupted fling"), ("dESA", "didEndScrollingAnimation"),
        ("tB", "touchesBegan (a tile)"), ("tE", "touchesEnded"), ("tC", "touchesCancelled"),
        ("tap", "a tap on a tile (or its ♥)"), ("wBZ", "willBeginZooming"), ("dEZ", "didEndZooming"),
        ("×3", "three at one instant"), ("+n", "callbacks with no room for a label"),
        ("¹²³", "policy table: a seed problem shown broken"),
    ]

    /// What the HUD's terms that do not explain themselves mean (each as the HUD writes it); the table's
    /// columns say their units.
    static let hudTerms: [(String, String)] = [
        ("fades·stale", "cache hits faded in · wrong images shown (both must be 0)"),
        ("peak", "most decoded image memory held"),
        ("ready", "tiles with their image on appearing"),
        ("problem", "a seed 000 bug shown broken (B)"),
        ("p99", "frame interval, over the last second"),
        ("hitch", "ms late per s of scrolling; < 5 good"),
    ]

    /// What keys do when phones stand side by side (`--compare`), read from the key table: the per-phone
    /// keys (the policy digits) act on the phone under the pointer, every other key on every phone, A not at all.
    static var compareEntries: [HelpOverlay.Entry] {
        let policyDigits = KeyTable.window.bindings.flatMap { binding in
            binding.keys.filter { key in
                if case let .scene(action) = binding.action(key) { return action.isPerPhone }
                return false
            }
        }.compactMap(\.digit)
        let numbered = policyDigits.filter { $0 > 0 }.map { $0 - 1 }
        let policyKeys = SceneKind.digitLabel(numbered) + (policyDigits.contains(0) ? ", 0" : "")
        return [
            HelpOverlay.Entry(key: "drag", action: "drives every phone; the HUD follows the one under the pointer"),
            HelpOverlay.Entry(key: policyKeys, action: "policy of the phone under the pointer"),
            HelpOverlay.Entry(key: "A", action: "not here: the phones already compare"),
            HelpOverlay.Entry(key: "others", action: "every phone at once"),
        ]
    }

    /// Width of a column at the least; the panel holds as many as fit.
    static let minimumColumnWidth = 270.0
    static let columnGap = 18.0
    /// Room after the widest key before its action.
    static let keyGap = 8.0
    /// Room inside the panel around the columns.
    static let inset = 16.0
    /// Room between two of the timeline's labels run on in one line.
    static let pairGap = 16.0

    /// The width of a timeline label and its meaning set on one line.
    static func pairWidth(_ key: String, _ text: String, metrics: TextMetrics) -> Double {
        metrics.width(key, .mono) + keyGap + metrics.width(text, .label)
    }

    init(_ entries: [HelpOverlay.Entry], current: String, metrics: TextMetrics, size: Size = HUDLayout.baseSize,
         comparing: Bool = false) {
        // As roomy as the help's length allows: the first of these that holds every entry whole (a lab
        // with more keys than the roomy layout holds gets tighter lines, then narrower columns, then the
        // timeline's labels run on as a paragraph).
        var layout = HelpLayout(entries, current: current, metrics: metrics, size: size, comparing: comparing, density: Density.all[0])
        for density in Density.all.dropFirst() where !layout.fits {
            layout = HelpLayout(entries, current: current, metrics: metrics, size: size, comparing: comparing, density: density)
        }
        self = layout
    }

    /// How closely the help is set: the least column width, the room between entries and before a
    /// heading, and whether the timeline's labels are listed one a line or run on.
    struct Density {
        var minimumColumnWidth: Double
        var entryGap: Double
        var headingGap: Double
        var legendRunsOn: Bool
        /// The timeline's labels and the HUD's terms in the small face (the tightest: a lab with many more keys).
        var smallLegends = false

        /// Roomiest first.
        static let all = [
            Density(minimumColumnWidth: HelpLayout.minimumColumnWidth, entryGap: 2, headingGap: 6, legendRunsOn: false),
            Density(minimumColumnWidth: HelpLayout.minimumColumnWidth, entryGap: 0, headingGap: 2, legendRunsOn: false),
            Density(minimumColumnWidth: HelpLayout.minimumColumnWidth, entryGap: 0, headingGap: 2, legendRunsOn: true),
            Density(minimumColumnWidth: 200, entryGap: 0, headingGap: 2, legendRunsOn: true),
            Density(minimumColumnWidth: 200, entryGap: 0, headingGap: 2, legendRunsOn: false, smallLegends: true),
        ]
    }

    private init(_ entries: [HelpOverlay.Entry], current: String, metrics: TextMetrics, size: Size, comparing: Bool,
                 density: Density) {
        // The panel: the layout less a margin, no wider than the 960-point layout needs plus half the rest
        // (a wide window's help stays readable, not a strip across the screen).
        let width = Swift.min(size.width - 40, 920 + (size.width - 960) / 2).rounded(.down)
        panel = Rect(x: ((size.width - width) / 2).rounded(.down), y: 12, width: width, height: size.height - 24)
        let inner = panel.insetBy(dx: Self.inset, dy: Self.inset)
        let count = Swift.max(1, Int((inner.width + Self.columnGap) / (density.minimumColumnWidth + Self.columnGap)))
        let columnWidth = ((inner.width - Double(count - 1) * Self.columnGap) / Double(count)).rounded(.down)
        columns = (0..<count).map { index in
            Rect(x: inner.minX + Double(index) * (columnWidth + Self.columnGap), y: inner.minY, width: columnWidth, height: inner.height)
        }

        let line = Swift.max(metrics.lineHeight(.label), metrics.lineHeight(.mono))
        // The key cell: as wide as the widest key of every section (the action is wrapped beside it).
        let keys = entries.map(\.key) + Self.legend.map(\.0) + (comparing ? Self.compareEntries.map(\.key) : [])
        let keyWidth = (keys.map { metrics.width($0, .mono) }.max() ?? 0) + Self.keyGap
        let heading = metrics.lineHeight(.heading) + density.headingGap
        // A block is a run of lines kept together in one column.
        struct Line {
            var key: String?; var text: String; var style: TextStyle; var keyColour: RGBA; var colour: RGBA
            /// Several short keys and what they mean on one line, each key right before its text (the
            /// timeline's labels run on); `key` and `text` are then unused.
            var pairs: [(key: String, text: String)] = []
            /// The text's offset from the column's left when not the key cell's (the HUD terms' own cell).
            var indent: Double? = nil
            /// The key's face (the small face when the legends are small).
            var keyStyle: TextStyle = .mono
        }
        // The legends' faces: the key's and the meaning's.
        let (legendKey, legendText): (TextStyle, TextStyle) = density.smallLegends ? (.small, .small) : (.mono, .label)
        /// A legend: each key, then its meaning wrapped in a cell as wide as its widest key.
        func legendBlocks(_ pairs: [(String, String)]) {
            let indent = (pairs.map { metrics.width($0.0, legendKey) }.max() ?? 0) + Self.keyGap
            for (key, meaning) in pairs {
                let wrapped = metrics.wrap(meaning, style: legendText, toWidth: columnWidth - indent)
                blocks.append((wrapped.enumerated().map { index, text in
                    Line(key: index == 0 ? key : nil, text: text, style: legendText, keyColour: .active, colour: .dimText, indent: indent,
                         keyStyle: legendKey)
                }, false))
            }
        }
        var blocks: [(lines: [Line], isHeading: Bool)] = []
        func section(_ title: String, note: String?, _ items: [(key: String, action: String, dim: Bool, textColour: RGBA)]) {
            blocks.append(([Line(key: nil, text: title, style: .heading, keyColour: .heading, colour: .heading)]
                           + (note.map { metrics.wrap($0, style: .label, toWidth: columnWidth) }?.map {
                               Line(key: nil, text: $0, style: .label, keyColour: .dimText, colour: .dimText)
                           } ?? []), true))
            for item in items {
                let wrapped = metrics.wrap(item.action, style: .label, toWidth: columnWidth - keyWidth)
                blocks.append((wrapped.enumerated().map { index, text in
                    Line(key: index == 0 ? item.key : nil, text: text, style: .label,
                         keyColour: item.dim ? .dimText : .active, colour: item.dim ? .dimText : item.textColour)
                }, false))
            }
        }
        section("Keys", note: "(grid): one scene's · Esc closes", entries.map { entry in
            let elsewhere = entry.scene.map { $0 != current } ?? false
            return (entry.key, entry.action + (entry.scene.map { " (\($0))" } ?? ""), elsewhere, .text)
        })
        if comparing {
            section("Compare mode", note: nil, Self.compareEntries.map { ($0.key, $0.action, false, .text) })
        }
        if density.legendRunsOn {
            // Several labels to a line ("wBD willBeginDragging   wED willEndDragging"); one too wide for a
            // line of its own is wrapped beside its key as usual.
            section("Timeline labels", note: nil, [])
            var pending: [(key: String, text: String)] = [], used = 0.0
            func flushPending() {
                if !pending.isEmpty {
                    blocks.append(([Line(key: nil, text: "", style: .label, keyColour: .active, colour: .dimText, pairs: pending)], false))
                }
                pending = []
                used = 0
            }
            for (key, text) in Self.legend {
                let width = Self.pairWidth(key, text, metrics: metrics)
                if width > columnWidth {
                    flushPending()
                    let wrapped = metrics.wrap(text, style: .label, toWidth: columnWidth - keyWidth)
                    blocks.append((wrapped.enumerated().map { index, line in
                        Line(key: index == 0 ? key : nil, text: line, style: .label, keyColour: .active, colour: .dimText)
                    }, false))
                    continue
                }
                if !pending.isEmpty, used + Self.pairGap + width > columnWidth { flushPending() }
                used += (pending.isEmpty ? 0 : Self.pairGap) + width
                pending.append((key, text))
            }
            flushPending()
        } else if density.smallLegends {
            section("Timeline labels", note: nil, [])
            legendBlocks(Self.legend)
        } else {
            section("Timeline labels", note: nil, Self.legend.map { ($0.0, $0.1, false, .dimText) })
        }

        // The HUD's terms: each term, then its meaning wrapped beside it (the terms' own cell: they are
        // wider than the keys).
        section("HUD terms", note: nil, [])
        legendBlocks(Self.hudTerms)

        // A line's height: a heading's, the small face's, or the keys' and labels'.
        let small = Swift.max(metrics.lineHeight(.small), 1) + 1
        func lineHeight(_ entry: Line) -> Double { entry.style == .heading ? heading : entry.style == .small ? small : line }
        // Flow the blocks down the columns; a heading moves on with the block after it.
        var column = 0, y = inner.minY
        func height(_ block: (lines: [Line], isHeading: Bool)) -> Double {
            block.lines.reduce(0) { $0 + lineHeight($1) } + (block.isHeading ? 0 : density.entryGap)
        }
        for (index, block) in blocks.enumerated() {
            var needed = height(block)
            if block.isHeading, index + 1 < blocks.count { needed += height(blocks[index + 1]) }
            if y + needed > inner.maxY, y > inner.minY {
                column += 1
                y = inner.minY
            }
            guard column < count, y + needed <= inner.maxY else {
                fits = false
                break
            }
            if block.isHeading, y > inner.minY { y += density.headingGap }
            let x = columns[column].minX
            for entry in block.lines {
                var pairX = x
                for (key, text) in entry.pairs {
                    put(key, .mono, entry.keyColour, x: pairX, y: y + 1, width: columnWidth, metrics: metrics)
                    pairX += metrics.width(key, .mono) + Self.keyGap
                    put(text, .label, entry.colour, x: pairX, y: y, width: x + columnWidth - pairX, metrics: metrics)
                    pairX += metrics.width(text, .label) + Self.pairGap
                }
                if !entry.pairs.isEmpty {
                    y += line
                    continue
                }
                let indent = entry.indent ?? keyWidth
                let textX = entry.style == .heading || block.isHeading ? x : x + indent
                if let key = entry.key {
                    put(key, entry.keyStyle, entry.keyColour, x: x, y: y + (entry.keyStyle == .mono ? 1 : 0), width: indent - Self.keyGap,
                        metrics: metrics)
                }
                put(entry.text, entry.style, entry.colour, x: textX, y: y,
                    width: columnWidth - (textX - x), metrics: metrics)
                y += lineHeight(entry)
            }
            if !block.isHeading { y += density.entryGap }
        }
        // A wide layout whose help needs fewer columns than it has room for: the panel narrows round them.
        let used = Swift.min(column + 1, count)
        if used < count {
            let spare = Double(count - used) * (columnWidth + Self.columnGap)
            let shift = (spare / 2).rounded(.down)
            panel = Rect(x: panel.minX + shift, y: panel.minY, width: panel.width - spare, height: panel.height)
            columns = Array(columns.prefix(used)).map { $0.offsetBy(Point(x: shift, y: 0)) }
            boxes = boxes.map { box in
                var moved = box
                moved.frame = box.frame.offsetBy(Point(x: shift, y: 0))
                return moved
            }
        }
    }

    private mutating func put(_ text: String, _ style: TextStyle, _ colour: RGBA, x: Double, y: Double, width: Double,
                              metrics: TextMetrics) {
        let shown = metrics.elide(text, style: style, toWidth: width)
        if shown != text { fits = false }
        boxes.append(HUDLayout.Box(text: shown, style: style, colour: colour,
                                   frame: Rect(x: x, y: y, width: metrics.width(shown, style), height: metrics.lineHeight(style)),
                                   column: 0))
    }
}

extension TextMetrics {
    /// `text` broken at spaces into lines no wider than `width`; a word wider than that is broken where
    /// it reaches the edge (a path, a long name), never elided.
    func wrap(_ text: String, style: TextStyle, toWidth width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if self.width(candidate, style) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = String(word)
            // A word too wide for a line of its own: its longest prefix that fits, again and again.
            while self.width(line, style) > width, line.count > 1 {
                let characters = Array(line)
                var low = 1, high = characters.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if self.width(String(characters[..<middle]), style) <= width { low = middle } else { high = middle - 1 }
                }
                lines.append(String(characters[..<low]))
                line = String(characters[low...])
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
