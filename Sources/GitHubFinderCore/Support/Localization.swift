import CIntl
import Foundation

/// Every user-visible string goes through gettext, domain "github-finder". Text with values uses
/// named placeholders ("Removed {login} from favorites"): a translation that gets a placeholder
/// wrong shows it verbatim instead of crashing, as a printf format would.
public enum Localization {
    public static let domain = "github-finder"

    /// Takes the locale from the environment and finds the translations: $GITHUB_FINDER_LOCALEDIR,
    /// else `share/locale` beside the installed binary, else `.build/locale` in a checkout (the
    /// binary's real folder is `.build/<triple>/debug`: `.build/debug` is a symlink to it). The
    /// binary is the running one (`/proc/self/exe`), never `argv[0]`: started through `PATH` as
    /// `github-finder`, `argv[0]` is a bare name that resolved against the current folder.
    public static func setUp(executable: URL = RunningExecutable.url) {
        setlocale(LC_ALL, "")
        let directory = localeDirectory(executable: executable, environment: ProcessInfo.processInfo.environment)
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The folder gettext reads `LANG/LC_MESSAGES/github-finder.mo` from, for a binary at
    /// `executable`: the first of the candidates that exists, else the installed one.
    public static func localeDirectory(executable: URL, environment: [String: String]) -> String {
        let folder = executable.deletingLastPathComponent()
        var candidates = [folder.appendingPathComponent("../share/locale"), folder.appendingPathComponent("../locale"), folder.appendingPathComponent("../../locale")].map(\.standardizedFileURL.path)
        if let override = environment["GITHUB_FINDER_LOCALEDIR"], !override.isEmpty {
            candidates.insert(override, at: 0)
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }

    /// The locale dates and times are written in: LC_TIME as setlocale took it from the
    /// environment ("ko_KR.UTF-8" → ko_KR). Foundation on Linux does not read LANG, so
    /// `Locale.current` would write "November 2021" in a Korean window. The C locale keeps it.
    public static var dateLocale: Locale {
        guard let current = setlocale(LC_TIME, nil) else { return .current }
        let name = String(cString: current).prefix { $0 != "." && $0 != "@" }
        return name == "C" || name == "POSIX" ? .current : Locale(identifier: String(name))
    }

    /// A clock time ("10:15 AM", "오전 10:15") in the user's locale.
    public static func time(_ date: Date, _ style: Date.FormatStyle.TimeStyle = .shortened) -> String {
        date.formatted(Date.FormatStyle(date: .omitted, time: style, locale: dateLocale))
    }
}

/// The binary this process runs, with every symbolic link resolved: the kernel's
/// `/proc/self/exe`, whatever `argv[0]` says (a bare name found through `PATH`, a relative path, a
/// symlink). Every path the app derives at run time starts here.
public enum RunningExecutable {
    public static var url: URL {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return URL(fileURLWithPath: String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)).resolvingSymlinksInPath()
        }
        // No /proc (a chroot without it): argv[0] looked up the way the shell found it.
        let name = CommandLine.arguments.first ?? ""
        if !name.contains("/"), let path = ProcessInfo.processInfo.environment["PATH"] {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return URL(fileURLWithPath: "\(folder)/\(name)").resolvingSymlinksInPath()
            }
        }
        return URL(fileURLWithPath: name).resolvingSymlinksInPath()
    }
}

/// The translation of `message`, with `{name}` placeholders replaced by `values`.
public func tr(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
    // Without a translation gettext returns the pointer it was given, valid only inside
    // withCString: the text is copied there (copied after, it would be read from freed memory).
    fill(message.withCString { String(cString: dgettext(Localization.domain, $0)) }, values)
}

/// The singular or plural translation for `count` (languages have their own plural rules);
/// `{count}` is the count as the locale writes it.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
    let text = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Localization.domain, one, many, UInt(max(count, 0)))) }
    }
    return fill(fill(text, values), ["count": NumberText.integer(count)])
}

/// `text` with each `{name}` of `values` replaced by its value, in one pass: a value is never
/// searched for placeholders itself, and an unknown `{…}` stays as written. Pure Swift: Foundation's
/// `replacingOccurrences` goes through NSString and CFStringFind on Linux, too slow for rows
/// filled at every keystroke of the Favorites filter.
private func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
    guard !values.isEmpty, let first = text.utf8.firstIndex(of: UInt8(ascii: "{")) else { return text }
    var result = String(text[..<first])
    var rest = text[first...]
    while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
        result += rest[..<open]
        let name = rest[rest.utf8.index(after: open)...]
        if let close = name.utf8.firstIndex(of: UInt8(ascii: "}")), let value = values.first(where: { $0.key == name[..<close] })?.value {
            result += value
            rest = name[name.utf8.index(after: close)...]
        } else {
            result += "{"
            rest = name
        }
    }
    result += rest
    return result
}

/// Numbers as the C library's locale writes them (LC_NUMERIC: "1,000" in English, "1.000" in
/// German), as GLib and GTK do.
public enum NumberText {
    /// Grouped as the user's LC_NUMERIC groups digits, without ICU (`NumberGrouping`); English
    /// "1,000" in the C locale, which groups none.
    public static func integer(_ value: Int) -> String {
        NumberGrouping.current.format(value)
    }

    /// A size as GNOME writes sizes (powers of 1000, one decimal): "512 bytes", "34.6 kB", "1.2 MB".
    public static func byteCount(_ bytes: Int, grouping: NumberGrouping = .current, decimalSeparator: String = decimalSeparator) -> String {
        func oneDecimal(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            return grouping.format(tenths / 10) + decimalSeparator + String(tenths % 10)
        }
        if bytes < 1000 { return trn("{count} byte", "{count} bytes", bytes) }
        // TRANSLATORS: {size} is a number such as 34.6; kB is kilobytes (1,000 bytes).
        if bytes < 999_950 { return tr("{size} kB", ["size": oneDecimal(Double(bytes) / 1000)]) }
        // TRANSLATORS: {size} is a number such as 1.2; MB is megabytes (1,000,000 bytes).
        if bytes < 999_950_000 { return tr("{size} MB", ["size": oneDecimal(Double(bytes) / 1_000_000)]) }
        // TRANSLATORS: {size} is a number such as 1.2; GB is gigabytes.
        return tr("{size} GB", ["size": oneDecimal(Double(bytes) / 1_000_000_000)])
    }

    /// The user's decimal point ("." in English and Korean, "," in German), from LC_NUMERIC.
    public static let decimalSeparator: String = {
        let radix = String(cString: nl_langinfo(nl_item(RADIXCHAR)))
        return radix.isEmpty ? "." : radix
    }()
}
