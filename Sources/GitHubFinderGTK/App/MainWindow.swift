import CGtk
import CGtkSupport
import Foundation
import GitHubFinderCore

/// The main window. Implements the Core `Navigator`: coordinators tell it what to show.
@MainActor
public final class MainWindow: Navigator {
    public static let narrowWidth: Int32 = 700

    let window: Widget
    let builder = Builder("window.ui")
    let avatars: AvatarTextures
    private(set) var searchView: SearchView?
    private(set) var favoritesView: FavoritesView?
    private(set) var detailView: DetailView?
    private(set) var currentTab: AppTab = .search
    weak var coordinator: AppCoordinator?
    private let sidebar: Widget
    private let detailStack: Widget
    private let toast: ToastPresenter
    private let stateStore: WindowStateStore
    private var isNarrow = false

    init(application: UnsafeMutablePointer<GtkApplication>, api: any GitHubAPI, stateStore: WindowStateStore = WindowStateStore()) {
        self.stateStore = stateStore
        avatars = AvatarTextures(api: api)
        window = Widget(gtk_application_window_new(application))
        sidebar = builder.widget("sidebar_stack")
        detailStack = builder.widget("detail_stack")
        toast = ToastPresenter(builder: builder)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = window.cast()
        gtk_window_set_title(gtkWindow, "GitHub Finder")
        gtk_window_set_icon_name(gtkWindow, FavoritesLocation.applicationID)
        gtk_window_set_titlebar(gtkWindow, builder.widget("header_bar").pointer)
        gtk_window_set_child(gtkWindow, builder.widget("root_overlay").pointer)
        let saved = stateStore.load()
        gtk_window_set_default_size(gtkWindow, Int32(saved.width), Int32(saved.height))
        if saved.isMaximized { gtk_window_maximize(gtkWindow) }
        gtk_widget_set_size_request(window.pointer, 360, 360)
        builder.widget("search_tab_button").setAccessibleLabel("Search")
        builder.widget("favorites_tab_button").setAccessibleLabel("Favorites")
        builder.widget("primary_menu_button").setAccessibleLabel("Main Menu")
        builder.widget("back_button").setAccessibleLabel("Back")
        let placeholder = StatusPage(icon: "avatar-default-symbolic", title: "Select a User", description: "Pick someone from Search or Favorites\nto see their profile.")
        detailStack.addNamed(placeholder.root, "placeholder")
        connectSignals()
        WindowActions.install(on: self)
    }

    var gtkWindow: UnsafeMutablePointer<GtkWindow> { window.cast() }

    public func present() { gtk_window_present(gtkWindow) }

    // MARK: Navigator

    public func showSearch(_ viewModel: SearchViewModel) {
        let view = SearchView(viewModel: viewModel, avatars: avatars) { [weak self] in self?.showToast($0) }
        searchView = view
        sidebar.addNamed(view.root, "search")
        // Type-to-search from anywhere in the window.
        gtk_search_entry_set_key_capture_widget(view.entry.opaque, window.pointer)
    }

    /// The view is built when the tab is first shown: nothing of it is needed for the first frame.
    public func showFavorites(_ viewModel: FavoritesViewModel) {
        favoritesViewModel = viewModel
        if currentTab == .favorites { makeFavoritesView() }
    }

    private var favoritesViewModel: FavoritesViewModel?

    private func makeFavoritesView() {
        guard favoritesView == nil, let viewModel = favoritesViewModel else { return }
        let view = FavoritesView(viewModel: viewModel, avatars: avatars) { [weak self] in self?.showToast($0) }
        favoritesView = view
        sidebar.addNamed(view.root, "favorites")
    }

    public func show(tab: AppTab) {
        currentTab = tab
        if tab == .favorites { makeFavoritesView() }
        sidebar.showChild(tab == .search ? "search" : "favorites")
        builder.widget("search_tab_button").setToggleActive(tab == .search)
        builder.widget("favorites_tab_button").setToggleActive(tab == .favorites)
        if let searchView { gtk_search_entry_set_key_capture_widget(searchView.entry.opaque, tab == .search ? window.pointer : nil) }
        if isNarrow, coordinator?.detail != nil { coordinator?.closeDetail() }
        updateLayout()
    }

    public func showDetail(_ viewModel: DetailViewModel) {
        let view = DetailView(viewModel: viewModel, avatars: avatars)
        if let old = gtk_stack_get_child_by_name(detailStack.opaque, "detail") { gtk_stack_remove(detailStack.opaque, old) }
        detailStack.addNamed(view.root, "detail")
        detailStack.showChild("detail")
        detailView = view
        updateLayout()
    }

    public func showDetailPlaceholder() {
        detailStack.showChild("placeholder")
        detailView = nil
        updateLayout()
    }

    public func showToast(_ toast: Toast) { self.toast.show(toast) }

    public func showAlert(_ alert: Alert) { Dialogs.showMessage(parent: gtkWindow, title: alert.title, message: alert.message) }

