import Testing
@testable import GitHubFinderCore

/// The Filters popover's qualifiers, read from and written into the query text.
@Suite("Search qualifiers")
struct SearchQualifiersTests {
    @Test func everyFieldIsReadFromTheQuery() {
        let qualifiers = SearchQualifiers(parsing: "swift language:Swift stars:>=100 user:apple topic:cli archived:false fork:true in:name,description,readme")
        #expect(qualifiers == SearchQualifiers(language: "Swift", minimumStars: 100, owner: "apple", topic: "cli",
                                               hidesArchived: true, includesForks: true, searchesReadme: true))
    }

    @Test func writingThemAddsThemAfterTheWordsAndReadingThemBackGivesTheSame() {
        let filters = SearchQualifiers(language: "Swift", minimumStars: 100, owner: "apple", topic: "cli",
                                       hidesArchived: true, includesForks: true, searchesReadme: true)
        let query = filters.applied(to: "http client")
        #expect(query == "http client language:Swift stars:>=100 user:apple topic:cli archived:false fork:true in:name,description,readme")
        #expect(SearchQualifiers(parsing: query) == filters)
        #expect(filters.applied(to: query) == query, "applying the same again changes nothing")
    }

    @Test func valuesWithSpacesAreQuotedAndReadBackWithoutQuotes() {
        let query = SearchQualifiers(language: "Visual Basic").applied(to: "game")
        #expect(query == "game language:\"Visual Basic\"")
        #expect(SearchQualifiers(parsing: query).language == "Visual Basic")
        #expect(SearchQualifiers(parsing: "language:\"Visual Basic\" game").language == "Visual Basic")
    }

    @Test func aChangedQualifierReplacesTheOneOfItsKeyInPlace() {
        var filters = SearchQualifiers(parsing: "language:go web stars:>=10")
        filters.language = "Rust"
        filters.minimumStars = 500
        #expect(filters.applied(to: "language:go web stars:>=10") == "language:Rust web stars:>=500")
        // org: is the same key as user: (the owner): replaced, not doubled.
        #expect(SearchQualifiers(owner: "swiftlang").applied(to: "org:apple cli") == "user:swiftlang cli")
        // Of two of one key, the first is replaced and the other dropped.
        #expect(SearchQualifiers(language: "C").applied(to: "language:go x language:rust") == "language:C x")
    }

    @Test func aClearedFieldRemovesItsQualifierAndTheSpaceBeforeIt() {
        var filters = SearchQualifiers(parsing: "web language:go  stars:>=10 archived:false")
        filters.language = nil
        filters.hidesArchived = false
        #expect(filters.applied(to: "web language:go  stars:>=10 archived:false") == "web  stars:>=10")
        #expect(SearchQualifiers().applied(to: "language:go web") == "web", "a first qualifier takes the space after it")
        #expect(SearchQualifiers().applied(to: "language:go") == "")
    }

    @Test func otherTextAndUnknownOrNegatedQualifiersAreLeftAsTyped() {
        let query = "  \"exact phrase\"  -language:java location:berlin  size:>1000 \"a:b\" "
        #expect(SearchQualifiers(parsing: query) == SearchQualifiers())
        #expect(SearchQualifiers().applied(to: query) == query, "nothing to change: the text is untouched")
        #expect(SearchQualifiers(topic: "cli").applied(to: "a  b") == "a  b topic:cli")
    }

    @Test func aValueThePopoverCannotShowStaysUnlessItsFieldChanges() {
        let query = "web stars:10..50 archived:true in:name fork:only"
        let read = SearchQualifiers(parsing: query)
        #expect(read.minimumStars == nil)
        #expect(!read.hidesArchived && !read.includesForks && !read.searchesReadme)
        #expect(read.applied(to: query) == query)
        var changed = read
        changed.minimumStars = 5
        changed.searchesReadme = true
        #expect(changed.applied(to: query) == "web stars:>=5 archived:true in:name,description,readme fork:only")
    }

    @Test func minimumsAreReadInGitHubsForms() {
        #expect(SearchQualifiers(parsing: "stars:>99").minimumStars == 100)
        #expect(SearchQualifiers(parsing: "stars:100..*").minimumStars == 100)
        #expect(SearchQualifiers(parsing: "stars:<5").minimumStars == nil)
        #expect(SearchQualifiers(minimumStars: 0).applied(to: "web stars:>=10") == "web", "0 is no minimum")
    }

    @Test func fieldsAreTrimmedAndQuotesAndAnAtSignDropped() {
        let filters = SearchQualifiers(language: "  C++ ", owner: "@apple", topic: "\"machine learning\"")
        #expect(filters.applied(to: "") == "language:C++ user:apple topic:\"machine learning\"")
        #expect(SearchQualifiers(language: "   ").applied(to: "web") == "web", "a blank field is no qualifier")
    }

    @Test func keysAreCaseInsensitive() {
        #expect(SearchQualifiers(parsing: "Language:Swift ARCHIVED:false").language == "Swift")
        #expect(SearchQualifiers(parsing: "Language:Swift ARCHIVED:false").hidesArchived)
        #expect(SearchQualifiers(language: "Go").applied(to: "Language:Swift web") == "language:Go web")
    }
}
