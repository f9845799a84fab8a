import ScrollKit

/// A scene the lab drives: the window renders it, `replay --headless` runs it on a virtual clock.
public protocol LabScene: AnyObject {
    /// The scene's name on the command line and in the HUD ("grid", "pager").
    var name: String { get }
    /// The scroll view the scene is built around.
    var scrollView: ScrollView { get }
    /// The scroll views inside it made so far (a photo's, a carousel row's): they take its motion
    /// settings (`ScrollView.adoptMotionSettings(of:)`).
    var nestedScrollViews: [ScrollView] { get }
    /// A pointer sample in phone-viewport points; the scene routes it to the scroll view.
    func pointer(_ event: PointerEvent)
    /// One frame at model time `time`: the scroll view's step, then the scene's own work.
    func advance(to time: Double)
    /// True when nothing moves and no scene work is pending.
    var isSettled: Bool { get }
    /// Lines printed before the events (for example the pager's geometry).
    var settingLines: [JSONValue] { get }
    /// Extra keys for the closing line (for example `viewsCreated`, load metrics).
    var summary: [(String, JSONValue)] { get }
    /// The assets its modelled disk cache holds (`--disk-cache DIR` keeps them for the next run), or nil
    /// for a scene without one.
    var diskCacheAssets: [Int]? { get }
    /// Counts the source's traffic now, into the summary (a real source's last cancelled transfers end
    /// after the run's last frame); nothing for a scene that loads no images.
    func noteTrafficNow()
}

extension LabScene {
    /// A scene of one scroll view.
    public var nestedScrollViews: [ScrollView] { [] }

    /// Sets the deceleration rate of the scene's scroll view and of those inside it.
    public func setDecelerationRate(_ rate: DecelerationRate) {
        scrollView.decelerationRate = rate
        for view in nestedScrollViews { view.adoptMotionSettings(of: scrollView) }
    }

    /// A scene that loads no images keeps no disk cache.
    public var diskCacheAssets: [Int]? { nil }

    /// No images, no traffic.
    public func noteTrafficNow() {}
}
