/// A fixed-capacity ring of values: appending to a full ring drops the oldest value.
///
/// Storage is allocated once in `init`, so recording a sample every frame never allocates.
/// Index 0 is the oldest value kept, `count - 1` the newest.
public struct RingBuffer<Element>: RandomAccessCollection {
    /// How many values the ring keeps at most.
    public let capacity: Int
    private var storage: ContiguousArray<Element>
    private var start = 0
    /// How many values the ring holds now (at most `capacity`).
    public private(set) var count = 0

    /// Makes an empty ring of `capacity` (at least 1) slots, filled with `filler` that is never read.
    public init(capacity: Int, filler: Element) {
        self.capacity = Swift.max(1, capacity)
        storage = ContiguousArray(repeating: filler, count: self.capacity)
    }

    /// Adds `value` as the newest element, dropping the oldest one when the ring is full.
    public mutating func append(_ value: Element) {
        if count < capacity {
            storage[(start + count) % capacity] = value
            count += 1
        } else {
            storage[start] = value
            start = (start + 1) % capacity
        }
    }

    /// Empties the ring; its storage is kept.
    public mutating func removeAll() {
        start = 0
        count = 0
    }

    /// The position of the oldest element (always 0).
    public var startIndex: Int { 0 }
    /// One past the position of the newest element.
    public var endIndex: Int { count }

    /// The element at `position`, counted from the oldest (0) to the newest (`count - 1`).
    public subscript(position: Int) -> Element {
        get { storage[slot(position)] }
        set { storage[slot(position)] = newValue }
    }

    /// The storage slot of `position`: `(start + position) % capacity` without a division (both are below
    /// `capacity` for a position inside the ring; a timeline's layout reads thousands a frame).
    @inline(__always)
    private func slot(_ position: Int) -> Int {
        let slot = start + position
        return slot >= capacity ? slot - capacity : slot
    }
}

extension RingBuffer: Sendable where Element: Sendable {}
