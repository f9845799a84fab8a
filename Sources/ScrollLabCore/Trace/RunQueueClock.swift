import Foundation

/// How long one thread has waited so far, ready to run, while other threads or processes of this machine
/// had the CPUs: Linux's run-queue delay (`/proc/thread-self/schedstat`, its second field), read through a
/// file kept open (a read is about a microsecond). A frame's wall time less its CPU time and this wait is
/// time the thread was neither running nor ready: blocked (a present waiting for the display server), or a
/// virtual machine's host running something else on the guest's CPU.
package final class RunQueueClock: Sendable {
    private let fd: Int32

    /// The calling thread's clock: whichever thread reads it, it tells this one's wait. Nil where the wait
    /// is not kept (another system, or a kernel built without: its line reads "0 0 0").
    package init?() {
        #if os(Linux)
        fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard seconds() != nil else {
            close(fd)
            return nil
        }
        #else
        return nil
        #endif
    }

    deinit { close(fd) }

    /// The thread's wait so far, seconds; nil when the file could not be read.
    package func seconds() -> Double? {
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &bytes) { buffer -> Double? in
            let count = pread(fd, buffer.baseAddress, buffer.count, 0)
            guard count > 0 else { return nil }
            return ThreadSchedule(buffer.prefix(count))?.runQueueSeconds
        }
    }
}

/// A thread's line of `/proc/<pid>/task/<tid>/schedstat`: nanoseconds on a CPU (as of its last tick or
/// switch: 0 for a thread that has had neither), nanoseconds waiting on a run queue, and the times it was
/// given a CPU (at least once for a thread reading it; 0 where the kernel keeps none of these).
package struct ThreadSchedule: Equatable {
    package var runNanoseconds: UInt64
    package var waitNanoseconds: UInt64

    /// The three numbers of `line`; nil when it has fewer, or the last is 0 (no statistics kept).
    package init?<Bytes: Collection<UInt8>>(_ line: Bytes) {
        var numbers: [UInt64] = []
        var current: UInt64?
        for byte in line {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (times, over1) = (current ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, over2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !over1, !over2 else { return nil }
                current = sum
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                if let value = current { numbers.append(value) }
                current = nil
                if numbers.count == 3 { break }
            } else {
                return nil
            }
        }
        if let value = current, numbers.count < 3 { numbers.append(value) }
        guard numbers.count == 3, numbers[2] > 0 else { return nil }
        runNanoseconds = numbers[0]
        waitNanoseconds = numbers[1]
    }

    /// The wait, seconds.
    package var runQueueSeconds: Double { Double(waitNanoseconds) / 1e9 }
}
