import Foundation
import ScrollLabCore
import Synchronization

/// The window's disk cache between memory and network (B-DISK-1): one file per image in a folder,
/// least recently used out beyond a byte limit.
///
/// - Never a torn or corrupt entry: an entry is written to a temporary file in the cache folder,
///   flushed (`fsync`) and renamed over its name, so a reader sees the old file or the whole new one,
///   even if the writer is killed; every read checks the entry's key, length and checksum, and a bad
///   entry is deleted, counted, and its image fetched again.
/// - Two instances may share the folder: each rename is atomic and each reader checks what it reads; an
///   entry one instance evicts is a miss for the other, never an error.
/// - A folder that cannot be made or written, or a full disk, turns the cache off with one warning.
///
/// Used from the render thread (`contains`, `clear`) and decode workers (`read`, `write`); the index is
/// behind a lock, file work is not.
final class DiskCache: Sendable {
    /// The cache folder.
    let directory: String
    /// Bytes of entries kept; the least recently used are deleted beyond it.
    let byteLimit: Int

    private struct Entry {
        var size: Int
        var lastUse: Double
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var totalBytes = 0
        var isOff = false
        var corrupt = 0
        var nextTemp = 0
    }

    private let state = Mutex(State())

    /// The cache in `directory` (made if missing), or nil with one warning line when it cannot be used.
    static func open(directory: String, byteLimit: Int) -> DiskCache? {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil,
              access(directory, W_OK | X_OK) == 0 else {
            warn(directory, "cannot be created or written (\(String(cString: strerror(errno))))")
            return nil
        }
        return DiskCache(directory: directory, byteLimit: byteLimit)
    }

    private init(directory: String, byteLimit: Int) {
        self.directory = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.byteLimit = byteLimit
        let fm = FileManager.default
        let now = Date().timeIntervalSince1970
        var entries: [String: Entry] = [:]
        for name in (try? fm.contentsOfDirectory(atPath: self.directory)) ?? [] {
            let path = self.directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if name.hasPrefix(".tmp-") {
                // A writer killed mid-write left this; another instance's may still be in progress.
                if now - modified > 60 { unlink(path) }
            } else if name.hasSuffix(".entry") {
                entries[name] = Entry(size: Int(info.st_size), lastUse: modified)
            }
        }
        state.withLock { s in
            s.entries = entries
            s.totalBytes = entries.values.reduce(0) { $0 + $1.size }
        }
        evict()
    }

    /// True when the cache is off (it could not write) .
    var isOff: Bool { state.withLock { $0.isOff } }

    /// Entries found torn or corrupt and deleted so far.
    var corruptCount: Int { state.withLock { $0.corrupt } }

    /// Entries and their bytes.
    var usage: (entries: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.totalBytes) } }

    /// True when an entry for `key` is listed (it is still checked when read).
    func contains(_ key: String) -> Bool {
        let name = DiskCacheEntry.fileName(for: key)
        return state.withLock { !$0.isOff && $0.entries[name] != nil }
    }

    /// The stored payload for `key`, or nil: missing, or torn or corrupt (then deleted and counted).
    func read(_ key: String) -> [UInt8]? {
        let name = DiskCacheEntry.fileName(for: key)
        let path = directory + "/" + name
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            state.withLock { s in if let e = s.entries.removeValue(forKey: name) { s.totalBytes -= e.size } }
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size <= off_t(ImageDecoder.maxFileBytes + DiskCacheEntry.maxKeyBytes + 64) else { return nil }
        var file = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < file.count {
            let n = file.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        guard filled == file.count, let payload = DiskCacheEntry.payload(of: file, key: key) else {
            unlink(path)
            state.withLock { s in
                if let e = s.entries.removeValue(forKey: name) { s.totalBytes -= e.size }
                s.corrupt += 1
            }
            return nil
        }
        futimens(fd, nil)   // a use: most recently used, for this instance and the next
        let now = Date().timeIntervalSince1970
        state.withLock { s in
            if s.entries[name] == nil { s.totalBytes += file.count }
            s.entries[name] = Entry(size: file.count, lastUse: now)
        }
        return payload
    }

    /// Stores `payload` under `key`: temporary file, flush, rename. A failure to write turns the cache off
    /// with one warning; the load it came from is not affected.
    func write(_ key: String, payload: [UInt8]) {
        let (off, serial) = state.withLock { s -> (Bool, Int) in
            s.nextTemp += 1
            return (s.isOff, s.nextTemp)
        }
        guard !off else { return }
        let name = DiskCacheEntry.fileName(for: key)
        let file = DiskCacheEntry.encode(key: key, payload: payload)
        let temp = directory + "/.tmp-\(getpid())-\(serial)"
        let fd = Glibc.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return turnOff(String(cString: strerror(errno))) }
        var written = 0
        var failure: Int32 = 0
        while written < file.count {
            let n = file.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { failure = n < 0 ? errno : ENOSPC; break }
            written += n
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temp, directory + "/" + name) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temp)
            return turnOff(String(cString: strerror(failure)))
        }
        let now = Date().timeIntervalSince1970
        state.withLock { s in
            if let old = s.entries[name] { s.totalBytes -= old.size }
            s.entries[name] = Entry(size: file.count, lastUse: now)
            s.totalBytes += file.count
        }
        evict()
    }

    /// Deletes every entry (K in the window, `--clear-disk-cache` at start): the next loads are cold.
    func clear() {
        let names = state.withLock { s -> [String] in
            let names = Array(s.entries.keys)
            s.entries.removeAll()
            s.totalBytes = 0
            return names
        }
        for name in names { unlink(directory + "/" + name) }
        // Entries another instance wrote since this one listed the folder.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".entry") {
            unlink(directory + "/" + name)
        }
    }

    /// Deletes least recently used entries until the total fits the limit.
    private func evict() {
        let victims = state.withLock { s -> [String] in
            guard s.totalBytes > byteLimit else { return [] }
            var out: [String] = []
            for (name, entry) in s.entries.sorted(by: { ($0.value.lastUse, $0.key) < ($1.value.lastUse, $1.key) }) {
                guard s.totalBytes > byteLimit else { break }
                s.entries[name] = nil
                s.totalBytes -= entry.size
                out.append(name)
            }
            return out
        }
        for name in victims { unlink(directory + "/" + name) }
    }

    private func turnOff(_ reason: String) {
        let first = state.withLock { s -> Bool in
            defer { s.isOff = true }
            return !s.isOff
        }
        if first { Self.warn(directory, "cannot be written (\(reason)); going on without a disk cache") }
    }

    private static func warn(_ directory: String, _ what: String) {
        writeStandardError("scrolllab: warning: disk cache \(MessageText.quoted(directory)) \(what)")
    }
}
