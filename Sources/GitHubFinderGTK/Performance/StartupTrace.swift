import CGtkSupport
import Foundation

/// `GHF_STARTUP_TRACE=1`: each step of start-up printed to stderr with the milliseconds since
/// the process started and the main thread's CPU milliseconds so far (the second holds still
/// when other processes compete for the CPU, so compare that one between builds).
public enum StartupTrace {
    static let on = getenv("GHF_STARTUP_TRACE") != nil

    public static func mark(_ what: String) {
        guard on else { return }
        var cpu = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        let cpuMilliseconds = Double(cpu.tv_sec) * 1_000 + Double(cpu.tv_nsec) / 1e6
        FileHandle.standardError.write(Data(String(format: "%7.1f %7.1f %@\n", ghf_milliseconds_since_process_start(), cpuMilliseconds, what).utf8))
    }
}
