import Foundation
import ScrollKit

/// How the HUD writes numbers: rounded, never a negative zero, short enough for their cells.
package enum HUDFormat {
    /// `value` with `decimals` decimals; a value that rounds to zero is written without a sign.
    package static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-∞" : "∞") }
        if let fixed = fixed(value, decimals: decimals) { return fixed }
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
    }

    /// `String(format: "%.Nf", value)` exactly (a negative zero keeps its sign): `fixed` where it holds for a
    /// value without a sign, the formatter otherwise.
    package static func printf(_ value: Double, decimals: Int) -> String {
        if value.sign == .plus, let fixed = fixed(value, decimals: decimals) { return fixed }
        return String(format: "%.\(decimals)f", value)
    }

    /// `%.Nf` of `value` without Foundation's formatter (the HUD writes dozens of numbers a frame, each
    /// thousands of instructions through `String(format:)`): `value` × 10ᴺ rounded as printf rounds the exact
    /// binary value, half to even, the product's rounding error taken exactly with a fused multiply-add.
    /// Nil where that does not hold exactly (more than 6 decimals, or 10ᴺ·|value| ≥ 2⁵²).
    static func fixed(_ value: Double, decimals: Int) -> String? {
        guard (0...6).contains(decimals) else { return nil }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let product = value * scale
        guard abs(product) < 0x1p52 else { return nil }
        // The exact value × 10ᴺ is product + error; only a product exactly halfway needs the error's sign.
        var whole = product.rounded(.toNearestOrEven)
        if abs(product - product.rounded(.towardZero)) == 0.5 {
            let error = (-product).addingProduct(value, scale)     // value × 10ᴺ − product, exact
            if error != 0 { whole = error > 0 ? product.rounded(.up) : product.rounded(.down) }
        }
        let units = Int(whole)
        var digits = String(units.magnitude)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return units < 0 ? "-" + digits : digits
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
        let marker = " · problem "
        guard segment.utf8.count > marker.utf8.count, segment.contains(marker),
              let range = segment.range(of: marker), let digit = segment[range.upperBound...].first else { return segment }
        let mark: String
        switch digit {
        case "1": mark = "¹"
        case "2": mark = "²"
        case "3": mark = "³"
        default: return segment
        }
        return String(segment[..<range.lowerBound]) + mark
    }

    /// The callback's arguments, short: `v=(0.00, 2.31) pt/ms → (0, 5230)`, `willDecelerate: true at (0, 12)`.
    package static func arguments(of record: ScrollEventRecord) -> String { argumentForms(of: record)[0] }

    /// The callback's arguments from the fullest form to the shortest, for a cell that may not hold the
    /// first: a rewritten target (`was …`) keeps its three points and drops the velocity's unit, then
    /// the velocity's zero axis.
    package static func argumentForms(of record: ScrollEventRecord) -> [String] {
        guard case let .willEndDragging(velocity, target, proposed) = record.event, proposed != target else {
            return [simpleArguments(of: record)]
        }
        let rewrite = " → " + point(target, decimals: 0) + " was " + point(proposed, decimals: 0)
        var forms = ["v=" + point(velocity, decimals: 2) + " pt/ms" + rewrite, "v=" + point(velocity, decimals: 2) + rewrite]
        if velocity.y == 0 { forms.append("vx=" + number(velocity.x, decimals: 2) + rewrite) }
        if velocity.x == 0 { forms.append("vy=" + number(velocity.y, decimals: 2) + rewrite) }
        return forms
    }

    private static func simpleArguments(of record: ScrollEventRecord) -> String {
        switch record.event {
        case let .willEndDragging(velocity, target, _):
            return "v=" + point(velocity, decimals: 2) + " pt/ms → " + point(target, decimals: 0)
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
