import LabKit
import ScrollKit
import ScrollLabCore

/// Compare mode's line above each phone: its number and policy (in the policy's plot colour) or physics,
/// and its live figures — loads, bytes over a network, blank time and the share of tiles ready when they
/// appeared. The phone the HUD follows is underlined.
@MainActor
struct PhoneTitle {
    let canvas: Canvas
    let text: TextCache

    /// The line's top, above the phone's screen.
    nonisolated static let top = 34.0

    /// Where the line above the phone whose screen is `frame` is drawn: from `top` down to the screen, as wide
    /// as the screen and half the gap to each neighbour (the name is short; the figures end at the screen's edge).
    nonisolated static func band(over frame: Rect) -> Rect {
        let margin = (PhoneViewport.pitch - frame.width) / 2
        return Rect(x: frame.minX - margin, y: top, width: frame.width + 2 * margin, height: Swift.max(0, frame.minY - top))
    }

    func draw(_ phone: Phone, snapshot: SceneSnapshot, focused: Bool) {
        let frame = phone.viewport.frame
        let segment = phone.scene.policySegment
        var kind: LoadingPolicyKind?
        if let policy = segment?.policy { kind = LoadingPolicyKind(rawValue: String(policy.prefix { $0 != " " })) }
        var colour = kind.map { RGBA($0.declaration.colour.red, $0.declaration.colour.green, $0.declaration.colour.blue) } ?? .dimText
        if case .physics? = phone.entry { colour = .heading }
        let swatch = Rect(x: frame.minX, y: Self.top + 3, width: 10, height: 10)
        canvas.fill(swatch, colour)
        // A phone comparing physics is named by its physics; one comparing policies by its current policy.
        var name = "\(phone.index + 1) " + (segment?.policy ?? phone.scene.kind.name)
        if case let .physics(kind)? = phone.entry { name = "\(phone.index + 1) \(kind.rawValue)" }
        let metrics = text.fonts.metrics
        let used = text.draw(name, style: .label, colour: focused ? .text : .dimText, x: Int32(swatch.maxX + 6), y: Int32(Self.top)).width
        if focused { canvas.fill(Rect(x: swatch.maxX + 6, y: Self.top + metrics.lineHeight(.label), width: Double(used), height: 1), .heading) }
        guard let segment else { return }
        let x = swatch.maxX + 6 + Double(used) + 8
        let key = FiguresKey(segment.metrics, network: phone.scene.sourceNetwork != nil, width: frame.maxX - x, scale: text.fonts.scale)
        // The figures change most frames while tiles are blank: the phone's line slot holds their texture.
        let line: String
        if let kept = phone.titleFigures, kept.key == key {
            line = kept.line
        } else {
            line = text.fitLine(Self.figures(segment.metrics, network: key.network), slot: phone.index, style: .small,
                                colour: .dimText, toWidth: key.width)
            phone.titleFigures = (key, line)
        }
        text.drawLine(line, slot: phone.index, style: .small, colour: .dimText, x: Int32(x.rounded()), y: Int32(Self.top + 1))
    }

    /// What the figures line is made of (`figures`, elided to `width`): while it is the same, the phone's
    /// line as last made is drawn again, without formatting and measuring it each frame.
    struct FiguresKey: Equatable {
        var loads: Int
        var bytes: Int
        var blank: Double
        var ready: Double
        var network: Bool
        var width: Double
        /// The fonts' scale the line was measured at.
        var scale: Double

        init(_ m: LoadMetrics, network: Bool, width: Double, scale: Double) {
            loads = m.loadsIssued
            bytes = m.networkBytes
            blank = m.blankTileSeconds
            ready = m.readyOnAppearShare
            self.network = network
            self.width = width
            self.scale = scale
        }
    }

    /// `14 loads · 265 kB · blank 0.63 · ready 92%` (bytes only over a network).
    /// The numbers are `String(format: "%.Nf")`'s, written by `HUDFormat.printf` (the line changes most frames
    /// while tiles are blank, and Foundation's formatter costs thousands of instructions a number).
    static func figures(_ m: LoadMetrics, network: Bool) -> String {
        var line = "\(m.loadsIssued) loads"
        if network { line += " · " + HUDFormat.printf(Double(m.networkBytes) / 1000, decimals: 0) + " kB" }
        line += " · blank " + HUDFormat.printf(m.blankTileSeconds, decimals: 2)
        line += " · ready " + HUDFormat.printf(m.readyOnAppearShare * 100, decimals: 0) + "%"
        return line
    }
}
