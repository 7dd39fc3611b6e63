import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Refresh work off the main thread (fetching, decoding, mapping thousands of items) yields the
/// cores to the main thread. On a 2-core machine a refresh of 20,000 movies kept both cores busy
/// with the decode while the window was drawing: the main thread waited 24-41 ms for a core (it
/// ran 1 ms of that time). A refresh task lowers its thread's priority a little (nice +5, which
/// needs no privilege); the kernel then runs the main thread first whenever both want a core, and
/// the background work still gets any core that is free, so an idle machine refreshes as fast.
/// On Linux a thread's nice value is its own; Swift's concurrency threads keep it once set.
public enum BackgroundPriority {
    public static let niceness: Int32 = 5

    /// Lowers the calling thread's priority to `niceness`, unless it is the main thread or lower already.
    public static func yieldToInterface() {
        #if os(Linux)
        guard !Thread.isMainThread else { return }
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0) // 0: the calling thread, on Linux
        guard errno == 0, current < niceness else { return }
        _ = setpriority(which, 0, niceness)
        #endif
    }

    /// The calling thread's nice value (tests).
    public static var current: Int32 {
        #if os(Linux)
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #else
        return 0
        #endif
    }
}
