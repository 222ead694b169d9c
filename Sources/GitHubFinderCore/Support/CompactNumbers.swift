import Foundation

extension NumberText {
    /// A count as list rows show it: "999", "12.3k", "123k", "1.2M" (the decimal point as the
    /// user's locale writes it; GitHub's own style for stars and forks).
    public static func compact(_ value: Int, decimalSeparator: String = decimalSeparator) -> String {
        func scaled(_ unit: Int) -> String {
            let tenths = Int((Double(value) / Double(unit) * 10).rounded())
            if tenths >= 1_000 { return integer(tenths / 10) }
            return tenths % 10 == 0 ? integer(tenths / 10) : integer(tenths / 10) + decimalSeparator + String(tenths % 10)
        }
        if value < 1_000 { return integer(value) }
        // TRANSLATORS: {count} thousand, as stars are counted in a list ("12.3k").
        if value < 999_950 { return tr("{count}k", ["count": scaled(1_000)]) }
        // TRANSLATORS: {count} million ("1.2M").
        return tr("{count}M", ["count": scaled(1_000_000)])
    }
}

/// "Updated 3 days ago", "Published 3 days ago": how long ago something happened, in the user's
/// language (each sentence whole, for translators).
public enum RelativeTime {
    public static func updated(_ date: Date, now: Date) -> String {
        switch Elapsed(date, now: now) {
        case .justNow: tr("Updated just now")
        case .minutes(let count): trn("Updated {count} minute ago", "Updated {count} minutes ago", count)
        case .hours(let count): trn("Updated {count} hour ago", "Updated {count} hours ago", count)
        case .days(let count): trn("Updated {count} day ago", "Updated {count} days ago", count)
        case .months(let count): trn("Updated {count} month ago", "Updated {count} months ago", count)
        case .years(let count): trn("Updated {count} year ago", "Updated {count} years ago", count)
        }
    }

    /// A release's date.
    public static func published(_ date: Date, now: Date) -> String {
        switch Elapsed(date, now: now) {
        case .justNow: tr("Published just now")
        case .minutes(let count): trn("Published {count} minute ago", "Published {count} minutes ago", count)
        case .hours(let count): trn("Published {count} hour ago", "Published {count} hours ago", count)
        case .days(let count): trn("Published {count} day ago", "Published {count} days ago", count)
        case .months(let count): trn("Published {count} month ago", "Published {count} months ago", count)
        case .years(let count): trn("Published {count} year ago", "Published {count} years ago", count)
        }
    }

    /// A new repository's date.
    public static func created(_ date: Date, now: Date) -> String {
        switch Elapsed(date, now: now) {
        case .justNow: tr("Created just now")
        case .minutes(let count): trn("Created {count} minute ago", "Created {count} minutes ago", count)
        case .hours(let count): trn("Created {count} hour ago", "Created {count} hours ago", count)
        case .days(let count): trn("Created {count} day ago", "Created {count} days ago", count)
        case .months(let count): trn("Created {count} month ago", "Created {count} months ago", count)
        case .years(let count): trn("Created {count} year ago", "Created {count} years ago", count)
        }
    }

    /// When What's New last checked.
    public static func checked(_ date: Date, now: Date) -> String {
        switch Elapsed(date, now: now) {
        case .justNow: tr("Checked just now")
        case .minutes(let count): trn("Checked {count} minute ago", "Checked {count} minutes ago", count)
        case .hours(let count): trn("Checked {count} hour ago", "Checked {count} hours ago", count)
        case .days(let count): trn("Checked {count} day ago", "Checked {count} days ago", count)
        case .months(let count): trn("Checked {count} month ago", "Checked {count} months ago", count)
        case .years(let count): trn("Checked {count} year ago", "Checked {count} years ago", count)
        }
    }

    /// The largest whole unit that has passed (a month is 30 days, a year 365).
    private enum Elapsed {
        case justNow, minutes(Int), hours(Int), days(Int), months(Int), years(Int)

        init(_ date: Date, now: Date) {
            let seconds = max(Int(now.timeIntervalSince(date)), 0)
            let minutes = seconds / 60, hours = minutes / 60, days = hours / 24
            switch days {
            case _ where minutes < 1: self = .justNow
            case _ where hours < 1: self = .minutes(minutes)
            case 0: self = .hours(hours)
            case 1..<31: self = .days(days)
            case 31..<365: self = .months(days / 30)
            default: self = .years(days / 365)
            }
        }
    }
}
