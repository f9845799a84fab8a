extension GridSceneConfiguration {
    /// The mean bytes a modelled network moves per image over the grid's `assetCount` images (each its
    /// `assetByteSizes` entry, past the end `defaultTransferBytes`, as the network source counts them),
    /// rounded to the nearest byte; nil without a network. A sweep's result line states it
    /// (`imageBytesMean`), so which images sized a verdict is in the verdict.
    public var imageBytesMean: Int? {
        guard network != nil else { return nil }
        return Self.roundedMean(transferBytes(count: Swift.max(1, assetCount)))
    }

    /// The bytes each of the first `count` images' files hold, as the network source counts them.
    public func transferBytes(count: Int) -> [Int] {
        (0..<Swift.max(0, count)).map { $0 < assetByteSizes.count ? Swift.max(0, assetByteSizes[$0]) : Self.defaultTransferBytes }
    }

    /// The bytes each of the first `count` images' files hold as a decode reads them: `assetFileBytes`,
    /// else what the network counts.
    public func fileBytes(count: Int) -> [Int] {
        guard !assetFileBytes.isEmpty else { return transferBytes(count: count) }
        return (0..<Swift.max(0, count)).map { $0 < assetFileBytes.count ? Swift.max(0, assetFileBytes[$0]) : Self.defaultTransferBytes }
    }

    /// The mean of `values` rounded to the nearest whole number (halves up); 0 for none.
    public static func roundedMean(_ values: [Int]) -> Int {
        guard !values.isEmpty else { return 0 }
        return (values.reduce(0, +) * 2 + values.count) / (values.count * 2)
    }
}
