import CGtkSupport
import Foundation
public enum StartupTrace {
    nonisolated(unsafe) static let on = getenv("GHF_STARTUP_TRACE") != nil
    public static func mark(_ what: String) {
        guard on else { return }
        FileHandle.standardError.write(Data(String(format: "%7.1f %@\n", ghf_milliseconds_since_process_start(), what).utf8))
    }
}
