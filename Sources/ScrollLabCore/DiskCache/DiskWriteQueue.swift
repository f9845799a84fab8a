import Dispatch
import Synchronization

/// Writes to a disk cache in the background, one at a time in order, while what is being written stays
/// readable: a read of an entry whose write is queued or running gets the bytes being written (a
/// write-back cache's dirty entry), never a miss and never a wait behind the writes' flushes.
package final class DiskWriteQueue: Sendable {
    private typealias Source = @Sendable () -> [UInt8]?
    private let files: DiskCache
    private let queue = DispatchQueue(label: "scrolllab.disk-writes")
    /// The entries queued or being written, by key, each with its write's serial (a later write of the
    /// same key replaces it); a write queued before `dropAll()` is skipped (`firstKept`).
    private let pending = Mutex<(serial: Int, firstKept: Int, sources: [String: (serial: Int, bytes: Source)])>((0, 1, [:]))

    package init(files: DiskCache) {
        self.files = files
    }

    /// Writes what `bytes` gives under `key`, in the background; when it gives nil the entry is noted as
    /// not written (`DiskCache.takeDropped`).
    package func write(_ key: String, bytes: @escaping @Sendable () -> [UInt8]?) {
        let serial = pending.withLock { p in
            p.serial += 1
            p.sources[key] = (p.serial, bytes)
            return p.serial
        }
        queue.async { [self] in
            let kept = { self.pending.withLock { serial >= $0.firstKept } }
            guard kept() else { return }
            let payload = bytes()
            guard kept() else { return }
            if let payload { files.write(key, payload: payload) } else { files.notWritten(key) }
            pending.withLock { p in
                if p.sources[key]?.serial == serial { p.sources[key] = nil }
            }
        }
    }

    /// `key`'s entry from any thread: the bytes still being written, else the file's (`DiskCache.read`).
    package func read(_ key: String) -> [UInt8]? {
        if let bytes = pending.withLock({ $0.sources[key]?.bytes }) { return bytes() }
        return files.read(key)
    }

    /// Skips the writes queued so far (K empties the cache: what was on its way there is not written).
    package func dropAll() {
        pending.withLock { p in
            p.firstKept = p.serial + 1
            p.sources.removeAll()
        }
    }

    /// Waits up to `timeout` seconds for the writes queued so far; true when they are done.
    @discardableResult
    package func wait(timeout: Double = .infinity) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        guard timeout.isFinite else {
            done.wait()
            return true
        }
        return done.wait(timeout: .now() + timeout) == .success
    }
}
