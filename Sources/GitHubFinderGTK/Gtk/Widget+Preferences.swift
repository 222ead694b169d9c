import CGtk

/// Operations on libadwaita's preferences rows and groups (the Preferences window).
extension Widget {
    /// An AdwPreferencesRow's title (AdwActionRow, AdwEntryRow).
    func setRowTitle(_ title: String) { adw_preferences_row_set_title(cast(), title) }

    /// An AdwActionRow's second line.
    func setRowSubtitle(_ subtitle: String) { adw_action_row_set_subtitle(cast(), subtitle) }

    /// The text under an AdwPreferencesGroup's title.
    func setGroupDescription(_ text: String) {
        let current = adw_preferences_group_get_description(cast()).map { String(cString: $0) }
        if current != text { adw_preferences_group_set_description(cast(), text) }
    }
}
