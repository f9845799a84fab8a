import ScrollLabCore
import LabKit
import ScrollKit

/// Conditions never mix (B-COND-1): each phone's grid knows the condition it runs under — its source
/// (latency, network, HTTP), physics and deceleration rate, the window's refresh rate, connections and
/// HTTP version — and a change of any of them ends the policy's segment (traced with its condition).
extension LabApp {
    /// The condition `phone` runs under now.
    func condition(of phone: Phone) -> LoadCondition? {
        guard let loading = phone.scene.loading else { return nil }
        let options = phone.sceneOptions
        var network = phone.scene.sourceNetwork
        var source = "local"
        if network?.hasPrefix("HTTP ") == true, let template = self.options.source {
            source = template
            network = nil
        }
        return LoadCondition(latencyMs: network == nil && source == "local" ? phone.scene.sourceLatencyMs : nil, network: network,
                             source: source, physics: options.physics.rawValue,
                             decelerationRate: loading.isFastRate ? "fast" : "normal", refresh: phoneDriver.playback.frameRate,
                             connections: options.connections, http: options.http, tls: options.tls)
    }

    /// Gives every phone's grid its current condition; a segment that ran under another ends at model time
    /// `time` and goes to the trace. Returns the toast's addition when the focused phone's condition changed: the policy
    /// table now shows that condition's rows ("" when nothing changed).
    @discardableResult
    func updateConditions(at time: Double) -> String {
        var note = ""
        for phone in phoneDriver.phones {
            guard let loading = phone.scene.loading, let new = condition(of: phone) else { continue }
            let old = loading.condition
            guard new != old else { continue }
            if let ended = loading.setCondition(new) { tracePolicySegment(ended, of: phone, at: time) }
            if phone === phoneDriver.focused { note = " · policy table: rows under " + new.sourceLabel + " (conditions never mix)" }
        }
        return note
    }
}
