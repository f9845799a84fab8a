import Foundation
import Synchronization

/// SIGINT, SIGTERM and SIGHUP for a batch command (`sweep`, `soak`, `gestures import`, `replay --video`;
/// B-BATCH-1): the command stops at once, leaving only whole outputs, and says what it kept.
///
/// The handler only writes the signal's number to a pipe (async-signal-safe); a watcher thread reads
/// it, takes the output lock — so no line is being written — runs the command's clean-up (which
/// removes a partial file and returns what was kept), and hands the signal and that clause to the
/// command line's `stopped`, which says so and ends the process (no exit is decided below the command
/// line). Writes made under `whole(_:)` are never cut by a stop, unless one waits on a pipe nobody reads
/// for longer than `writeWait`: the stop then goes ahead and says the last line may be cut.
/// Installed before SDL starts, the handlers are kept by SDL (it only takes signals left at default).
package enum StopSignals {
    /// The signals that stop a batch command.
    package static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The longest a stop waits for a whole write to end, seconds.
    package static let writeWait = 3.0

    /// Installs the handlers and the watcher; `cleanUp` runs once, with the output lock held, and
    /// returns what was kept (one clause, e.g. `120 result(s) kept in "out.jsonl"`); `stopped` then gets
    /// the signal and that clause, the lock still held, and ends the process.
    package static func install(cleanUp: @escaping @Sendable (Int32) -> String,
                                stopped: @escaping @Sendable (_ signal: Int32, _ kept: String) -> Never) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        signalPipe.store(fds[1], ordering: .sequentiallyConsistent)
        let reader = fds[0]
        let thread = Thread {
            var number: UInt8 = 0
            var count = 0
            repeat { count = read(reader, &number, 1) } while count < 0 && errno == EINTR
            guard count == 1 else { return }
            let signal = Int32(number)
            func stop(_ note: String) -> Never {
                for stop in stops.withLock({ Array($0.bodies.values) }) { stop() }
                stopped(signal, cleanUp(signal) + note)
            }
            // The lock is held until the exit: no write starts or is cut. A write into a pipe or FIFO that
            // nobody reads never ends, so the stop waits for one at most `writeWait` seconds.
            let start = DispatchTime.now().uptimeNanoseconds
            while DispatchTime.now().uptimeNanoseconds - start < UInt64(writeWait * 1e9) {
                _ = outputLock.withLockIfAvailable { _ in stop("") }
                usleep(5_000)
            }
            stop("; the output was not being read: its last line may be cut")
        }
        thread.start()
        let handler: @convention(c) (Int32) -> Void = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            received.store(number, ordering: .sequentiallyConsistent)
            _ = write(signalPipe.load(ordering: .sequentiallyConsistent), &byte, 1)
        }
        for signal in stopping {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
            #else
            action.__sigaction_u.__sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// Adds a clean-up a stop runs first (a child process to end, a partial file to remove); returns
    /// its key for `remove`.
    @discardableResult
    package static func atStop(_ body: @escaping @Sendable () -> Void) -> Int {
        stops.withLock { s in
            s.next += 1
            s.bodies[s.next] = body
            return s.next
        }
    }

    /// Removes a clean-up added by `atStop` (its work is done).
    package static func remove(_ key: Int) {
        stops.withLock { _ = $0.bodies.removeValue(forKey: key) }
    }

    /// Waits for the exit when a stop is under way (a failure it caused — ffmpeg killed, a pipe closed — is
    /// not the command's to report); returns at once otherwise.
    package static func waitIfStopping() {
        guard received.load(ordering: .sequentiallyConsistent) != 0 else { return }
        while true { pause() }
    }

    /// Runs `body` (a write that must land whole) so that a stop waits for it.
    package static func whole(_ body: () -> Void) {
        outputLock.withLock { _ in body() }
    }

    /// `SIGTERM`, `SIGINT`, `SIGHUP`.
    package static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(signal)"
        }
    }
}

/// The write end of the handler's pipe, and the signal received (a signal handler can reach only globals).
private let signalPipe = Atomic<Int32>(-1)
private let received = Atomic<Int32>(0)
/// The clean-ups a stop runs first.
private let stops = Mutex<(next: Int, bodies: [Int: @Sendable () -> Void])>((0, [:]))
/// Held for each whole write, and by the watcher from a stop to the exit.
private let outputLock = Mutex(())
