import CGtk
import CGtkSupport
import Foundation
import GitHubFinderCore

/// The main window. Implements the Core `Navigator`: coordinators tell it what to show.
@MainActor
public final class MainWindow: Navigator {

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
    /// Sidebar | detail side by side, or one at a time when the window is narrow (folded).
    private let leaflet: Widget
    private let toast: ToastPresenter
    private let stateStore: WindowStateStore
    private let primaryMenu = PrimaryMenuModel.make()
    private var isNarrow = false

    init(application: UnsafeMutablePointer<GtkApplication>, api: any GitHubAPI, stateStore: WindowStateStore = WindowStateStore()) {
        self.stateStore = stateStore
        avatars = AvatarTextures(api: api)
        window = Widget(gtk_application_window_new(application))
        sidebar = builder.widget("sidebar_stack")
        detailStack = builder.widget("detail_stack")
        leaflet = builder.widget("panes")
        toast = ToastPresenter(builder: builder)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = window.cast()
        gtk_window_set_title(gtkWindow, tr("GitHub Finder"))
        // The window manager's icon (_NET_WM_ICON) is read from the icon theme at five sizes
        // when the window is realized; GNOME Shell shows the desktop file's icon anyway, so
        // the first frame does not wait for it.
        FirstFrame.after(window) { [gtkWindow] in gtk_window_set_icon_name(gtkWindow, FavoritesLocation.applicationID) }
        gtk_window_set_titlebar(gtkWindow, builder.widget("header_bar").pointer)
        gtk_window_set_child(gtkWindow, builder.widget("root_overlay").pointer)
        let saved = stateStore.load()
        gtk_window_set_default_size(gtkWindow, Int32(saved.width), Int32(saved.height))
        if saved.isMaximized { gtk_window_maximize(gtkWindow) }
        gtk_widget_set_size_request(window.pointer, 360, 360)
        builder.widget("search_tab_button").setAccessibleLabel(tr("Search"))
        builder.widget("favorites_tab_button").setAccessibleLabel(tr("Favorites"))
        builder.widget("primary_menu_button").setAccessibleLabel(tr("Main Menu"))
        // Made from Core's table; the popover itself is built when the menu first opens.
        ghf_menu_button_set_menu_model_when_opened(builder.widget("primary_menu_button").opaque, primaryMenu.pointer.assumingMemoryBound(to: GMenuModel.self))
        builder.widget("back_button").setAccessibleLabel(tr("Back"))
        let placeholder = StatusPage(.noSelection)
        detailStack.addNamed(placeholder.root, StatePage.noSelection.name)
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
        WindowActions.setUserShown(true, on: self)
        updateLayout()
    }

    public func showDetailPlaceholder() {
        detailStack.showChild("placeholder")
        detailView = nil
        WindowActions.setUserShown(false, on: self)
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
        label.setText(AccountSummary.text(account))
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
        Signals.onNotify(leaflet.raw, "folded") { [weak self] in self?.updateLayout() }
        // Escape or Alt+Left leaves a folded detail, once nothing focused wanted the key (bubble
        // phase). The leaflet's own Alt+Left works only with the focus inside it.
        let keys = gtk_event_controller_key_new()!
        Signals.onKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, state in
            let back = keyval == UInt32(GDK_KEY_Escape) || (keyval == UInt32(GDK_KEY_Left) && state & GDK_ALT_MASK.rawValue != 0)
            guard let self, back, isNarrow, detailView != nil else { return false }
            coordinator?.closeDetail()
            return true
        }
        gtk_widget_add_controller(window.pointer, keys)
        // Back by gesture or Alt+Left (the leaflet's own navigation) closes the detail too.
        Signals.onNotify(leaflet.raw, "visible-child") { [weak self] in
            guard let self, isNarrow, detailView != nil, adw_leaflet_get_visible_child(leaflet.opaque) == sidebar.pointer else { return }
            coordinator?.closeDetail()
        }
        // The account's tooltip shows the rate limits as they are now.
        Signals.onQueryTooltip(builder.widget("account_label").raw) { [weak self] in
            self?.rateLimitSummary() ?? ""
        }
        Signals.onBool(window.raw, "close-request") { [weak self] in
            self?.saveSize()
            return false
        }
        Signals.on(window.raw, "destroy") { [weak self] in self?.destroyKeptWindows() }
    }

    var rateLimitSummary: () -> String = { "" }

    /// Folded (narrow), one pane at a time: the list, or the detail with a Back button.
    func updateLayout() {
        isNarrow = adw_leaflet_get_folded(leaflet.opaque) != 0
        let showingDetail = detailView != nil
        if isNarrow {
            adw_leaflet_set_visible_child(leaflet.opaque, showingDetail ? detailStack.pointer : sidebar.pointer)
        }
        builder.widget("back_button").setVisible(isNarrow && showingDetail)
        builder.widget("tab_switcher").setVisible(!(isNarrow && showingDetail))
    }

    private func saveSize() {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        stateStore.save(WindowState(width: Int(width), height: Int(height), isMaximized: gtk_window_is_maximized(gtkWindow) != 0))
    }

    /// Makes the Preferences window (the application wires its model).
    var makePreferences: (() -> PreferencesView?)?
    private(set) var preferencesView: PreferencesView?

    /// The Preferences window (Ctrl+, or the menu), made the first time it is asked for and kept.
    func showPreferences() {
        if preferencesView == nil, let view = makePreferences?() {
            // Part of the application, so its check buttons reach app.style.
            gtk_window_set_application(view.window.cast(), gtk_window_get_application(gtkWindow))
            gtk_window_set_transient_for(view.window.cast(), gtkWindow)
            preferencesView = view
        }
        preferencesView?.present()
    }

    func hidePreferences() { preferencesView?.window.setVisible(false) }

    /// Removes the views of one server's session (Search, Favorites, the detail) before the
    /// session on another server shows its own.
    func removeSessionViews() {
        if let entry = searchView?.entry { gtk_search_entry_set_key_capture_widget(entry.opaque, nil) }
        for (stack, name) in [(sidebar, "search"), (sidebar, "favorites"), (detailStack, "detail")] {
            if let page = gtk_stack_get_child_by_name(stack.opaque, name) { gtk_stack_remove(stack.opaque, page) }
        }
        searchView = nil
        favoritesView = nil
        favoritesViewModel = nil
        detailView = nil
    }

    /// The windows kept (hidden) above this one go with it, while it is still there to let go
    /// of: disposed later, when Swift released them at exit, each disconnected from its freed
    /// parent (GLib criticals at every quit after Preferences had been opened).
    private func destroyKeptWindows() {
        for kept in [preferencesView?.window, helpOverlay].compactMap({ $0 }) {
            gtk_window_set_transient_for(kept.cast(), nil)
            gtk_window_destroy(kept.cast())
        }
    }

    private var helpOverlay: Widget?

    /// The Keyboard Shortcuts window, loaded the first time it is asked for (Ctrl+? or the menu).
    func showHelpOverlay() {
        if helpOverlay == nil {
            let builder = ShortcutsWindow.make()
            let overlay = builder.widget(ShortcutsWindow.id)
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
        ghf_toast_overlay_name_buttons(overlay.pointer, tr("Dismiss"))
    }
}
