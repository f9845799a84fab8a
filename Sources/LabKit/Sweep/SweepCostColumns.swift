/// The result line's columns the budgets read (`SweepBudget.columns`), by name: one `Double` each in the
/// columns' order, NaN where the line has none. A report holds one per result (millions in a big sweep), so
/// they are a plain array, not a dictionary of names (a third of its bytes).
public struct SweepCostColumns: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The values in `SweepBudget.columns` order (empty: none yet).
    private var values: [Double] = []

    /// Each column's place.
    private static let places = Dictionary(uniqueKeysWithValues: SweepBudget.columns.enumerated().map { ($1, $0) })

    /// No column.
    public init() {}

    /// The columns given (each one `SweepBudget.columns` names).
    public init(_ columns: [String: Double]) {
        for (name, value) in columns { self[name] = value }
    }

    public init(dictionaryLiteral elements: (String, Double)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// The column `name`'s value, nil when the line has none (or no budget reads it).
    public subscript(name: String) -> Double? {
        get {
            guard let i = Self.places[name], i < values.count, !values[i].isNaN else { return nil }
            return values[i]
        }
        set {
            guard let i = Self.places[name] else { preconditionFailure("\(name) is no column a budget reads") }
            if values.isEmpty {
                guard newValue != nil else { return }
                values = Array(repeating: .nan, count: Self.places.count)
            }
            values[i] = newValue ?? .nan
        }
    }

    public static func == (a: Self, b: Self) -> Bool {
        SweepBudget.columns.allSatisfy { a[$0] == b[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        for column in SweepBudget.columns { hasher.combine(self[column]) }
    }
}
