import Foundation

/// One row of the shortcuts window: the action it triggers (if it is one: Escape or Return are
/// the widgets' own keys), its keys in GTK's accelerator syntax, what it is called and where it
/// is listed.
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
}

/// The shortcuts window's rows, in order: the actions' keys (from `AppActions`, the one table of
/// actions) and the keys widgets handle themselves.
public enum KeyboardShortcuts {
    public static var all: [KeyboardShortcut] {
        var rows: [KeyboardShortcut] = []
        var keysLeft = widgetKeys
        for action in AppActions.all {
            guard let shortcut = action.shortcut else { continue }
            rows += keysLeft.filter { $0.before == action.name }.map(\.shortcut)
            keysLeft.removeAll { $0.before == action.name }
            rows.append(KeyboardShortcut(action: action.detailedName, keys: action.keys, title: shortcut.title, group: shortcut.group))
        }
        return rows + keysLeft.map(\.shortcut)
    }

    /// Keys that are not actions (the entry's Escape, a list's arrows), each listed before the
    /// action named `before`.
    private static var widgetKeys: [(shortcut: KeyboardShortcut, before: String?)] {
        [
            (KeyboardShortcut(keys: ["Escape"], title: tr("Clear the search"), group: .search), "show-search"),
            (KeyboardShortcut(keys: ["Return"], title: tr("Search now"), group: .search), "show-search"),
            (KeyboardShortcut(keys: ["Up", "Down"], title: tr("Move through the list"), group: .navigation), "toggle-star"),
            (KeyboardShortcut(keys: ["Return"], title: tr("Show the selected user"), group: .navigation), "toggle-star"),
            (KeyboardShortcut(keys: ["Escape", "<Alt>Left"], title: tr("Back to the list (narrow window)"), group: .navigation), "toggle-star"),
            (KeyboardShortcut(keys: ["F10"], title: tr("Main menu"), group: .general), "quit"),
        ]
    }
}
