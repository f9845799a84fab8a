import Foundation

/// The calling thread's CPU time, seconds (`CLOCK_THREAD_CPUTIME_ID`): work timed this way does not
/// count the time other processes on a busy machine took from it (`bench --calibrate`).
package func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
