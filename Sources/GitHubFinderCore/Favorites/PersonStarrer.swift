import Foundation
import Logging

/// Stars a user seen in a search row, whose snapshot has no display name (search results carry
/// none). The name comes from the client's cached profile when there is one; otherwise one
/// profile request (`GET /users/{login}`: conditional, core quota, never the search quota) fills
/// it in afterwards, if the user is still a favorite by then.
public struct PersonStarrer: Sendable {
    let api: any GitHubAPI
    let store: any PersonFavoritesStore
    private static let logger = Logger(label: "GitHubFinder.PersonStarrer")

    public init(api: any GitHubAPI, store: any PersonFavoritesStore) {
        self.api = api
        self.store = store
    }

    /// Stars `user` (durable when it returns). Returns the task filling in the name, or nil when
    /// the cached profile already gave it.
    @discardableResult
    public func star(_ user: User) throws(FavoritesStoreError) -> Task<Void, Never>? {
        let cachedName = api.cachedUser(login: user.login)?.name
        try store.add(PersonFavorite(user, name: cachedName))
        guard cachedName == nil else { return nil }
        let api = api, store = store
        return Task {
            // The name is a nicety: a failed request leaves the login-only snapshot as it was.
            let profile: UserProfile
            do { profile = try await api.user(login: user.login) } catch {
                Self.logger.debug("no profile for a new favorite's name", metadata: ["error": "\(error)"])
                return
            }
            // What "changed since you starred" counts from.
            _ = try? store.recordProfile(profile)
            guard let name = profile.name, !name.isEmpty else { return }
            do { try store.updateName(name, ofFavorite: user.id) } catch {
                Self.logger.warning("a favorite's name could not be saved", metadata: ["error": "\(error)"])
            }
        }
    }
}
