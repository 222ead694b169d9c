import Foundation

/// Avatar URLs at the size they are drawn: GitHub serves 1…460 px squares via `s=`.
public enum AvatarURL {
    public static let maximumPixelSize = 460

    /// `url` with its `s` parameter set to `pixelSize` (clamped to 1…460), other parameters kept.
    public static func sized(_ url: URL, pixelSize: Int) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != "s" && $0.name != "size" }
        items.append(URLQueryItem(name: "s", value: String(min(max(pixelSize, 1), maximumPixelSize))))
        components.queryItems = items
        return components.url ?? url
    }
}
