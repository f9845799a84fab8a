import ArgumentParser
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

extension PagingMode: ExpressibleByArgument {}
extension LoadingPolicyKind: ExpressibleByArgument {}
extension FramePacing: ExpressibleByArgument {}
extension ScrollPhysicsKind: ExpressibleByArgument {}

extension OnOff: ExpressibleByArgument {}
extension RateOption: ExpressibleByArgument {}
extension EstimatorOption: ExpressibleByArgument {}

/// `--policy NAME|all`.
extension PolicyChoice: ExpressibleByArgument {
    package init?(argument: String) { self.init(name: argument) }

    package static var allValueStrings: [String] { names }

    package var defaultValueDescription: String { variant.name }
}

/// `--http 1.1|2`.
extension HTTPVersion: ExpressibleByArgument {}

/// `--scene NAME`: any name in the registry.
extension SceneKind: ExpressibleByArgument {
    public init?(argument: String) {
        guard let kind = Self.named(argument) else { return nil }
        self = kind
    }

    public var defaultValueDescription: String { name }

    public static var allValueStrings: [String] { all.map(\.name) }
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
extension PlaceholderKind: ExpressibleByArgument {}

/// `--disk-cache DIR|on|off`.
extension DiskCacheChoice: ExpressibleByArgument {
    package init?(argument: String) { self.init(name: argument) }
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
