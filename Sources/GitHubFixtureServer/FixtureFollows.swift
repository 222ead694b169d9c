import Foundation
import Synchronization

/// Who follows whom on one double: the data set's graph, then every follow and unfollow made
/// through the double, kept in memory for its lifetime. Accounts are the data set's ids.
final class FixtureFollows: Sendable {
    private struct Graph {
        /// Oldest follow first, both ways.
        var following: [Int64: [Int64]]
        var followers: [Int64: [Int64]]
    }

    let data: FixtureDataSet
    private let storage: Mutex<Graph>

    init(data: FixtureDataSet) {
        self.data = data
        storage = Mutex(Graph(following: data.followGraph.following, followers: data.followGraph.followers))
    }

    /// Idempotent, as GitHub's PUT is: following again keeps the first time. Following oneself
    /// changes nothing, as on GitHub (see `FixtureRouter.following`).
    func follow(_ id: Int64, by follower: Int64) {
        storage.withLock { graph in
            guard id != follower, !(graph.following[follower]?.contains(id) ?? false) else { return }
            graph.following[follower, default: []].append(id)
            graph.followers[id, default: []].append(follower)
        }
    }

    func unfollow(_ id: Int64, by follower: Int64) {
        storage.withLock { graph in
            graph.following[follower]?.removeAll { $0 == id }
            graph.followers[id]?.removeAll { $0 == follower }
        }
    }

    func isFollowing(_ id: Int64, by follower: Int64) -> Bool {
        storage.withLock { $0.following[follower]?.contains(id) ?? false }
    }

    /// Oldest follow first.
    func following(of id: Int64) -> [Int64] { storage.withLock { $0.following[id] ?? [] } }
    /// Oldest follower first.
    func followers(of id: Int64) -> [Int64] { storage.withLock { $0.followers[id] ?? [] } }

    /// The logins `login` follows, oldest follow first; none for an unknown login.
    func followedLogins(of login: String) -> [String] {
        data.user(login: login).map { following(of: $0.id).compactMap { data.user(id: $0)?.login } } ?? []
    }

    /// Makes `login` follow each of `logins` in turn, as PUTs would.
    func follow(_ logins: [String], by login: String) throws(FixtureServerError) {
        let follower = try account(login)
        for followed in logins { follow(try account(followed).id, by: follower.id) }
    }

    /// Makes `login` follow exactly the first `count` accounts of the data set it can follow (in
    /// the data set's order; itself and bots left out), followed now, one after another, so the
    /// data set's first is the oldest follow. Whom it followed before is forgotten. Throws
    /// `unknownAccount` or `tooFewAccounts` only.
    func setFollowing(of login: String, count: Int) throws(FixtureServerError) {
        precondition(count >= 0, "An account cannot follow \(count) people")
        let follower = try account(login)
        let chosen = Array(data.users.lazy.filter { $0.id != follower.id && $0.type != "Bot" }.map(\.id).prefix(count))
        guard chosen.count == count else { throw .tooFewAccounts(available: chosen.count) }
        storage.withLock { graph in
            for id in graph.following[follower.id] ?? [] { graph.followers[id]?.removeAll { $0 == follower.id } }
            graph.following[follower.id] = chosen
            for id in chosen { graph.followers[id, default: []].append(follower.id) }
        }
    }

    private func account(_ login: String) throws(FixtureServerError) -> FixtureUser {
        guard let user = data.user(login: login) else { throw .unknownAccount(login) }
        return user
    }
}
