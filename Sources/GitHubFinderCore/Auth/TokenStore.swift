import Foundation
import Synchronization

/// A token kept between runs, with the login it belongs to (so the header can say who is signed
/// in before any request).
public struct StoredToken: Equatable, Sendable {
    public var token: String
    public var login: String

    public init(token: String, login: String) {
        self.token = token
        self.login = login
    }
}

public enum TokenStoreError: Error, Equatable, Sendable {
    /// No Secret Service (keyring) is running or reachable: say why, keep the token in memory.
    case unavailable(String)
    /// The keyring answered with an error (locked, refused…).
    case failed(String)
}

/// Where the token lives between runs: the system keyring (libsecret) in the app, memory in
/// tests. Calls may block (D-Bus): call them off the main thread.
public protocol TokenStore: Sendable {
    func load() throws(TokenStoreError) -> StoredToken?
    func save(_ token: StoredToken) throws(TokenStoreError)
    func delete() throws(TokenStoreError)
}

/// A `TokenStore` in memory, for tests (and for a run with no keyring).
public final class InMemoryTokenStore: TokenStore {
    private let storage: Mutex<StoredToken?>
    private let failure: TokenStoreError?

    /// `failure`: every call fails with it (a machine with no Secret Service).
    public init(_ token: StoredToken? = nil, failure: TokenStoreError? = nil) {
        storage = Mutex(token)
        self.failure = failure
    }

    public func load() throws(TokenStoreError) -> StoredToken? {
        if let failure { throw failure }
        return storage.withLock { $0 }
    }

    public func save(_ token: StoredToken) throws(TokenStoreError) {
        if let failure { throw failure }
        storage.withLock { $0 = token }
    }

    public func delete() throws(TokenStoreError) {
        if let failure { throw failure }
        storage.withLock { $0 = nil }
    }
}
