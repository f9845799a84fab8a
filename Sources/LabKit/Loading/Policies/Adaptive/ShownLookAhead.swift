/// Adaptive's look-ahead loads whose tiles appeared while they still ran: when loads turn too slow for
/// look-ahead they are the screen's, and cancelled as the screen's are when their tiles leave (UIKit's
/// cell owns a load once displayed).
struct ShownLookAhead: Sendable {
    /// Look-ahead loads asked for (not on screen when asked), until their tiles appear or they are cancelled.
    private var asked = ItemSet()
    /// Look-ahead loads whose tiles appeared while they still ran.
    private var shown = ItemSet()
    /// Kept between decisions: the shown loads to cancel.
    private var left: [Int] = []

    /// Notes the items that appeared: an asked load not in the memory cache is now shown.
    mutating func appeared(_ items: [Int], in context: LoadingContext) {
        for item in items where asked.remove(item) && !context.isCached(item) { shown.insert(item) }
    }

    /// Notes a decision's loads asked ahead (under the prefetch window) and its cancels.
    mutating func decided(_ decision: LoadDecision, prefetching: Bool, in context: LoadingContext) {
        if prefetching { for request in decision.load where !context.visibleItems.contains(request.item) { asked.insert(request.item) } }
        for item in decision.cancel { asked.remove(item) }
    }

    /// Whether any shown load is still tracked.
    var isEmpty: Bool { shown.isEmpty }

    /// Appends to `cancel` the shown loads whose tiles left the screen and are not in the memory cache,
    /// and forgets every one that left.
    mutating func cancelLeft(in context: LoadingContext, into cancel: inout [Int]) {
        left.removeAll(keepingCapacity: true)
        for item in shown where !context.visibleItems.contains(item) { left.append(item) }
        for item in left {
            shown.remove(item)
            if !context.isCached(item) { cancel.append(item) }
        }
    }
}
