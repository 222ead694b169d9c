import Foundation

/// GitHub repository-search semantics over the data set ("Searching for repositories" in GitHub's
/// docs): every free-text term (or quoted phrase) must occur, case-insensitively, in one of the
/// fields `in:` names; qualifiers filter; forks are left out unless `fork:` asks for them.
public struct FixtureRepositorySearch: Sendable {
    public enum Sort: String, Sendable { case bestMatch, stars, forks, helpWantedIssues = "help-wanted-issues", updated }

    enum Field: String { case name, description, readme, topics }

    var terms: [String] = []
    /// GitHub's default: name, description, topics and README (the double has no READMEs, so
    /// `readme` is read as the description).
    var fields: Set<Field> = [.name, .description, .topics]
    var languages: Set<String> = []
    var owners: Set<String> = []
    var topics: [String] = []
    var fullName: String?
    var license: String?
    var stars, forks, size, helpWanted, topicCount, pushed, created: ClosedRange<Int>?
    var archived: Bool?
    var template: Bool?
    /// nil: no forks (GitHub's default); true: forks too (`fork:true`); false: only forks (`fork:only`).
    var forksIncluded: Bool?

    init(query: String) throws(FixtureSearch.Problem) {
        let tokens = FixtureSearch.tokenize(query)
        guard !tokens.isEmpty else { throw .missingQuery }
        for token in tokens {
            let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty, apply(parts[0].lowercased(), parts[1]) else { terms.append(token.lowercased()); continue }
        }
        guard terms.joined(separator: " ").count <= FixtureSearch.maximumTextLength else { throw .tooLong }
    }

    /// Takes one qualifier; false when it is not one, so it is searched for as text (as GitHub does).
    private mutating func apply(_ name: String, _ value: String) -> Bool {
        let lowered = value.lowercased()
        switch name {
        case "language": languages.insert(lowered)
        case "user", "org": owners.insert(lowered)
        case "repo": fullName = lowered
        case "topic": topics.append(lowered)
        case "license": license = lowered
        case "stars": stars = FixtureSearch.range(value)
        case "forks": forks = FixtureSearch.range(value)
        case "size": size = FixtureSearch.range(value)
        case "help-wanted-issues": helpWanted = FixtureSearch.range(value)
        case "topics": topicCount = FixtureSearch.range(value)
        // Dates compare as the number YYYYMMDD, so the numeric ranges serve them too.
        case "pushed": pushed = FixtureSearch.range(value.replacingOccurrences(of: "-", with: ""))
        case "created": created = FixtureSearch.range(value.replacingOccurrences(of: "-", with: ""))
        case "archived": archived = lowered == "true"
        case "template": template = lowered == "true"
        case "fork": forksIncluded = lowered == "only" ? false : lowered == "true" ? true : nil
        case "is" where lowered == "template": template = true
        case "is" where lowered == "public": break
        case "in": fields = Set(lowered.split(separator: ",").compactMap { Field(rawValue: String($0)) })
        default: return false
        }
        return true
    }

    func matches(_ repo: FixtureRepository, _ text: (name: String, fullName: String, description: String)) -> Bool {
        switch forksIncluded {
        case nil: if repo.isFork { return false }
        case false?: if !repo.isFork { return false }
        case true?: break
        }
        if let archived, repo.isArchived != archived { return false }
        if let template, repo.isTemplate != template { return false }
        if !languages.isEmpty, !languages.contains(repo.language?.lowercased() ?? "") { return false }
        if !owners.isEmpty, !owners.contains(where: { text.fullName.hasPrefix($0 + "/") }) { return false }
        if let fullName, text.fullName != fullName { return false }
        if let license, repo.license != license { return false }
        if !topics.allSatisfy(repo.topics.contains) { return false }
        guard Self.within(stars, repo.stars), Self.within(forks, repo.forks), Self.within(size, repo.size),
              Self.within(helpWanted, repo.helpWantedIssues), Self.within(topicCount, repo.topics.count) else { return false }
        if let pushed, !pushed.contains(Self.day(repo.pushedAt)) { return false }
        if let created, !created.contains(Self.day(repo.createdAt)) { return false }
        return terms.allSatisfy { term in
            (fields.contains(.name) && (text.name.contains(term) || text.fullName.contains(term)))
                || (!fields.isDisjoint(with: [.description, .readme]) && text.description.contains(term))
                || (fields.contains(.topics) && repo.topics.contains(term))
        }
    }

    /// 3 for the exact name, 2 for a name prefix, 1.5 for a name that holds it, 1 otherwise.
    func score(_ repo: FixtureRepository) -> Double {
        guard let first = terms.first else { return 1 }
        let name = repo.name.lowercased()
        return name == first ? 3 : name.hasPrefix(first) ? 2 : name.contains(first) ? 1.5 : 1
    }

    func results(in data: FixtureDataSet, sort: Sort, ascending: Bool) -> [FixtureRepository] {
        let matching = data.repositories.indices.filter { matches(data.repositories[$0], data.repositorySearchText[$0]) }.map { data.repositories[$0] }
        let key: (FixtureRepository) -> Double = switch sort {
        case .bestMatch: { score($0) * 1e12 + Double($0.stars) }
        case .stars: { Double($0.stars) }
        case .forks: { Double($0.forks) }
        case .helpWantedIssues: { Double($0.helpWantedIssues) }
        case .updated: { Double($0.updatedAt) }
        }
        // Ties go to the lower id either way, so pages never overlap.
        return matching.map { (key($0), $0) }
            .sorted { ascending ? ($0.0, $0.1.id) < ($1.0, $1.1.id) : ($0.0, -$0.1.id) > ($1.0, -$1.1.id) }
            .map(\.1)
    }

    private static func within(_ range: ClosedRange<Int>?, _ value: Int) -> Bool { range?.contains(value) ?? true }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The UTC day of `epoch` as the number YYYYMMDD.
    static func day(_ epoch: Int) -> Int {
        let parts = utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(epoch)))
        return (parts.year ?? 0) * 10_000 + (parts.month ?? 0) * 100 + (parts.day ?? 0)
    }
}
