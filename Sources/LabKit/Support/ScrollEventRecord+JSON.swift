import ScrollKit

extension ScrollEventRecord {
    /// The JSON-lines form shared by `replay --headless` and `--trace-out`:
    /// `{"t":…,"event":"willEndDragging","offset":{…},"velocity":{…},"target":{…}}`.
    /// `willEndDragging` adds `"proposedTarget"` when the delegate rewrote the target;
    /// `didEndDragging` carries `"willDecelerate"`; content touches (`touchesBegan`, `touchesEnded`,
    /// `touchesCancelled`, `tap`) carry `"item"` and `"view"`, and `"control":true` on a control;
    /// `didEndZooming` carries `"scale"`.
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
        case let .contentTouch(_, view):
            pairs.append(("item", .int(view.item)))
            pairs.append(("view", .int(view.view)))
            if view.isControl { pairs.append(("control", .bool(true))) }
        case let .didEndZooming(scale):
            pairs.append(("scale", .number(scale)))
        default:
            break
        }
        return .object(pairs)
    }
}
