import Foundation
import GitHubFinderCore

/// 100,000 deterministic favorites shaped like GitHub's: lowercase logins of letters, digits and
/// hyphens, about two in three with a display name (a few with accents or CJK), real-looking
/// avatar and profile URLs, some organizations and bots, and a handful of Linus-like people so the
/// "linus torvalds" keystrokes match at first and stop matching part-way.
enum SyntheticFavorites {
    static let firstNames = ["anna", "tom", "kim", "maria", "li", "sun", "omar", "zoë", "jean", "ravi", "emma", "noah",
                             "yuki", "olga", "pablo", "amir", "chen", "sara", "ivan", "nina", "leo", "mia", "hugo", "ada"]
    static let lastNames = ["smith", "nguyen", "garcía", "müller", "kowalski", "tanaka", "rossi", "silva", "khan", "dubois",
                            "jensen", "novak", "park", "ivanova", "okafor", "schmidt", "costa", "haddad", "berg", "lópez"]
    static let words = ["dev", "code", "byte", "cloud", "data", "hack", "labs", "ops", "web", "rust", "swift", "go", "ml", "io"]
    static let cjk = ["山田太郎", "李小龙", "김민준", "佐藤花子"]
    /// Matches for "l", "li", …, "linus tor", "linus torv"; nothing from "linus torva" on.
    static let linusLike: [(login: String, name: String?)] = [
        ("linus", "Linus Larsson"), ("linusb", "Linus Berg"), ("linus-t", "Linus Torres"), ("linustorvik", "Linus Torvik"),
        ("tlinus", nil), ("linusdev", "Linus Tor"),
    ]

    static func make(count: Int) -> [PersonFavorite] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
        func ascii(_ text: String) -> String {
            text.folding(options: .diacriticInsensitive, locale: nil).filter { $0.isASCII }
        }
        let addedAt = Date(timeIntervalSince1970: 1_700_000_000)
        var favorites: [PersonFavorite] = []
        favorites.reserveCapacity(count)
        for n in 0..<count {
            let id = UserID(n + 1)
            var login: String, name: String?
            if n % 16_000 == 0, n / 16_000 < linusLike.count {
                (login, name) = linusLike[n / 16_000]
            } else {
                let first = firstNames[next(firstNames.count)], last = lastNames[next(lastNames.count)]
                switch next(5) {
                case 0: login = ascii(first) + ascii(last)
                case 1: login = ascii(first) + "-" + words[next(words.count)]
                case 2: login = words[next(words.count)] + ascii(last)
                case 3: login = ascii(last) + "-" + ascii(first)
                default: login = ascii(first) + ascii(last).prefix(1)
                }
                login += String(n)
                switch next(12) {
                case 0...3: name = nil
                case 4: name = cjk[next(cjk.count)]
                default: name = first.capitalized + " " + last.capitalized
                }
            }
            let type: AccountType = n % 50 == 0 ? .organization : (n % 997 == 0 ? .bot : .user)
            favorites.append(PersonFavorite(
                id: id, login: login, name: name, avatarURL: URL(string: "https://avatars.githubusercontent.com/u/\(id)?v=4"),
                type: type, profileURL: URL(string: "https://github.com/\(login)"), addedAt: addedAt
            ))
        }
        return favorites
    }
}
