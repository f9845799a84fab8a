import Foundation
import ScrollKit

/// How the HUD writes numbers: rounded, never a negative zero, short enough for their cells.
package enum HUDFormat {
    /// `value` with `decimals` decimals; a value that rounds to zero is written without a sign.
    package static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-∞" : "∞") }
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
    }

    /// A point: `(0.0, 1234.5)`.
    package static func point(_ p: Point, decimals: Int) -> String {
        "(" + number(p.x, decimals: decimals) + ", " + number(p.y, decimals: decimals) + ")"
    }

    /// A table value in at most six characters: two decimals below 100, one below 1000, then whole
    /// (`integer` always whole).
    package static func compact(_ value: Double, integer: Bool = false) -> String {
        let magnitude = abs(value)
        return number(value, decimals: integer || magnitude >= 1000 ? 0 : magnitude >= 100 ? 1 : 2)
    }

    /// A policy as the comparison table names it: the seed problem as a superscript (`deferred¹`).
    package static func policyName(_ segment: String) -> String {
        let superscripts: [Character: String] = ["1": "¹", "2": "²", "3": "³"]
        guard let range = segment.range(of: " · problem "), let digit = segment[range.upperBound...].first,
              let mark = superscripts[digit] else { return segment }
        return String(segment[..<range.lowerBound]) + mark
    }

    /// The callback's arguments, short: `v=(0.00, 2.31) pt/ms → (0, 5230)`, `willDecelerate: true at (0, 12)`.
    package static func arguments(of record: ScrollEventRecord) -> String {
        switch record.event {
        case let .willEndDragging(velocity, target, proposed):
            var s = "v=" + point(velocity, decimals: 2) + " pt/ms → " + point(target, decimals: 0)
            if proposed != target { s += " was " + point(proposed, decimals: 0) }
            return s
        case let .didEndDragging(willDecelerate):
            return "willDecelerate: \(willDecelerate) at " + point(record.offset, decimals: 0)
        case let .contentTouch(_, view):
            return "item \(view.item) · view #\(view.view)" + (view.isControl ? " · ♥ control" : "")
        case let .didEndZooming(scale):
            return "atScale: " + number(scale, decimals: 3) + " at " + point(record.offset, decimals: 0)
        default:
            return "at " + point(record.offset, decimals: 0)
        }
    }
}
