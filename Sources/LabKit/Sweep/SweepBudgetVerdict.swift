/// `sweep report --recommend --budget …` (B-COST-2), per condition (one combination of every swept
/// factor, as `--recommend`'s): `--recommend`'s rule applied to the policies whose mean of every budgeted
/// cost is within its limit (one rule: a budget no policy exceeds changes nothing), the budgets that bind
/// (a limit that alone keeps out a policy with less blank time, or several that only together do), and
/// the Pareto set over blank time and every cost the sweep's lines carry. When no policy of the condition
/// gets images on screen in time, the paragraph says so first, as `--recommend`'s does.
///
/// Blank time is the results' (`SweepSummary.Result.blankTileSeconds`: the time tiles waited for their
/// image, a placeholder shown or not).
public struct SweepBudgetVerdict: Sendable {
    /// One policy in the condition: sessions, blank time with its 95% interval, and each cost's mean.
    public struct Point: Sendable {
        public var policy: String
        public var sessions: Int
        public var blankTileSeconds: SweepSummary.Interval
        /// Mean per session of each cost the condition's lines carry, by cost name.
        public var costs: [String: Double]
        /// The budgets it exceeds, by cost name, in the budget's order.
        public var exceeds: [String]
    }

    public var condition: [(name: String, value: String)]
    public var budget: SweepBudget
    /// Every policy run in the condition, in the lab's order.
    public var points: [Point]
    /// The costs the condition's lines carry, in `SweepBudget.costs` order.
    public var sweptCosts: [SweepBudget.Cost]
    /// `--recommend`'s recommendation over the policies within every budget; nil when none is.
    public var recommended: Point?
    /// Why it was recommended: true when it has the least blank time within every budget, false when it is
    /// the cheapest whose blank time the sweep cannot tell from that one's (`--recommend`'s paired rule).
    public var recommendedIsLeastBlank = true
    /// The least blank policy within every budget (the one `recommended`'s interval rule is measured from).
    public var leastBlankWithin: Point?
    /// The budgets that bind: for each, the least blank policy kept out by that budget alone (within every
    /// other), with less blank time than the recommended one. The first binds hardest (its policy is the
    /// least blank).
    public var binding: [(cost: String, policy: Point)]
    /// Budgets that bind only together: for each set of two or more, the least blank policy they keep out
    /// (within every other budget), with less blank time than the recommended one.
    public var bindingTogether: [(costs: [String], policy: Point)] = []
    /// `--recommend`'s verdict over every policy of the condition, for its "nothing works" opening (nil
    /// without runs).
    public internal(set) var unbudgeted: SweepRecommendation?
    /// The policies no other beats on blank time and every swept cost (no worse on all, better on one).
    public var pareto: [Point]

    /// One verdict per condition, conditions in the order `--recommend` gives them; `perform` as for
    /// `SweepRecommendation.conditions`.
    public static func conditions(_ results: [SweepSummary.Result], budget: SweepBudget, resamples: Int = 1000, seed: UInt64 = 1,
                                  perform: (Int, @Sendable (Int) -> Void) -> Void = SweepSummary.serially) -> [SweepBudgetVerdict] {
        SweepSummary.conditions(results) { c in
            let all = SweepRecommendation.recommendation(c, resamples: resamples, seed: seed, perform: perform)
            // The costs weighed: each every run carries (a partial one: some run of every policy), the ones a
            // budget must name among them only when it does.
            let swept = SweepBudget.costs.filter { cost in
                guard cost.isAlwaysWeighed || budget.limits.contains(where: { $0.cost.name == cost.name }) else { return false }
                return cost.isPartial ? c.policies.allSatisfy { p in c.runs(of: p).contains { SweepBudget.value(cost, of: $0) != nil } }
                                      : c.runs.allSatisfy { SweepBudget.value(cost, of: $0) != nil }
            }
            let points = c.policies.map { policy -> Point in
                let runs = c.runs(of: policy)
                var costs: [String: Double] = [:]
                for cost in swept {
                    let known = runs.compactMap { SweepBudget.value(cost, of: $0) }
                    costs[cost.name] = known.reduce(0, +) / Double(known.count)
                }
                let exceeds = budget.limits.filter { limit in costs[limit.cost.name].map { $0 > limit.limit } ?? true }.map(\.cost.name)
                // The interval `--recommend` drew from the same runs with the same seed, drawn once.
                let blank = all?.points.first { $0.policy == policy }?.blankTileSeconds
                    ?? SweepSummary.bootstrap(runs.map(\.blankTileSeconds), resamples: resamples, seed: seed)
                return Point(policy: policy, sessions: runs.count, blankTileSeconds: blank, costs: costs, exceeds: exceeds)
            }
            return SweepBudgetVerdict(condition: c.factors, budget: budget, points: points, sweptCosts: swept, unbudgeted: all)
        }
    }

