extension SweepSummary {
    /// What one run got onto the screen (B-FEED-2): the share of tiles whose image showed as they
    /// appeared, when the first image came (nil: none did), the loads that finished, the mean size of
    /// the images it moved (under a network).
    public struct ScreenFigures: Sendable, Hashable {
        public var readyOnAppearShare: Double
        public var timeToFirstImage: Double?
        public var loadsCompleted: Double
        public var imageBytesMean: Double?
        /// Of the loads that finished, those that ended without an image.
        public var failedLoads: Double

        public init(readyOnAppearShare: Double, timeToFirstImage: Double?, loadsCompleted: Double, imageBytesMean: Double? = nil,
                    failedLoads: Double = 0) {
            self.readyOnAppearShare = readyOnAppearShare
            self.timeToFirstImage = timeToFirstImage
            self.loadsCompleted = loadsCompleted
            self.imageBytesMean = imageBytesMean
            self.failedLoads = failedLoads
        }
    }
}

extension SweepRecommendation {
    /// What a policy got onto the screen in a condition, over its sessions (B-FEED-2).
    public struct OnScreen: Sendable, Equatable {
        /// Mean share of tiles whose image showed as they appeared (within 10 ms; the web's "ready on appear").
        public var readyOnAppearShare: Double
        /// Mean seconds to the first image over the sessions that had one; nil when none had.
        public var timeToFirstImage: Double?
        /// Sessions in which no image ever showed.
        public var sessionsWithoutImage: Int
        /// Mean loads finished and issued per session, and of those finished the ones without an image.
        public var loadsCompleted: Double
        public var loadsIssued: Double
        public var loadsFailed: Double

        /// The figures of `runs`, or nil when a line lacks them (results written before they were kept).
        init?(_ runs: [SweepSummary.Result]) {
            let figures = runs.compactMap(\.screen)
            guard !runs.isEmpty, figures.count == runs.count else { return nil }
            let n = Double(runs.count)
            readyOnAppearShare = figures.map(\.readyOnAppearShare).reduce(0, +) / n
            let firsts = figures.compactMap(\.timeToFirstImage)
            timeToFirstImage = firsts.isEmpty ? nil : firsts.reduce(0, +) / Double(firsts.count)
            sessionsWithoutImage = runs.count - firsts.count
            loadsCompleted = figures.map(\.loadsCompleted).reduce(0, +) / n
            loadsIssued = runs.map(\.loadsIssued).reduce(0, +) / n
            loadsFailed = figures.map(\.failedLoads).reduce(0, +) / n
        }

        var json: JSONValue {
            .object([("readyOnAppearShare", .number(readyOnAppearShare)), ("timeToFirstImage", timeToFirstImage.map(JSONValue.number) ?? .null),
                     ("sessionsWithoutImage", .int(sessionsWithoutImage)), ("loadsCompleted", .number(loadsCompleted)),
                     ("loadsIssued", .number(loadsIssued))])
        }
    }

    /// Below this mean share of tiles ready as they appear — one in ten — a policy does not get images on
    /// screen in time: the user scrolls through blanks whatever the policy does.
    public static let workingReadyShare = 0.1

    /// True when no policy of the condition gets images on screen in time (every one's mean ready-on-appear
    /// share under `workingReadyShare`): the verdict says so first, and what would help.
    public var nothingWorks: Bool {
        !points.isEmpty && points.allSatisfy { ($0.onScreen?.readyOnAppearShare ?? 1) < Self.workingReadyShare }
    }

