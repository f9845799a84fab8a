import CSDL
import LabKit
import ScrollKit
import ScrollLabCore

/// Draws the lab's timeline (B-UI-1) into a HUD panel: offset (blue) and velocity (amber) along the
/// scroll axis over the last seconds of model time, a vertical marker with a short label at every
/// delegate callback, and each release's target as a dashed horizontal line.
///
/// The geometry comes from `Timeline.layout(in:now:seconds:into:)`; this type only draws it. What to
/// look for: a snap after deceleration is a curve that flattens on the dashed target line, then a
/// second rise to the page with a `dESA` marker; a target rewrite is one smooth curve that ends on
/// the line (the proposed target, grey, shows where it would have gone); a left-over
/// `didEndDecelerating` of an interrupted fling is a red `dEDec*` marker right after `dED(F)`.
@MainActor
struct TimelinePlot {
    let canvas: Canvas
    let text: TextCache

    /// Seconds of model time across the plot, at least (a fling's glide widens it).
    static let seconds = 3.0
    /// Offset curve colour.
    static let offsetColour = RGBA(110, 180, 255)
    /// Velocity curve colour.
    static let velocityColour = RGBA(255, 190, 70)
    /// Target line colour (the ghost rect's colour).
    static let targetColour = RGBA.ghost

    /// The caption's offsets: the range drawn in whole points (`0…1118 pt`), one value when flat (`4207 pt`),
    /// `– pt` when the window holds none. The axis's margin is not in it: `-56…1174` read as overscroll.
    static func spanText(_ span: ClosedRange<Double>?) -> String {
        guard let span else { return "– pt" }
        let low = HUDFormat.number(span.lowerBound, decimals: 0), high = HUDFormat.number(span.upperBound, decimals: 0)
        return (low == high ? low : low + "…" + high) + " pt"
    }
    /// The REC indicator's colour.
    static let recordingColour = RGBA(255, 60, 60)
    /// Proposed (pre-rewrite) target colour.
    static let proposedColour = RGBA(150, 155, 165)

