import CGtk
import GitHubFinderCore

/// The app's CSS; light or dark.
@MainActor
enum Style {
    /// Light or dark as chosen; "system" (libadwaita's default: prefer light) follows the
    /// desktop's preference, read from the settings portal, light when there is none.
    static func apply(_ scheme: ColorSchemePreference) {
        let adwScheme = switch scheme {
        case .system: ADW_COLOR_SCHEME_DEFAULT
        case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
        case .dark: ADW_COLOR_SCHEME_FORCE_DARK
        }
        let manager = adw_style_manager_get_default()
        // Setting the scheme it already has would still restyle the whole window at start-up.
        if adw_style_manager_get_color_scheme(manager) != adwScheme { adw_style_manager_set_color_scheme(manager, adwScheme) }
    }

    /// True when the window is drawn dark now.
    static var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

    static func load() {
        guard let display = gdk_display_get_default() else { return }
        GResources.register()
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(provider, GResources.path("style.css"))
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
