/// Every constant of Adaptive's rules, in one place (a plain record). Each says where it comes from: a
/// peer's shipped value, the lab's physics, or the development sessions (seed 777, docs/policies.md
/// "Adaptive on the frontier"; never the held-out seeds).
public struct AdaptiveTuning: Hashable, Sendable {
    // Look-ahead limit.

    /// Above this load duration (seconds) nothing is loaded ahead: Target's rule (EDGE's seconds-long
    /// loads, where every extra image delays the screen's).
    public var lookAheadLimit = 3.0
    /// Before a load of its own is measured, the estimate (the oldest running load's age) times this is
    /// held against `lookAheadLimit`: a load seen at a random moment is on average halfway through its
    /// life. 1: the estimate as it is.
    public var unmeasuredLifeFactor = 2.0

    // Fling plan.

    /// Least time (seconds) a tile passed during a fling must show its image to be worth a load; nil: half
    /// the load duration, at least `frame`.
    public var minimumShowTime: Double?
    /// One 60 Hz frame, seconds: the least show time worth a load.
    public var frame = 1.0 / 60
    /// Rows loaded beyond the fling's rest position, for the next gesture.
    public var rowsBeyondTarget = 1
    /// Below this load duration (seconds) no row beyond the rest is loaded: a 50 ms load is ready within
    /// a few frames of its tile appearing.
    public var beyondTargetMinimum = 0.05
    /// A planned load is issued this many seconds before its tile appears; nil: the load duration plus
    /// `leadMargin`, or `leadLoads` load durations when that is less. `.infinity`: all at release.
    public var leadTime: Double?
    /// The lead time's margin over one load duration, seconds: a fling caught early wastes little.
    public var leadMargin = 0.22
    /// With quick loads, the lead time in load durations (0.22 s is 4 loads of 55 ms).
    public var leadLoads = 4.0
    /// At or below this load duration (seconds) a fling loads every tile it passes, as Prefetch and Glide
    /// do: a quick load shows on most of them.
    public var quickLoadLimit = 0.2
    /// Rows ahead of the screen whose planned loads a fling issues at once: UIKit's prefetch window
    /// (Prefetch, 2 rows: Nuke's observed 0.75 of a screen).
    public var flingWindowRows = 2
    /// Below this load duration (seconds) the fling's window is not pulled: the plan's lead time already
    /// covers a load, and two rows ahead of a 12-image cache were evicted before their tiles showed
    /// (development seed 777 at 0 ms: Compose, one item a frame, had less blank time for fewer loads).
    public var flingWindowMinimum = 0.05
    /// With slow loads (no look-ahead), whether the screen at rest is asked for at the release.
    public var plansRestWhenSlow = false

    // Drag.

    /// Rows ahead loaded while dragging (Prefetch's window).
    public var dragRows = 2
    /// Drag speed (pt/s) above which no row is loaded ahead; nil: no limit.
    public var speedLimit: Double?
    /// The row ahead is loaded once the drag would reach it within this many seconds; nil:
    /// `dragHorizonLoads` load durations (`slowDragHorizonLoads` when loads are slow), at least
    /// `minimumDragHorizon`.
    public var dragHorizon: Double?
    /// The drag horizon in load durations: a drag that stops short costs nothing.
    public var dragHorizonLoads = 3.0
    /// The drag horizon in load durations when loads take `slowLoadMinimum` or more: infinite, the rows
    /// ahead as the drag starts (Prefetch's window: a slow reader reaches them anyway).
    public var slowDragHorizonLoads = Double.infinity
    /// The least drag horizon, seconds.
    public var minimumDragHorizon = 0.15
    /// From this load duration (seconds) loads are slow: the drag loads ahead as it starts, and a catch
    /// leaves the screen until the drag ends (flings at 1000 ms, development sessions).
    public var slowLoadMinimum = 0.4
    /// Whether a drag that catches a fling cancels the fling's look-ahead (else it finishes into the cache).
    public var cancelsOnCatch = false
    /// With slow loads, whether a drag that catches a fling leaves the screen's loads until it ends without
    /// a fling: the next fling of a burst follows within a fraction of a load time.
    public var defersCaughtScreen = true

    // Disk cache and the prefetch window.

    /// Rows ahead whose images in the disk cache are read at once while the content moves (Prefetch's
    /// window, for what moves no bytes).
    public var storedRowsAhead = 2
    /// On a network (a disk cache in front of it) whose loads measure at most this (seconds: LTE, Wi-Fi,
    /// and the pipeline's 0.5 s prior), UIKit's prefetch window runs the decisions; nil: never. Prefetch
    /// was as costly and less blank on 122 of 400 development sessions under LTE.
    public var prefetchWindowLimit: Double? = 0.6
    /// On the pipeline's prior alone, whether the window waits for a measured load before it fetches ahead:
    /// the prior is no evidence of a quick network (on EDGE the extra images share the link).
    public var windowWaitsForFirstScreen = true
    /// A release travelling less than this many viewport heights is a reader's flick: Adaptive's own plan
    /// under the window, and the user counts as reading.
    public var windowMinimumTravel: Double? = 2
    /// `windowMinimumTravel` when it is nil, for telling a reader.
    public var readerTravel = 2.0

    // Reader's row.

    /// A reader's look-ahead, points beyond the screen's edge: Flutter's cache extent (250 pt), ahead only.
    public var readerExtent = 250.0
    /// A reader's look-ahead waits while a fling runs faster than this (pt/s): Flutter's deferral speed on
    /// the lab's phone (`FlutterPolicy.phoneDeferralSpeed`, 960 pt/s).
    public var readerDeferralSpeed = FlutterPolicy.phoneDeferralSpeed
    /// Rows ahead a reader's drag loads instead of `dragRows` when loads take `slowLoadMinimum` or more; a
    /// reader's drag with quicker loads takes Prefetch's `dragRows` (development seed 777: reading at 250 ms,
    /// FlashList's earlier buffer had less blank time for the same loads; at 1000 ms the second row cost loads).
    public var readerDragRows = 1

    // Loads at once.

    /// Whether the network loads at once follow the measured link.
    public var limitsLinkLoads = true
    /// Loads added to those that keep the link busy, so a connection opening or a lost packet's recovery
    /// leaves it busy still (3G: 3, EDGE: 3 or 4 in all).
    public var linkLoadsSpare = 1

    /// The shipped tuning.
    public init() {}
}
