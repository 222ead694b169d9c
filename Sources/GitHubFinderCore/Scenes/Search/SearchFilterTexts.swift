/// What the Filters popover of the Repositories scope says; the GTK layer sets it as plain text.
public enum SearchFilterTexts {
    /// The button's tooltip and accessible name, and the popover's heading.
    public static var title: String { tr("Filters") }
    public static var language: String { tr("Language") }
    public static var minimumStars: String { tr("Minimum stars") }
    // TRANSLATORS: the field for the account owning the repositories (a person or an organization).
    public static var owner: String { tr("Owner (user or organization)") }
    public static var topic: String { tr("Topic") }
    public static var hideArchived: String { tr("Hide archived") }
    // TRANSLATORS: GitHub leaves forks out of a search unless asked (fork:true).
    public static var includeForks: String { tr("Include forks") }
    public static var searchReadme: String { tr("Search in name, description and README") }
    /// Below the fields: where the filters go.
    public static var explanation: String { tr("Filters are added to the search text as qualifiers.") }
    public static var apply: String { tr("Apply") }
}
