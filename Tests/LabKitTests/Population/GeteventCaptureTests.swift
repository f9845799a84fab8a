import Testing
import ScrollKit
@testable import LabKit

/// Captures written exactly as `adb shell getevent -lt` prints them.
@Suite struct GeteventCaptureTests {
    let reader = GeteventCapture(rangeX: 0...1079, rangeY: 0...2399, density: 2.7)

    /// One line of getevent -lt output.
    func line(_ t: Double, _ type: String, _ code: String, _ value: String) -> String {
        let stamp = String(t)
        let padded = String(repeating: " ", count: Swift.max(0, 12 - stamp.count)) + stamp
        return "[\(padded)] /dev/input/event2: \(type.padding(toLength: 12, withPad: " ", startingAt: 0)) \(code.padding(toLength: 20, withPad: " ", startingAt: 0)) \(value)"
    }

    func hex(_ v: Int) -> String {
        let s = String(UInt32(bitPattern: Int32(v)), radix: 16)
        return String(repeating: "0", count: 8 - s.count) + s
    }

    /// A one-finger swipe up: down at (540, 2000) px, 10 frames 8 ms apart, 60 px each, then a lift.
    func swipe(at start: Double = 100.0, id: Int = 45, btnTouch: Bool = true, dropSyn: Set<Int> = []) -> [String] {
        var out: [String] = []
        out.append(line(start, "EV_ABS", "ABS_MT_TRACKING_ID", hex(id)))
        if btnTouch { out.append(line(start, "EV_KEY", "BTN_TOUCH", "DOWN")) }
        out.append(line(start, "EV_ABS", "ABS_MT_POSITION_X", hex(540)))
        out.append(line(start, "EV_ABS", "ABS_MT_POSITION_Y", hex(2000)))
        out.append(line(start, "EV_SYN", "SYN_REPORT", "00000000"))
        for k in 1...10 {
            let t = start + Double(k) * 0.008
            out.append(line(t, "EV_ABS", "ABS_MT_POSITION_Y", hex(2000 - 60 * k)))
            if !dropSyn.contains(k) { out.append(line(t, "EV_SYN", "SYN_REPORT", "00000000")) }
        }
        let end = start + 0.088
        out.append(line(end, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"))
        if btnTouch { out.append(line(end, "EV_KEY", "BTN_TOUCH", "UP")) }
        out.append(line(end, "EV_SYN", "SYN_REPORT", "00000000"))
        return out
    }

    @Test func aSwipeBecomesOneGestureInPointsWithItsSpeed() throws {
        let text = (["add device 1: /dev/input/event2", "  name:     \"sec_touchscreen\""] + swipe()).joined(separator: "\n")
        let result = try reader.read(text)
        #expect(result.gestures.count == 1)
        let g = result.gestures[0]
        #expect(g.map(\.phase) == [.down] + Array(repeating: .move, count: 10) + [.up])
        #expect(abs(g[0].time) < 1e-9 && abs(g[10].time - 0.080) < 1e-9)
        // 60 px every 8 ms at 2.7 px/pt: 2778 pt/s up the screen.
        let dy = g[10].position.y - g[9].position.y, dt = g[10].time - g[9].time
        #expect(abs(dy / dt + 60 / 2.7 / 0.008) < 0.5)   // positions kept to 1/1000 pt
        // Placed at the same fraction of the lab's phone: 540/1080 across, 2000/2400 down.
        #expect(abs(g[0].position.x - 160) < 1e-6 && abs(g[0].position.y - 400) < 1e-6)
        #expect(result.clampedValues == 0)
    }

    @Test func aPanelWithoutBTNTouchAndDroppedSynReportsGivesTheSameGesture() throws {
        let plain = try reader.read(swipe().joined(separator: "\n")).gestures
        let bare = try reader.read(swipe(btnTouch: false, dropSyn: [3, 4, 7]).joined(separator: "\n")).gestures
        #expect(bare.count == 1)
        #expect(bare[0].map(\.position) == plain[0].map(\.position))
        #expect(bare[0].map(\.phase) == plain[0].map(\.phase))
    }

    /// `getevent -t` without `-l` prints types and codes in hex: the same capture reads the same.
    @Test func aCaptureWithHexTypesAndCodesReadsAsItsLabelledForm() throws {
        let codes = ["EV_SYN": "0000", "EV_KEY": "0001", "EV_ABS": "0003", "SYN_REPORT": "0000", "BTN_TOUCH": "014a",
                     "ABS_MT_TRACKING_ID": "0039", "ABS_MT_POSITION_X": "0035", "ABS_MT_POSITION_Y": "0036"]
        let values = ["DOWN": "00000001", "UP": "00000000"]
        let numeric = swipe().map { line -> String in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let (type, code, value) = (parts[parts.count - 3], parts[parts.count - 2], parts[parts.count - 1])
            let head = line[..<line.range(of: "event2: ")!.upperBound]
            return head + "\(codes[type]!) \(codes[code]!) \(values[value] ?? value)"
        }
        #expect(numeric[0].hasSuffix("event2: 0003 0039 0000002d"))
        let labelled = try reader.read(swipe().joined(separator: "\n")).gestures
        #expect(try reader.read(numeric.joined(separator: "\n")).gestures == labelled)
    }

    /// The multi-touch protocol A (no slots, no tracking ids, no BTN_TOUCH): each contact's values end with
    /// SYN_MT_REPORT; a frame that reports no contact lifts it; a second contact is a pinch until one lifts.
    @Test func protocolAContactsAreReadInTheOrderReported() throws {
        func frame(_ t: Double, _ contacts: [(Int, Int)]) -> [String] {
            contacts.flatMap { [line(t, "EV_ABS", "ABS_MT_POSITION_X", hex($0.0)), line(t, "EV_ABS", "ABS_MT_POSITION_Y", hex($0.1)),
                                line(t, "EV_SYN", "SYN_MT_REPORT", "00000000")] }
                + (contacts.isEmpty ? [line(t, "EV_SYN", "SYN_MT_REPORT", "00000000")] : [])
                + [line(t, "EV_SYN", "SYN_REPORT", "00000000")]
        }
        // A swipe up as the labelled protocol B one: the same points and phases.
        var a: [String] = frame(100, [(540, 2000)])
        for k in 1...10 { a += frame(100 + Double(k) * 0.008, [(540, 2000 - 60 * k)]) }
        a += frame(100.088, [])
        let b = try reader.read(swipe().joined(separator: "\n")).gestures
        let read = try reader.read(a.joined(separator: "\n")).gestures
        #expect(read.count == 1 && read.map { $0.map(\.position) } == b.map { $0.map(\.position) })
        #expect(read[0].map(\.phase) == b[0].map(\.phase))
        // Two contacts: the second is a pinch (200 → 400 px apart), then each lifts. The first finger never
        // left its slop before the second came, and the one left lifts where it was: neither is a touch.
        let two = frame(10, [(400, 1200)]) + frame(10.01, [(400, 1200), (600, 1200)]) + frame(10.02, [(400, 1200), (800, 1200)])
            + frame(10.03, [(400, 1200)]) + frame(10.04, [])
        let g = try reader.read(two.joined(separator: "\n")).gestures
        #expect(g.count == 1 && g[0].map(\.phase) == [.pinch, .pinch, .pinchEnd])
        #expect(abs(g[0][1].scale - 2) < 1e-9)
    }

    @Test func aNewContactStartsAtItsSlotsLastXAndY() throws {
        // The input core sends a slot's value only when it changes: a second swipe in the same column
        // (on the same slot) comes with no ABS_MT_POSITION_X at all.
        var second = swipe(at: 101, id: 46)
        second.removeAll { $0.contains("ABS_MT_POSITION_X") }
        let gestures = try reader.read((swipe() + second).joined(separator: "\n")).gestures
        #expect(gestures.count == 2)
        #expect(gestures.last?.map(\.position) == gestures.first?.map(\.position))
        #expect(gestures.last?.map(\.phase) == [.down] + Array(repeating: .move, count: 10) + [.up])
        // A tap where the last finger lifted sends its tracking id alone: both values are the slot's last.
        let tap = [line(102, "EV_ABS", "ABS_MT_TRACKING_ID", hex(47)), line(102, "EV_SYN", "SYN_REPORT", "00000000"),
                   line(102.05, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), line(102.05, "EV_SYN", "SYN_REPORT", "00000000")]
        let tapped = try reader.read((swipe() + tap).joined(separator: "\n")).gestures
        #expect(tapped.count == 2 && tapped.last?.map(\.phase) == [.down, .up])
        // Lifted at (540, 1400) px: placed at the same fraction of the lab's 320 × 480 phone, (160, 280).
        #expect(abs((tapped.last?.first?.position.x ?? 0) - 160) < 1e-3)
        #expect(abs((tapped.last?.first?.position.y ?? 0) - 280) < 1e-3)
    }

    @Test func afterSynDroppedTheEventsUpToTheNextSynReportAreDiscarded() throws {
        let plain = try reader.read(swipe().joined(separator: "\n")).gestures
        // The queue overran after the frame at 100.040: the rest of a packet follows, its ABS_MT_SLOT lost.
        var lines = swipe()
        lines.insert(contentsOf: [line(100.044, "EV_SYN", "SYN_DROPPED", "00000000"),
                                  line(100.044, "EV_ABS", "ABS_MT_POSITION_Y", hex(100)),
                                  line(100.044, "EV_ABS", "ABS_MT_SLOT", hex(1)),
                                  line(100.044, "EV_ABS", "ABS_MT_POSITION_X", hex(900)),
                                  line(100.044, "EV_SYN", "SYN_REPORT", "00000000")], at: 15)
        let result = try reader.read(lines.joined(separator: "\n"))
        // Nothing of it is applied: the finger stays in slot 0 and the gesture is the swipe's own.
        #expect(result.gestures == plain)
        // In place of the fifth move's SYN_REPORT: that frame is closed, as one whose SYN_REPORT was dropped,
        // and the sixth move, up to and including its SYN_REPORT, is discarded.
        var cut = swipe()
        cut[14] = line(100.04, "EV_SYN", "SYN_DROPPED", "00000000")
        var expected = plain[0]
        expected.remove(at: 6)
        #expect(try reader.read(cut.joined(separator: "\n")).gestures == [expected])
    }

    @Test func twoTouchesInARowAreTwoGestures() throws {
        let text = (swipe(at: 100, id: 1) + swipe(at: 101, id: 2)).joined(separator: "\n")
        let gestures = try reader.read(text).gestures
        #expect(gestures.count == 2)
        #expect(abs(gestures[1][0].time - 1.0) < 1e-9)
    }

    @Test func aSessionIsOneGestureWithItsTouchesAtTheirOwnTimes() throws {
        let session = GeteventCapture(rangeX: 0...1079, rangeY: 0...2399, density: 2.7, wholeSession: true)
        let text = (swipe(at: 100, id: 1) + swipe(at: 103.5, id: 2)).joined(separator: "\n")
        let result = try session.read(text)
        let apart = try reader.read(text)
        #expect(result.gestures.count == 1 && result.touches == 2)
        #expect(apart.gestures.count == 2 && apart.touches == 2)
        // The same events, each touch placed as it is alone; the pause between them kept (3.5 s).
        #expect(result.gestures[0] == apart.gestures[0] + apart.gestures[1])
        let downs = result.gestures[0].filter { $0.phase == .down }
        #expect(downs.count == 2 && abs(downs[1].time - 3.5) < 1e-9)
        #expect(try GestureFile.parse(GestureFile.serialize(result.gestures[0])).count == 24)
    }

    @Test func aSessionWithAPinchBetweenSwipesParsesAsOneFile() throws {
        let session = GeteventCapture(rangeX: 0...1079, rangeY: 0...2399, density: 2.7, wholeSession: true)
        let pinch = [line(102, "EV_ABS", "ABS_MT_SLOT", hex(0)), line(102, "EV_ABS", "ABS_MT_TRACKING_ID", hex(7)),
                     line(102, "EV_ABS", "ABS_MT_POSITION_X", hex(400)), line(102, "EV_ABS", "ABS_MT_POSITION_Y", hex(1200)),
                     line(102, "EV_ABS", "ABS_MT_SLOT", hex(1)), line(102, "EV_ABS", "ABS_MT_TRACKING_ID", hex(8)),
                     line(102, "EV_ABS", "ABS_MT_POSITION_X", hex(600)), line(102, "EV_ABS", "ABS_MT_POSITION_Y", hex(1200)),
                     line(102, "EV_SYN", "SYN_REPORT", "00000000"),
                     line(102.02, "EV_ABS", "ABS_MT_POSITION_X", hex(800)), line(102.02, "EV_SYN", "SYN_REPORT", "00000000"),
                     line(102.04, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), line(102.04, "EV_ABS", "ABS_MT_SLOT", hex(0)),
                     line(102.04, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), line(102.04, "EV_SYN", "SYN_REPORT", "00000000")]
        let result = try session.read((swipe(at: 100, id: 1) + pinch + swipe(at: 104, id: 2)).joined(separator: "\n"))
        #expect(result.gestures.count == 1 && result.touches == 3)
        let phases = result.gestures[0].map(\.phase)
        // The pinch's fingers land in one frame: it is a pinch from its first frame, not a tap before it.
        #expect(phases.filter { $0 == .down }.count == 2 && phases.contains(.pinchEnd))
        #expect(phases.filter { $0 == .up }.count == 2 && phases.filter { $0 == .pinch }.count == 2)
        #expect(try GestureFile.parse(GestureFile.serialize(result.gestures[0])).count == result.gestures[0].count)
    }

    @Test func aSessionsStreamMarksEachWholeTouchAndEndsOnce() throws {
        var streaming = GeteventCapture.Reader(capture: GeteventCapture(rangeX: 0...1079, rangeY: 0...2399, density: 2.7, wholeSession: true))
        var marks: [GeteventCapture.Output] = []
        for l in swipe(at: 100, id: 1) + swipe(at: 101, id: 2) {
            marks += try streaming.read(line: l[...]).filter { if case .event = $0 { false } else { true } }
        }
        #expect(marks == [.endOfTouch, .endOfTouch])
        #expect(try streaming.finish() == [.endOfGesture])
        // A capture cut in the middle of a touch: the finger is lifted, the touch and the session end.
        var cut = GeteventCapture.Reader(capture: GeteventCapture(rangeX: 0...1079, rangeY: 0...2399, wholeSession: true))
        for l in swipe(at: 100).prefix(8) { _ = try cut.read(line: l[...]) }
        let end = try cut.finish()
        #expect(Array(end.suffix(2)) == [.endOfTouch, .endOfGesture])
        // Time must run forward across a session's touches, as within one; apart, each file is checked alone.
        let overlapping = (swipe(at: 100, id: 1) + swipe(at: 100.05, id: 2)).joined(separator: "\n")
        #expect(try reader.read(overlapping).gestures.count == 2)
        let session = GeteventCapture(rangeX: 0...1079, rangeY: 0...2399, density: 2.7, wholeSession: true)
        // Named at the second touch's first line (stamped 0.05 s), not at the SYN_REPORT that makes its down.
        #expect(throws: GeteventCapture.Problem(line: 29, reason: "time goes back (0.05 s after 0.088 s, from the capture's first line)")) {
            try session.read(overlapping)
        }
        #expect(try session.read("").gestures.isEmpty)
    }

    @Test func outOfRangeValuesAreClampedAndCounted() throws {
        var lines = swipe()
        lines.insert(line(100.04, "EV_ABS", "ABS_MT_POSITION_X", hex(5000)), at: 8)
        let result = try reader.read(lines.joined(separator: "\n"))
        #expect(result.clampedValues == 1)
        // Clamped to the panel's last column, 1079 px: 399.6 pt on the device, 40 pt left of that on the lab's phone.
        #expect(abs(result.gestures[0].map(\.position.x).max()! - (1079 / 2.7 - 40)) < 1e-3)
    }

    @Test func aSecondFingerIsAPinch() throws {
        var lines = [line(10, "EV_ABS", "ABS_MT_SLOT", hex(0)), line(10, "EV_ABS", "ABS_MT_TRACKING_ID", hex(7)),
                     line(10, "EV_ABS", "ABS_MT_POSITION_X", hex(400)), line(10, "EV_ABS", "ABS_MT_POSITION_Y", hex(1200)),
                     line(10, "EV_SYN", "SYN_REPORT", "00000000"),
                     line(10.01, "EV_ABS", "ABS_MT_SLOT", hex(1)), line(10.01, "EV_ABS", "ABS_MT_TRACKING_ID", hex(8)),
                     line(10.01, "EV_ABS", "ABS_MT_POSITION_X", hex(600)), line(10.01, "EV_ABS", "ABS_MT_POSITION_Y", hex(1200)),
                     line(10.01, "EV_SYN", "SYN_REPORT", "00000000")]
        // The second finger moves away: the distance doubles from 200 to 400 px.
        lines += [line(10.02, "EV_ABS", "ABS_MT_POSITION_X", hex(800)), line(10.02, "EV_SYN", "SYN_REPORT", "00000000"),
                  line(10.03, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), line(10.03, "EV_SYN", "SYN_REPORT", "00000000"),
                  line(10.04, "EV_ABS", "ABS_MT_SLOT", hex(0)), line(10.04, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"),
                  line(10.04, "EV_SYN", "SYN_REPORT", "00000000")]
        let g = try reader.read(lines.joined(separator: "\n")).gestures
        #expect(g.count == 1)
        #expect(g[0].map(\.phase) == [.pinch, .pinch, .pinchEnd])
        #expect(abs(g[0][1].scale - 2) < 1e-9)
        #expect(try GestureFile.parse(GestureFile.serialize(g[0])).count == 3)
    }

    /// Frames of protocol B contacts by slot: a contact's id is 10 + its slot; an absent slot has lifted.
    func frames(_ list: [(Double, [Int: (Int, Int)])]) -> [String] {
        var out: [String] = [], down: Set<Int> = []
        for (t, contacts) in list {
            for slot in down.union(contacts.keys).sorted() {
                out.append(line(t, "EV_ABS", "ABS_MT_SLOT", hex(slot)))
                guard let (x, y) = contacts[slot] else {
                    out.append(line(t, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"))
                    continue
                }
                if !down.contains(slot) { out.append(line(t, "EV_ABS", "ABS_MT_TRACKING_ID", hex(10 + slot))) }
                out += [line(t, "EV_ABS", "ABS_MT_POSITION_X", hex(x)), line(t, "EV_ABS", "ABS_MT_POSITION_Y", hex(y))]
            }
            down = Set(contacts.keys)
            out.append(line(t, "EV_SYN", "SYN_REPORT", "00000000"))
        }
        return out
    }

    @Test func aFingerThatLiftsAloneIsWrittenAsItWasATapIncluded() throws {
        let tap = frames([(5, [0: (540, 1200)]), (5.008, [0: (541, 1201)]), (5.05, [:])])
        let g = try reader.read(tap.joined(separator: "\n")).gestures
        #expect(g.count == 1 && g[0].map(\.phase) == [.down, .move, .up])
        #expect(abs(g[0][2].time - 0.05) < 1e-9)
    }

    /// A drag that began (past the 10 pt slop) ends where a second finger lands, and the pinch follows.
    @Test func aDragThatBeganEndsWhenTheSecondFingerLands() throws {
        var list = (0...4).map { (k: Int) -> (Double, [Int: (Int, Int)]) in (Double(k) * 0.008, [0: (540, 1500 - 30 * k)]) }   // 11.1 pt a frame at 2.7 px/pt
        list += [(0.040, [0: (540, 1380), 1: (740, 1380)]), (0.048, [0: (540, 1380), 1: (940, 1380)]), (0.056, [:])]
        let g = try reader.read(frames(list).joined(separator: "\n")).gestures
        #expect(g.count == 1 && g[0].map(\.phase) == [.down, .move, .move, .move, .move, .up, .pinch, .pinch, .pinchEnd])
        #expect(abs(g[0][5].time - 0.040) < 1e-9 && abs(g[0][7].scale - 2) < 1e-9)
    }

    /// Two fingers landing together are placed by their midpoint, the pinch's focus: at its fraction of the
    /// device's screen on the lab's phone, as a finger alone is placed by its own.
    @Test func aPinchFromItsFirstFrameIsPlacedByItsMidpoint() throws {
        let list: [(Double, [Int: (Int, Int)])] = [(0, [0: (300, 700), 1: (500, 900)]), (0.008, [0: (200, 600), 1: (600, 1000)]), (0.016, [:])]
        let g = try reader.read(frames(list).joined(separator: "\n")).gestures
        #expect(g.count == 1 && g[0].map(\.phase) == [.pinch, .pinch, .pinchEnd])
        let mid = reader.points(x: 400, y: 800), screen = reader.screen, phone = BrowsingSessionGenerator.phone
        let placed = Point(x: mid.x / screen.width * phone.width, y: mid.y / screen.height * phone.height)
        // Both frames' midpoints are the same pixel: the focus stays where it was placed (positions are kept to 0.001 pt).
        for e in g[0].prefix(2) { #expect(abs(e.position.x - placed.x) <= 5e-4 && abs(e.position.y - placed.y) <= 5e-4, "\(e.position) against \(placed)") }
        #expect(abs(g[0][1].scale - 2) < 1e-9)
    }

    /// After a pinch the finger left drags on: its flick is written from where the pinch ended, with its
    /// own speed; a second pinch after it starts from its own fingers' distance.
    @Test func theFingerLeftAfterAPinchDragsOn() throws {
        var list: [(Double, [Int: (Int, Int)])] = [(0, [0: (400, 1200), 1: (600, 1200)]), (0.008, [0: (400, 1200), 1: (700, 1200)])]
        // The second finger lifts; the first flicks up 54 px (20 pt) every 8 ms: 2 500 pt/s.
        list += (0...6).map { (k: Int) -> (Double, [Int: (Int, Int)]) in (0.016 + Double(k) * 0.008, [0: (400, 1200 - 54 * k)]) }
        list += [(0.072, [0: (400, 876), 1: (400, 1076)]), (0.080, [0: (400, 876), 1: (400, 1276)]), (0.088, [:])]
        let g = try reader.read(frames(list).joined(separator: "\n")).gestures
        #expect(g.count == 1)
        #expect(g[0].map(\.phase) == [.pinch, .pinch, .pinchEnd, .down] + Array(repeating: .move, count: 6) + [.up, .pinch, .pinch, .pinchEnd])
        let down = g[0][3], last = g[0][9]
        #expect(abs(down.time - 0.016) < 1e-9 && abs(g[0][2].time - 0.016) < 1e-9)
        #expect(abs((last.position.y - g[0][8].position.y) / 0.008 + 2500) < 0.5)
        #expect(abs(g[0][1].scale - 1.5) < 1e-9 && abs(g[0][12].scale - 2) < 1e-9)
        #expect(try GestureFile.parse(GestureFile.serialize(g[0])).count == g[0].count)
        // The finger left lifts where it was (within the slop): a lift, not a tap.
        let still = [(0.0, [0: (400, 1200), 1: (600, 1200)]), (0.008, [0: (400, 1200)]), (0.016, [0: (405, 1203)]), (0.5, [Int: (Int, Int)]())]
        #expect(try reader.read(frames(still).joined(separator: "\n")).gestures.map { $0.map(\.phase) } == [[.pinch, .pinchEnd]])
    }

    @Test func aLastLineCutShortIsToldByWhatItLacks() {
        let whole = line(1, "EV_ABS", "ABS_MT_POSITION_X", "000002d0")
        #expect(GeteventCapture.cutShort(whole[...]) == nil)
        #expect(GeteventCapture.cutShort(line(1, "EV_KEY", "BTN_TOUCH", "DOWN")[...]) == nil)
        #expect(GeteventCapture.cutShort("[   12345.6"[...]) == "its timestamp")
        #expect(GeteventCapture.cutShort("[   12345"[...]) == "its timestamp")
        #expect(GeteventCapture.cutShort("[ 1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSI"[...]) == "its event")
        #expect(GeteventCapture.cutShort("[ 1.000000] /dev/input/ev"[...]) == "its event")
        #expect(GeteventCapture.cutShort(whole.dropLast(3)) == "its value \"00000\"")
        #expect(GeteventCapture.cutShort(line(1, "EV_KEY", "BTN_TOUCH", "DOW")[...]) == "its value \"DOW\"")
        #expect(GeteventCapture.cutShort("add device 1: /dev/input/ev"[...]) == nil)
    }

    @Test func aMalformedLineIsNamed() {
        var lines = swipe()
        lines.insert("[  100.0200] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y", at: 6)
        #expect(throws: GeteventCapture.Problem(line: 7, reason: "expected TYPE CODE VALUE after the timestamp")) {
            try reader.read(lines.joined(separator: "\n"))
        }
        #expect(throws: GeteventCapture.Problem.self) { try reader.read("hello\n") }
        // `getevent -l` without -t: the lines have no times, and the fix is named.
        let untimed = swipe().map { String($0[$0.range(of: "/dev/")!.lowerBound...]) }
        #expect(throws: GeteventCapture.Problem(line: 1, reason: "an event without getevent's [seconds] timestamp: record with `getevent -lt` (-t gives the times)")) {
            try reader.read(untimed.joined(separator: "\n"))
        }
        var bad = swipe()
        bad[2] = line(100, "EV_ABS", "ABS_MT_POSITION_X", "zz")
        #expect(throws: GeteventCapture.Problem(line: 3, reason: "bad position zz")) { try reader.read(bad.joined(separator: "\n")) }
    }

    @Test func theRangesComeFromGeteventP() {
        let info = """
            add device 1: /dev/input/event2
              name:     "sec_touchscreen"
              events:
                ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_Y     : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 0
            """
        let r = GeteventCapture.ranges(inDeviceInfo: info)
        #expect(r?.x == 0...1079 && r?.y == 0...2399)
    }

    @Test func theRangesComeFromPlainGeteventPInHex() {
        // Without -l, getevent -p names the codes in hex: 0035 is ABS_MT_POSITION_X, 0036 _Y (0035 is a key too).
        let info = """
            add device 1: /dev/input/event2
              name:     "sec_touchscreen"
              events:
                KEY (0001): 0035  0036  014a
                ABS (0003): 002f  : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                            0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                            0036  : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 0
                            0039  : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
              input props:
                INPUT_PROP_DIRECT
            """
        let r = GeteventCapture.ranges(inDeviceInfo: info)
        #expect(r?.x == 0...1079 && r?.y == 0...2399)
        let first = "    ABS (0003): 0035  : value 0, min 0, max 719, fuzz 0, flat 0, resolution 0\n"
            + "                0036  : value 0, min 0, max 1279, fuzz 0, flat 0, resolution 0"
        let s = GeteventCapture.ranges(inDeviceInfo: first)
        #expect(s?.x == 0...719 && s?.y == 0...1279)
        // adb's shell (before shell protocol v2) ends each line with CR LF: the same ranges, line by line.
        let crlf = GeteventCapture.ranges(inDeviceInfo: info.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"))
        #expect(crlf?.x == 0...1079 && crlf?.y == 0...2399)
    }

    /// A phone with a pen digitizer lists two touch devices: each with its own ranges and path, never the
    /// pen's X beside the panel's Y; a capture line names its device.
    @Test func everyTouchDeviceIsListedWithItsOwnRanges() {
        let info = """
            add device 1: /dev/input/event5
              name:     "pen"
              events:
                ABS (0003): 0035  : value 0, min 0, max 20000, fuzz 0, flat 0, resolution 0
                            0036  : value 0, min 0, max 40000, fuzz 0, flat 0, resolution 0
            add device 2: /dev/input/event3
              name:     "gpio-keys"
            add device 3: /dev/input/event2\r
              name:     "sec_touchscreen"
              events:
                ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                            ABS_MT_POSITION_Y     : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 0
            """
        let devices = GeteventCapture.touchDevices(inDeviceInfo: info)
        #expect(devices.map(\.device) == ["/dev/input/event5", "/dev/input/event2"])
        #expect(devices.map(\.x) == [0...20000, 0...1079] && devices.map(\.y) == [0...40000, 0...2399])
        #expect(GeteventCapture.device(inLine: line(1, "EV_SYN", "SYN_REPORT", "00000000")[...]) == "/dev/input/event2")
        #expect(GeteventCapture.device(inLine: "[    1.000] EV_SYN SYN_REPORT 00000000") == nil)
    }

    /// A reader told its device reads that device's lines only: another device's events in the capture
    /// (a pen's) are not merged into the touch.
    @Test func aReaderOfOneDeviceSkipsTheOthersLines() throws {
        var capture = reader
        capture.device = "/dev/input/event2"
        let pen = swipe(at: 100.0).map { String($0.split(separator: "/dev/input/event2:", omittingEmptySubsequences: false).joined(separator: "/dev/input/event5:")) }
        let mixed = zip(swipe(at: 100.0), pen).flatMap { [$0, $1] }.joined(separator: "\n")
        #expect(try capture.read(mixed).gestures == reader.read(swipe(at: 100.0).joined(separator: "\n")).gestures)
    }

    // B-BATCH-1: what an import writes is what `replay` accepts, in bounded time and memory.

    @Test func theStreamingReaderGivesWhatTheWholeReadGives() throws {
        let lines = swipe() + swipe(at: 101, id: 46)
        var streaming = GeteventCapture.Reader(capture: reader)
        var gestures: [[PointerEvent]] = [[]]
        for l in lines {
            for output in try streaming.read(line: l[...]) {
                if case let .event(e) = output { gestures[gestures.count - 1].append(e) } else { gestures.append([]) }
            }
        }
        for output in try streaming.finish() {
            if case let .event(e) = output { gestures[gestures.count - 1].append(e) } else { gestures.append([]) }
        }
        #expect(gestures.last == [])
        #expect(Array(gestures.dropLast()) == (try reader.read(lines.joined(separator: "\n"))).gestures)
        #expect(gestures.count == 3 && streaming.lineNumber == lines.count)
    }

    @Test func aSlotPastTheLimitIsRefusedWithItsLine() {
        var lines = swipe()
        lines.insert(line(100, "EV_ABS", "ABS_MT_SLOT", hex(GeteventCapture.slotLimit)), at: 1)
        #expect(throws: GeteventCapture.Problem(line: 2, reason: "slot 64 is outside 0…63")) { try reader.read(lines.joined(separator: "\n")) }
        var fine = swipe()
        fine.insert(line(100, "EV_ABS", "ABS_MT_SLOT", hex(GeteventCapture.slotLimit - 1)), at: 0)
        #expect((try? reader.read(fine.joined(separator: "\n")))?.gestures.count == 1)
    }

    @Test func timeGoingBackOrOutOfRangeIsRefusedWithItsLine() {
        let back = swipe(at: 200) + swipe(at: 100)
        #expect(throws: GeteventCapture.Problem(line: 29, reason: "time goes back before the capture's first line")) {
            try reader.read(back.joined(separator: "\n"))
        }
        // Within a gesture: a frame stamped before the last one.
        var late = swipe(at: 300)
        late[10] = line(300.01, "EV_ABS", "ABS_MT_POSITION_Y", hex(1700))   // in place of a SYN_REPORT
        // Named at the line whose stamp went back, not at the later line that closed its frame.
        #expect(throws: GeteventCapture.Problem(line: 11, reason: "time goes back (0.01 s after 0.016 s, from the capture's first line)")) {
            try reader.read(late.joined(separator: "\n"))
        }
        #expect(throws: GeteventCapture.Problem(line: 1, reason: "no [seconds] timestamp (a finite number of seconds within ±10¹⁰)")) {
            try reader.read(swipe(at: 1e308).joined(separator: "\n"))
        }
        #expect(throws: GeteventCapture.Problem(line: 29, reason: "more than 10¹⁰ ms after the capture's first line")) {
            try reader.read((swipe(at: 0) + swipe(at: 2e7)).joined(separator: "\n"))
        }
    }

