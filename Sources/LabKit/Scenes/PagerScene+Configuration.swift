import ScrollKit

extension PagerScene {
    /// True for the mode whose page is the scroll view's frame (`pagingEnabled`, B-PAGE-1).
    static func pageIsFrame(_ mode: PagingMode) -> Bool {
        mode == .frame
    }

    /// Gives the scroll view the frame, content size, paging and delegate of the current mode:
    /// `isPagingEnabled` for `.frame`, a `SnapPagingBehavior` or `TargetPagingBehavior` in front of
    /// the scene for `.snap` and `.target`, the scene alone for `.none`. With `stoppingMotion`, any
    /// motion in flight stops where it is shown, clamped to the new content; page `k` sits at
    /// `220·k` in every mode, so the page on screen stays.
    func configureScrollView(stoppingMotion: Bool) {
        let pageIsFrame = PagerScene.pageIsFrame(mode)
        scrollView.frame = layout.scrollViewFrame(pageIsFrame: pageIsFrame)
        scrollView.contentSize = layout.contentSize(pageIsFrame: pageIsFrame)
        scrollView.touchArea = layout.touchArea
        scrollView.isPagingEnabled = pageIsFrame
        // A wheel scroll settles on the pages the mode pages on (`isPagingEnabled` gives the frame's).
        scrollView.wheelPages = mode == .snap || mode == .target ? PageGrid(pageSize: layout.pageWidth) : nil
        switch mode {
        case .snap:
            let snap = SnapPagingBehavior(pageSize: layout.pageWidth, next: self)
            behavior = snap
            scrollView.delegate = snap
        case .target:
            let target = TargetPagingBehavior(pageSize: layout.pageWidth, next: self)
            behavior = target
            scrollView.delegate = target
        case .none, .frame:
            behavior = nil
            scrollView.delegate = self
        }
        if stoppingMotion {
            if scrollView.isTracking { scrollView.touchCancelled(time: scrollView.currentTime) }
            let x = Swift.min(Swift.max(scrollView.contentOffset.x, 0), layout.maxOffsetX)
            scrollView.setContentOffset(Point(x: x, y: 0), animated: false, time: scrollView.currentTime)
            touchAccepted = false
            // A paging mode rests on a page: stopped between two, it settles on the nearer, animated as a snap is.
            if mode != .none {
                let page = Swift.min(Swift.max((x / layout.pageWidth).rounded() * layout.pageWidth, 0), layout.maxOffsetX)
                if abs(page - x) > 1e-6 { scrollView.setContentOffset(Point(x: page, y: 0), animated: true, time: scrollView.currentTime) }
            }
        }
    }

    /// Recomputes everything that follows the pager's offset: the linked title strip, the
    /// parallax layer, the current page and the pool's window (centred on the current page).
    func linkToOffset() {
        let x = scrollView.contentOffset.x
        titleStripOffset = layout.titleStripOffset(forOffsetX: x)
        parallaxOffset = layout.parallaxOffset(forOffsetX: x)
        currentPage = layout.currentPage(offsetX: x)
        pool.update(firstItem: currentPage - PagerScene.poolCapacity / 2, itemCount: layout.pageCount)
    }
}
