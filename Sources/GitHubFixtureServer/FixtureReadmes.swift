import Foundation

/// What the double answers for a repository's README and latest release
/// (`data/fixtures/readmes/readmes.json`, SOURCES.md beside it):
///
/// - the real READMEs of Swift packages, for the repositories the manifest adds;
/// - hostile ones (`0xdeadbeef-readmes/…`), made here so no megabyte of nonsense is committed;
/// - for every other repository of the data set, a short README made from its description,
///   except one in five, which has none (404), as on GitHub;
/// - the manifest's releases, and for one in three other repositories a made-up one.
public struct FixtureReadmes: Sendable {
    /// `owner/name` (lowercased) → a file in `folder`, or `generated:NAME`.
    let files: [String: String]
    let releases: [String: FixtureRelease]
    let folder: URL?

    public static let none = FixtureReadmes(files: [:], releases: [:], folder: nil)
    /// The data set's "now" (scripts/generate-fixture-data.py's EPOCH_NOW, 2026-10-25), which
    /// release dates count back from, so every run answers the same.
    static let now = 1_792_972_800

    /// The README of `repo` (`fullName` as its owner spells it), nil when it has none.
    func readme(of repo: FixtureRepository, fullName: String, base: String) -> String? {
        if let file = files[fullName.lowercased()] {
            if file.hasPrefix("generated:") { return Self.hostile(String(file.dropFirst("generated:".count)), base: base) }
            guard let folder else { return nil }
            return try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        if fullName.lowercased().hasPrefix("0xdeadbeef-readmes/") || repo.id % 5 == 0 { return nil }
        return Self.plain(repo, fullName: fullName)
    }

    func latestRelease(of repo: FixtureRepository, fullName: String) -> FixtureRelease? {
        if let release = releases[fullName.lowercased()] { return release }
        if files[fullName.lowercased()] != nil || repo.id % 3 != 0 { return nil }
        let version = "v\(1 + repo.id % 4).\(repo.id % 10).\(repo.id % 7)"
        return FixtureRelease(tag: version, name: "\(repo.name) \(version)", daysAgo: Int(repo.id % 40),
                              body: "* Fixes and small improvements\n* Thanks to everyone who reported an issue\n")
    }

    /// A README like the ones GitHub's "Add a README" starts people with.
    static func plain(_ repo: FixtureRepository, fullName: String) -> String {
        var text = "# \(repo.name)\n\n"
        if let description = repo.description { text += description + "\n\n" }
        text += "## Installation\n\n```sh\ngit clone https://github.com/\(fullName).git\n```\n\n"
        if let license = repo.license { text += "## License\n\nReleased under the `\(license)` licence; see [LICENSE](LICENSE).\n" }
        return text
    }

    /// The READMEs written to break renderers.
    static func hostile(_ name: String, base: String) -> String {
        switch name {
        case "deep-nesting":
            return String(repeating: ">", count: 100_000) + " deep quote\n\n"
                + (0..<2_000).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n") + "\n"
        case "huge-table":
            return "# Huge table\n\n| # | Name | Value |\n|---:|:---|:---:|\n" + (1...10_000).map { "| \($0) | row \($0) | \($0 * 7) |" }.joined(separator: "\n") + "\n"
        case "long-line":
            return "# One long line\n\n" + String(repeating: "word ", count: 210_000) + "\n"
        case "huge-code":
            return "# Huge code\n\n```swift\n" + (1...3_000).map { "let value\($0) = \($0) * 7  // line \($0)" }.joined(separator: "\n")
                + "\n```\n\nText between.\n\n```\n" + String(repeating: "x", count: 200_000) + "\n```\n\nText after the code.\n"
        case "javascript-links":
            return """
            # Links

            [script](javascript:alert(document.cookie)) [JS upper](JAVASCRIPT:alert(1)) [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)
            [file](file:///etc/passwd) [mail](mailto:someone@example.com) [vb](vbscript:msgbox) [spaced]( javascript:alert(1))
            <a href="javascript:alert(2)">html link</a> [web](https://example.com/) [relative](docs/guide.md)

            """
        case "huge-image":
            // The double's own host counts as GitHub's; `localhost` is another site.
            let elsewhere = base.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            return "# A huge image\n\n![100 MB](\(base)/_fixture/images/huge.png)\n\nText after the image.\n\n"
                + "![The logo](\(base)/_fixture/images/logo.png) ![A tracking pixel](\(elsewhere)/_fixture/images/pixel.png)\n"
        case "endless-image":
            return "# An image that never finishes\n\n![endless](\(base)/_fixture/images/endless.png)\n\nText after the image.\n"
        case "script-html":
            return """
            # HTML

            <script>alert("script")</script>
            <img src="x" onerror="alert('onerror')">
            <iframe src="https://example.com/"></iframe>
            <style>body { display: none }</style>
            <div onclick="alert(3)">Click text stays text</div>
            <p align="center"><a href="https://example.com/"><img src="logo.png" alt="Logo" width="120"></a></p>

            """
        case "pango-markup":
            return "# <b>Bold?</b> & <span foreground=\"red\">red?</span>\n\nText with <i>tags</i>, &amp; entities &lt;b&gt;, and a lone < or & or >.\n\n`<markup>` in code.\n"
        default:
            return "# \(name)\n"
        }
    }

    /// The manifest beside the data set's file, if there is one.
    static func load(folder: URL) throws -> (readmes: FixtureReadmes, users: [[String: Any]], repositories: [String: [[Any]]], columns: [String])? {
        let file = folder.appendingPathComponent("readmes.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        let files = (root["readmes"] as? [String: String] ?? [:]).reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value }
        var releases: [String: FixtureRelease] = [:]
        for (fullName, object) in root["releases"] as? [String: [String: Any]] ?? [:] {
            guard let tag = object["tag_name"] as? String else { continue }
            releases[fullName.lowercased()] = FixtureRelease(tag: tag, name: object["name"] as? String, daysAgo: (object["published_at_days_ago"] as? NSNumber)?.intValue ?? 1,
                                                             body: object["body"] as? String)
        }
        return (FixtureReadmes(files: files, releases: releases, folder: folder), root["users"] as? [[String: Any]] ?? [],
                root["repositories"] as? [String: [[Any]]] ?? [:], root["columns"] as? [String] ?? [])
    }
}

/// A repository's latest release.
public struct FixtureRelease: Sendable, Hashable {
    public var tag: String
    public var name: String?
    /// How long before the data set's "now" it was published.
    public var daysAgo: Int
    public var body: String?
}
