import ScrollKit

extension ScrollEventRecord {
    /// The JSON-lines form shared by `replay --headless` and `--trace-out`:
    /// `{"t":…,"event":"willEndDragging","offset":{…},"velocity":{…},"target":{…}}`.
    /// `willEndDragging` adds `"proposedTarget"` when the delegate rewrote the target;
    /// `didEndDragging` carries `"willDecelerate"`; content touches (`touchesBegan`, `touchesEnded`,
    /// `touchesCancelled`, `tap`) carry `"item"` and `"view"`, and `"control":true` on a control;
    /// `didEndZooming` carries `"scale"`. A record from a scroll view other than the scene's own says
    /// whose it is: `"scrollView":"photo"` (its offset is that scroll view's).
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("t", .number(time)), ("event", .string(event.name)), ("offset", .point(offset)),
        ]
        if let owner = scrollViewName { pairs.append(("scrollView", .string(owner))) }
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

extension ScrollEventRecord {
    /// The name of the scroll view that made the callback, when it is not the scene's own (tag 0).
    public var scrollViewName: String? {
        switch tag {
        case 0: nil
        case PhotosScene.photoTag: "photo"
        default: "tag \(tag)"
        }
    }
}
