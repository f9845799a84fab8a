import LabKit
import ScrollLabCore

extension LabApp {
    /// The key table every key press and the help overlay are read from.
    static let keyTable = KeyTable.window

    /// The help overlay's lines: every binding of the table, a scene's own keys marked with that scene.
    var keyHelp: [HelpOverlay.Entry] {
        Self.keyTable.help.map { HelpOverlay.Entry(key: $0.key, action: $0.action, scene: $0.scene) }
    }

    /// Handles a key press at `now`: the table's action for it in this scene. A key that does nothing
    /// here still answers: a toast names the scene it works in, or says it has no action.
    func handleKey(_ key: Key, at now: AppTime) {
        if let (_, action) = Self.keyTable.dispatch(key, scene: scene.kind.name) {
            perform(action, at: now)
        } else if let elsewhere = Self.keyTable.bindings.first(where: { $0.keys.contains(key) }), let owner = elsewhere.scene {
            toast(KeyToastText.elsewhere(key, binding: elsewhere, owner: owner), at: now.real)
        } else {
            toast(KeyToastText.noAction(key), at: now.real)
        }
    }

    /// Performs `action` at `now`: a window key by its window side (`WindowPerformable`), a scene's own
    /// action by the scene, which answers with its toast; every setting they change is logged to the trace.
    func perform(_ action: KeyAction, at now: AppTime) {
        switch action {
        case .window(let action):
            (action.key as? any WindowPerformable.Type)?.perform(action, on: self, at: now)
        case .scene(let action):
            performSceneAction(action, at: now)
        }
    }

    /// A scene's own action. In compare mode a per-phone action (a policy key) changes the phone under
    /// the pointer; the others change every phone. A policy change (digits, B) ends the current policy's
    /// segment in the trace. The callbacks the action makes (P stops a glide where it is shown, at the
    /// last frame's time) reach the trace before its lines, at the key's time, so trace times never go back.
    private func performSceneAction(_ action: SceneAction, at now: AppTime) {
        var answer = ""
        for phone in phoneDriver.phones where !(phoneDriver.isComparing && action.isPerPhone && phone !== phoneDriver.focused) {
            let ending = phone.scene.policySegment
            let before = phone.scene.loading?.policyVariant
            let result = phone.scene.perform(action)
            phoneDriver.collect()
            if result.endsPolicySegment { tracePolicySegment(ending, of: phone, at: now.model) }
            for change in result.changes { logSetting(change.name, change.value, at: now.model, phone: phone) }
            if let variant = phone.scene.loading?.policyVariant, variant != before { phone.remember(policy: variant) }
            if phone === phoneDriver.focused { answer = result.toast }
        }
        phoneDriver.collect()
        toast(answer + updateConditions(at: now.model), at: now.real)
    }
}