    private(set) var signInDialog: SignInDialog?
    /// Enables the menu's Sign In… / Sign Out (set by the application).
    var onAccountChanged: (@MainActor (_ signedIn: Bool, _ canSignOut: Bool) -> Void)?

    public func showSignIn(_ viewModel: SignInViewModel) {
        signInDialog?.close()
        let dialog = SignInDialog(viewModel: viewModel, parent: window, avatars: avatars)
        signInDialog = dialog
        dialog.present()
    }

    public func dismissSignIn() {
        signInDialog?.close()
        signInDialog = nil
    }

    public func showAccount(_ account: Authenticator.Account?, canSignOut: Bool) {
        let label = builder.widget("account_label")
        switch account?.source {
        case nil: label.setText("Not signed in")
        case .environment: label.setText(account?.login.map { "\($0) (from environment)" } ?? "Signed in from environment")
        case .keyring, .session: label.setText(account?.login ?? "Signed in")
        }
        label.setAccessibleLabel(label.text)
        onAccountChanged?(account != nil, canSignOut)
    }

    // MARK: Layout

    private func connectSignals() {
        Signals.on(builder.widget("search_tab_button").raw, "toggled") { [weak self] in
            guard let self, builder.widget("search_tab_button").isToggleActive, currentTab != .search else { return }
            show(tab: .search)
        }
        Signals.on(builder.widget("favorites_tab_button").raw, "toggled") { [weak self] in
            guard let self, builder.widget("favorites_tab_button").isToggleActive, currentTab != .favorites else { return }
            show(tab: .favorites)
        }
        builder.widget("back_button").onClicked { [weak self] in self?.coordinator?.closeDetail() }
        Signals.onNotify(window.raw, "default-width") { [weak self] in self?.updateLayout() }
        // The account's tooltip shows the rate limits as they are now.
        Signals.onQueryTooltip(builder.widget("account_label").raw) { [weak self] in
            self?.rateLimitSummary() ?? ""
        }
        Signals.onBool(window.raw, "close-request") { [weak self] in
            self?.saveSize()
            return false
        }
    }

    var rateLimitSummary: () -> String = { "" }

    /// Below 700 px one pane at a time: the list, or the detail with a Back button.
    func updateLayout() {
        // GTK 4.8 writes both sizes without checking for NULL.
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        isNarrow = width > 0 && width < Self.narrowWidth
        let showingDetail = detailView != nil
        sidebar.setVisible(!isNarrow || !showingDetail)
        builder.widget("pane_separator").setVisible(!isNarrow)
        detailStack.setVisible(!isNarrow || showingDetail)
        sidebar.setExpand(horizontal: isNarrow)
        builder.widget("back_button").setVisible(isNarrow && showingDetail)
        builder.widget("tab_switcher").setVisible(!(isNarrow && showingDetail))
    }

    private func saveSize() {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        stateStore.save(WindowState(width: Int(width), height: Int(height), isMaximized: gtk_window_is_maximized(gtkWindow) != 0))
    }

    private var helpOverlay: Widget?

    /// The Keyboard Shortcuts window, loaded the first time it is asked for (Ctrl+? or the menu).
    func showHelpOverlay() {
        if helpOverlay == nil {
            let builder = Builder("../gtk/help-overlay.ui")
            let overlay = builder.widget("help_overlay")
            g_object_ref(overlay.raw)
            gtk_window_set_transient_for(overlay.cast(), gtkWindow)
            gtk_window_set_hide_on_close(overlay.cast(), 1)
            helpOverlay = overlay
        }
        if let helpOverlay { gtk_window_present(helpOverlay.cast()) }
    }
}

/// Toasts at the bottom of the window (AdwToastOverlay): a message, an optional action, gone
/// after 6 s. The message is a plain label: server text in it is never read as markup. Each toast
/// replaces the one showing (Core keeps one Undo at a time), so it is on screen at once and its
/// buttons can be given their names.
@MainActor
final class ToastPresenter {
    private let overlay: Widget

    init(builder: Builder) {
        overlay = builder.widget("root_overlay")
    }

    func show(_ toast: Toast) {
        let adwToast = adw_toast_new("")!
        let title = Widget.label(toast.message, xalign: 0.5)
        title.setWrap(StatusPage.needsWrapping(toast.message))
        adw_toast_set_custom_title(adwToast, title.pointer)
        adw_toast_set_timeout(adwToast, 6)
        adw_toast_set_priority(adwToast, ADW_TOAST_PRIORITY_HIGH)
        if let actionTitle = toast.actionTitle {
            adw_toast_set_button_label(adwToast, actionTitle)
            if let action = toast.action {
                Signals.on(UnsafeMutableRawPointer(adwToast), "button-clicked") { action() }
            }
        }
        adw_toast_overlay_add_toast(overlay.opaque, adwToast)
        ghf_toast_overlay_name_buttons(overlay.pointer, "Dismiss")
    }
}
