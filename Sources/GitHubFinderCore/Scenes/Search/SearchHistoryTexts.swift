import Foundation

/// What the recent searches say, under an empty entry and in Preferences.
public enum SearchHistoryTexts {
    public static var title: String { tr("Recent Searches") }
    /// The list's accessible name.
    public static var listLabel: String { tr("Recent searches") }
    public static func removeLabel(_ query: String) -> String { tr("Remove “{query}” from recent searches", ["query": query]) }
    public static var clearTitle: String { tr("Clear Search History") }
}
