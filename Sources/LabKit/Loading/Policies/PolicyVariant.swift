/// A loading policy as the lab runs it (B-PIPE-1): its decisions on the shared pipeline (`texture`), or
/// on the pipeline of the shipping system it reproduces (`texture@shipped`: Texture's 10 downloads at
/// once). A policy is its decisions; the pipeline — connections, HTTP version, memory cache, decode — is
/// the condition's and the same for every policy, unless a `@shipped` variant is asked for by name.
/// Every table, plot and trace names a shipped variant with its suffix.
public struct PolicyVariant: Hashable, Sendable, CustomStringConvertible {
    /// The policy's decisions.
    public var kind: LoadingPolicyKind
    /// True: the shipping system's own pipeline settings instead of the shared ones.
    public var isShipped: Bool

    /// The suffix of a shipped variant's name.
    public static let shippedSuffix = "@shipped"

    /// `kind` on the shared pipeline, or on its system's own with `shipped` (ignored for a policy whose
    /// system has no settings of its own).
    public init(_ kind: LoadingPolicyKind, shipped: Bool = false) {
        self.kind = kind
        self.isShipped = shipped && kind.hasShippedPipeline
    }

    /// The variant named `name`: a policy's name, or a peer's name with `@shipped`; nil otherwise.
    public init?(name: String) {
        if name.hasSuffix(Self.shippedSuffix) {
            guard let kind = LoadingPolicyKind(rawValue: String(name.dropLast(Self.shippedSuffix.count))),
                  kind.hasShippedPipeline else { return nil }
            self.init(kind, shipped: true)
        } else {
            guard let kind = LoadingPolicyKind(rawValue: name) else { return nil }
            self.init(kind)
        }
    }

    /// `texture` or `texture@shipped`.
    public var name: String { kind.rawValue + (isShipped ? Self.shippedSuffix : "") }
    public var description: String { name }

    /// Every policy on the shared pipeline, in `LoadingPolicyKind.allCases` order.
    public static var shared: [PolicyVariant] { LoadingPolicyKind.allCases.map { PolicyVariant($0) } }
    /// The shipped variants: the peers whose systems set their own pipeline.
    public static var shipped: [PolicyVariant] {
        LoadingPolicyKind.allCases.filter(\.hasShippedPipeline).map { PolicyVariant($0, shipped: true) }
    }
    /// Every name `--policy` accepts besides `all`.
    public static var allNames: [String] { (shared + shipped).map(\.name) }

    /// Loads this variant's pipeline runs at once, given the shared pipeline's `connections`.
    public func loadsAtOnce(sharedConnections connections: Int) -> Int {
        guard isShipped, let own = kind.makePolicy().maxConcurrentLoads else { return connections }
        return own
    }

    /// Connections per host of this variant's HTTP client, given the shared `connections`: the shared
    /// value, except for a system whose client has no per-host limit (Flutter's `dart:io` HttpClient,
    /// `maxConnectionsPerHost` null), where every load it runs may have its own.
    public func connectionsPerHost(sharedConnections connections: Int) -> Int {
        guard isShipped, kind == .flutter else { return connections }
        return Swift.max(connections, loadsAtOnce(sharedConnections: connections))
    }
}

extension LoadingPolicyKind {
    /// True when the system this policy reproduces sets its own pipeline (`maxConcurrentLoads`), so it has
    /// a `@shipped` variant: Texture (10 downloads), Flutter (no cap), Glide (4 source threads).
    public var hasShippedPipeline: Bool { makePolicy().maxConcurrentLoads != nil }
}