    @Test func positionsTheParserWouldRefuseAreRefusedWithTheCapturesLine() throws {
        // A density of 1e-9 px/pt puts the finger 10¹² pt away: past the gesture files' 10⁷ pt.
        let tiny = GeteventCapture(rangeX: 0...1079, rangeY: 0...2399, density: 1e-9)
        do {
            _ = try tiny.read(swipe().joined(separator: "\n"))
            Issue.record("a capture giving positions past the parser's limit was accepted")
        } catch {
            #expect(error.line == 7 && error.reason.hasPrefix("the gesture file it makes would be refused"))
        }
        // Every gesture of a good capture parses as a file.
        for g in try reader.read((swipe() + swipe(at: 101)).joined(separator: "\n")).gestures {
            #expect(try GestureFile.parse(GestureFile.serialize(g)).count == g.count)
        }
    }

    @Test func rangesThatAreNotAPanelsAreRefused() {
        func info(_ maxX: String) -> String {
            "ABS_MT_POSITION_X : value 0, min 0, max \(maxX), fuzz 0\nABS_MT_POSITION_Y : value 0, min 0, max 2399, fuzz 0"
        }
        #expect(GeteventCapture.ranges(inDeviceInfo: info("1079")) != nil)
        #expect(GeteventCapture.ranges(inDeviceInfo: info("1e308")) == nil)
        #expect(GeteventCapture.ranges(inDeviceInfo: info("inf")) == nil)
        #expect(GeteventCapture.ranges(inDeviceInfo: info("nan")) == nil)
    }
}
