import ScrollKit

/// Gesture files: one pointer sample per line as JSON, `{"t_ms":…,"x":…,"y":…,"phase":"down|move|up"}`,
/// and pinches (B-ZOOM-1): `{"t_ms":…,"x":…,"y":…,"phase":"pinch","scale":s}` (s cumulative since the pinch
/// began, about x, y) ending with `{"t_ms":…,"phase":"pinchEnd"}`, and wheel scrolls:
/// `{"t_ms":…,"x":…,"y":…,"phase":"wheel","dx":…,"dy":…,"precise":false}` (the scroll in points of content
/// offset at the pointer x, y; `precise` true for a trackpad's fractions of a notch, false for a wheel's notches).
///
/// Positions are points relative to the phone viewport's top-left; `t_ms` is milliseconds on any clock
/// (only differences matter): every command reads times relative to the file's first sample, so a file
/// stamped with Unix-epoch milliseconds means the same in `replay`, `velocity` and the window. A file may
/// hold several gestures in a row.
///
/// Rules, applied line by line so that a file always parses the same way:
/// - lines end with `\n` (`\r\n` is fine); a UTF-8 byte-order mark before the first line is skipped;
///   a line that is not UTF-8 or longer than `lineLimit` bytes is an error naming it;
/// - blank (whitespace-only) lines are skipped but still counted for line numbers;
/// - `t_ms`, `x`, `y` must be JSON numbers, `phase` one of the three strings; other keys are ignored;
/// - `|x|`, `|y|` must not exceed `positionLimit` (10⁷ pt); `|t_ms|` must not exceed `timeLimitMilliseconds`
///   (10¹³ ms, which admits uptime and Unix-epoch clocks), and `t_ms` must lie within
///   `relativeTimeLimitMilliseconds` (10¹⁰ ms, 115 days) of the first sample's: the model's clocks
///   count in seconds from there, and a time they cannot represent is an error, never a clamp;
/// - `pinch` needs a positive `scale`, `pinchEnd` needs neither `x` nor `y`; pinches are not checked
///   against the pointer's state; `wheel` needs `dx` and `dy` (within `positionLimit`), `precise` is
///   optional (false);
/// - `move` and `up` need a preceding `down`; a `down` needs the previous gesture to have ended with `up`;
///   a file may end while the pointer is down;
/// - timestamps that repeat or go backwards are kept as written: they are not errors here. The
///   velocity tracker repairs them (repeats are kept, backwards times are clamped to the previous one).
public enum GestureFile {
    /// Largest accepted `|x|` or `|y|`, in points.
    public static let positionLimit = 1e7
    /// Largest accepted `|t_ms|`, in milliseconds.
    public static let timeLimitMilliseconds = 1e13
    /// Largest accepted pinch `scale` (and 1 / it the smallest).
    public static let scaleLimit = 1e3
    /// Largest accepted distance of a `t_ms` from the first sample's, in milliseconds.
    public static let relativeTimeLimitMilliseconds = 1e10
    /// Longest accepted line, in bytes (a sample line is under 100).
    public static let lineLimit = 4096

    /// Parses gesture-file text into pointer events, in file order (see `GestureFileParser`).
    /// Throws the first problem found, naming its line.
    public static func parse(_ text: String) throws(GestureFileError) -> [PointerEvent] {
        var parser = GestureFileParser()
        var events: [PointerEvent] = []
        var utf8 = text.utf8[...]
        while let newline = utf8.firstIndex(of: UInt8(ascii: "\n")) {
            if let event = try parser.parse(line: utf8[..<newline]) { events.append(event) }
            utf8 = utf8[utf8.index(after: newline)...]
        }
        if !utf8.isEmpty, let event = try parser.parse(line: utf8) { events.append(event) }
        return events
    }

    /// One line per event, `{"t_ms":…,"x":…,"y":…,"phase":"…"}`, each ending in a newline.
    /// Numbers are written with at most 6 decimals, so values read from a file round-trip exactly.
    public static func serialize(_ events: [PointerEvent]) -> String {
        var out = ""
        for event in events {
            var pairs: [(String, JSONValue)] = [("t_ms", .number(event.time * 1000))]
            if event.phase != .pinchEnd {
                pairs += [("x", .number(event.position.x)), ("y", .number(event.position.y))]
            }
            pairs.append(("phase", .string(event.phase.rawValue)))
            if event.phase == .pinch { pairs.append(("scale", .number(event.scale))) }
            if event.phase == .wheel {
                pairs += [("dx", .number(event.delta.x)), ("dy", .number(event.delta.y)), ("precise", .bool(event.isPrecise))]
            }
            out += JSONValue.object(pairs).serialized
            out += "\n"
        }
        return out
    }

    /// Splits events into gestures, each running from a `down` to its `up` inclusive.
    ///
    /// Events outside a gesture (a `move` or `up` with no `down` before it) are ignored; a `down` while
    /// a gesture is open starts a new one. A gesture still open at the end is included only when
    /// `includingIncomplete` is true.
    public static func gestures(_ events: [PointerEvent], includingIncomplete: Bool = false) -> [[PointerEvent]] {
        var result: [[PointerEvent]] = []
        var open: [PointerEvent]? = nil
        for event in events {
            switch event.phase {
            case .down:
                open = [event]
            case .move:
                open?.append(event)
            case .up:
                if var gesture = open {
                    gesture.append(event)
                    result.append(gesture)
                    open = nil
                }
            case .pinch, .pinchEnd, .wheel:
                break
            }
        }
        if includingIncomplete, let gesture = open { result.append(gesture) }
        return result
    }
}
