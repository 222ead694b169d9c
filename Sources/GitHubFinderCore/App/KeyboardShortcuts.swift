import Foundation

/// One keyboard shortcut of the window: the action it triggers (if it is one: Escape or Return
/// are the widgets' own keys), its keys in GTK's accelerator syntax, what the shortcuts window
/// calls it, where it is listed there, and when it can be used.
public struct KeyboardShortcut: Equatable, Sendable {
    public enum Group: Equatable, Sendable, CaseIterable {
        case search, navigation, user, general

        public var title: String {
            switch self {
            case .search: tr("Search")
            case .navigation: tr("Navigation")
            case .user: tr("User")
            case .general: tr("General")
            }
        }
    }

    /// `app.quit`, `win.toggle-star`…; nil for a key a widget handles itself.
    public var action: String?
    /// GTK accelerators: "<Control>f"; several keys for one shortcut are separated by spaces.
    public var keys: [String]
    public var title: String
    public var group: Group
    /// Only while a user is shown in the detail pane (star, open in browser).
    public var needsAUser = false
}

/// Every keyboard shortcut, in one table: GTK binds the actions' keys from it, the shortcuts
/// window lists it, and the actions that need a user shown are enabled from it.
public enum KeyboardShortcuts {
    public static var all: [KeyboardShortcut] {
        [
            KeyboardShortcut(action: "win.focus-search", keys: ["<Control>f"], title: tr("Focus the search entry"), group: .search),
            KeyboardShortcut(action: "win.search-people", keys: ["<Control>1"], title: tr("People (in Search or Favorites)"), group: .search),
            KeyboardShortcut(action: "win.search-repositories", keys: ["<Control>2"], title: tr("Repositories (in Search or Favorites)"), group: .search),
            KeyboardShortcut(keys: ["Escape"], title: tr("Clear the search"), group: .search),
            KeyboardShortcut(keys: ["Return"], title: tr("Search now"), group: .search),
            KeyboardShortcut(action: "win.show-search", keys: ["<Alt>1"], title: tr("Search tab"), group: .navigation),
            KeyboardShortcut(action: "win.show-favorites", keys: ["<Alt>2"], title: tr("Favorites tab"), group: .navigation),
            KeyboardShortcut(keys: ["Up", "Down"], title: tr("Move through the list"), group: .navigation),
            KeyboardShortcut(keys: ["Return"], title: tr("Show the selected user"), group: .navigation),
            KeyboardShortcut(keys: ["Escape", "<Alt>Left"], title: tr("Back to the list (narrow window)"), group: .navigation),
            KeyboardShortcut(action: "win.toggle-star", keys: ["<Control>d"], title: tr("Add to or remove from favorites"), group: .user, needsAUser: true),
            KeyboardShortcut(action: "win.open-in-browser", keys: ["<Control>o"], title: tr("Open in browser"), group: .user, needsAUser: true),
            KeyboardShortcut(action: "win.refresh", keys: ["F5", "<Control>r"], title: tr("Refresh"), group: .general),
            KeyboardShortcut(action: "win.show-help-overlay", keys: ["<Control>question"], title: tr("Keyboard shortcuts"), group: .general),
            KeyboardShortcut(action: "win.show-preferences", keys: ["<Control>comma"], title: tr("Preferences"), group: .general),
            KeyboardShortcut(keys: ["F10"], title: tr("Main menu"), group: .general),
            KeyboardShortcut(action: "app.quit", keys: ["<Control>q"], title: tr("Quit"), group: .general),
        ]
    }

    /// The actions and the keys GTK binds to them.
    public static var accelerators: [(action: String, keys: [String])] {
        all.compactMap { shortcut in shortcut.action.map { ($0, shortcut.keys) } }
    }

    /// The window actions (`win.` dropped) usable only while a user is shown.
    public static var actionsNeedingAUser: [String] {
        all.filter(\.needsAUser).compactMap { $0.action?.replacingOccurrences(of: "win.", with: "") }
    }
}
