/// A bounded memo in two generations: values go into the current one; when it is full it becomes the previous
/// one (the older dropped whole) and a value found there moves back into the new current one.
///
/// What is in use stays remembered across a turn, so a full memo never costs a frame a burst of measuring
/// everything again (as emptying one table did), and both tables are sized once: no lookup pays for a table
/// growing and rehashing its keys.
///
/// Public and inlinable, so that the window's font widths (another module) get a copy made for their key: this
/// compiler specializes an inlinable `package` generic in no other module, and the generic lookup, through the
/// dictionaries' and optionals' metadata, cost more than the measuring it saves.
public struct TwoGenerationCache<Key: Hashable, Value> {
    /// Entries a generation holds before it turns.
    public let generationLimit: Int
    @usableFromInline var current: [Key: Value]
    @usableFromInline var previous: [Key: Value]

    @inlinable
    public init(generationLimit: Int) {
        precondition(generationLimit > 0, "a generation holds at least one entry")
        self.generationLimit = generationLimit
        current = Dictionary(minimumCapacity: generationLimit)
        previous = Dictionary(minimumCapacity: generationLimit)
    }

    /// Entries remembered, both generations (a key in both counted twice).
    @inlinable
    public var count: Int { current.count + previous.count }

    /// The value of `key`, or `make()`'s, remembered.
    @inlinable
    public mutating func value(for key: Key, make: () -> Value) -> Value {
        if let known = current[key] { return known }
        let value = previous[key] ?? make()
        if current.count >= generationLimit { turn() }
        current[key] = value
        return value
    }

    /// Forgets everything, keeping both tables' sizes.
    @inlinable
    public mutating func removeAll() {
        current.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
    }

    /// The current generation becomes the previous one; the new current one reuses the older table.
    @inlinable
    mutating func turn() {
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
    }
}
