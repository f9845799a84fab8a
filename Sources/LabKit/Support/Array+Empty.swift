extension Array {
    /// Removes every element and keeps the storage, doing nothing when already empty (a kept buffer is
    /// emptied several times a frame, most often when it is empty already, and `removeAll(keepingCapacity:)`
    /// costs a call into the standard library's generic range replacement even then).
    @inline(__always)
    mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
