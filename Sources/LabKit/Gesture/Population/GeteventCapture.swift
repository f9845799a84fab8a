import ScrollKit

/// An Android touch capture, as `adb shell getevent -lt` prints it, turned into gesture files
/// (B-IMPORT-1).
///
/// Lines look like `[   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000002d0`.
/// The multi-touch protocol B is followed: `ABS_MT_SLOT` picks a contact, `ABS_MT_TRACKING_ID` starts
/// one (ffffffff ends it), `ABS_MT_POSITION_X/Y` move it, `SYN_REPORT` closes a frame. A slot keeps its
/// last X and Y across contacts, as the kernel does: it sends a slot's value only when it changes, so a
/// new contact at its slot's last X (or Y) comes without one. `BTN_TOUCH` is not needed (some panels never
/// send it); a frame whose `SYN_REPORT` was dropped is closed by the next frame's first change to the same
/// contact, or by a new timestamp. After `SYN_DROPPED` (getevent's event queue overran) the frame so far is
/// closed and every event up to and including the next `SYN_REPORT` is discarded, as the kernel's
/// event-codes documentation says; the slots keep their state. Values outside the panel's range are
/// clamped (and counted). `getevent`'s own header lines (`add device …`, `  name: …`) are skipped; any
/// other line is an error naming it. `getevent -t` without `-l` prints the type and code in hex (`0003 0035
/// 000002d0`): they are read as their names. A panel on the older protocol A (no slots: each contact's
/// values end with `SYN_MT_REPORT`, the frame with `SYN_REPORT`) has its contacts in the order reported,
/// the first in slot 0; a contact a frame no longer reports has lifted.
///
/// Positions become points: panel units scaled to the display's pixels (`pixelsWide`/`pixelsHigh`,
/// by default the panel's own range), divided by the density (pixels per point). Each touch sequence
/// (first finger down to last finger up) becomes one gesture, moved — not scaled, so speeds are kept —
/// to start at the same fraction of the lab's 320 × 480 phone as of the device's screen. A second finger
/// ends the first finger's drag and becomes a pinch (scale: the fingers' distance over their first
/// distance, about their midpoint) until one lifts; the finger left may drag on (`Builder` says which
/// touches are left out).
///
/// With `wholeSession` the capture is one gesture instead: its touches, each placed as above, at their own
/// times, with the pauses between them kept (what a loader sees between touches).
public struct GeteventCapture: Sendable {
    /// The panel's range: `ABS_MT_POSITION_X` and `_Y` minimum and maximum (from `getevent -p`).
    public var rangeX: ClosedRange<Double>
    public var rangeY: ClosedRange<Double>
    /// The display's size in pixels the range spans (default: the range's own size).
    public var pixelsWide: Double?
    public var pixelsHigh: Double?
    /// Pixels per point (Android's density: 2.625 at 420 dpi).
    public var density: Double
    /// True: the whole capture is one gesture (a session); false: one gesture per touch sequence.
    public var wholeSession: Bool
    /// The device whose lines are read (`/dev/input/event2`), lines naming another skipped: a capture of
    /// every device holds a pen's or another panel's events too. nil: every line is read.
    public var device: String?

    /// Why a capture cannot be read: its line number and what is wrong.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// What a capture gave: one gesture per touch sequence (or one for the session), how many touches,
    /// and how many values were clamped.
    public struct Result: Sendable {
        public var gestures: [[PointerEvent]]
        public var touches: Int
        public var clampedValues: Int
        public var events: Int
    }

    /// A reader for a panel with these ranges.
    public init(rangeX: ClosedRange<Double>, rangeY: ClosedRange<Double>, pixelsWide: Double? = nil, pixelsHigh: Double? = nil,
                density: Double = 1, wholeSession: Bool = false) {
        self.rangeX = rangeX
        self.rangeY = rangeY
        self.pixelsWide = pixelsWide
        self.pixelsHigh = pixelsHigh
        self.density = density > 0 ? density : 1
        self.wholeSession = wholeSession
    }

    /// The largest panel coordinate accepted (as `--max-x`): a range given as `max 1e308` or `inf` is not a panel's.
    public static let rangeLimit = 1e6

