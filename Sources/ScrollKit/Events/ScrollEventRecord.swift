/// A delegate callback as it happened: when, where the content was, and what was said.
public struct ScrollEventRecord: Equatable, Sendable {
    /// Model time of the callback, in seconds.
    public var time: Double
    /// `contentOffset` when the callback was made.
    public var offset: Point
    /// The callback and its arguments.
    public var event: ScrollEvent

    /// Makes a record.
    public init(time: Double, offset: Point, event: ScrollEvent) {
        self.time = time
        self.offset = offset
        self.event = event
    }

    /// The JSON-lines form shared by `replay --headless` and `--trace-out`:
    /// `{"t":…,"event":"willEndDragging","offset":{…},"velocity":{…},"target":{…}}`.
    /// `willEndDragging` adds `"proposedTarget"` when the delegate rewrote the target;
    /// `didEndDragging` carries `"willDecelerate"`.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("t", .number(time)), ("event", .string(event.name)), ("offset", .point(offset)),
        ]
        switch event {
        case let .willEndDragging(velocity, target, proposed):
            pairs.append(("velocity", .point(velocity)))
            pairs.append(("target", .point(target)))
            if proposed != target { pairs.append(("proposedTarget", .point(proposed))) }
        case let .didEndDragging(willDecelerate):
            pairs.append(("willDecelerate", .bool(willDecelerate)))
        default:
            break
        }
        return .object(pairs)
    }
}
