/// Adaptive's look-ahead: the loads asked for ahead of the screen (the plan, each with when it was asked)
/// and a fling's loads not yet issued (the schedule, in order of appearance).
struct LookAheadPlan: Sendable {
    /// Look-ahead items asked for and not cancelled, as bits: a frame asks several times, without hashing.
    private(set) var planned = ItemSet()
    /// When each planned item was asked for; it holds exactly the items of `planned`.
    private var requestTimes = ItemMap<Double>()
    /// Fling loads not yet issued: item and the absolute time its tile appears (as `priority`), in order
    /// of appearance (the loads due next are at the front).
    private(set) var scheduled: [LoadRequest] = []
    /// Every item of `scheduled` (and, when it holds one twice, some it no longer holds): a frame finds
    /// the items ahead of the screen there without searching the whole schedule.
    private var scheduledItems = ItemSet()
    /// Whether `scheduled` was made with an item twice: `scheduledItems` then keeps removed ones' bits.
    private var scheduleRepeats = false
    /// Kept between drag frames: the planned items a changed direction no longer wants.
    private var unwanted: [Int] = []

    /// When `item` was asked for, nil when it is not planned.
    func requestTime(of item: Int) -> Double? { requestTimes[item] }

    /// Adds `item` to the plan, asked for at `time`.
    mutating func add(_ item: Int, at time: Double) {
        planned.insert(item)
        requestTimes[item] = time
    }

    /// Takes `item` out of the plan.
    mutating func forget(_ item: Int) {
        if planned.remove(item) { requestTimes[item] = nil }
    }

    /// Empties the plan, keeping its storage.
    mutating func clear() {
        for item in planned { requestTimes[item] = nil }
        planned.removeAll()
    }

    /// Of `items` (look-ahead no longer wanted), those asked for less than `age` seconds before `time`,
    /// sorted; older ones are likely half done and finish into the cache.
    func cancellable(_ items: Set<Int>, age: Double, at time: Double) -> [Int] {
        items.filter { time - (requestTimes[$0] ?? time) < age }.sorted()
    }

    /// Forgets every planned item `wanted` rejects; appends to `cancel` those asked for less than `age`
    /// seconds before `time`, then sorts it. Gathers them in kept storage (no allocation per frame).
    mutating func drop(unless wanted: (Int) -> Bool, age: Double, at time: Double, cancel: inout [Int]) {
        unwanted.removeAll(keepingCapacity: true)
        for item in planned where !wanted(item) { unwanted.append(item) }
        for item in unwanted {
            if time - (requestTimes[item] ?? time) < age { cancel.append(item) }
            forget(item)
        }
        cancel.sort()
    }

    /// Sets the schedule (in order of appearance).
    mutating func schedule(_ requests: [LoadRequest]) {
        clearSchedule()
        scheduled = requests
        for request in requests where !scheduledItems.insert(request.item) { scheduleRepeats = true }
    }

    /// Empties the schedule.
    mutating func clearSchedule() {
        scheduled = []
        scheduledItems.removeAll()
        scheduleRepeats = false
    }

    /// Where `item` is in the schedule, nil when it is not; searches only for an item scheduled.
    func scheduledIndex(of item: Int) -> Int? {
        guard scheduledItems.contains(item) else { return nil }
        return scheduled.firstIndex { $0.item == item }
    }

    /// Takes the request at `index` out of the schedule.
    mutating func unschedule(at index: Int) -> LoadRequest {
        let request = scheduled.remove(at: index)
        if !scheduleRepeats { scheduledItems.remove(request.item) }
        return request
    }

    /// Moves the scheduled loads whose tiles appear within `leadTime` of `time` into the plan, at most
    /// `room`, and appends them to `due` (priority: seconds until the tile appears).
    mutating func issueDue(at time: Double, leadTime: Double, room: Int, into due: inout [LoadRequest]) {
        var room = room
        // The schedule is in order of appearance: the loads due are the front ones, up to `room`.
        var taken = 0
        while taken < scheduled.count, room > 0, scheduled[taken].priority - time <= leadTime {
            let request = scheduled[taken]
            room -= 1
            due.append(LoadRequest(item: request.item, priority: Swift.max(0, request.priority - time)))
            add(request.item, at: time)
            taken += 1
        }
        guard taken > 0 else { return }
        if !scheduleRepeats { for request in scheduled[..<taken] { scheduledItems.remove(request.item) } }
        scheduled.removeFirst(taken)
    }
}
