/// A bounded memo in two generations: values go into the current one; when it is full it becomes the previous
/// one (the older dropped whole) and a value found there moves back into the new current one.
///
/// What is in use stays remembered across a turn, so a full memo never costs a frame a burst of measuring
/// everything again (as emptying one table did), and both tables are sized once: no lookup pays for a table
/// growing and rehashing its keys.
package struct TwoGenerationCache<Key: Hashable, Value> {
    /// Entries a generation holds before it turns.
    package let generationLimit: Int
    private var current: [Key: Value]
    private var previous: [Key: Value]

    package init(generationLimit: Int) {
        precondition(generationLimit > 0, "a generation holds at least one entry")
        self.generationLimit = generationLimit
        current = Dictionary(minimumCapacity: generationLimit)
        previous = Dictionary(minimumCapacity: generationLimit)
    }

    /// Entries remembered, both generations (a key in both counted twice).
    package var count: Int { current.count + previous.count }

    /// The value of `key`, or `make()`'s, remembered.
    package mutating func value(for key: Key, make: () -> Value) -> Value {
        if let known = current[key] { return known }
        let value = previous[key] ?? make()
        if current.count >= generationLimit { turn() }
        current[key] = value
        return value
    }

    /// Forgets everything, keeping both tables' sizes.
    package mutating func removeAll() {
        current.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
    }

    /// The current generation becomes the previous one; the new current one reuses the older table.
    private mutating func turn() {
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
    }
}
