/// Scroll views inside scroll views: a zoomed photo in its pager, a carousel row in its list.
public extension ScrollView {
    /// Takes `outer`'s motion settings: deceleration rate, physics and velocity estimator. A nested scroll
    /// view flings and bounces as the one it sits in does, so a setting given to a scene (`--rate`,
    /// `--physics`, `--estimator`, the window's D) reaches every scroll view in it.
    func adoptMotionSettings(of outer: ScrollView) {
        decelerationRate = outer.decelerationRate
        configuration.physics = outer.configuration.physics
        velocityEstimator = outer.velocityEstimator
    }
}
