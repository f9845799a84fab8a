import ArgumentParser
import LabKit
import ScrollKit

extension PagingMode: ExpressibleByArgument {}
extension LoadingPolicyKind: ExpressibleByArgument {}
extension FramePacing: ExpressibleByArgument {}
extension ScrollPhysicsKind: ExpressibleByArgument {}

/// An `on|off` option value (the content-touch switches).
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off

    /// True for `on`.
    var isOn: Bool { self == .on }
}

/// The `--rate` values: UIKit's two deceleration rates.
enum RateOption: String, ExpressibleByArgument, CaseIterable {
    /// 0.998 per ms.
    case normal
    /// 0.99 per ms.
    case fast

    /// The deceleration rate this option selects.
    var rate: DecelerationRate { self == .normal ? .normal : .fast }
}

/// `--policy`: one loading policy, or `all` (`replay --headless`: every policy in turn on the same
/// gesture, one `end` line each, for a fair comparison).
enum PolicyChoice: ExpressibleByArgument, Equatable {
    case one(LoadingPolicyKind)
    case all

    init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if let kind = LoadingPolicyKind(rawValue: argument) {
            self = .one(kind)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { LoadingPolicyKind.allCases.map(\.rawValue) + ["all"] }

    var defaultValueDescription: String { kind.rawValue }

    /// The policy of a single run (`all` runs each; where one is needed it stands for the default).
    var kind: LoadingPolicyKind {
        if case let .one(kind) = self { return kind }
        return .adaptive
    }
}