    /// The panel's X and Y ranges in `getevent -p` output, or nil. Plain `-p` names the codes in hex
    /// (`0035  : value 0, min 0, max 1079, …`), `-lp` by name (`ABS_MT_POSITION_X : value 0, …`): both are read.
    public static func ranges(inDeviceInfo text: String) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        func range(_ name: String, _ hex: Substring) -> ClosedRange<Double>? {
            for line in text.split(whereSeparator: \.isNewline) where line.contains(name) || absCode(in: line) == hex {
                guard let minText = field("min", in: line), let maxText = field("max", in: line),
                      let lo = Double(minText), let hi = Double(maxText), hi > lo,
                      abs(lo) <= rangeLimit, abs(hi) <= rangeLimit else { continue }
                return lo...hi
            }
            return nil
        }
        guard let x = range("ABS_MT_POSITION_X", "0035"), let y = range("ABS_MT_POSITION_Y", "0036") else { return nil }
        return (x, y)
    }

    /// Every device `getevent -p` lists with multi-touch position ranges, in its order: its path (nil
    /// before any `add device` line) and its X and Y ranges. A phone with a pen digitizer lists two.
    public static func touchDevices(inDeviceInfo text: String) -> [(device: String?, x: ClosedRange<Double>, y: ClosedRange<Double>)] {
        var blocks: [(device: String?, lines: [Substring])] = [(nil, [])]
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("add device"), let colon = line.firstIndex(of: ":") {
                let path = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).first
                blocks.append((path.map(String.init), []))
            } else {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        return blocks.compactMap { block in ranges(inDeviceInfo: block.lines.joined(separator: "\n")).map { (block.device, $0.x, $0.y) } }
    }

    /// Every device `getevent -p` lists (`add device 1: /dev/input/event0`), touch or not.
    public static func listedDevices(inDeviceInfo text: String) -> Set<String> {
        var paths: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("add device") {
            guard let colon = line.firstIndex(of: ":"),
                  let path = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).first else { continue }
            paths.insert(String(path))
        }
        return paths
    }

    /// The device a capture line names (`/dev/input/event2` in `[ 1.0] /dev/input/event2: EV_ABS …`), or nil.
    public static func device(inLine line: Substring) -> String? {
        guard line.first == "[", let close = line.firstIndex(of: "]"),
              let first = line[line.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
              first.hasSuffix(":") else { return nil }
        return String(first.dropLast())
    }

    /// The code a `getevent -p` ABS line describes: the word before its `: value` (`0035` in
    /// `    ABS (0003): 0035  : value 0, …` or `                0035  : value 0, …`), or nil.
    private static func absCode(in line: Substring) -> Substring? {
        guard let value = line.firstRange(of: "value") else { return nil }
        return line[..<value.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" }).last
    }

    private static func field(_ name: String, in line: Substring) -> String? {
        let parts = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard let i = parts.firstIndex(where: { $0 == Substring(name) }), i + 1 < parts.count else { return nil }
        return String(parts[i + 1])
    }

    struct Contact: Sendable {
        var id: Int
        var x: Double?
        var y: Double?
    }

    /// A slot's last X and Y (nil until the capture gives one).
    struct SlotPosition: Sendable {
        var x: Double?
        var y: Double?
    }

    /// The most contacts a capture may track at once (slots 0…63; panels track 10 or so): the reader
    /// keeps one state per slot, so memory and time per line stay bounded whatever the capture says.
    public static let slotLimit = 64

    /// What a capture line gives: a pointer event of the current gesture, the end of a touch within a
    /// session (`wholeSession`: the gesture so far is whole), or the end of the gesture.
    public enum Output: Equatable, Sendable {
        case event(PointerEvent)
        case endOfTouch
        case endOfGesture
    }

    /// Reads a whole capture (held in memory: for tests and small captures; `Reader` streams).
    public func read(_ text: String) throws(Problem) -> Result {
        var reader = Reader(capture: self)
        var gestures: [[PointerEvent]] = []
        var current: [PointerEvent] = []
        var touches = 0
        func take(_ outputs: [Output]) {
            for output in outputs {
                switch output {
                case let .event(e): current.append(e)
                case .endOfTouch: touches += 1
                case .endOfGesture:
                    if !wholeSession { touches += 1 }
                    gestures.append(current)
                    current = []
                }
            }
        }
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) { take(try reader.read(line: raw)) }
        take(try reader.finish())
        return Result(gestures: gestures, touches: touches, clampedValues: reader.clampedValues, events: reader.events)
    }

    /// Reads a capture line by line, with memory bounded by `slotLimit` (B-BATCH-1). Every event it gives
    /// is checked with the gesture parser's own limits (finite, in bounds) and for time running forward,
    /// so a gesture file made from it is one `replay` accepts; anything else is a `Problem` naming the
    /// capture's line.
    public struct Reader: Sendable {
        public let capture: GeteventCapture
        /// Lines read, values clamped to the panel's range, position values read.
        public private(set) var lineNumber = 0
        public private(set) var clampedValues = 0
        public private(set) var events = 0

        private var slots: [Int: Contact] = [:]
        /// Each slot's last X and Y, kept after its contact lifts: the input core sends a slot's value only
        /// when it changes, so a new contact starts from these (Android's InputReader keeps them too).
        private var slotPositions: [Int: SlotPosition] = [:]
        private var slot = 0
        private var pending = false
        /// True from a `SYN_DROPPED` to the next `SYN_REPORT`: the events between are discarded.
        private var dropping = false
        /// Protocol A's contacts in the frame being read.
        private var reports = ContactReports()
        private var frameTime = 0.0
        /// The last line stamped before the line read before it.
        private var stampWentBack: Int?
        private var firstTime: Double?
        private var builder: Builder

        public init(capture: GeteventCapture) {
            self.capture = capture
            builder = Builder(capture: capture)
        }

        /// Reads the next line (without its `\n`); returns what it completed.
        public mutating func read(line raw: Substring) throws(Problem) -> [Output] {
            lineNumber += 1
            try step(raw)
            if let reason = builder.problem { throw problem(reason) }
            defer { builder.outbox.removeAll(keepingCapacity: true) }
            return builder.outbox
        }

        /// Ends the capture: lifts every finger; returns what that completed.
        public mutating func finish() throws(Problem) -> [Output] {
            if pending { builder.frame(time: frameTime, slots: slots) }
            slots.removeAll()
            builder.frame(time: frameTime, slots: slots)
            builder.endSession()
            if let reason = builder.problem { throw problem(reason) }
            defer { builder.outbox.removeAll() }
            return builder.outbox
        }

        /// The builder's problem at its line: time going back is named at the last line whose stamp went back
        /// (a frame is made at its `SYN_REPORT`, often a line or more later).
        private func problem(_ reason: String) -> Problem {
            Problem(line: builder.timeWentBack ? (stampWentBack ?? lineNumber) : lineNumber, reason: reason)
        }

        private mutating func step(_ raw: Substring) throws(Problem) {
            let lineNumber = self.lineNumber
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
            guard line.first == "[" else {
                if GeteventCapture.isHeader(line) { return }
                if line.hasPrefix("/dev/input/") {
                    throw Problem(line: lineNumber, reason: "an event without getevent's [seconds] timestamp: record with `getevent -lt` (-t gives the times)")
                }
                throw Problem(line: lineNumber, reason: "not a `getevent -lt` line: \(line.prefix(60))")
            }
            guard let close = line.firstIndex(of: "]"), let stamp = Double(line[line.index(after: line.startIndex)..<close]
                .trimmingCharacters(in: " ")), stamp.isFinite, abs(stamp) <= GestureFile.timeLimitMilliseconds / 1000 else {
                throw Problem(line: lineNumber, reason: "no [seconds] timestamp (a finite number of seconds within ±10¹⁰)")
            }
            let rest = line[line.index(after: close)...]
            let fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // "/dev/input/event2:" EV_TYPE CODE VALUE (the device is optional: one device captured alone).
            let named = fields.first.map { $0.hasSuffix(":") } == true
            if let wanted = capture.device, named, let first = fields.first, first.dropLast() != Substring(wanted) { return }
            let body = named ? Array(fields.dropFirst()) : fields
            guard body.count == 3 else { throw Problem(line: lineNumber, reason: "expected TYPE CODE VALUE after the timestamp") }
            let (type, code) = GeteventCapture.names(type: body[0], code: body[1])
            let valueText = body[2]
            let first = firstTime ?? stamp
            firstTime = first
            let t = stamp - first
            if t < -1e-9 { throw Problem(line: lineNumber, reason: "time goes back before the capture's first line") }
            guard t * 1000 <= GestureFile.relativeTimeLimitMilliseconds else {
                throw Problem(line: lineNumber, reason: "more than 10¹⁰ ms after the capture's first line")
            }
            // A new timestamp with changes not yet reported: the SYN_REPORT was dropped.
            if pending && t > frameTime + 1e-9 {
                builder.frame(time: frameTime, slots: slots)
                pending = false
            }
            if t < frameTime - 1e-9 { stampWentBack = lineNumber }
            frameTime = t
            // The rest of a packet whose start (its ABS_MT_SLOT, say) was lost: not applied to any slot.
            if dropping {
                if type == "EV_SYN", code == "SYN_REPORT" { dropping = false }
                return
            }
            switch (type, code) {
            case ("EV_SYN", "SYN_REPORT"):
                if reports.isOn {
                    // Protocol A: the contacts this frame did not report have lifted.
                    if reports.hasData { reports.reported.insert(slot) }
                    for lifted in slots.keys where !reports.reported.contains(lifted) {
                        slots[lifted] = nil
                        pending = true
                    }
                    reports.reported.removeAll(keepingCapacity: true)
                    slot = 0
                }
                reports.hasData = false
                if pending { builder.frame(time: t, slots: slots) }
                pending = false
            case ("EV_SYN", "SYN_MT_REPORT"):
                // Protocol A: the contact just reported is whole; the next one goes in the next slot.
                reports.isOn = true
                if reports.hasData {
                    reports.reported.insert(slot)
                    reports.hasData = false
                    guard slot + 1 < GeteventCapture.slotLimit else {
                        throw Problem(line: lineNumber, reason: "more than \(GeteventCapture.slotLimit) contacts in one frame")
                    }
                    slot += 1
                }
            case ("EV_SYN", "SYN_DROPPED"):
                // Closed as a frame whose SYN_REPORT was dropped; what follows, to the next SYN_REPORT, is discarded.
                if pending { builder.frame(time: t, slots: slots) }
                pending = false
                dropping = true
            case ("EV_ABS", "ABS_MT_SLOT"):
                guard let v = GeteventCapture.number(valueText) else { throw Problem(line: lineNumber, reason: "bad slot value \(valueText)") }
                guard (0..<Double(GeteventCapture.slotLimit)).contains(v) else {
                    throw Problem(line: lineNumber, reason: "slot \(Int(v)) is outside 0…\(GeteventCapture.slotLimit - 1)")
                }
                slot = Int(v)
            case ("EV_ABS", "ABS_MT_TRACKING_ID"):
                guard let v = GeteventCapture.number(valueText) else { throw Problem(line: lineNumber, reason: "bad tracking id \(valueText)") }
                if v < 0 || valueText.lowercased() == "ffffffff" {
                    if slots[slot] != nil { slots[slot] = nil; pending = true }
                } else {
                    if pending, slots[slot] != nil {
                        builder.frame(time: t, slots: slots)   // a lift whose SYN_REPORT was dropped
                    }
                    let last = slotPositions[slot]
                    slots[slot] = Contact(id: Int(v), x: last?.x, y: last?.y)
                    pending = true
                }
            case ("EV_ABS", "ABS_MT_POSITION_X"), ("EV_ABS", "ABS_MT_POSITION_Y"):
                guard let v = GeteventCapture.number(valueText) else { throw Problem(line: lineNumber, reason: "bad position \(valueText)") }
                let range = code == "ABS_MT_POSITION_X" ? capture.rangeX : capture.rangeY
                let inRange = Swift.min(range.upperBound, Swift.max(range.lowerBound, v))
                if inRange != v { clampedValues += 1 }
                // A device without tracking ids for a single finger (no ABS_MT_TRACKING_ID): a contact appears.
                var contact = slots[slot] ?? Contact(id: -1 - slot)
                var last = slotPositions[slot] ?? SlotPosition()
                if code == "ABS_MT_POSITION_X" {
                    contact.x = inRange
                    last.x = inRange
                } else {
                    contact.y = inRange
                    last.y = inRange
                }
                slots[slot] = contact
                slotPositions[slot] = last
                pending = true
                reports.hasData = true
                events += 1
            case ("EV_KEY", "BTN_TOUCH"):
                if GeteventCapture.number(valueText) == 0 {
                    // Every finger is off, whatever the tracking ids said.
                    if !slots.isEmpty { slots.removeAll(); pending = true }
                }
            default:
                break   // pressure, touch size, BTN_TOOL_FINGER, MSC_TIMESTAMP…: not used
            }
        }
    }

    /// Protocol A's contacts in a frame: whether the panel speaks it (a `SYN_MT_REPORT` was seen), the slots
    /// reported so far, and whether values came since the last `SYN_MT_REPORT`.
    struct ContactReports: Sendable {
        var isOn = false
        var reported: Set<Int> = []
        var hasData = false
    }

    /// The names `getevent -l` gives a type and code that `getevent` without `-l` prints in hex (`0003`
    /// `0035`: `EV_ABS` `ABS_MT_POSITION_X`), for the ones the reader uses; others as they are.
    static func names(type: Substring, code: Substring) -> (Substring, Substring) {
        guard type.count == 4, code.count == 4, let t = UInt16(type, radix: 16), let c = UInt16(code, radix: 16) else { return (type, code) }
        switch (t, c) {
        case (0, 0): return ("EV_SYN", "SYN_REPORT")
        case (0, 2): return ("EV_SYN", "SYN_MT_REPORT")
        case (0, 3): return ("EV_SYN", "SYN_DROPPED")
        case (1, 0x14a): return ("EV_KEY", "BTN_TOUCH")
        case (3, 0x2f): return ("EV_ABS", "ABS_MT_SLOT")
        case (3, 0x35): return ("EV_ABS", "ABS_MT_POSITION_X")
        case (3, 0x36): return ("EV_ABS", "ABS_MT_POSITION_Y")
        case (3, 0x39): return ("EV_ABS", "ABS_MT_TRACKING_ID")
        default: return (type, code)
        }
    }

    /// What of a capture's last line, written without its end of line, is cut short (a capture stopped
    /// mid-line), or nil when it is whole: `its timestamp`, `its event` (fewer than TYPE CODE VALUE), or
    /// `its value "0000"` (getevent writes eight hex digits, or DOWN and UP: `0000` must not read as 0).
    public static func cutShort(_ raw: Substring) -> String? {
        let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
        guard line.first == "[" else { return nil }
        guard let close = line.firstIndex(of: "]") else { return "its timestamp" }
        let fields = line[line.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
        let body = fields.first.map { $0.hasSuffix(":") } == true ? Array(fields.dropFirst()) : fields
        guard body.count >= 3 else { return "its event" }
        let value = body[2]
        if value.count < 8, value.allSatisfy(\.isHexDigit) || number(value) == nil { return "its value \"\(value)\"" }
        return nil
    }

    static func isHeader(_ line: Substring) -> Bool {
        let t = line.drop { $0 == " " || $0 == "\t" }
        return line.hasPrefix("add device") || line.hasPrefix("remove device") || line.hasPrefix("could not") || t.hasPrefix("name:") || t.hasPrefix("events:")
            || t.hasPrefix("input props:") || t.hasPrefix("bus:") || t.hasPrefix("location:") || t.hasPrefix("id:")
            || t.hasPrefix("version:")
    }

    /// A getevent value: hex (`000002d0`, `ffffffff` as −1), or a -l name (`DOWN` 1, `UP` 0).
    static func number(_ text: Substring) -> Double? {
        switch text {
        case "DOWN": return 1
        case "UP": return 0
        default: break
        }
        guard let bits = UInt32(text, radix: 16) else { return nil }
        return Double(Int32(bitPattern: bits))
    }

    /// Points on the device's screen from panel units.
    func points(x: Double, y: Double) -> Point {
        let wide = pixelsWide ?? (rangeX.upperBound - rangeX.lowerBound + 1)
        let high = pixelsHigh ?? (rangeY.upperBound - rangeY.lowerBound + 1)
        let px = (x - rangeX.lowerBound) / (rangeX.upperBound - rangeX.lowerBound + 1) * wide
        let py = (y - rangeY.lowerBound) / (rangeY.upperBound - rangeY.lowerBound + 1) * high
        return Point(x: px / density, y: py / density)
    }

    /// The device's screen in points.
    var screen: Size {
        Size(width: (pixelsWide ?? (rangeX.upperBound - rangeX.lowerBound + 1)) / density,
             height: (pixelsHigh ?? (rangeY.upperBound - rangeY.lowerBound + 1)) / density)
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return s
    }
}
