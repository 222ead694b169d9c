import Foundation
import Synchronization

/// The token the client sends now. It changes when the user signs in or out, or when GitHub
/// rejects it (401); every request reads the current value. Never printed.
public final class Credentials: Sendable, CustomStringConvertible {
    private let storage: Mutex<String?>

    public init(token: String? = nil) {
        storage = Mutex(token.flatMap { $0.isEmpty ? nil : $0 })
    }

    public var token: String? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue.flatMap { $0.isEmpty ? nil : $0 } } }
    }

    public var description: String { "Credentials(\(token == nil ? "none" : "set"))" }
}