    /// The paragraph's opening when nothing works: the best any policy did, then what would help, from the
    /// network's own figures (the time an image of the sweep's mean size takes to arrive, the size that
    /// would arrive within a second), smaller or downsampled images, or a preview.
    var nothingWorksText: String? {
        guard nothingWorks else { return nil }
        let screens = points.compactMap { p in p.onScreen.map { (p.policy, $0) } }
        guard let ready = screens.max(by: { $0.1.readyOnAppearShare < $1.1.readyOnAppearShare }),
              let done = screens.max(by: { $0.1.loadsCompleted < $1.1.loadsCompleted }) else { return nil }
        let firsts = screens.compactMap { s in s.1.timeToFirstImage.map { (s.0, $0, s.1.sessionsWithoutImage) } }
        // Whole percents, unless that would round the best share up to the ten it is under (9.7%, not 10%).
        let percent = ready.1.readyOnAppearShare * 100
        var text = "Nothing works here: no policy had even one tile in ten showing its image as it appeared (at best \(ready.0), "
            + "\(Self.fixed(percent, percent >= Self.workingReadyShare * 100 - 0.5 ? 1 : 0))%)"
        // At best: the soonest of the policies that showed an image in the most sessions (a mean over fewer
        // sessions is not a better first image: the others saw none); a sooner one over fewer sessions beside it.
        func sessions(_ policy: String) -> Int { points.first { $0.policy == policy }?.sessions ?? 0 }
        if let first = firsts.min(by: { ($0.2, $0.1) < ($1.2, $1.1) }) {
            text += "; the first image came after \(Self.fixed(first.1, 1)) s at best (\(first.0)"
                + (first.2 > 0 ? ", with \(first.2) of \(sessions(first.0)) sessions seeing none" : "")
            if let sooner = firsts.min(by: { $0.1 < $1.1 }), sooner.1 < first.1, sooner.0 != first.0 {
                let saw = sessions(sooner.0) - sooner.2
                text += "; \(sooner.0)'s after \(Self.fixed(sooner.1, 1)) s in the \(saw) of \(sessions(sooner.0)) sessions that saw one"
            }
            text += ")"
        } else {
            text += "; no session saw an image at all"
        }
        text += "; at most \(Self.fixed(done.1.loadsCompleted, 0)) of \(Self.fixed(done.1.loadsIssued, 0)) loads finished a session (\(done.0)"
            + (done.1.loadsFailed >= 0.5 ? ", \(Self.fixed(done.1.loadsFailed, 0)) of them without an image: `replay --headless` with these options names why in its failuresByReason)." : ").")
        var arrivesInASecond = false
        let network = condition.first(where: { $0.name == "source" }).flatMap { NetworkProfile.named($0.value) }
        if let network, let mean = meanImageBytes, mean > 0 {
            let seconds = network.roundTrip + mean / network.downlinkBytesPerSecond
            let withinASecond = Swift.max(0, (1 - network.roundTrip) * network.downlinkBytesPerSecond)
            arrivesInASecond = seconds < 1
            text += " At \(network.name)'s \(Self.fixed(network.downlinkBytesPerSecond / 1000, 1)) kB/s an image of "
                + "\(Self.fixed(mean / 1000, 0)) kB takes \(Self.fixed(seconds, 1)) s to arrive"
                + (withinASecond >= 1000 ? "; one of \(Self.fixed(withinASecond / 1000, 0)) kB or less would arrive within a second" : "")
                + "."
        }
        let preview = "a preview shown at once (--placeholder thumbhash in replay, bench and sweep run)"
        let device = condition.first { $0.name == "device" }?.value
        if let latency = condition.first(where: { $0.name == "source" })?.value, network == nil {
            // A constant latency: every image waits the same whatever its size.
            text += " Under a constant \(latency) an image's size changes nothing: every load waits it. What would help: a shorter wait "
                + "at the source, or \(preview)."
        } else if !arrivesInASecond {
            text += " What would help: smaller images (or images downsampled to the tile on the server), or \(preview)."
        } else if condition.contains(where: { $0.name == "downsample" && $0.value == "off" }) {
            // The link is not what holds the images back: the phone's whole decodes are.
            text += " The link is not the wait: the phone decodes each picture whole. What would help: decoding at the tile's size "
                + "(--downsample on, as UIKit's thumbnail decode), or \(preview)."
        } else if device == nil || device == "none" || device == "" {
            // No phone modelled (the lab's own 6 ms decode, no memory limit): the phone cannot be the wait either.
            text += " The link is not the wait, and no phone is modelled (no --device): the images wait for their requests "
                + "(a new connection's round trips first). What would help: \(preview)."
        } else {
            text += " The link is not the wait: the phone is (its decodes, its memory limit: the hitch and peak columns, the loads "
                + "that failed). What would help: smaller pictures for the phone, or \(preview)."
        }
        text += " The policies compared all the same: "
        return text
    }

    /// The mean size of the images the condition's runs moved, when the lines say (under a network).
    var meanImageBytes: Double? {
        let sizes = screenImageBytes
        return sizes.isEmpty ? nil : sizes.reduce(0, +) / Double(sizes.count)
    }
}
