/// The application's name and what the About window and message dialogs say about it.
public enum AboutTexts {
    /// The window title and the About window's heading.
    public static var applicationName: String { tr("GitHub Finder") }
    public static var developers: String { tr("The GitHub Finder developers") }
    public static var summary: String { tr("Find GitHub users, keep your favorites, read their profiles.") }
    /// A message dialog's only button (the underscore marks its access key).
    public static var close: String { tr("_Close") }
}
