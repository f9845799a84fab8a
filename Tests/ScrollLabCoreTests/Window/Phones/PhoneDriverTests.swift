import Foundation
import LabKit
import ScrollKit
import ScrollKitTestSupport
import Testing
@testable import ScrollLabCore

/// The window's one route in, without SDL: phones that are bare scroll views (no images), driven as the
/// window drives its phones.
@MainActor
@Suite struct PhoneDriverTests {
    /// A phone that is a scroll view over a long column: what it was given, and the callbacks it made.
    final class BarePhone: DrivenPhone {
        let index: Int
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480),
                                    contentSize: Size(width: 320, height: 20_000))
        var isRunningComparison = false
        var touchHz: Double?
        /// Every model time `advance` was given, in order.
        private(set) var stepTimes: [Double] = []
        private var made: [ScrollEventRecord] = []
        private(set) var closed = false

        init(index: Int) {
            self.index = index
            scrollView.eventHandler = { [unowned self] record in made.append(record) }
        }

        var isSettled: Bool { !scrollView.isTracking && !scrollView.isMoving }
        func pointer(_ event: PointerEvent) { _ = scrollView.handle(event) }
        func cancelPointer(time: Double) { scrollView.touchCancelled(time: time) }
        func advance(to time: Double, replaying: Bool) {
            stepTimes.append(time)
            scrollView.advance(to: time)
        }
        func collect(_ publish: (Int, ScrollEventRecord) -> Void) {
            for record in made { publish(index, record) }
            made.removeAll()
        }
        func close() { closed = true }
    }

    private func driver(phones count: Int) -> PhoneDriver<BarePhone> {
        PhoneDriver(phones: (0..<count).map(BarePhone.init(index:)))
    }

    /// An upward fling of `speed` points per second from the middle of the phone, starting at `time`.
    private func fling(at time: Double, speed: Double = 2_000) -> [PointerEvent] {
        SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -speed), duration: 0.1, at: time)
    }

    /// In compare mode a drag on one phone is the same drag on every phone; each phone's callbacks are
    /// published once, with its index, phone after phone for each sample.
    @Test func aSampleReachesEveryPhoneAndItsCallbacksArePublishedOnce() {
        let driver = driver(phones: 3)
        var published: [(Int, ScrollEventRecord)] = []
        driver.publish = { published.append(($0, $1)) }
        for event in fling(at: 1) {
            let before = published.count
            driver.deliver(event)
            // This sample's callbacks: phone 0's, then phone 1's, then phone 2's, each phone's the same.
            let part = published[before...]
            #expect(zip(part, part.dropFirst()).allSatisfy { $0.0 <= $1.0 })
            let parts = (0..<3).map { phone in part.filter { $0.0 == phone }.map(\.1) }
            #expect(parts[1] == parts[0] && parts[2] == parts[0])
        }
        let offsets = driver.phones.map(\.scrollView.contentOffset)
        #expect(offsets[0].y > 100)
        #expect(offsets.allSatisfy { $0 == offsets[0] })
        let byPhone = (0..<3).map { phone in published.filter { $0.0 == phone }.map(\.1) }
        #expect(!byPhone[0].isEmpty)
        #expect(byPhone[1] == byPhone[0] && byPhone[2] == byPhone[0])
        #expect(byPhone[0].contains { $0.event == .willBeginDragging })
        driver.collect()
        #expect(published.count == 3 * byPhone[0].count)
    }

    /// A finished touch becomes the gesture A plays, with the offset it started from; not while A itself
    /// plays on the phone the HUD follows.
    @Test func aFinishedTouchIsTheLastGesture() {
        let driver = driver(phones: 2)
        driver.phones[0].scrollView.setContentOffset(Point(x: 0, y: 700), animated: false, time: 0)
        let first = fling(at: 1)
        for event in first.dropLast() { driver.deliver(event) }
        #expect(driver.lastGesture == nil)
        driver.deliver(first.last!)
        #expect(driver.lastGesture?.events == first)
        #expect(driver.lastGesture?.startOffset == Point(x: 0, y: 700))
        driver.phones[0].isRunningComparison = true
        for event in fling(at: 5) { driver.deliver(event) }
        #expect(driver.lastGesture?.events == first)
    }

    /// F5 calls back once per completed gesture, and holds what no file has yet.
    @Test func recordingCallsBackForEachCompletedGesture() {
        let driver = driver(phones: 1)
        var completed = 0
        driver.gestureRecorded = { completed += 1 }
        for event in fling(at: 1) { driver.deliver(event) }
        #expect(completed == 0 && !driver.hasUnsavedRecording)
        driver.startRecording()
        for event in fling(at: 3) + fling(at: 6) { driver.deliver(event) }
        #expect(completed == 2)
        #expect(driver.isRecording && driver.hasUnsavedRecording)
        #expect(driver.stopRecording())
        #expect(!driver.isRecording)
    }

    /// A replay runs on its own 60 Hz grid from the first frame's time, delivers every sample, reports
    /// its start, and finishes only once the fling it caused has come to rest; the model then goes on on
    /// the replay's grid.
    @Test func aReplayRunsOnItsGridAndFinishesAtRest() throws {
        let driver = driver(phones: 2)
        var started: [(Int, Double)] = []
        driver.replayStarted = { started.append(($0, $1)) }
        let gesture = fling(at: 0.25)
        driver.play(gesture)
        #expect(driver.playback.isReplaying)
        var now = 10.0, finishedAt: Double?
        while now < 30, finishedAt == nil {
            let report = driver.step(to: now)
            #expect(report.failure == nil)
            if report.finished { finishedAt = now }
            now += 0.05
        }
        let end = try #require(finishedAt)
        #expect(started.count == 1 && started[0].0 == gesture.count && started[0].1 == 10)
        // The gesture as played: moved onto the model clock by whole milliseconds (frame 0.25 s → 10 s).
        let played = try #require(driver.lastGesture?.events)
        #expect(played.map(\.position) == gesture.map(\.position))
        #expect(zip(played, gesture).allSatisfy { abs($0.time - $1.time - 9.75) < 1e-9 })
        #expect(!driver.playback.isReplaying)
        for phone in driver.phones {
            #expect(!phone.scrollView.isDecelerating && !phone.scrollView.isTracking)
            #expect(phone.scrollView.contentOffset.y > 200)
        }
        // Every step is on one 60 Hz grid, at most one step past the time reached, no time twice.
        let times = driver.phones[0].stepTimes
        let clock = try #require(driver.playback.clock)
        #expect(times.count > 60)
        for (index, time) in times.enumerated() {
            #expect(time == clock.time(clock.next - times.count + index))
        }
        #expect(times.last! <= end)
        // The model was still moving a frame before the end: the replay did not finish early.
        #expect(times.last! - times.first! > 0.5)
    }

    /// With no replay, stepping on the grid runs every frame up to the time while something moves; a
    /// settled model skips its idle frames and only reaches the last one.
    @Test func gridStepsSkipIdleFramesOnlyWhenSettled() {
        let driver = driver(phones: 1)
        driver.playback.frameRate = 100
        _ = driver.step(to: 1.0, onGrid: true)
        let phone = driver.phones[0]
        #expect(phone.stepTimes == [1.0])
        for event in fling(at: 1.0) { driver.deliver(event) }
        #expect(!driver.isSettled)
        _ = driver.step(to: 1.5, onGrid: true)
        #expect(phone.stepTimes.count == 51)
        #expect(zip(phone.stepTimes.dropFirst(), phone.stepTimes).allSatisfy { abs($0 - $1 - 0.01) < 1e-9 })
    }

    /// A gesture is resampled to the first phone's `--touch-hz`, and left as it is without one.
    @Test func gesturesAreResampledToTheTouchRate() {
        let driver = driver(phones: 2)
        let gesture = fling(at: 1)
        #expect(driver.resampled(gesture) == gesture)
        driver.phones[0].touchHz = 60
        let resampled = driver.resampled(gesture)
        #expect(resampled == TouchResampler.resample(gesture, rate: 60))
        #expect(resampled.count < gesture.count)
    }

    /// While the launch replay's file is read the model clock stands still; it moves again after.
    @Test func modelTimeHoldsWhileTheReplayFileIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("phone-driver-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("g.jsonl").path
        try """
            {"t_ms":0,"x":160,"y":400,"phase":"down"}
            {"t_ms":16,"x":160,"y":380,"phase":"move"}
            {"t_ms":32,"x":160,"y":360,"phase":"up"}

            """.write(toFile: path, atomically: false, encoding: .utf8)
        let driver = driver(phones: 1)
        #expect(driver.time(atReal: 2).model == 2)
        driver.playFile(path)
        #expect(driver.time(atReal: 3).model == 2)
        #expect(driver.time(atReal: 4).model == 2)
        var report = driver.step(to: 2)
        let deadline = Date().addingTimeInterval(10)
        while driver.playback.load != nil, Date() < deadline {
            usleep(1_000)
            report = driver.step(to: 2)
        }
        #expect(report.failure == nil)
        #expect(driver.playback.replay?.events.count == 3)
        #expect(driver.time(atReal: 5).model == 3)
    }

    /// A file that cannot be read ends the replay with its one line.
    @Test func anUnreadableReplayFileFails() {
        let driver = driver(phones: 1)
        driver.playFile("/nonexistent/gesture.jsonl")
        var report = driver.step(to: 0)
        let deadline = Date().addingTimeInterval(10)
        while report.failure == nil, Date() < deadline {
            usleep(1_000)
            report = driver.step(to: 0)
        }
        #expect(report.failure?.contains("gesture.jsonl") == true)
        #expect(!driver.playback.isReplaying)
    }
}
