import ArgumentParser
import LabKit
import ScrollKit

/// One phone of compare mode (`--compare adaptive,deferred`): a loading policy, or a physics
/// (`--compare ios,android`); the phone is the command line's scene with that one setting changed.
package enum CompareEntry: Equatable, Sendable {
    case policy(LoadingPolicyKind)
    case physics(ScrollPhysicsKind)

    /// The entry named `name`: a policy's or a physics' name (the two sets of names are apart).
    init?(name: String) {
        if let kind = LoadingPolicyKind(rawValue: name) {
            self = .policy(kind)
        } else if let physics = ScrollPhysicsKind(rawValue: name) {
            self = .physics(physics)
        } else {
            return nil
        }
    }

    /// Its name on the command line and above its phone.
    package var name: String {
        switch self {
        case let .policy(kind): return kind.rawValue
        case let .physics(kind): return kind.rawValue
        }
    }

    /// `A,B[,C,D]`: two to four entries; throws a line naming what is wrong.
    static func list(_ argument: String) throws -> [CompareEntry] {
        let names = argument.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (2...4).contains(names.count) else {
            throw ValidationError("--compare takes 2 to 4 phones, comma-separated (got \(names.count))")
        }
        return try names.map { name in
            guard let entry = CompareEntry(name: name) else {
                throw ValidationError("--compare: '\(name)' is neither a policy ("
                    + LoadingPolicyKind.allCases.map(\.rawValue).joined(separator: ", ") + ") nor a physics ("
                    + ScrollPhysicsKind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            return entry
        }
    }

    /// `options` with this entry's setting.
    package func applied(to options: SceneOptions) -> SceneOptions {
        var options = options
        switch self {
        case let .policy(kind): options.policy = .one(kind)
        case let .physics(kind): options.physics = kind
        }
        return options
    }
}
