import Foundation

/// The CPUs a thread may run on, as Linux lists them (`Cpus_allowed_list` of its `status`: "0-3,6").
enum AllowedCPUs {
    /// The calling thread's.
    static func ofCallingThread() -> [Int] { of(statusFile: "/proc/thread-self/status") }

    /// Thread `tid`'s of this process.
    static func of(thread tid: Int) -> [Int] { of(statusFile: "/proc/self/task/\(tid)/status") }

    /// The calling thread's id (`/proc/thread-self` names it: "PID/task/TID").
    static func callingThreadID() -> Int? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return nil }
        return target.split(separator: "/").last.flatMap { Int($0) }
    }

    private static func of(statusFile path: String) -> [Int] {
        let status = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return [] }
        return line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(separator: ",").flatMap { part -> [Int] in
            let ends = part.split(separator: "-").compactMap { Int($0) }
            return ends.count == 2 ? Array(ends[0]...ends[1]) : ends
        }
    }
}
