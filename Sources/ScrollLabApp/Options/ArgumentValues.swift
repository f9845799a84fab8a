import ArgumentParser
import Foundation
import LabKit
import ScrollKit

extension PagingMode: ExpressibleByArgument {}
extension LoadingPolicyKind: ExpressibleByArgument {}
extension FramePacing: ExpressibleByArgument {}
extension ScrollPhysicsKind: ExpressibleByArgument {}

/// An `on|off` option value (the content-touch switches).
package enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off

    /// True for `on`.
    var isOn: Bool { self == .on }
}

/// The `--rate` values: UIKit's two deceleration rates.
package enum RateOption: String, ExpressibleByArgument, CaseIterable {
    /// 0.998 per ms.
    case normal
    /// 0.99 per ms.
    case fast

    /// The deceleration rate this option selects.
    var rate: DecelerationRate { self == .normal ? .normal : .fast }
}

/// `--policy`: one loading policy, or `all` (`replay --headless`: every policy in turn on the same
/// gesture, one `end` line each, for a fair comparison).
package enum PolicyChoice: ExpressibleByArgument, Equatable {
    case one(LoadingPolicyKind)
    case all

    package init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if let kind = LoadingPolicyKind(rawValue: argument) {
            self = .one(kind)
        } else {
            return nil
        }
    }

    package static var allValueStrings: [String] { LoadingPolicyKind.allCases.map(\.rawValue) + ["all"] }

    package var defaultValueDescription: String { kind.rawValue }

    /// The policy of a single run (`all` runs each; where one is needed it stands for the default).
    var kind: LoadingPolicyKind {
        if case let .one(kind) = self { return kind }
        return .adaptive
    }
}

/// `--network`: a named network profile (B-NET-1), or `all` where a command compares every profile.
package enum NetworkChoice: ExpressibleByArgument, Equatable {
    case one(NetworkProfile)
    case all

    package init?(argument: String) {
        if argument.lowercased() == "all" {
            self = .all
        } else if let profile = NetworkProfile.named(argument) {
            self = .one(profile)
        } else {
            return nil
        }
    }

    package static var allValueStrings: [String] { NetworkProfile.all.map(\.name) + ["all"] }

    /// The profiles this choice runs.
    package var profiles: [NetworkProfile] {
        switch self {
        case let .one(profile): return [profile]
        case .all: return NetworkProfile.all
        }
    }
}

/// `--request-order fifo|lifo`.
extension RequestOrder: ExpressibleByArgument {}

/// `--disk-cache DIR|off`: where the disk cache keeps its files, or none.
enum DiskCacheChoice: ExpressibleByArgument, Equatable {
    case off
    case directory(String)

    init?(argument: String) {
        if argument == "off" { self = .off } else if argument.isEmpty { return nil } else { self = .directory(argument) }
    }

    /// The default folder: `$XDG_CACHE_HOME/scrolllab/images`, else `~/.cache/scrolllab/images`.
    static var defaultDirectory: String {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((env["HOME"] ?? NSHomeDirectory()) + "/.cache")
        return base + "/scrolllab/images"
    }
}

/// `--network PROFILE`: one named profile.
extension NetworkProfile: ExpressibleByArgument {
    public init?(argument: String) {
        guard let profile = NetworkProfile.named(argument) else { return nil }
        self = profile
    }

    public static var allValueStrings: [String] { NetworkProfile.all.map(\.name) }

    public var defaultValueDescription: String { name }
}
