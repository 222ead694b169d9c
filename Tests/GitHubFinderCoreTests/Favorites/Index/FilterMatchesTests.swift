import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Filter keystrokes start from what the text before matched")
struct FilterMatchesTests {
    /// 3,000 people with syllable logins and some names, as the benchmark's.
    static let favorites: [PersonFavorite] = {
        let syllables = ["oct", "cat", "tom", "an", "na", "kim", "dev", "byte", "code", "sun", "li", "zo", "ra", "9", "x", "lin", "us", "tor"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        return (1...3_000).map { n in
            let parts = (0..<3).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return syllables[Int(state % UInt64(syllables.count))]
            }
            let name = n % 97 == 0 ? "Linus Torvalds \(n)" : (n % 3 == 0 ? nil : "Name \(parts[0].capitalized) \(n)")
            return PersonFavorite.stub(id: Int64(n), login: parts.joined() + String(n), name: name)
        }
    }()

    /// What a person types and deletes: words that match thousands, a few and none.
    static let keystrokes: [String] = ["linus torvalds", "octcat", "kim dev", "zebra", "name sun", "qwxyz", "an", "tor 9"].flatMap { word in
        (1...word.count).map { String(word.prefix($0)) } + (0..<word.count).reversed().map { String(word.prefix($0)) }
    }

    @Test func typingAndDeletingFindWhatEachTextFindsAlone() {
        let index = FavoritesIndex<People>(Self.favorites)
        var matches = FilterMatches()
        for text in Self.keystrokes {
            let needle = FilterMatches.needle(text)
            let rows = index.rows(at: needle.isEmpty ? nil : matches.positions(for: needle) { index.positions(matching: needle, among: $0) }, tags: [])
            let expected = Set(Self.favorites.filter { favorite in
                needle.isEmpty || [favorite.login, favorite.name ?? ""].contains { $0.lowercased().contains(text.trimmingCharacters(in: .whitespaces)) }
            }.map(\.id))
            #expect(Set(rows.compactMap(\.favoriteID)) == expected, "\(text)")
            #expect(rows == index.rows(matching: text), "\(text)")
        }
    }

    @Test func aLetterTypedScansOnlyWhatTheTextBeforeMatchedAndDeletingScansNothing() {
        var matches = FilterMatches()
        var scans: [(needle: String, candidates: [Int32]?)] = []
        func positions(_ text: String, _ result: [Int32]) -> [Int32] {
            matches.positions(for: Array(text.utf8)) { candidates in
                scans.append((text, candidates))
                return result
            }
        }
        #expect(positions("li", [1, 2, 3, 5]) == [1, 2, 3, 5])
        #expect(positions("lin", [2, 5]) == [2, 5])
        #expect(positions("li", []) == [1, 2, 3, 5])
        // "olinx" contains both "li" and "lin": the fewer candidates are scanned.
        _ = positions("olinx", [5])
        _ = positions("zz", [])
        #expect(scans.map(\.needle) == ["li", "lin", "olinx", "zz"])
        #expect(scans.map(\.candidates) == [nil, [1, 2, 3, 5], [2, 5], nil])
    }

    @Test func onlyTheLastSixteenTextsAreKept() {
        var matches = FilterMatches()
        var scanned: [String] = []
        for text in (0..<17).map({ "text \($0)" }) + ["text 0", "text 16"] {
            _ = matches.positions(for: Array(text.utf8)) { _ in
                scanned.append(text)
                return [1]
            }
        }
        #expect(scanned == (0..<17).map { "text \($0)" } + ["text 0"])
    }

    @Test func bytesContainOnlyWholeRuns() {
        #expect(FilterMatches.bytes(Array("linus".utf8), contain: Array("nus".utf8)))
        #expect(FilterMatches.bytes(Array("linus".utf8), contain: Array("linus".utf8)))
        #expect(!FilterMatches.bytes(Array("linus".utf8), contain: Array("lns".utf8)))
        #expect(!FilterMatches.bytes(Array("li".utf8), contain: Array("lin".utf8)))
    }
}
