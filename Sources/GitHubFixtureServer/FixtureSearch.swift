import Foundation

/// GitHub user-search semantics over the data set: free-text terms match a substring of the login
/// or name; `type:`, `location:`, `followers:` and `repos:` qualifiers filter; others are ignored.
public struct FixtureSearch: Sendable {
    /// GitHub's limit on search text, qualifiers not counted.
    static let maximumTextLength = 256

    public enum Sort: String, Sendable { case bestMatch, followers, repositories, joined }

    enum Problem: Error, Equatable {
        case missingQuery
        case tooLong
    }

    var terms: [String] = []
    var type: String?
    var location: String?
    var followers: ClosedRange<Int>?
    var repos: ClosedRange<Int>?

    init(query: String) throws(Problem) {
        let tokens = Self.tokenize(query)
        guard !tokens.isEmpty else { throw .missingQuery }
        for token in tokens {
            let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else { terms.append(token.lowercased()); continue }
            let value = parts[1]
            switch parts[0].lowercased() {
            case "type": type = value.lowercased() == "org" ? "Organization" : value.lowercased() == "bot" ? "Bot" : "User"
            case "location": location = value.lowercased()
            case "followers": followers = Self.range(value)
            case "repos": repos = Self.range(value)
            case "in", "language", "created", "is", "user", "org", "fullname", "sort": break
            default: terms.append(token.lowercased())
            }
        }
        guard terms.joined(separator: " ").count <= Self.maximumTextLength else { throw .tooLong }
    }

    func matches(_ user: FixtureUser) -> Bool {
        if let type, user.type != type { return false }
        if let location, !(user.location?.lowercased().contains(location) ?? false) { return false }
        if let followers, !followers.contains(user.followers) { return false }
        if let repos, !repos.contains(user.publicRepos) { return false }
        let login = user.login.lowercased()
        let name = user.name?.lowercased() ?? ""
        return terms.allSatisfy { login.contains($0) || name.contains($0) }
    }

    /// 3 for an exact login, 2 for a login prefix, 1 otherwise: GitHub's best match, simplified.
    func score(_ user: FixtureUser) -> Double {
        guard let first = terms.first else { return 1 }
        let login = user.login.lowercased()
        return login == first ? 3 : login.hasPrefix(first) ? 2 : 1
    }

    func results(in data: FixtureDataSet, sort: Sort, ascending: Bool) -> [FixtureUser] {
        let matching = data.users.filter(matches)
        switch sort {
        case .bestMatch:
            return matching.sorted { (score($0), $0.followers, -$0.id) > (score($1), $1.followers, -$1.id) }
        case .followers:
            return matching.sorted { ascending ? ($0.followers, $0.id) < ($1.followers, $1.id) : ($0.followers, -$0.id) > ($1.followers, -$1.id) }
        case .repositories:
            return matching.sorted { ascending ? ($0.publicRepos, $0.id) < ($1.publicRepos, $1.id) : ($0.publicRepos, -$0.id) > ($1.publicRepos, -$1.id) }
        case .joined:
            return matching.sorted { ascending ? ($0.createdAt, $0.id) < ($1.createdAt, $1.id) : ($0.createdAt, -$0.id) > ($1.createdAt, -$1.id) }
        }
    }

    /// Splits on spaces, keeping `"quoted phrases"` (also after a qualifier) together.
    static func tokenize(_ query: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        for character in query {
            if character == "\"" { quoted.toggle(); continue }
            if character.isWhitespace && !quoted {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// `N`, `>N`, `>=N`, `<N`, `<=N`, `N..M`, `N..*`, `*..M`.
    static func range(_ text: String) -> ClosedRange<Int>? {
        let big = Int.max / 2
        if text.hasPrefix(">="), let n = Int(text.dropFirst(2)) { return n...big }
        if text.hasPrefix("<="), let n = Int(text.dropFirst(2)) { return Int.min / 2...n }
        if text.hasPrefix(">"), let n = Int(text.dropFirst()) { return (n + 1)...big }
        if text.hasPrefix("<"), let n = Int(text.dropFirst()) { return Int.min / 2...(n - 1) }
        let bounds = text.components(separatedBy: "..")
        if bounds.count == 2 {
            let low = bounds[0] == "*" ? Int.min / 2 : Int(bounds[0])
            let high = bounds[1] == "*" ? big : Int(bounds[1])
            if let low, let high, low <= high { return low...high }
            return nil
        }
        return Int(text).map { $0...$0 }
    }
}
