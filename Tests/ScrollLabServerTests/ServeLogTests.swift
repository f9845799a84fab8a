import Foundation
import Testing
@testable import ScrollLabServer

/// `serve`'s log never holds up its caller: with a reader that does not read, lines wait (at most
/// `ServeLog.capacity`), the rest are dropped and counted, and every line is either written or counted.
@Suite struct ServeLogTests {
    @Test func aStalledReaderHoldsUpNoWriterAndLosesNoCount() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let log = ServeLog(descriptor: ends[1])
        let total = ServeLog.capacity * 2
        let line = String(repeating: "x", count: 100)
        // 2 MB into a 64 KiB pipe nobody reads yet: each call returns at once (before, each blocked).
        for _ in 0..<total { log.write(line) }
        // Now a reader reads everything the log writes, until the log has no line left.
        final class Read: @unchecked Sendable { var data = Data() }   // handed over by `done`
        let got = Read(), done = DispatchSemaphore(value: 0), readEnd = ends[0]
        Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = read(readEnd, &buffer, buffer.count)
                if n <= 0 { break }
                got.data.append(contentsOf: buffer[0..<n])
            }
            done.signal()
        }.start()
        log.flush(until: DispatchTime.now().uptimeNanoseconds + 10_000_000_000)
        close(ends[1])
        done.wait()
        let lines = String(decoding: got.data, as: UTF8.self).split(separator: "\n")
        let written = lines.filter { $0 == line }.count
        let dropped = lines.filter { $0.hasPrefix(#"{"event":"logDropped""#) }.compactMap { Int($0.split(separator: ":").last!.dropLast()) }
        #expect(written >= ServeLog.capacity && written < total)
        #expect(written + dropped.reduce(0, +) == total)
        #expect(lines.count == written + dropped.count)
    }
}
