import Foundation

/// What the detail pane says, made and translated here; the GTK layer sets it as plain text.
extension PersonDetailState {
    /// One of the three counts under the name: its number and what it counts.
    public struct Count: Equatable, Sendable {
        public var value: String
        public var caption: String
    }

    /// Followers, following and public repositories ("–" until the profile arrives).
    public var counts: [Count] {
        [
            Count(value: profile.map { Self.compact($0.followers) } ?? "–", caption: tr("Followers")),
            Count(value: profile.map { Self.compact($0.following) } ?? "–", caption: tr("Following")),
            Count(value: profile.map { Self.compact($0.publicRepositories) } ?? "–", caption: tr("Repositories")),
        ]
    }

    /// 1234 → "1,234" (grouped as the user's locale groups digits); 250000 → "250k".
    public static func compact(_ number: Int) -> String {
        // TRANSLATORS: a count in thousands under a profile's "Followers" ("250k").
        number >= 100_000 ? tr("{thousands}k", ["thousands": NumberText.integer(number / 1_000)]) : NumberText.integer(number)
    }

    /// "Organization" or "Bot" beside the name; nil for a person.
    public var badge: String? { PeopleSearchState.badge(for: profile?.type ?? user.type) }

    /// "Member since March 2011", in the user's language.
    public var memberSince: String? {
        profile?.memberSince.map {
            // TRANSLATORS: {date} is a month and year ("March 2011").
            tr("Member since {date}", ["date": $0.formatted(.dateTime.month(.wide).year().locale(Localization.dateLocale))])
        }
    }

    /// Above the profile when a saved copy is shown because refreshing it failed.
    public var refreshNotice: String? {
        refreshError.map { tr("Showing a saved copy: {reason}", ["reason": $0]) }
    }

    /// Below the repositories: why none are listed, when none are.
    public var repositoriesMessage: String? {
        switch repositoriesPhase {
        case .failed(let reason): tr("Repositories could not be loaded: {reason}", ["reason": reason])
        case .loaded where repositories.isEmpty: tr("No public repositories.")
        default: nil
        }
    }

    /// The page instead of the profile when none could be shown, with Retry.
    public var failurePage: StatePage? {
        guard case .failed(let message) = phase else { return nil }
        return StatePage(name: "failed", icon: "dialog-error-symbolic", title: tr("Profile Not Available"), description: message, button: tr("Retry"))
    }

    /// The Open in Browser button's accessible name (DESIGN §5).
    public static var openInBrowserLabel: String { tr("Open in Browser") }
}

extension Repository {
    /// The name, then "(fork)" and "(archived)" when they apply: tags, not a sentence.
    public var listTitle: String {
        ([name] + (isFork ? [tr("(fork)")] : []) + (isArchived ? [tr("(archived)")] : [])).joined(separator: "  ")
    }

    /// "Swift  ·  ★ 1,234  ·  pushed Mar 3, 2026".
    public var listDetails: String {
        var parts = ["★ " + NumberText.integer(stars)]
        if let language { parts.insert(language, at: 0) }
        if let pushedAt {
            parts.append(tr("pushed {date}", ["date": pushedAt.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Localization.dateLocale))]))
        }
        return parts.joined(separator: "  ·  ")
    }
}
