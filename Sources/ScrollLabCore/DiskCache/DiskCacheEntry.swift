/// The bytes of one disk cache file: a header that names the key, the payload's length and checksum,
/// then the payload (an image file as fetched).
///
/// Layout: `SLDC` and a version byte; the key's length (UInt32, little-endian) and its UTF-8 bytes (a key
/// longer than `maxKeyBytes` is stored as `hashed:LENGTH:` and its 128-bit hash); the
/// payload's length (UInt64); its FNV-1a 64-bit hash (UInt64); the payload. A file cut short, grown,
/// overwritten in part or holding another key is refused by `payload(of:key:)`: the cache never serves
/// a torn or corrupt entry.
package enum DiskCacheEntry {
    package static let magic: [UInt8] = Array("SLDC".utf8) + [1]
    /// Keys longer than this are stored as their hash (a URL of 64 KiB is an unusual image address).
    package static let maxKeyBytes = 65_536

    /// The key's bytes as stored: the key itself, or for a key over `maxKeyBytes` its length and hash.
    package static func storedKey(_ key: String) -> [UInt8] {
        let bytes = Array(key.utf8)
        guard bytes.count > maxKeyBytes else { return bytes }
        return Array("hashed:\(bytes.count):\(hex(fnv1a(bytes)))\(hex(fnv1a(bytes, basis: 0x6C62_272E_07BB_0142)))".utf8)
    }

    /// The file for `payload` under `key`.
    package static func encode(key: String, payload: [UInt8]) -> [UInt8] {
        let keyBytes = storedKey(key)
        var out = magic
        out.reserveCapacity(magic.count + 4 + keyBytes.count + 16 + payload.count)
        append(UInt64(keyBytes.count), bytes: 4, to: &out)
        out += keyBytes
        append(UInt64(payload.count), bytes: 8, to: &out)
        append(fnv1a(payload), bytes: 8, to: &out)
        out += payload
        return out
    }

    /// The payload of `file` if it is a whole, intact entry for `key`; nil otherwise.
    package static func payload(of file: [UInt8], key: String) -> [UInt8]? {
        var at = 0
        func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, file.count - at >= n else { return nil }
            defer { at += n }
            return file[at..<(at + n)]
        }
        guard let m = take(magic.count), Array(m) == magic,
              let keyLength = take(4).map(number), keyLength <= UInt64(maxKeyBytes),
              let stored = take(Int(keyLength)), Array(stored) == storedKey(key),
              let length = take(8).map(number), let hash = take(8).map(number),
              length == UInt64(file.count - at)
        else { return nil }
        let payload = Array(file[at...])
        return fnv1a(payload) == hash ? payload : nil
    }

    /// A file name for `key` made of hex digits only (two FNV-1a hashes: 128 bits), safe on any file
    /// system whatever the key holds; the key inside the entry settles a collision.
    package static func fileName(for key: String) -> String {
        let bytes = Array(key.utf8)
        return hex(fnv1a(bytes)) + hex(fnv1a(bytes, basis: 0x6C62_272E_07BB_0142)) + ".entry"
    }

    /// FNV-1a, 64 bits.
    package static func fnv1a<C: Collection>(_ bytes: C, basis: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 where C.Element == UInt8 {
        var h = basis
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    private static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    private static func append(_ value: UInt64, bytes: Int, to out: inout [UInt8]) {
        for i in 0..<bytes { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
