import Foundation
import Synchronization

/// The window's disk cache between memory and network (B-DISK-1, B-DISK-2): one file per image in a
/// folder, least recently used out beyond a byte limit.
///
/// - Never a torn or corrupt entry: an entry is written to a temporary file in the cache folder,
///   flushed (`fsync`) and renamed over its name, so a reader sees the old file or the whole new one,
///   even if the writer is killed; every read checks the entry's key, length and checksum, and a bad
///   entry is deleted, counted, and its image fetched again.
/// - Touches only what it wrote: the folder carries a marker file (`.scrolllab-disk-cache`); a folder
///   without one is used only if it is empty or holds nothing but cache entries, else the cache is off
///   with one warning. Only names of its own shape are listed, counted, evicted or cleared (32 hex
///   digits and `.entry`, regular files with the entry header; temporary files `.tmp-PID-N`).
/// - Never follows links and never blocks on a foreign object: every file is opened relative to the
///   folder, without following links, non-blocking, and used only if it is a regular file. A foreign
///   object at an entry's name (a folder, a FIFO, a huge file) is skipped: that image is not cached,
///   the rest of the cache works.
/// - Two instances may share the folder: each rename is atomic and each reader checks what it reads; an
///   entry one instance evicts is a miss for the other, never an error.
/// - A folder that cannot be made, or a full disk, turns the cache off with one warning; a folder that
///   can be read but not written is still read.
///
/// Used from the render thread (`contains`, `clear`) and decode workers (`read`, `write`); the index is
/// behind a lock, file work is not.
package final class DiskCache: Sendable {
    /// The cache folder.
    package let directory: String
    /// Bytes of entries kept; the least recently used are deleted beyond it.
    package let byteLimit: Int
    /// The folder, open: every file is reached relative to it.
    private let folder: Int32
    /// True when the folder can be read but not written: entries are read, none written or deleted.
    package let isReadOnly: Bool

    /// The marker file that says the folder is a ScrollLab disk cache.
    package static let markerName = ".scrolllab-disk-cache"
    package static let markerText = "ScrollLab disk cache: every file named like 0123…ef.entry here belongs to it.\n"
    /// Largest entry file: an image file at the decoder's limit, its key and the header.
    package static let maxEntryBytes = ImageFile.maxFileBytes + DiskCacheEntry.maxKeyBytes + 64

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
        /// Entry names the cache let go of or never wrote, since the last `takeDropped()` (oldest first out
        /// past `droppedLimit`).
        var dropped: [String] = []
        var droppedOverflow = false

        mutating func drop(_ name: String) {
            if dropped.count >= DiskCache.droppedLimit {
                dropped.removeFirst(dropped.count / 2)
                droppedOverflow = true
            }
            dropped.append(name)
        }
    }

    /// The most dropped names kept for `takeDropped()`.
    static let droppedLimit = 4096

    private let state = Mutex(State())

    /// The cache in `directory` (made if missing), or nil with one warning line when it cannot be used:
    /// it cannot be made or read, or it is not a cache folder and holds other files. `readOnly`, or a
    /// folder that cannot be written: entries are read, none written or deleted.
    package static func open(directory: String, byteLimit: Int, readOnly: Bool = false) -> DiskCache? {
        let path = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var made: String?
        if mkdir(path, 0o700) != 0, errno == ENOENT {
            // Missing parents: made as `mkdir -p` would; why not is the reason given below.
            made = OutputFolder.make(path)
        }
        let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            warn(path, "cannot be created or read (\(made ?? String(cString: strerror(errno))))")
            return nil
        }
        let writable = !readOnly && access(path, W_OK | X_OK) == 0
        if !hasMarker(fd) {
            if let foreign = foreignName(in: fd) {
                close(fd)
                warn(path, "holds files it did not write (\(MessageText.quoted(foreign))); going on without a disk cache")
                return nil
            }
            if writable { writeMarker(fd) }
        }
        if !writable, !readOnly { warn(path, "cannot be written; its entries are read, none are stored") }
        return DiskCache(directory: path, folder: fd, readOnly: !writable, byteLimit: byteLimit)
    }

    private init(directory: String, folder: Int32, readOnly: Bool, byteLimit: Int) {
        self.directory = directory
        self.folder = folder
        self.isReadOnly = readOnly
        self.byteLimit = byteLimit
        let now = Date().timeIntervalSince1970
        var entries: [String: Entry] = [:]
        for name in Self.names(in: folder) {
            if Self.isTempName(name) {
                // A writer killed mid-write left this; another instance's may still be in progress.
                var info = stat()
                guard !readOnly, fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                if now - Self.modified(info) > 60 { unlinkat(folder, name, 0) }
            } else if Self.isEntryName(name), let info = Self.entryFile(folder, name) {
                entries[name] = Entry(size: Int(info.st_size), lastUse: Self.modified(info))
            }
        }
        state.withLock { s in
            s.entries = entries
            s.totalBytes = entries.values.reduce(0) { $0 + $1.size }
            s.isOff = readOnly
        }
        evict()
    }

    deinit { close(folder) }

    /// True when the cache stores nothing (it could not write, or the folder is read-only).
    package var isOff: Bool { state.withLock { $0.isOff } }

    /// Entries found torn or corrupt and deleted so far.
    package var corruptCount: Int { state.withLock { $0.corrupt } }

    /// Entries and their bytes.
    package var usage: (entries: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.totalBytes) } }

    /// True when an entry for `key` is listed (it is still checked when read).
    package func contains(_ key: String) -> Bool {
        let name = DiskCacheEntry.fileName(for: key)
        return state.withLock { $0.entries[name] != nil }
    }

    /// The stored payload for `key`, or nil: missing, not a regular file of the cache's (skipped, left
    /// alone), or torn or corrupt (then deleted and counted). `marksUse` false: the check alone (the
    /// headless `--disk-cache DIR` at its start), which leaves the entry's place in the LRU order.
    package func read(_ key: String, marksUse: Bool = true) -> [UInt8]? {
        let name = DiskCacheEntry.fileName(for: key)
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            forget(name)
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= off_t(Self.maxEntryBytes) else {
            forget(name)
            return nil
        }
        var file = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < file.count {
            let n = file.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        guard filled == file.count, let payload = DiskCacheEntry.payload(of: file, key: key) else {
            // Only a file that starts as an entry is the cache's to delete; another object is left alone.
            if !isReadOnly, filled >= DiskCacheEntry.magic.count, Array(file.prefix(DiskCacheEntry.magic.count)) == DiskCacheEntry.magic {
                unlinkat(folder, name, 0)
            }
            state.withLock { s in
                if let e = s.entries.removeValue(forKey: name) { s.totalBytes -= e.size }
                s.corrupt += 1
            }
            return nil
        }
        guard marksUse else { return payload }
        if !isReadOnly { futimens(fd, nil) }   // a use: most recently used, for this instance and the next
        let now = Date().timeIntervalSince1970
        state.withLock { s in
            if let old = s.entries[name] { s.totalBytes -= old.size }
            s.entries[name] = Entry(size: file.count, lastUse: now)
            s.totalBytes += file.count
        }
        return payload
    }

    /// Stores `payload` under `key`: temporary file, flush, rename. A foreign object at the entry's name
    /// leaves that one image uncached; a failure to write (a full disk) turns the cache off with one
    /// warning. The load it came from is not affected either way.
    package func write(_ key: String, payload: [UInt8]) {
        let name = DiskCacheEntry.fileName(for: key)
        let (off, serial) = state.withLock { s -> (Bool, Int) in
            s.nextTemp += 1
            if s.isOff { s.drop(name) }
            return (s.isOff, s.nextTemp)
        }
        guard !off else { return }
        let file = DiskCacheEntry.encode(key: key, payload: payload)
        guard file.count <= Self.maxEntryBytes else { return dropped(name) }
        var temp = ".tmp-\(getpid())-\(serial)"
        var fd = openat(folder, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        // A name taken by an earlier process of the same pid, killed mid-write (a container's pid 1 restarted
        // within the minute its temporary files are kept): another name, not a cache turned off.
        var tries = 0
        while fd < 0, errno == EEXIST, tries < 16 {
            tries += 1
            temp = ".tmp-\(getpid())-\(UInt64.random(in: 1_000_000_000...UInt64(Int64.max)))"   // still `.tmp-<pid>-<n>`
            fd = openat(folder, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            dropped(name)
            return turnOff(reason)
        }
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
        if failure == 0, !Self.replaceable(folder, name) { failure = EEXIST }
        if failure == 0, renameat(folder, temp, folder, name) != 0 { failure = errno }
        guard failure == 0 else {
            unlinkat(folder, temp, 0)
            dropped(name)
            // Something else at the entry's name (a folder, say): that image goes uncached.
            if [EEXIST, EISDIR, ENOTEMPTY, ENOTDIR, EBUSY].contains(failure) { return }
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
    /// Only the cache's own entries: other files in the folder stay.
    package func clear() {
        let names = state.withLock { s -> [String] in
            let names = Array(s.entries.keys)
            s.entries.removeAll()
            s.totalBytes = 0
            return names
        }
        guard !isReadOnly else { return }
        for name in names where Self.entryFile(folder, name) != nil { unlinkat(folder, name, 0) }
        // Entries another instance wrote since this one listed the folder.
        for name in Self.names(in: folder) where Self.isEntryName(name) && Self.entryFile(folder, name) != nil {
            unlinkat(folder, name, 0)
        }
    }

    /// Deletes least recently used entries until the total fits the limit.
    private func evict() {
        guard !isReadOnly else { return }
        let victims = state.withLock { s -> [String] in
            guard s.totalBytes > byteLimit else { return [] }
            var out: [String] = []
            for (name, entry) in s.entries.sorted(by: { ($0.value.lastUse, $0.key) < ($1.value.lastUse, $1.key) }) {
                guard s.totalBytes > byteLimit else { break }
                s.entries[name] = nil
                s.totalBytes -= entry.size
                s.drop(name)
                out.append(name)
            }
            return out
        }
        for name in victims where Self.entryFile(folder, name) != nil { unlinkat(folder, name, 0) }
    }

    /// Drops `name` from the index (it is gone, or not the cache's).
    private func forget(_ name: String) {
        state.withLock { s in
            if let e = s.entries.removeValue(forKey: name) { s.totalBytes -= e.size }
            s.drop(name)
        }
    }

    /// Notes that `key`'s entry was not written (its bytes could not be had).
    package func notWritten(_ key: String) {
        dropped(DiskCacheEntry.fileName(for: key))
    }

    /// Notes that the entry `name` was not written.
    private func dropped(_ name: String) {
        state.withLock { $0.drop(name) }
    }

    /// The entry names the cache let go of (evicted, found torn, deleted) or did not write (off, read-only,
    /// a full disk, something else at the name) since the last call, and whether some were lost to
    /// `droppedLimit` (then every entry must be checked): what an index beside it (`IndexedDiskCache`)
    /// follows.
    package func takeDropped() -> (names: [String], overflowed: Bool) {
        state.withLock { s in
            defer {
                s.dropped.removeAll(keepingCapacity: true)
                s.droppedOverflow = false
            }
            return (s.dropped, s.droppedOverflow)
        }
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

extension DiskCache {
    /// True for an entry's file name: 32 lowercase hex digits and `.entry`.
    package static func isEntryName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard u.count == 38, name.hasSuffix(".entry") else { return false }
        return u.prefix(32).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// True for a temporary file's name: `.tmp-PID-N`.
    package static func isTempName(_ name: String) -> Bool {
        guard name.hasPrefix(".tmp-") else { return false }
        let parts = name.dropFirst(5).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.count <= 20 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The names in the open folder (`.` and `..` left out).
    package static func names(in folder: Int32) -> [String] {
        let copy = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0 else { return [] }
        guard let dir = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { out.append(name) }
        }
        return out
    }

    /// The status of `name` if it is one of the cache's entries: a regular file (not a link) no larger
    /// than an entry can be, starting with the entry header. Opened non-blocking: a FIFO never blocks.
    package static func entryFile(_ folder: Int32, _ name: String) -> stat? {
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= off_t(maxEntryBytes) else { return nil }
        var head = [UInt8](repeating: 0, count: DiskCacheEntry.magic.count)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        return n == head.count && head == DiskCacheEntry.magic ? info : nil
    }

    /// True when nothing or a regular file of the cache's is at `name`: a rename may replace it.
    package static func replaceable(_ folder: Int32, _ name: String) -> Bool {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT }
        return entryFile(folder, name) != nil
    }

    /// True when the folder holds the marker (a regular file, not a link, with the marker's text).
    package static func hasMarker(_ folder: Int32) -> Bool {
        let fd = openat(folder, markerName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let want = Array(markerText.utf8)
        var got = [UInt8](repeating: 0, count: want.count)
        let n = got.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        return n == want.count && got == want
    }

    /// Writes the marker (no-op if another instance just did): whole under a temporary name, then linked to
    /// its own, so an instance opening the folder at the same moment never reads it half written.
    package static func writeMarker(_ folder: Int32) {
        let temporary = ".tmp-\(getpid())-\(UInt32.max)"
        let fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        let written = Array(markerText.utf8).withUnsafeBytes { writeAll($0, to: fd) }
        close(fd)
        if written { _ = linkat(folder, temporary, folder, markerName, 0) }   // EEXIST: another instance's is there
        unlinkat(folder, temporary, 0)
    }

    /// The first name in a folder without the marker that is not the cache's (an entry with its header,
    /// or a temporary file), or nil: an empty folder, or one a cache without the marker wrote.
    package static func foreignName(in folder: Int32) -> String? {
        for name in names(in: folder) {
            if isTempName(name) {
                var info = stat()
                let found = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0
                if found, (info.st_mode & S_IFMT) == S_IFREG { continue }
                if !found, errno == ENOENT { continue }   // another instance's, renamed since the folder was read
            } else if isEntryName(name), entryFile(folder, name) != nil {
                continue
            }
            return name
        }
        return nil
    }

    private static func modified(_ info: stat) -> Double {
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }
}
