/// What each result line was made from (`SweepInputs`), line by line: a run reads the feed and the grid's
/// images always, the images' sizes under a network or on a device (its decodes read the files), the disk
/// cache's start only under a network, and its own phone's figures. So a file resumes whatever other factors its earlier runs had: lines at a latency are the same
/// whether or not the sweep also ran a network, and lines on the default phone whether or not it also ran
/// a device.
extension SweepRun {
    /// The digest of what a run under `condition` shares with the sweep's other runs; its line's `inputs`
    /// adds its gesture's events.
    public func inputs(for condition: RunCondition) -> SweepInputs {
        inputs(underNetwork: condition.source.network != nil, device: condition.phone.device)
    }

    /// The same for a run under a network or not, on `device` (nil: the lab's default phone).
    func inputs(underNetwork: Bool, device: DeviceProfile?) -> SweepInputs {
        SweepInputs(feed: feed, assetByteSizes: underNetwork || device != nil ? assetByteSizes : [], assetCount: assetCount,
                    diskEntries: underNetwork ? disk.entries : [], diskCorrupt: underNetwork ? disk.corrupt : [],
                    devices: device.map { [$0] } ?? [])
    }

    /// The first id, in order, of `made` (a results file's ids → their lines' `inputs`) whose line was made
    /// from other inputs than this sweep's run of it would be: a changed feed, images' sizes, disk cache,
    /// phone file or gesture (B-BATCH-1). A line of a configuration the plan does not run is checked as a
    /// line of its kind (under a network or not, on its phone); lines on a gesture not in `gestureDigests`,
    /// on a device the plan does not name, or under a network when the plan runs none (so read no sizes),
    /// cannot be checked and are not.
    public func firstMadeFromOtherInputs(_ made: [String: String]) -> String? {
        var planned: [Substring: SweepInputs] = [:]
        for condition in plan.configurations { planned[Substring(condition.id)] = inputs(for: condition) }
        var kinds: [Substring: SweepInputs?] = [:]
        for (id, was) in made.sorted(by: { $0.key < $1.key }) {
            guard let bar = id.lastIndex(of: "|"), let digest = gestureDigests[String(id[id.index(after: bar)...])] else { continue }
            let prefix = id[..<bar]
            let shared: SweepInputs?
            if let known = planned[prefix] {
                shared = known
            } else if let known = kinds[prefix] {
                shared = known
            } else {
                shared = inputs(ofConfiguration: prefix)
                kinds[prefix] = shared
            }
            if let shared, was != shared.line(gesture: digest) { return id }
        }
        return nil
    }

    /// The inputs of a line whose id begins with `configuration`, from the id's own parts: a `network=`
    /// part (nil when the plan runs no network and no device: its sizes were not read), and a `device=`
    /// part the plan names (nil: a device it does not).
    private func inputs(ofConfiguration configuration: Substring) -> SweepInputs? {
        let parts = configuration.split(separator: "|")
        let underNetwork = parts.contains { $0.hasPrefix("network=") }
        let sized = plan.sources.contains { $0.network != nil } || plan.phone.device != nil
        if underNetwork, !sized { return nil }
        guard let named = parts.first(where: { $0.hasPrefix("device=") }).map({ String($0.dropFirst("device=".count)) }) else {
            return inputs(underNetwork: underNetwork, device: nil)
        }
        guard let device = plan.configurations.lazy.compactMap(\.phone.device).first(where: { $0.name == named }) else { return nil }
        return inputs(underNetwork: underNetwork, device: device)
    }
}