    /// The verdict over `points`; `unbudgeted` is `--recommend`'s over the same runs: its rule, applied to
    /// the policies within every budget, recommends. Without it (a verdict made by hand), the least blank
    /// policy within every budget is recommended.
    init(condition: [(name: String, value: String)], budget: SweepBudget, points: [Point], sweptCosts: [SweepBudget.Cost],
         unbudgeted: SweepRecommendation? = nil) {
        self.condition = condition
        self.budget = budget
        self.points = points
        self.sweptCosts = sweptCosts
        self.unbudgeted = unbudgeted
        // Least blank first; ties in the lab's order.
        let byBlank = points.enumerated().sorted { ($0.element.blankTileSeconds.mean, $0.offset) < ($1.element.blankTileSeconds.mean, $1.offset) }
            .map(\.element)
        let within = Set(points.filter(\.exceeds.isEmpty).map(\.policy))
        leastBlankWithin = byBlank.first { within.contains($0.policy) }
        var recommended = leastBlankWithin
        if let unbudgeted, !within.isEmpty,
           let rule = SweepRecommendation(condition: condition, costName: unbudgeted.costName,
                                          points: unbudgeted.points.filter { within.contains($0.policy) },
                                          resamples: unbudgeted.resamples, seed: unbudgeted.seed) {
            recommended = points.first { $0.policy == rule.recommended.policy }
            let best = rule.frontier.min { $0.blankTileSeconds.mean < $1.blankTileSeconds.mean }
            recommendedIsLeastBlank = best?.policy == rule.recommended.policy
            leastBlankWithin = best.flatMap { b in points.first { $0.policy == b.policy } } ?? leastBlankWithin
        }
        self.recommended = recommended
        var binding: [(cost: String, policy: Point)] = []
        var together: [(costs: [String], policy: Point)] = []
        // Only a policy with less blank time than every one within the budgets is kept out by them, and only
        // one the phone allows: raising a budget for a policy the phone rules out would change nothing.
        let ruledOut = Set(unbudgeted?.ruledOut.map(\.policy) ?? [])
        for point in byBlank where !point.exceeds.isEmpty && !ruledOut.contains(point.policy) {
            if let r = leastBlankWithin, point.blankTileSeconds.mean >= r.blankTileSeconds.mean { break }
            if point.exceeds.count == 1 {
                if !binding.contains(where: { $0.cost == point.exceeds[0] }) { binding.append((point.exceeds[0], point)) }
            } else if !together.contains(where: { $0.costs == point.exceeds }) {
                together.append((point.exceeds, point))
            }
        }
        self.binding = binding
        bindingTogether = together
        let names = sweptCosts.map(\.name)
        func dominated(_ p: Point, by q: Point) -> Bool {
            let pv = [p.blankTileSeconds.mean] + names.map { p.costs[$0]! }, qv = [q.blankTileSeconds.mean] + names.map { q.costs[$0]! }
            return zip(qv, pv).allSatisfy { $0 <= $1 } && zip(qv, pv).contains { $0 < $1 }
        }
        pareto = points.filter { p in !points.contains { dominated(p, by: $0) } }
    }

    /// The condition in words, as `--recommend` names it.
    public var conditionText: String { SweepRecommendation.text(condition) }

    func pointText(_ p: Point) -> String {
        p.policy + " (" + SweepRecommendation.interval(p.blankTileSeconds, 2) + " tile·s"
            + sweptCosts.map { ", " + SweepBudget.text(p.costs[$0.name]!, $0) }.joined() + ")"
    }

