/// UIKit's rubber band: how far the content shows past an edge when the finger pulls past it (B-BNC-1).
///
/// `displayed = (1 − 1/(x·c/d + 1))·d` with `c = 0.55`, `x` the finger's overscroll and `d` the viewport
/// length. The slope at the edge is `c` and the displayed distance approaches but never reaches `d`.
/// The inverse lets a drag that catches an overscrolled view continue without a jump.
public struct RubberBand: Hashable, Sendable {
    /// The coefficient `c` (0.55 on iOS).
    public var coefficient: Double

    /// Makes a rubber band with coefficient `c`.
    public init(coefficient: Double = 0.55) {
        self.coefficient = coefficient
    }

    /// Displayed overscroll for a finger overscroll `x` (sign kept) in a viewport of length `dimension`;
    /// an infinite `x` shows the limit, `±d`.
    public func displayed(overscroll x: Double, dimension d: Double) -> Double {
        guard d > 0, !x.isNaN, d.isFinite, coefficient > 0 else { return 0 }
        if x.isInfinite { return x < 0 ? -d : d }
        let magnitude = (1 - 1 / (abs(x) * coefficient / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    /// Finger overscroll that displays as `b` (the inverse of `displayed`); `|b|` is kept below `d`.
    public func overscroll(displayed b: Double, dimension d: Double) -> Double {
        guard d > 0, !b.isNaN, d.isFinite, coefficient > 0 else { return 0 }
        let magnitude = Swift.min(abs(b), d * (1 - 1e-9))
        let x = d / coefficient * magnitude / (d - magnitude)
        return b < 0 ? -x : x
    }

    /// How many displayed points one more finger point gives at finger overscroll `x` (c at the edge, falling
    /// off to 0 at an infinite `x`).
    public func slope(overscroll x: Double, dimension d: Double) -> Double {
        guard d > 0, !x.isNaN, d.isFinite, coefficient > 0 else { return 1 }
        if x.isInfinite { return 0 }
        let q = abs(x) * coefficient / d + 1
        return coefficient / (q * q)
    }

    /// The displayed offset for an unconstrained ("finger") offset `raw`, with the content's offset range
    /// `lower...upper`: unchanged inside, rubber-banded outside.
    public func displayedOffset(raw: Double, lower: Double, upper: Double, dimension: Double) -> Double {
        if raw < lower { return lower + displayed(overscroll: raw - lower, dimension: dimension) }
        if raw > upper { return upper + displayed(overscroll: raw - upper, dimension: dimension) }
        return raw
    }

    /// The unconstrained offset that displays as `offset` (the inverse of `displayedOffset`).
    public func rawOffset(displayed offset: Double, lower: Double, upper: Double, dimension: Double) -> Double {
        if offset < lower { return lower + overscroll(displayed: offset - lower, dimension: dimension) }
        if offset > upper { return upper + overscroll(displayed: offset - upper, dimension: dimension) }
        return offset
    }
}
