import Foundation

/// Who follows whom in a data set before any request changes it, drawn from a fixed seed so every
/// run serves the same graph.
///
/// Each account is followed by as many people as its `followers` field says, so the `followers:`
/// search qualifier and sort, which read that field, agree with the counts profiles show, which
/// are this graph's; only the few accounts that claim more followers than there are people
/// (torvalds) get all of them. Only personal accounts follow: organizations and bots cannot. How
/// many people someone follows leans on the data set's `following` (which alone could not agree
/// with `followers`: the two sums differ), except octocat, the demo account, who follows
/// `demoFollowing` people so a client's paging is exercised.
struct FixtureFollowGraph: Sendable {
    /// Ids each account follows, oldest follow first; absent when none.
    let following: [Int64: [Int64]]
    /// Ids following each account, oldest follow first; absent when none.
    let followers: [Int64: [Int64]]

    static let demoLogin = "octocat"
    /// More than two pages of 100.
    static let demoFollowing = 250

    init(users: [FixtureUser]) {
        var random = SplitMix64(seed: 20_261_122)
        let people = users.indices.filter { users[$0].type == "User" }
        let demo = people.first { users[$0].login.lowercased() == Self.demoLogin }
        // The demo account's follows are chosen first; everyone's other followers are drawn from the rest.
        let pool = people.filter { $0 != demo }
        let poolPosition = Dictionary(uniqueKeysWithValues: pool.enumerated().map { ($1, $0) })
        let pickFollower = WeightedPick(pool.map { 1 + Double(max(users[$0].following, 0)) })
        let possibleFollowers = users.indices.map { people.count - (users[$0].type == "User" ? 1 : 0) }
        let followerCount = users.indices.map { users[$0].type == "Bot" ? 0 : min(max(users[$0].followers, 0), possibleFollowers[$0]) }
        var edges: [(follower: Int, followee: Int)] = []
        var followedByDemo = Set<Int>()
        if let demo {
            // Whom every person follows, then others, the popular likelier, as on GitHub.
            let followable = users.indices.filter { $0 != demo && followerCount[$0] > 0 }
            let followedByAll = Set(followable.indices.filter { followerCount[followable[$0]] == possibleFollowers[followable[$0]] })
            let pick = WeightedPick(followable.map { Double(followerCount[$0]) })
            let others = Self.sample(min(Self.demoFollowing, followable.count) - followedByAll.count, from: pick, excluding: followedByAll, using: &random)
            followedByDemo = Set((followedByAll.sorted() + others).map { followable[$0] })
            edges += followedByDemo.sorted().map { (demo, $0) }
        }
        for followee in users.indices where followerCount[followee] > 0 {
            let excluded = Set(poolPosition[followee].map { [$0] } ?? [])
            let count = followerCount[followee] - (followedByDemo.contains(followee) ? 1 : 0)
            edges += Self.sample(count, from: pickFollower, excluding: excluded, using: &random).map { (pool[$0], followee) }
        }
        // The order follows were made in: shuffled, so nobody's follows come in one burst.
        for index in edges.indices.reversed() { edges.swapAt(index, random.below(index + 1)) }
        var following: [Int64: [Int64]] = [:]
        var followers: [Int64: [Int64]] = [:]
        for (follower, followee) in edges {
            following[users[follower].id, default: []].append(users[followee].id)
            followers[users[followee].id, default: []].append(users[follower].id)
        }
        self.following = following
        self.followers = followers
    }

    /// `count` distinct positions of `pick` outside `excluded`, likelier where weights are
    /// higher. When most positions are wanted, the few left out are drawn instead (uniformly),
    /// so drawing never stalls on the last ones.
    private static func sample(_ count: Int, from pick: WeightedPick, excluding excluded: Set<Int>, using random: inout SplitMix64) -> [Int] {
        let available = pick.count - excluded.count
        precondition(count <= available, "Cannot draw \(count) of \(available)")
        guard count > 0 else { return [] }
        if count > available / 2 {
            var left = Set<Int>()
            while left.count < available - count {
                let index = random.below(pick.count)
                if !excluded.contains(index) { left.insert(index) }
            }
            return (0..<pick.count).filter { !excluded.contains($0) && !left.contains($0) }
        }
        var chosen: [Int] = []
        var seen = excluded
        while chosen.count < count {
            let index = pick.index(at: random.unit())
            if seen.insert(index).inserted { chosen.append(index) }
        }
        return chosen
    }
}

/// Picks a position with probability proportional to its weight, by binary search over the
/// running totals.
private struct WeightedPick {
    let totals: [Double]
    var count: Int { totals.count }

    init(_ weights: [Double]) {
        var sum = 0.0
        totals = weights.map { sum += $0; return sum }
    }

    /// The position where `fraction` (0..<1) of the total weight falls.
    func index(at fraction: Double) -> Int {
        let target = fraction * (totals.last ?? 0)
        var low = 0, high = totals.count - 1
        while low < high {
            let middle = (low + high) / 2
            if totals[middle] > target { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// A small, fast generator whose sequence never changes between Swift versions, unlike the
/// standard library's.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0 ..< 1, from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// 0 ..< bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