    /// The paragraph.
    public var paragraph: String {
        let sessions = points.map(\.sessions).max() ?? 0
        let limits = budget.limits.map { "\($0.cost.name) ≤ " + SweepBudget.text($0.limit, $0.cost) }.joined(separator: ", ")
        var text = unbudgeted?.nothingWorksText ?? ""
        text += "Under \(conditionText) (\(sessions) session\(sessions == 1 ? "" : "s"), mean [95% interval]; budget \(limits)): "
        if let r = recommended {
            if recommendedIsLeastBlank {
                text += "recommended \(pointText(r)), the least blank time within every budget. "
            } else {
                text += "recommended \(pointText(r)), the cheapest within every budget whose blank time the sweep cannot tell from "
                    + "\(leastBlankWithin?.policy ?? "-")'s (session by session). "
            }
        } else {
            text += "no policy is within every budget ("
            text += points.map { "\($0.policy) exceeds \($0.exceeds.joined(separator: " and "))" }.joined(separator: "; ") + "). "
        }
        func needs(_ p: Point, _ costs: [String]) -> String {
            costs.map { name in
                let cost = budget.limits.first { $0.cost.name == name }!
                return p.costs[name].map { SweepBudget.text($0, cost.cost) } ?? "-"
            }.joined(separator: " and ")
        }
        func saves(_ p: Point) -> String {
            recommended.map { " (" + SweepRecommendation.fixed($0.blankTileSeconds.mean - p.blankTileSeconds.mean, 2) + " tile·s less blank)" } ?? ""
        }
        if binding.isEmpty && bindingTogether.isEmpty, let r = recommended {
            // Policies over a budget with less blank time that the phone rules out: no budget keeps them out.
            let phoneRulesOut = Set(unbudgeted?.ruledOut.map(\.policy) ?? [])
            let kept = points.filter { !$0.exceeds.isEmpty && phoneRulesOut.contains($0.policy) && $0.blankTileSeconds.mean < r.blankTileSeconds.mean }
            text += kept.isEmpty ? "No budget binds: no policy over a budget has less blank time. "
                : "No budget binds: the policies over a budget with less blank time (" + kept.map(\.policy).joined(separator: ", ")
                    + ") are ruled out by the phone (below). "
        }
        if !binding.isEmpty {
            text += "Binding: " + binding.map { b in "\(b.cost) — \(b.policy.policy)\(saves(b.policy)) needs \(needs(b.policy, [b.cost]))" }
                .joined(separator: "; ") + ". "
        }
        if !bindingTogether.isEmpty {
            text += "Binding only together: " + bindingTogether.map { b in
                "\(b.costs.joined(separator: " and ")) — \(b.policy.policy)\(saves(b.policy)) needs \(needs(b.policy, b.costs))"
            }.joined(separator: "; ") + ". "
        }
        text += "Pareto set over blank time" + sweptCosts.map { ", " + $0.name }.joined() + ": " + pareto.map(pointText).joined(separator: ", ") + "."
        // What the phone pays and rules out stands beside the budgets, as in `--recommend`'s paragraph.
        if let r = recommended, let phone = unbudgeted?.phoneText(of: r.policy) { text += phone }
        if let ruledOut = unbudgeted?.ruledOutText, !ruledOut.isEmpty { text += " " + ruledOut }
        return text
    }

    /// The `--recommend --budget --json` line.
    public var json: JSONValue {
        func point(_ p: Point) -> JSONValue {
            .object([("policy", .string(p.policy)), ("sessions", .int(p.sessions)), ("blankTileSeconds", p.blankTileSeconds.json)]
                    + sweptCosts.map { ($0.name, JSONValue.number(p.costs[$0.name]!)) }
                    + [("exceeds", .array(p.exceeds.map { .string($0) }))])
        }
        return .object([("condition", .object(condition.map { ($0.name, .string($0.value)) })),
                        ("budget", .object(budget.limits.map { ($0.cost.name, .number($0.limit)) })),
                        ("recommended", recommended.map { .string($0.policy) } ?? .null),
                        ("binding", .array(binding.map { .object([("cost", .string($0.cost)), ("policy", .string($0.policy.policy))]) })),
                        ("bindingTogether", .array(bindingTogether.map {
                            .object([("costs", .array($0.costs.map { .string($0) })), ("policy", .string($0.policy.policy))])
                        })),
                        ("pareto", .array(pareto.map { .string($0.policy) })),
                        ("points", .array(points.map(point)))]
                        + (unbudgeted.map { u in u.points.allSatisfy { $0.onScreen != nil } ? [("nothingWorks", .bool(u.nothingWorks))] : [] } ?? [])
                        + [("paragraph", .string(paragraph))])
    }
}
