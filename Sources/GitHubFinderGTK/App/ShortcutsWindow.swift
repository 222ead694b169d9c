import CGtk
import GitHubFinderCore

/// The Keyboard Shortcuts window (Ctrl+?), listing Core's `KeyboardShortcuts` table by group.
/// GTK 4.8 can add sections, groups and shortcuts to a GtkShortcutsWindow only through
/// GtkBuilder, so the table is written as a UI definition (every text escaped) and built.
@MainActor
enum ShortcutsWindow {
    static func make() -> Builder {
        Builder(definition: definition(KeyboardShortcuts.all))
    }

    /// The window's id in the definition.
    static let id = "help_overlay"

    static func definition(_ shortcuts: [KeyboardShortcut]) -> String {
        let groups = KeyboardShortcut.Group.allCases.compactMap { group -> String? in
            let rows = shortcuts.filter { $0.group == group }.map { shortcut in
                "<child><object class=\"GtkShortcutsShortcut\">\(property("title", shortcut.title))\(property("accelerator", shortcut.keys.joined(separator: " ")))</object></child>"
            }
            guard !rows.isEmpty else { return nil }
            return "<child><object class=\"GtkShortcutsGroup\">\(property("title", group.title))\(rows.joined())</object></child>"
        }
        return """
            <interface><object class="GtkShortcutsWindow" id="\(id)">\(property("modal", "True"))<child>\
            <object class="GtkShortcutsSection">\(property("section-name", "shortcuts"))\(groups.joined())</object>\
            </child></object></interface>
            """
    }

    private static func property(_ name: String, _ value: String) -> String {
        "<property name=\"\(name)\">\(Markup.escaped(value))</property>"
    }
}
