import ScrollKit

/// Who owns the photos scene's current pointer.
enum PhotosRoute {
    /// The pager (a page at its fitted scale, or a drag handed over).
    case pager
    /// The zoomed page in pool view `view`; `down` and `startOffsetX` place the finger against its edges.
    case page(view: Int, down: Point, startOffsetX: Double)
}

/// Pointer routing: nested scrolling, pinches to the current page, the double tap.
extension PhotosScene {
    public func pointer(_ event: PointerEvent) {
        switch event.phase {
        case .down: pointerDown(event)
        case .move: pointerMoved(event)
        case .up: pointerUp(event)
        case .pinch, .pinchEnd: pinch(event)
        case .wheel: scrollView.handle(event)  // the wheel turns the pages
        }
    }

    /// A drag on a zoomed photo belongs to the photo; anything else (or a moving pager) to the pager.
    func pointerDown(_ event: PointerEvent) {
        endRoute(time: event.time)  // a touch that never lifted (the window lost it) is over
        if !scrollView.isMoving, let view = pool.view(showing: currentPage), pageViews[view].isZoomedIn {
            let page = pageViews[view].scrollView
            if page.handle(translated(event, toPage: currentPage)) {
                route = .page(view: view, down: event.position, startOffsetX: page.contentOffset.x)
            }
        } else if scrollView.handle(event) {
            route = .pager
        }
    }

    /// Moves go to the owner; a photo dragged past its left or right edge hands the drag to the pager.
    func pointerMoved(_ event: PointerEvent) {
        switch route {
        case .pager:
            scrollView.handle(event)
        case let .page(view, down, startOffsetX):
            let page = pageViews[view].scrollView
            let local = translated(event, toPage: currentPage)
            // Where the finger would put the photo's x offset, and how far that is past an edge.
            let fingerX = startOffsetX - (event.position.x - down.x)
            let edge = Swift.min(Swift.max(fingerX, 0), page.maximumContentOffset.x)
            guard abs(fingerX - edge) >= page.configuration.touchSlop else {
                page.handle(local)
                return
            }
            // The photo shows its edge, then the rest of the drag is the pager's.
            page.setContentOffset(Point(x: edge, y: page.contentOffset.y), animated: false, time: event.time)
            page.handOffTouch(time: event.time)
            // The pager's touch starts where the finger crossed the edge, so it moves by the push past it.
            let crossing = Point(x: down.x + startOffsetX - edge, y: event.position.y)
            route = .pager
            scrollView.touchDown(at: crossing, time: event.time)
            scrollView.touchMoved(to: event.position, time: event.time)
        case nil:
            break
        }
    }

    /// The lift goes to the owner; a tap close to the previous one is a double tap.
    func pointerUp(_ event: PointerEvent) {
        let wasDrag: Bool
        switch route {
        case .pager:
            wasDrag = scrollView.isDragging
            scrollView.handle(event)
        case let .page(view, _, _):
            let page = pageViews[view].scrollView
            wasDrag = page.isDragging
            page.handle(translated(event, toPage: currentPage))
        case nil:
            return
        }
        route = nil
        guard !wasDrag else {
            lastTap = nil
            return
        }
        if let last = lastTap, event.time - last.time <= Self.doubleTapInterval,
           (event.position - last.point).length <= Self.doubleTapDistance {
            lastTap = nil
            doubleTap(at: event.position, time: event.time)
        } else {
            lastTap = (event.time, event.position)
        }
    }

    /// A pinch zooms the page current when it began, to its end, and never pages: the fingers hold the
    /// pager still where they find it, as UIKit's do — a pager drag in progress stops following its
    /// pointer, a moving pager is caught (as any touch catches it) — and when they lift the pager is let
    /// go without a fling and settles on its nearest page, the one the pinch zoomed. So the photo's point
    /// under the fingers stays under them.
    func pinch(_ event: PointerEvent) {
        if pinchTarget == nil, event.phase == .pinch {
            var holdsPager = false
            if scrollView.isTracking {
                route = nil
                holdsPager = true
            } else if scrollView.isMoving, scrollView.touchDown(at: event.position, time: event.time) {
                holdsPager = true
            }
            guard let view = pool.view(showing: currentPage) else {
                if holdsPager { scrollView.handOffTouch(time: event.time) }
                return
            }
            pinchTarget = (view, currentPage, holdsPager)
        }
        guard let target = pinchTarget ?? pool.view(showing: currentPage).map({ ($0, currentPage, false) }) else { return }
        pageViews[target.view].scrollView.handle(translated(event, toPage: target.page))
        if event.phase == .pinchEnd {
            if target.holdsPager { scrollView.handOffTouch(time: event.time) }
            pinchTarget = nil
        }
    }

    /// Zooms the current page in to its maximum about `point`, or back out to its fitted scale.
    func doubleTap(at point: Point, time: Double) {
        guard !scrollView.isMoving, let view = pool.view(showing: currentPage) else { return }
        let page = pageViews[view].scrollView
        if pageViews[view].isZoomedIn {
            page.setZoomScale(page.minimumZoomScale, animated: true, time: time)
        } else {
            let center = page.contentPoint(for: pagePoint(point, page: currentPage))
            let size = Size(width: page.frame.width / page.maximumZoomScale, height: page.frame.height / page.maximumZoomScale)
            page.zoom(to: Rect(x: center.x - size.width / 2, y: center.y - size.height / 2,
                               width: size.width, height: size.height), animated: true, time: time)
        }
    }

    /// Ends the current pointer's touch where it is, with no fling (a new touch-down, or a pointer the
    /// window lost), and lets go of a pager a pinch holds.
    public func endRoute(time: Double) {
        switch route {
        case .pager: scrollView.handOffTouch(time: time)
        case let .page(view, _, _): pageViews[view].scrollView.handOffTouch(time: time)
        case nil: break
        }
        route = nil
        if pinchTarget?.holdsPager == true {
            scrollView.handOffTouch(time: time)
            pinchTarget?.holdsPager = false
        }
    }

    /// `event` in the coordinates of page `page`'s scroll view (its frame is where the current page sits).
    func translated(_ event: PointerEvent, toPage page: Int) -> PointerEvent {
        var local = event
        local.position = pagePoint(event.position, page: page)
        return local
    }

    /// `point` (phone coordinates) in the coordinates of page `page`'s scroll view.
    func pagePoint(_ point: Point, page: Int) -> Point {
        point - (layout.pageFrame(page: page, offsetX: scrollView.contentOffset.x).origin - layout.pageFrame.origin)
    }
}
