import ScrollKit

extension PagerScene: ScrollViewDelegate {
    /// Linked scrolling (B-LINK-1): the strip, the parallax layer and the pool follow the offset.
    /// In snap and target modes this arrives through the paging behaviour, which forwards it.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        linkToOffset()
    }
}
