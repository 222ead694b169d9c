import Foundation

/// Judges every link and image of a README or release notes, once, as the document is built:
/// which can be followed, where relative ones point, and which images may be fetched without
/// asking.
///
/// - Links: http(s) only; `javascript:`, `data:`, `file:`, `mailto:` and every other scheme stay
///   text. A relative link points into the repository at its default branch
///   (`…/OWNER/REPO/blob/BRANCH/path`), `#anchor` to a heading of the same document.
/// - Images: http(s) only; relative ones come from the raw files
///   (`raw.githubusercontent.com/OWNER/REPO/BRANCH/path`), and a `/blob/` address is turned into
///   its raw file. Only GitHub's own hosts are fetched without asking (`isGitHubHosted`).
///
/// The README is taken to sit at the repository's root, as `GET /repos/…/readme` finds it.
public struct ReadmeLinks: Sendable {
    /// The repository's page (`https://github.com/OWNER/REPO`); its host is the web host.
    public var repositoryPage: URL
    public var branch: String
    /// The API server's host (a GitHub Enterprise server, or the test double): its images are
    /// GitHub's own too.
    public var apiHost: String?

    public init(repositoryPage: URL, branch: String, apiHost: String? = nil) {
        self.repositoryPage = repositoryPage
        self.branch = branch
        self.apiHost = apiHost
    }

    /// The hosts whose images are fetched without asking: GitHub's raw files, attachments, its
    /// image proxy and avatars.
    public static let gitHubImageHosts: Set<String> = [
        "raw.githubusercontent.com", "user-images.githubusercontent.com",
        "private-user-images.githubusercontent.com", "camo.githubusercontent.com",
        "avatars.githubusercontent.com", "objects.githubusercontent.com", "github.com",
    ]

    /// Where a link goes, or nil when it must stay text.
    public func link(_ destination: String) -> MarkdownLink? {
        let destination = destination.trimmingCharacters(in: .whitespacesAndNewlines)
        if destination.isEmpty { return nil }
        if destination.hasPrefix("#") {
            let anchor = String(destination.dropFirst())
            return anchor.isEmpty ? nil : .anchor(anchor.removingPercentEncoding?.lowercased() ?? anchor.lowercased())
        }
        guard let url = absolute(destination, in: "blob") else { return nil }
        return .web(url)
    }

    /// The image to fetch for `source`, or nil when it cannot be (another scheme, no address).
    public func image(_ source: String, width: Int? = nil, link: MarkdownLink? = nil) -> MarkdownImage? {
        let source = source.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !source.isEmpty, !source.hasPrefix("#"), var url = absolute(source, in: "raw") else { return nil }
        url = rawFile(url) ?? url
        return MarkdownImage(source: url, isGitHubHosted: isGitHubHosted(url), width: width, link: link)
    }

    /// GitHub's own: one of its image hosts (github.com itself: raw files, Actions badges), the
    /// repository's web host, or the API server's.
    public func isGitHubHosted(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        if Self.gitHubImageHosts.contains(host) { return true }
        if let apiHost, host == apiHost.lowercased() { return true }
        if repositoryPage.host?.lowercased() == host, host != "github.com" { return true }
        return false
    }

    // MARK: - Resolution

    /// An absolute http(s) address for `destination`: kept when it has one of those schemes,
    /// resolved in the repository when relative (`mode` "blob" for pages, "raw" for files).
    private func absolute(_ destination: String, in mode: String) -> URL? {
        if let scheme = Self.scheme(of: destination) {
            guard scheme == "http" || scheme == "https", let url = URL(string: Self.escapingSpaces(destination)),
                  url.host?.isEmpty == false else { return nil }
            return url
        }
        if destination.hasPrefix("//") {
            return URL(string: "https:" + Self.escapingSpaces(destination)).flatMap { $0.host?.isEmpty == false ? $0 : nil }
        }
        return inRepository(destination, mode: mode)
    }

    /// `path` (relative to the root, or starting with `/` for the root) at the default branch.
    private func inRepository(_ destination: String, mode: String) -> URL? {
        var path = destination
        var suffix = ""
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            suffix = String(path[cut...])
            path = String(path[..<cut])
        }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        let owner = repositoryPage.path.split(separator: "/").prefix(2).joined(separator: "/")
        guard owner.contains("/") else { return nil }
        let clean = parts.joined(separator: "/")
        if mode == "raw", repositoryPage.host?.lowercased() == "github.com" {
            return URL(string: "https://raw.githubusercontent.com/\(owner)/\(Self.component(branch))/\(Self.escapingSpaces(clean))\(Self.escapingSpaces(suffix))")
        }
        var base = repositoryPage.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let tail = clean.isEmpty ? "" : "/" + Self.escapingSpaces(clean)
        return URL(string: "\(base)/\(mode)/\(Self.component(branch))\(tail)\(Self.escapingSpaces(suffix))")
    }

    /// `github.com/O/R/blob/B/path` as its raw file (an image written as a link to its page).
    private func rawFile(_ url: URL) -> URL? {
        guard url.host?.lowercased() == "github.com" else { return nil }
        let parts = url.path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 5, parts[2] == "blob" else { return nil }
        let rest = parts[3...].joined(separator: "/")
        return URL(string: "https://raw.githubusercontent.com/\(parts[0])/\(parts[1])/\(rest)")
    }

    /// The scheme of `text` ("http", "javascript"), lowercased, or nil when it has none.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return candidate.lowercased()
    }

    private static func escapingSpaces(_ text: String) -> String {
        text.replacingOccurrences(of: " ", with: "%20")
    }

    private static func component(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? text
    }
}

/// GitHub's heading anchors: the text lowercased, everything but letters, digits, `_`, `-` and
/// spaces removed, spaces made hyphens; a repeated slug gets `-1`, `-2`… (as github.com's).
struct HeadingSlugs {
    private var used: [String: Int] = [:]

    mutating func slug(for text: String) -> String {
        var base = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " { base.append("-") }
            else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                base.unicodeScalars.append(scalar)
            }
        }
        let count = used[base, default: 0]
        used[base] = count + 1
        return count == 0 ? base : "\(base)-\(count)"
    }
}
