import LabKit

extension TimelineMarker {
    /// The marker's colour on the timeline and in the HUD's event list: drag callbacks green/white,
    /// deceleration amber/violet, snap animation magenta, a left-over `didEndDecelerating` red.
    package var colour: RGBA {
        if isLeftOver { return RGBA(255, 70, 70) }
        switch event {
        case .willBeginDragging: return RGBA(110, 220, 120)
        case .willEndDragging: return RGBA(230, 230, 235)
        case .didEndDragging: return RGBA(180, 185, 195)
        case .willBeginDecelerating: return RGBA(255, 200, 90)
        case .didEndDecelerating: return RGBA(190, 140, 255)
        case .didEndScrollingAnimation: return RGBA(255, 110, 220)
        case .contentTouch: return RGBA(120, 200, 255)
        case .willBeginZooming, .didEndZooming: return RGBA(120, 240, 220)
        case .didScroll, .didZoom: return .dimText
        }
    }
}
