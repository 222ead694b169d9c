import Foundation

/// One item of the header bar's primary menu: its label (with a mnemonic), the action it
/// activates (the same names `KeyboardShortcuts` binds keys to), and for a radio item the value.
public struct MenuItem: Equatable, Sendable {
    public var label: String
    public var action: String
    public var target: String?
    /// Left out while its action is disabled (Sign In… once signed in, Sign Out before).
    public var hiddenWhenDisabled = false
}

/// The primary menu, section by section, made here so its labels are translated and tested
/// with the rest of the app's text; the GTK layer turns it into a GMenu.
public enum PrimaryMenu {
    public static var sections: [[MenuItem]] {
        [
            [
                MenuItem(label: tr("_Sign In…"), action: "app.sign-in", hiddenWhenDisabled: true),
                MenuItem(label: tr("Sign _Out"), action: "app.sign-out", hiddenWhenDisabled: true),
                // Signed in only.
                MenuItem(label: tr("_Add everyone you follow to Favorites"), action: "app.import-following", hiddenWhenDisabled: true),
            ],
            [
                MenuItem(label: tr("_Export Favorites…"), action: "app.export-favorites"),
                MenuItem(label: tr("_Import Favorites…"), action: "app.import-favorites"),
            ],
            ColorSchemePreference.allCases.map { MenuItem(label: $0.title, action: "app.style", target: $0.rawValue) },
            [
                MenuItem(label: tr("_Preferences"), action: "win.show-preferences"),
                MenuItem(label: tr("_Keyboard Shortcuts"), action: "win.show-help-overlay"),
                MenuItem(label: tr("_About GitHub Finder"), action: "app.about"),
            ],
        ]
    }
}

extension ColorSchemePreference {
    /// As the menu and the Preferences window name the choice.
    public var title: String {
        switch self {
        case .system: tr("Follow System Style")
        case .light: tr("Light Style")
        case .dark: tr("Dark Style")
        }
    }
}
