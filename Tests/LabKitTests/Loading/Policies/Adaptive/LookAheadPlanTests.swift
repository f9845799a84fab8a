import Testing
@testable import LabKit

/// The look-ahead plan and schedule, step by step.
@Suite struct LookAheadPlanTests {
    @Test func planRemembersWhenEachItemWasAsked() {
        var plan = LookAheadPlan()
        plan.add(8, at: 1)
        plan.add(9, at: 1.5)
        #expect(plan.planned.set == [8, 9])
        #expect(plan.requestTime(of: 9) == 1.5)
        // At 1.6 with a 0.2 s age: 9 (asked 0.1 s ago) is cancelled, 8 (0.6 s) finishes.
        #expect(plan.cancellable([8, 9], age: 0.2, at: 1.6) == [9])
        plan.forget(9)
        #expect(plan.requestTime(of: 9) == nil && plan.planned.set == [8])
        plan.clear()
        #expect(plan.planned.isEmpty && plan.requestTime(of: 8) == nil)
    }

    @Test func dueLoadsLeaveTheScheduleWithinTheLeadTimeAndTheRoom() {
        var plan = LookAheadPlan()
        plan.schedule([LoadRequest(item: 4, priority: 1.1), LoadRequest(item: 5, priority: 1.2), LoadRequest(item: 6, priority: 1.5),
                       LoadRequest(item: 7, priority: 1.6)])
        var due: [LoadRequest] = []
        // At 1.0 with a 0.3 s lead: 4 and 5 are due (6 appears at 1.5); room for 3.
        plan.issueDue(at: 1, leadTime: 0.3, room: 3, into: &due)
        #expect(due.map(\.item) == [4, 5])
        #expect(plan.scheduled.map(\.item) == [6, 7] && plan.planned.set == [4, 5])
        // At 1.4 everything is due, but room for 1.
        due = []
        plan.issueDue(at: 1.4, leadTime: 0.3, room: 1, into: &due)
        #expect(due.map(\.item) == [6])
        #expect(plan.scheduledIndex(of: 7) == 0 && plan.scheduledIndex(of: 6) == nil)
        #expect(plan.unschedule(at: 0).item == 7)
        #expect(plan.scheduled.isEmpty)
    }

    @Test func dropForgetsTheUnwantedAndCancelsTheRecent() {
        var plan = LookAheadPlan()
        plan.add(3, at: 0)
        plan.add(2, at: 1)
        plan.add(10, at: 1)
        var cancel: [Int] = []
        plan.drop(unless: { $0 == 10 }, age: 0.5, at: 1.2, cancel: &cancel)
        #expect(cancel == [2])
        #expect(plan.planned.set == [10])
    }
}
