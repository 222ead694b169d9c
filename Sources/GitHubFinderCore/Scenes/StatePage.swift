import Foundation

/// What a state page shows in place of a list or a profile (an AdwStatusPage): an icon, a title,
/// a description, a line that may change while it shows (a countdown) and an optional button.
/// Every text is made and translated here; the GTK layer only sets it.
public struct StatePage: Equatable, Sendable {
    /// Names the page among its view's pages ("initial", "offline", …): one widget per name.
    public var name: String
    /// A symbolic icon name from the icon theme.
    public var icon: String
    public var title: String
    public var description: String
    public var footnote: String?
    public var button: String?

    public init(name: String, icon: String, title: String, description: String = "", footnote: String? = nil, button: String? = nil) {
        self.name = name
        self.icon = icon
        self.title = title
        self.description = description
        self.footnote = footnote
        self.button = button
    }

    /// Whether the title and the description fit a 360 px pane as their lines are broken (ours
    /// are broken by hand, translations too): then the page shows them as they are. Wrapped text
    /// is laid out again at every width GTK measures it at, which delays the first frame; a long
    /// line (a message from GitHub) still wraps.
    public var fitsUnwrapped: Bool {
        Self.columns(title) <= Self.titleColumns && description.split(separator: "\n").allSatisfy { Self.columns($0) <= Self.descriptionColumns }
    }

    static let titleColumns = 24
    static let descriptionColumns = 40

    /// Columns a line takes: two for Hangul, kana and CJK ideographs, one for anything else.
    static func columns(_ line: some StringProtocol) -> Int {
        line.unicodeScalars.reduce(0) { count, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
                count + 2
            default:
                count + 1
            }
        }
    }

    /// The detail pane with nobody selected.
    public static var noSelection: StatePage {
        StatePage(name: "placeholder", icon: "avatar-default-symbolic", title: tr("Select a User"),
                  description: tr("Pick someone from Search or Favorites\nto see their profile."))
    }
}

extension ScopedSearchState {
    /// The page shown instead of the results; nil while the results show.
    public var statePage: StatePage? {
        switch phase {
        case .results: nil
        case .initial: Row.initialPage
        case .loading: StatePage(name: "loading", icon: "content-loading-symbolic", title: tr("Searching…"))
        case .noResults: Row.noResultsPage
        case .offline(let message):
            StatePage(name: "offline", icon: "network-offline-symbolic", title: tr("You're Offline"), description: message, button: tr("Retry"))
        case .rateLimited:
            StatePage(name: "rateLimited", icon: "alarm-symbolic", title: tr("Rate Limit Reached"), description: rateLimitAllowance ?? "", footnote: rateLimitCountdown)
        case .invalidQuery(let message):
            StatePage(name: "invalid", icon: "dialog-warning-symbolic", title: tr("Search Not Accepted"), description: message)
        case .failed(let message):
            StatePage(name: "failed", icon: "dialog-error-symbolic", title: tr("Something Went Wrong"), description: message, button: tr("Retry"))
        case .signInRequired:
            StatePage(name: "signInRequired", icon: "dialog-password-symbolic", title: tr("Sign In Required"),
                      description: tr("GitHub no longer accepts your sign-in.\nYour search is kept and runs again\nonce you have signed in."), button: tr("Sign In…"))
        }
    }

    /// The toast when the next page could not be loaded (the rows stay); nil otherwise.
    public var pagingFailure: String? {
        guard case .failed(let reason) = paging else { return nil }
        return tr("More results could not be loaded: {reason}", ["reason": reason])
    }
}
