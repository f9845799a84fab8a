/// Pointer samples as one input: the phase picks the touch method.
public extension ScrollView {
    /// Routes one pointer sample: down → `touchDown`, move → `touchMoved`, up → `touchUp`; pinch →
    /// `beginPinch` (the first of a pinch) and `pinch(scale:at:)`, pinchEnd → `endPinch`; wheel →
    /// `wheelScroll(by:time:)` (a vertical wheel on a scroll view that scrolls only sideways scrolls it sideways).
    ///
    /// Returns false when a down is ignored (outside `touchArea`, or a pointer is already down), true otherwise.
    @discardableResult
    func handle(_ event: PointerEvent) -> Bool {
        switch event.phase {
        case .down: return touchDown(at: event.position, time: event.time)
        case .move: touchMoved(to: event.position, time: event.time)
        case .up: touchUp(at: event.position, time: event.time)
        case .pinch:
            if !isZooming { beginPinch(at: event.position, time: event.time) }
            pinch(scale: event.scale, at: event.position, time: event.time)
        case .pinchEnd: endPinch(time: event.time)
        case .wheel:
            let sideways = contentSize.width > frame.width && contentSize.height <= frame.height
            wheelScroll(by: sideways && event.delta.x == 0 ? Point(x: event.delta.y, y: 0) : event.delta, time: event.time)
        }
        return true
    }
}
