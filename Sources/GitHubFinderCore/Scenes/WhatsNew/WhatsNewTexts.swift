import Foundation

/// The words of What's New, made here so the view only sets them.
enum WhatsNewTexts {
    /// "Today", "Yesterday", else the weekday and date ("Monday, 1 December"; with the year when
    /// it is not this year's), in the user's language.
    static func day(_ date: Date, now: Date, calendar: Calendar) -> String {
        if calendar.isDate(date, inSameDayAs: now) { return tr("Today") }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) { return tr("Yesterday") }
        let locale = Localization.dateLocale
        var style = Date.FormatStyle(date: .complete, time: .omitted, locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        if calendar.component(.year, from: date) == calendar.component(.year, from: now) {
            style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone).weekday(.wide).month(.wide).day()
        }
        return date.formatted(style)
    }

    static func time(of entry: NewsEntry, now: Date) -> String {
        switch entry.kind {
        case .release: RelativeTime.published(entry.date, now: now)
        case .repository: RelativeTime.created(entry.date, now: now)
        }
    }

    static func kind(_ kind: NewsEntry.Kind) -> String {
        switch kind {
        case .release: tr("New release")
        case .repository: tr("New repository")
        }
    }

    /// The line under the list: what the checks are doing, or when they last ran.
    static func status(_ status: NewsChecker.Status, lastRoundAt: Date?, now: Date) -> String? {
        switch status {
        case .checking(let done, let total):
            return tr("Checking favorites… {done} of {total}", ["done": NumberText.integer(done), "total": NumberText.integer(total)])
        case .waiting(.offline):
            return tr("Offline: checks resume when the network is back")
        case .waiting(.metered):
            return tr("On a metered connection: checks wait (Preferences can allow them)")
        case .waiting(.rateLimited(let until)):
            let minutes = max(Int((until.timeIntervalSince(now) / 60).rounded(.up)), 1)
            return trn("GitHub's rate limit: checks resume in {count} minute", "GitHub's rate limit: checks resume in {count} minutes", minutes)
        case .idle:
            return lastRoundAt.map { RelativeTime.checked($0, now: now) }
        }
    }

    static var noFavorites: StatePage {
        StatePage(name: "no-favorites", icon: "starred-symbolic", title: tr("Nothing to Follow Yet"),
                  description: tr("Star repositories and people:\ntheir new releases and repositories\nshow here."))
    }

    static var nothingNew: StatePage {
        StatePage(name: "nothing-new", icon: "object-select-symbolic", title: tr("Nothing New"),
                  description: tr("New releases of your favorite repositories\nand new repositories of your favorite people\nshow here."),
                  button: tr("Check Now"))
    }

    static var offline: StatePage {
        StatePage(name: "offline", icon: "network-offline-symbolic", title: tr("You Are Offline"),
                  description: tr("Favorites are checked for news\nwhen the network is back."))
    }

    static func rateLimited(until: Date, now: Date) -> StatePage {
        let minutes = max(Int((until.timeIntervalSince(now) / 60).rounded(.up)), 1)
        return StatePage(name: "rate-limited", icon: "alarm-symbolic", title: tr("GitHub's Limit Reached"),
                         description: tr("GitHub Finder keeps half of your\nrequests for what you do yourself."),
                         footnote: trn("Checks resume in {count} minute", "Checks resume in {count} minutes", minutes))
    }
}
