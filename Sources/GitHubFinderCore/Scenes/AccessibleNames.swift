/// The names screen readers give the widgets that show no text of their own (an entry, a list,
/// an icon button). They are a contract: the end-to-end tests and DESIGN.md §5 find widgets by
/// these English names, so change them only together.
public enum AccessibleNames {
    public static var searchEntry: String { tr("Search GitHub users") }
    public static var sortButton: String { tr("Sort") }
    /// The Repositories scope's qualifier popover button.
    public static var filtersButton: String { SearchFilterTexts.title }
    /// The header bar's Refresh button (F5, Ctrl+R).
    public static var refresh: String { tr("Refresh") }
    public static var searchResults: String { tr("Search results") }
    public static var repositoryResults: String { tr("Repository results") }
    public static var favoritesFilter: String { tr("Filter favorites") }
    public static var favoritesList: String { tr("Favorites") }
    public static var repositoryFavoritesList: String { tr("Favorite Repositories") }
    /// The close button of a message bar or a toast.
    public static var dismiss: String { tr("Dismiss") }
    /// The badge on the row of someone the signed-in account follows.
    public static var followingBadge: String { tr("Following") }
    public static var searchTab: String { tr("Search") }
    public static var favoritesTab: String { tr("Favorites") }
    public static var whatsNewTab: String { tr("What's New") }
    /// The What's New list.
    public static var whatsNewList: String { tr("What's New") }
    public static var markAllAsRead: String { tr("Mark All as Read") }
    public static var mainMenu: String { tr("Main Menu") }
    /// Leaves the detail pane of a narrow (folded) window.
    public static var back: String { tr("Back") }
    /// A favorite's detail: the button that opens the note editor, the editor, the tag entry.
    public static var addNote: String { FavoriteNotesViewModel.State.addNoteLabel }
    public static var note: String { FavoriteNotesViewModel.State.noteLabel }
    public static var tags: String { FavoriteNotesViewModel.State.tagsLabel }
    /// The start page's list of recent searches.
    public static var recentSearches: String { SearchHistoryTexts.listLabel }
}
