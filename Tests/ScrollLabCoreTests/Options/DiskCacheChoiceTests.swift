import Foundation
import Testing
@testable import ScrollLabCore

/// The window's default disk cache: only an absolute `XDG_CACHE_HOME` or `HOME` counts.
@Suite struct DiskCacheChoiceTests {
    /// The user's home as the password database gives it.
    private var home: String { String(cString: getpwuid(getuid()).pointee.pw_dir) }

    @Test func anAbsoluteHomeOrCacheHomeIsUsed() {
        #expect(DiskCacheChoice.defaultDirectory(environment: ["HOME": "/home/ada"]) == "/home/ada/.cache/scrolllab/images")
        #expect(DiskCacheChoice.defaultDirectory(environment: ["HOME": "/home/ada", "XDG_CACHE_HOME": "/var/cache/ada"])
                == "/var/cache/ada/scrolllab/images")
    }

    /// An empty or relative `HOME` (was: `/.cache`, or a folder under wherever the program started) and a
    /// relative `XDG_CACHE_HOME` give the home from the password database.
    @Test func anEmptyOrRelativeHomeIsNotUsed() {
        for environment in [["HOME": ""], ["HOME": "relative/x"], [:], ["HOME": "", "XDG_CACHE_HOME": "cache"]] {
            let folder = DiskCacheChoice.defaultDirectory(environment: environment)
            #expect(folder == (home == "/" ? "" : home) + "/.cache/scrolllab/images", "\(environment)")
            #expect(folder.hasPrefix("/") && !folder.hasPrefix("//"))
        }
    }
}
