import ScrollLabCore

extension PathConflicts {
    /// The files a run reads besides its gestures and images, each an input no output may name (§7): the
    /// `--feed`, a `--device` file (a named phone is no file), a `--source-ca` certificate.
    mutating func inputs(feed: LoadedFeed?, phone: PhoneOptions?, sourceCA: String?) {
        input(feed?.path, "--feed")
        input(phone?.deviceFile, "--device")
        input(sourceCA, "--source-ca")
    }
}
