extension JSONValue {
    /// An object's members for many lookups by name: a sweep's result line is read some forty times, for
    /// keys it has and keys it lacks, and a report reads millions of lines.
    ///
    /// It finds what `JSONValue[key]` finds. When every key is ASCII (as the lab writes them), two keys are
    /// equal exactly when their bytes are, so each is matched by a hash of its bytes before the strings are
    /// compared; otherwise (a key another scalar could be canonically equivalent to) by `==` alone.
    struct Fields {
        private let pairs: [(String, JSONValue)]
        /// Each key's hash (`Fields.hash`) when every key is ASCII; nil otherwise.
        private let hashes: [UInt64]?

        /// The members of `value`; none when it is not an object.
        init(_ value: JSONValue) {
            guard case let .object(pairs) = value else {
                self.pairs = []
                hashes = []
                return
            }
            self.pairs = pairs
            var hashes: [UInt64] = []
            hashes.reserveCapacity(pairs.count)
            for (key, _) in pairs {
                guard let hash = Self.hash(key) else { self.hashes = nil; return }
                hashes.append(hash)
            }
            self.hashes = hashes
        }

        /// The value of `key`, nil when the object has none.
        subscript(key: String) -> JSONValue? {
            if let hashes, let hash = Self.hash(key) {
                for i in hashes.indices where hashes[i] == hash && pairs[i].0 == key { return pairs[i].1 }
                return nil
            }
            return pairs.first { $0.0 == key }?.1
        }

        /// FNV-1a of an ASCII string's bytes; nil when it has another scalar.
        private static func hash(_ key: String) -> UInt64? {
            key.utf8.withContiguousStorageIfAvailable { asciiHash($0) } ?? asciiHash(key.utf8)
        }

        /// FNV-1a of ASCII bytes; nil when another byte is among them. Two ASCII strings are equal (as Swift
        /// strings, canonically) exactly when their bytes are.
        static func asciiHash(_ bytes: some Sequence<UInt8>) -> UInt64? {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325, bits: UInt8 = 0
            for byte in bytes {
                bits |= byte
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return bits < 0x80 ? hash : nil
        }
    }
}
