/// Where images come from: the app's SDL_image decode workers, or `VirtualImageSource` headless.
///
/// The pipeline calls `begin` when a request gets a concurrency slot and `cancel` when it is no longer
/// wanted; it collects finished work with `nextCompletion(upTo:)` and feeds each into
/// `ImagePipeline.complete(_:result:time:)`. A source may still report a cancelled ticket (a worker
/// finished anyway); the pipeline ignores it.
public protocol ImageSource {
    /// Starts loading `ticket.key`; `time` is the pipeline's clock when the slot was granted.
    mutating func begin(_ ticket: LoadTicket, time: Double)
    /// Stops work on `ticket` if possible; its result is no longer wanted.
    mutating func cancel(_ ticket: LoadTicket)
    /// Removes and returns the earliest finished load at or before `time`, or nil if none.
    mutating func nextCompletion(upTo time: Double) -> LoadCompletion?
}
