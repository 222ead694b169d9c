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

/// The primary menu, section by section, its items' labels and actions from `AppActions`; made
/// here so its labels are translated and tested with the rest of the app's text; the GTK layer
/// turns it into a GMenu.
public enum PrimaryMenu {
    /// The actions of each section, by name; a stateful action brings one item per choice.
    private static let layout = [["sign-in", "sign-out", "import-following"], ["export-favorites", "import-favorites"], ["style"],
                                 ["show-preferences", "show-help-overlay", "about"]]

    public static var sections: [[MenuItem]] {
        let actions = AppActions.all
        return layout.map { names in
            names.map { name in
                guard let action = actions.first(where: { $0.name == name }) else { preconditionFailure("no action \(name) in AppActions") }
                return action
            }.flatMap { action -> [MenuItem] in
                if !action.choices.isEmpty {
                    return action.choices.map { MenuItem(label: $0.label, action: action.detailedName, target: $0.value) }
                }
                return [MenuItem(label: action.menuLabel ?? action.name, action: action.detailedName, hiddenWhenDisabled: action.hiddenWhenDisabled)]
            }
        }
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