    /// The plot's box in the panel at `frame`, under its caption row; filled whole every frame.
    nonisolated static func box(in frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY + 20, width: frame.width, height: frame.height - 20)
    }

    /// Draws the panel: a caption line at `frame.minY`, the plot below it. `status` is a short note
    /// after the legend (the slow-motion scale, `"1×"`); `recording`, when set, is shown in red (`"REC → ./recordings/"`);
    /// `follows` names a nested scroll view whose offset the curve shows (`photo`), on the offset's range.
    func draw(_ timeline: Timeline, now: Double, seconds: Double = TimelinePlot.seconds, in frame: Rect, status: String, recording: String?,
              follows: String? = nil, layout: inout TimelineLayout) {
        let caption = Int32(frame.minY)
        var x = Int32(frame.minX)
        x += text.draw("Timeline", style: .heading, colour: .heading, x: x, y: caption).width + 8
        x += text.draw("offset", style: .label, colour: Self.offsetColour, x: x, y: caption).width + 6
        x += text.draw("velocity", style: .label, colour: Self.velocityColour, x: x, y: caption).width + 6
        x += text.draw("target", style: .label, colour: Self.targetColour, x: x, y: caption).width + 8
        text.draw(status, style: .label, colour: .dimText, x: x, y: caption)

        let box = Self.box(in: frame)
        canvas.fill(box, RGBA(14, 15, 18))
        canvas.stroke(box, width: 1, RGBA(60, 64, 72))
        // Curves use the box between the label rows and the axis line; labels sit in rows at the top.
        let plot = Rect(x: box.minX + 2, y: box.minY + 3, width: box.width - 4, height: box.height - 20)
        let fonts = text.fonts
        timeline.layout(in: plot, now: now, seconds: seconds,
                        measure: { Double(fonts.width($0, style: .mono)) }, into: &layout)

        canvas.clip(box)
        defer { canvas.clip(nil) }

        // Zero velocity.
        canvas.drawDashed(from: Point(x: plot.minX, y: layout.velocityZeroY), to: Point(x: plot.maxX, y: layout.velocityZeroY),
                          dash: 2, RGBA(90, 75, 45))
        // Target lines: the final target dashed red (2 px), a rewritten proposal dashed grey.
        for target in layout.targets {
            if let proposed = target.proposedY {
                canvas.drawDashed(from: Point(x: target.startX, y: proposed), to: Point(x: target.endX, y: proposed), dash: 3,
                                  Self.proposedColour)
            }
            for dy in [0.0, 1.0] {
                canvas.drawDashed(from: Point(x: target.startX, y: target.y + dy), to: Point(x: target.endX, y: target.y + dy),
                                  dash: 5, Self.targetColour)
            }
        }
        // Marker lines under the curves.
        for marker in layout.markers {
            canvas.fill(Rect(x: marker.x.rounded(), y: box.minY, width: 1, height: box.height - 16),
                        marker.marker.colour.withAlpha(140))
        }
        polyline(layout.velocityPoints, Self.velocityColour)
        // A drag's velocity beyond the scale: a tick on the edge it is clipped at.
        for x in layout.clippedVelocityXs {
            canvas.fill(Rect(x: x - 1, y: plot.minY, width: 3, height: 3), Self.velocityColour)
            canvas.fill(Rect(x: x - 1, y: plot.maxY - 3, width: 3, height: 3), Self.velocityColour)
        }
        polyline(layout.offsetPoints, Self.offsetColour, thick: true)
        // Dots on the offset curve and the labels on top, each on a dark backing.
        for marker in layout.markers {
            canvas.fill(Rect(x: marker.x - 2, y: marker.offsetY - 2, width: 5, height: 5), marker.marker.colour)
        }
        for label in layout.labels {
            canvas.fill(Rect(x: label.frame.minX, y: label.frame.minY + 1, width: label.frame.width, height: label.frame.height),
                        RGBA(14, 15, 18, 210))
            text.draw(label.text, style: .mono, colour: label.newest.colour,
                      x: Int32(label.frame.minX.rounded()), y: Int32(label.frame.minY.rounded()))
        }
        drawAxis(layout, box: box, seconds: seconds, follows: follows)
        // Recording: a red dot and the folder, above the axis line.
        if let recording {
            // On the labels' dark backing, so the curves drawn under it do not cross the text.
            let size = text.size(recording, style: .mono)
            canvas.fill(Rect(x: box.minX + 2, y: box.maxY - 34, width: Double(size.width) + 20, height: Double(size.height) + 1),
                        RGBA(14, 15, 18, 210))
            canvas.fill(Rect(x: box.minX + 5, y: box.maxY - 30, width: 9, height: 9), Self.recordingColour)
            text.draw(recording, style: .mono, colour: Self.recordingColour, x: Int32(box.minX + 18),
                      y: Int32(box.maxY - 34))
        }
    }

    /// The bottom line: the time span, the offset range in whole points and the velocity scale, each
    /// in its curve's colour; hidden labels are counted.
    private func drawAxis(_ layout: TimelineLayout, box: Rect, seconds: Double, follows: String?) {
        let y = Int32(box.maxY - 15)
        var right = Int32(box.maxX - 3)
        func put(_ string: String, _ colour: RGBA) {
            let width = text.size(string, style: .mono).width
            right -= width
            text.draw(string, style: .mono, colour: colour, x: right, y: y)
            right -= 10
        }
        put("v ±" + HUDFormat.number(layout.velocityRange.upperBound, decimals: 0) + " pt/s", Self.velocityColour)
        put((follows.map { $0 + " " } ?? "") + Self.spanText(layout.offsetSpan), Self.offsetColour)
        var left = Int32(box.minX + 3)
        left += text.draw("−" + HUDFormat.number(seconds, decimals: seconds == seconds.rounded() ? 0 : 1) + " s", style: .mono,
                          colour: .dimText, x: left, y: y).width + 8
        // The count in words where the line has room, else as `+n` (four-digit offsets leave little): an
        // instant with no room for its label is always counted.
        guard layout.hiddenLabelCount > 0 else { return }
        let hidden = ["+\(layout.hiddenLabelCount) unlabelled", "+\(layout.hiddenLabelCount)"]
            .first { left + text.size($0, style: .mono).width < right } ?? "+\(layout.hiddenLabelCount)"
        text.draw(hidden, style: .mono, colour: .dimText, x: left, y: y)
    }

    private func polyline(_ points: [Point], _ colour: RGBA, thick: Bool = false) {
        guard points.count > 1 else { return }
        canvas.setColour(colour)
        canvas.drawLines(points)
        guard thick else { return }
        // A loop, not `map`: a closure formed here would check the main actor's executor for each point.
        var below: [Point] = []
        below.reserveCapacity(points.count)
        for point in points { below.append(Point(x: point.x, y: Double(Float(point.y) + 1))) }
        canvas.drawLines(below)
    }
}
