/// A modelled network source's disk cache (B-DISK-1): its entries, and the assets whose entry in the
/// folder was torn or corrupt when the run began (deleted there): the first load of each counts
/// `diskCorrupt` and fetches the image over the network, as the window's does (the time the window
/// spends reading the bad entry first is not modelled).
struct ModelledDisk: Sendable {
    /// Key → stored bytes, least recently used first out; nil: no disk cache.
    var entries: MemoryCache<ImageKey>?
    /// Assets found bad at the start and not yet loaded.
    var corrupt: Set<Int>
    /// The images whose bytes arrived (and so were stored) since they were last taken, in order, when a
    /// real disk follows the model (the window's, `NetworkImageSource.keepArrivals()`); nil: not kept.
    var arrived: [ImageKey]? = nil
}
