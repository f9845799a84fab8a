import CSDL
import LabKit
import ScrollKit
import ScrollLabCore

extension LabApp {
    /// The key table every key press and the help overlay are read from.
    static let keyTable = KeyTable.window

    /// The help overlay's lines: every binding of the table, a scene's own keys marked with that scene.
    var keyHelp: [HelpOverlay.Entry] {
        Self.keyTable.help.map { HelpOverlay.Entry(key: $0.key, action: $0.action, scene: $0.scene) }
    }

    /// Handles a key press at app time `t`: the table's action for it in this scene. A key that does
    /// nothing here still answers: a toast names the scene it works in, or says it has no action.
    func handleKey(_ key: Key, at t: Double) {
        if let (_, action) = Self.keyTable.dispatch(key, scene: scene.kind.name) {
            perform(action, at: t)
        } else if let elsewhere = Self.keyTable.bindings.first(where: { $0.keys.contains(key) }), let owner = elsewhere.scene {
            toast(KeyAnswer.elsewhere(key, binding: elsewhere, owner: owner), at: t)
        } else {
            toast(KeyAnswer.noAction(key), at: t)
        }
    }

    /// Performs `action` at app time `t`; a scene's own actions go to the scene, which answers with its
    /// toast, and every setting they change is logged to the trace. Every action answers with a toast; a
    /// policy change (digits, B) ends the current policy's segment in the trace.
    func perform(_ action: KeyAction, at t: Double) {
        switch action {
        case .quit:
            if hud.showHelp { hud.showHelp = false } else { loop.running = false }
        case .toggleHelp:
            hud.showHelp.toggle()
        case .toggleRate:
            let fast = !scene.isFastRate
            for phone in session.phones { phone.scene.isFastRate = fast }
            logSetting("rate", .string(scene.isFastRate ? "fast" : "normal"), at: t)
            toast(KeyAnswer.rate(fast: scene.isFastRate) + updateConditions(at: t), at: t)
        case .slowMotion:
            cycleSlowMotion(at: t)
            toast(KeyAnswer.slowMotion(session.clock.scaleLabel, isSlow: session.clock.scale != 1), at: t)
        case .record:
            toggleRecording(at: t)
        case .reset:
            endComparison()
            input.dropTouch()
            let time = session.clock.modelTime(atReal: t)
            for phone in session.phones { phone.scene.reset(time: time) }
            session.collect()
            for phone in session.phones {
                phone.events.reset()
                tracePolicySegment(of: phone, at: t)
            }
            resetInstruments()
            logSetting("reset", .bool(true), at: t)
            toast(KeyAnswer.reset(hasLoading: scene.loading != nil), at: t)
        case .compareAll:
            startComparingAllPolicies(at: t)
        case .freezeTimeline:
            hud.timelineFrozenAt = hud.timelineFrozenAt == nil ? session.timeShown : nil
            logSetting("timelineFrozen", .bool(hud.timelineFrozenAt != nil), at: t)
            toast(KeyAnswer.freeze(frozen: hud.timelineFrozenAt != nil), at: t)
        case .scrubTimeline(let step):
            guard let frozen = hud.timelineFrozenAt else {
                toast(KeyAnswer.scrub(step: step, to: nil), at: t)
                break
            }
            hud.timelineFrozenAt = Swift.min(session.timeShown, Swift.max(0, frozen + 0.5 * Double(step)))
            toast(KeyAnswer.scrub(step: step, to: hud.timelineFrozenAt), at: t)
        case .nextScene:
            switchScene(at: t)
            toast(KeyAnswer.nextScene(scene.kind.name), at: t)
        case .screenshot:
            loop.pendingScreenshot = Screenshot.nextDefaultPath()
        case .scene(let action):
            // In compare mode a per-phone action (a policy key) changes the phone under the pointer; the
            // others change every phone.
            var answer = ""
            for phone in session.phones where !(session.isComparing && action.isPerPhone && phone !== session.focused) {
                let ending = phone.scene.policySegment
                let before = phone.scene.loading?.policyVariant
                let result = phone.scene.perform(action)
                if result.endsPolicySegment { tracePolicySegment(ending, of: phone, at: t) }
                for change in result.changes { logSetting(change.name, change.value, at: t, phone: phone) }
                if let variant = phone.scene.loading?.policyVariant, variant != before { phone.remember(policy: variant) }
                if phone === session.focused { answer = result.toast }
            }
            session.collect()
            refreshSourceStatus()
            toast(answer + updateConditions(at: t), at: t)
        }
    }
}
