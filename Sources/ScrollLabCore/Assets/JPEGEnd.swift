/// Whether a JPEG's bytes stop before its end-of-image marker (EOI, FF D9). libjpeg decodes a JPEG cut
/// short without an error (a warning, the rest of the picture grey), so a truncated file would show as a
/// grey image; the decoder refuses it by this check instead (SPEC §7: a placeholder that says why).
///
/// The markers are walked from the start (each segment by its length, each scan's entropy-coded data to
/// the next marker that is neither a stuffed `FF 00` nor a restart), so bytes after the EOI (a motion
/// photo's video, a trailer) are not taken for a cut, and an EXIF thumbnail's own EOI, inside its
/// segment, is skipped with it.
package enum JPEGEnd {
    /// True when `bytes` start as a JPEG (FF D8) and end before its EOI. False for a whole JPEG, for bytes
    /// that are not a JPEG, and where a marker should be but is not (corrupt: the decoder decides).
    package static func isCutShort(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isCutShort($0) }
    }

    static func isCutShort(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        guard n >= 2, b[0] == 0xFF, b[1] == 0xD8 else { return false }
        var i = 2
        while true {
            guard i < n else { return true }
            guard b[i] == 0xFF else { return false }
            // A marker may be preceded by fill bytes (FF).
            var m = i + 1
            while m < n, b[m] == 0xFF { m += 1 }
            guard m < n else { return true }
            let marker = b[m]
            i = m + 1
            switch marker {
            case 0xD9:
                return false
            case 0x01, 0xD0...0xD7:
                continue
            default:
                guard i + 1 < n else { return true }
                let length = Int(b[i]) << 8 | Int(b[i + 1])
                guard length >= 2 else { return false }
                i += length
                guard marker == 0xDA else { continue }
                // The scan's data: up to an FF followed by a marker's code.
                while true {
                    guard i + 1 < n else { return true }
                    if b[i] == 0xFF {
                        let next = b[i + 1]
                        if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { break }
                    }
                    i += 1
                }
            }
        }
    }
}
