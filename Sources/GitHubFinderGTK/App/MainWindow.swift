import CGtk
import Foundation
import GitHubFinderCore

/// The main window. Implements the Core `Navigator`: coordinators tell it what to show.
@MainActor
public final class MainWindow: Navigator {

    let window: Window
    let avatars: AvatarTextures
    private(set) var searchView: SearchView?
    private(set) var favoritesView: FavoritesView?
    private(set) var whatsNewView: WhatsNewView?
    private(set) var detailView: PersonDetailView?
    private(set) var repositoryDetailView: RepositoryDetailView?
    /// Your Profile while shown (its detail is `detailView` then).
    private(set) var yourProfileView: YourProfileView?
    /// Whether the detail pane shows someone or a repository (not a placeholder).
    var isShowingDetail: Bool { detailView != nil || repositoryDetailView != nil }
    public private(set) var currentTab: AppTab = .search
    weak var coordinator: AppCoordinator?
    let searchTabButton: ToggleButton
    let favoritesTabButton: ToggleButton
    let whatsNewTabButton: ToggleButton
    /// Who is signed in; its tooltip shows the rate limits.
    let accountLabel: Label
    /// The account's avatar, which opens Your Profile (signed in, the login known).
    let yourProfileButton: Button
    private let accountAvatar: Avatar
    /// The header bar's title, whose subtitle names a server other than github.com.
    private let windowTitle: Widget
    private let backButton: Button
    private let tabSwitcher: Box
    private let sidebar: Stack
    private let detailStack: Stack
    /// Sidebar | detail side by side, or one at a time when the window is narrow (folded).
    private let leaflet: Leaflet
    private let toast: ToastPresenter
    private let stateStore: WindowStateStore
    private let primaryMenu = PrimaryMenuModel.make()
    private var isNarrow = false
    private var connections: [SignalConnection] = []
    private var iconAfterFirstFrame: FirstFrame?

    init(application: UnsafeMutablePointer<GtkApplication>, api: any GitHubAPI, stateStore: WindowStateStore = WindowStateStore()) {
        self.stateStore = stateStore
        avatars = AvatarTextures(api: api)
        window = Window(application: application)
        let builder = Builder("window.ui")
        searchTabButton = builder.get("search_tab_button")
        favoritesTabButton = builder.get("favorites_tab_button")
        whatsNewTabButton = builder.get("whats_new_tab_button")
        accountLabel = builder.get("account_label")
        yourProfileButton = builder.get("your_profile_button")
        accountAvatar = builder.get("account_avatar")
        windowTitle = builder.get("window_title")
        backButton = builder.get("back_button")
        tabSwitcher = builder.get("tab_switcher")
        sidebar = builder.get("sidebar_stack")
        detailStack = builder.get("detail_stack")
        leaflet = builder.get("panes")
        let overlay = builder.get("root_overlay", as: ToastOverlay.self)
        toast = ToastPresenter(overlay: overlay)
        window.setTitle(AboutTexts.applicationName)
        // The window manager's icon (_NET_WM_ICON) is read from the icon theme at five sizes
        // when the window is realized; GNOME Shell shows the desktop file's icon anyway, so
        // the first frame does not wait for it.
        iconAfterFirstFrame = FirstFrame(of: window) { [gtkWindow = window.gtkWindow] in gtk_window_set_icon_name(gtkWindow, FavoritesLocation.applicationID) }
        window.setTitlebar(builder.get("header_bar"))
        window.setChild(overlay)
        let saved = stateStore.load()
        gtk_window_set_default_size(gtkWindow, Int32(saved.width), Int32(saved.height))
        if saved.isMaximized { gtk_window_maximize(gtkWindow) }
        window.setSize(width: 360, height: 360)
        searchTabButton.setAccessibleLabel(AccessibleNames.searchTab)
        favoritesTabButton.setAccessibleLabel(AccessibleNames.favoritesTab)
        whatsNewTabButton.setAccessibleLabel(AccessibleNames.whatsNewTab)
        let menuButton = builder.get("primary_menu_button", as: MenuButton.self)
        menuButton.setAccessibleLabel(AccessibleNames.mainMenu)
        // Made from Core's table; the popover itself is built when the menu first opens.
        menuButton.setMenu(primaryMenu)
        backButton.setAccessibleLabel(AccessibleNames.back)
        yourProfileButton.setTooltip(YourProfileTexts.button)
        yourProfileButton.setAccessibleLabel(YourProfileTexts.button)
        let refreshButton = builder.get("refresh_button", as: Button.self)
        refreshButton.setTooltip(AccessibleNames.refresh)
        refreshButton.setAccessibleLabel(AccessibleNames.refresh)
        let placeholder = StatusPage(.noSelection)
        detailStack.addNamed(placeholder.root, StatePage.noSelection.name)
        connectSignals()
        windowActions = InstalledActions(.window, on: OpaquePointer(window.pointer), of: application) { [weak self] intent, parameter in
            self?.coordinator?.perform(intent, parameter: parameter)
        }
    }

    /// Core's `AppActions` of the window (`win.`), and the application's (set by it).
    private var windowActions: InstalledActions?
    var applicationActions: InstalledActions? {
        didSet { updateActions() }
    }
    /// Who is signed in, for the actions that depend on it.
    private var account: (signedIn: Bool, canSignOut: Bool) = (false, false)

    private func updateActions() {
        let state = ActionState(isShowingDetail: isShowingDetail, isSignedIn: account.signedIn, canSignOut: account.canSignOut)
        windowActions?.update(state)
        applicationActions?.update(state)
    }

    var gtkWindow: UnsafeMutablePointer<GtkWindow> { window.gtkWindow }

    public func present() { window.present() }

    /// Names the server in use under the title (nil: github.com, no subtitle).
    func showServer(_ name: String?) {
        adw_window_title_set_subtitle(windowTitle.opaque, name ?? "")
    }

    // MARK: Navigator

    public func showSearch(_ viewModel: SearchTabViewModel) {
        let view = SearchView(viewModel: viewModel, avatars: avatars) { [weak self] in self?.showToast($0) }
        searchView = view
        sidebar.addNamed(view.root, "search")
        view.onScopeShown = { [weak self] _ in
            if self?.isShowingDetail == false { self?.showPlaceholderPage() }
        }
        // Type-to-search from anywhere in the window.
        view.entry.captureKeys(from: window)
    }

    /// The view is built when the tab is first shown: nothing of it is needed for the first frame.
    public func showFavorites(_ viewModel: FavoritesTabViewModel) {
        favoritesViewModel = viewModel
        if currentTab == .favorites { makeFavoritesView() }
    }

    private var favoritesViewModel: FavoritesTabViewModel?

    private func makeFavoritesView() {
        guard favoritesView == nil, let viewModel = favoritesViewModel else { return }
        let view = FavoritesView(viewModel: viewModel, avatars: avatars) { [weak self] in self?.showToast($0) }
        view.onScopeShown = { [weak self] _ in
            if self?.isShowingDetail == false { self?.showPlaceholderPage() }
        }
        favoritesView = view
        sidebar.addNamed(view.root, "favorites")
    }

    /// Built when the tab is first shown, like Favorites.
    public func showWhatsNew(_ viewModel: WhatsNewViewModel) {
        whatsNewViewModel = viewModel
        if currentTab == .whatsNew { makeWhatsNewView() }
    }

    private var whatsNewViewModel: WhatsNewViewModel?

    private func makeWhatsNewView() {
        guard whatsNewView == nil, let viewModel = whatsNewViewModel else { return }
        let view = WhatsNewView(viewModel: viewModel, avatars: avatars)
        whatsNewView = view
        sidebar.addNamed(view.root, "whats-new")
    }

    public func show(tab: AppTab) {
        currentTab = tab
        if tab == .favorites { makeFavoritesView() }
        if tab == .whatsNew {
            makeWhatsNewView()
            whatsNewViewModel?.send(.appear)
        }
        let page = switch tab {
        case .search: "search"
        case .favorites: "favorites"
        case .whatsNew: "whats-new"
        }
        sidebar.showChild(page)
        searchTabButton.setActive(tab == .search)
        favoritesTabButton.setActive(tab == .favorites)
        whatsNewTabButton.setActive(tab == .whatsNew)
        searchView?.entry.captureKeys(from: tab == .search ? window : nil)
        if isNarrow, coordinator?.isShowingDetail == true { coordinator?.closeDetail() }
        if !isShowingDetail { showPlaceholderPage() }
        updateLayout()
    }

    public func showDetail(_ viewModel: PersonDetailViewModel) {
        let view = PersonDetailView(viewModel: viewModel, avatars: avatars)
        (detailView, repositoryDetailView, yourProfileView) = (view, nil, nil)
        present(detail: view.root, focus: view.openButton)
    }

    public func showYourProfile(_ viewModel: YourProfileViewModel) {
        let view = YourProfileView(viewModel: viewModel, avatars: avatars)
        (detailView, repositoryDetailView, yourProfileView) = (view.detail, nil, view)
        present(detail: view.root, focus: view.detail.openButton)
    }

    public func showRepositoryDetail(_ viewModel: RepositoryDetailViewModel) {
        let view = RepositoryDetailView(viewModel: viewModel, avatars: avatars)
        (detailView, repositoryDetailView, yourProfileView) = (nil, view, nil)
        present(detail: view.root, focus: view.openButton)
    }

    /// Puts a detail (a person's, a repository's, your profile) in the pane in place of what was
    /// there. Focus inside the replaced one (a person's repository activated) moves to `focus`:
    /// keyboard users go on from there, and GTK 4.8 prints a critical when it is left behind.
    private func present(detail root: Widget, focus: Widget) {
        let hadFocus = detailStack.containsFocus
        Teardown.retirePage("detail", of: detailStack)
        detailStack.addNamed(root, "detail")
        detailStack.showChild("detail")
        if hadFocus { focus.grabFocus() }
        updateActions()
        updateLayout()
    }

    /// "Select a User", or "Select a Repository" while repositories are searched.
    private func showPlaceholderPage() {
        let scope: SearchScope? = switch currentTab {
        case .search: searchView?.scope
        case .favorites: favoritesView?.scope
        // What's New opens repositories.
        case .whatsNew: .repositories
        }
        let page: StatePage = scope == .repositories ? .noRepositorySelected : .noSelection
        if page.name != StatePage.noSelection.name, !detailStack.hasChild(page.name) {
            detailStack.addNamed(StatusPage(page).root, page.name)
        }
        detailStack.showChild(page.name)
    }

    public func showDetailPlaceholder() {
        showPlaceholderPage()
        yourProfileView = nil
        detailView = nil
        repositoryDetailView = nil
        updateActions()
        updateLayout()
    }

    public func showToast(_ toast: Toast) { self.toast.show(toast) }

    /// A folded window showing the detail has no list on screen.
    public var listOnScreen: AppTab? { isNarrow && isShowingDetail ? nil : currentTab }

    public func focusSearchEntry() {
        searchView?.entry.grabFocus()
        searchView?.entry.selectAllText()
    }

    public func focusFavoritesFilter() { favoritesView?.filter.grabFocus() }

    private(set) var signInDialog: SignInDialog?

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

    public func showStarSync(_ starSync: StarSync) {
        starSyncPresenter = StarSyncPresenter(starSync: starSync, window: self)
    }

    private var starSyncPresenter: StarSyncPresenter?

    public func showAccount(_ account: Authenticator.Account?, canSignOut: Bool) {
        accountLabel.setText(AccountSummary.text(account))
        accountLabel.setAccessibleLabel(accountLabel.text)
        let login = account?.login
        yourProfileButton.setVisible(login != nil)
        if let login {
            accountAvatar.setText(login)
            let size = 24 * accountAvatar.scaleFactor
            if let texture = avatars.texture(for: account?.avatarURL, pixelSize: size, completion: { [accountAvatar] in accountAvatar.setImage($0) }) {
                accountAvatar.setImage(texture)
            }
        }
        self.account = (account != nil, canSignOut)
        updateActions()
    }

    // MARK: Layout

    private func connectSignals() {
        connections = [
            searchTabButton.onToggled { [weak self] in
                guard let self, searchTabButton.isActive, currentTab != .search else { return }
                show(tab: .search)
            },
            favoritesTabButton.onToggled { [weak self] in
                guard let self, favoritesTabButton.isActive, currentTab != .favorites else { return }
                show(tab: .favorites)
            },
            whatsNewTabButton.onToggled { [weak self] in
                guard let self, whatsNewTabButton.isActive, currentTab != .whatsNew else { return }
                show(tab: .whatsNew)
            },
            backButton.onClicked { [weak self] in self?.coordinator?.closeDetail() },
            yourProfileButton.onClicked { [weak self] in self?.coordinator?.showYourProfile() },
            leaflet.onFoldedChanged { [weak self] in self?.updateLayout() },
            // Back by gesture or Alt+Left (the leaflet's own navigation) closes the detail too.
            leaflet.onVisibleChildChanged { [weak self] in
                guard let self, isNarrow, isShowingDetail, leaflet.isShowing(sidebar) else { return }
                coordinator?.closeDetail()
            },
            // The account's tooltip shows the rate limits as they are now.
            accountLabel.setTooltip { [weak self] in self?.rateLimitSummary() ?? "" },
            window.onCloseRequest { [weak self] in
                self?.saveSize()
                // A note still being typed is saved with the window.
                FavoriteNotesViewModel.saveAllPending()
                return false
            },
            backKeys(),
        ]
    }

    /// Escape or Alt+Left leaves a folded detail, once nothing focused wanted the key (bubble
    /// phase). The leaflet's own Alt+Left works only with the focus inside it.
    private func backKeys() -> SignalConnection {
        let keys = gtk_event_controller_key_new()!
        let connection = Signals.onKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, state in
            let back = keyval == UInt32(GDK_KEY_Escape) || (keyval == UInt32(GDK_KEY_Left) && state & GDK_ALT_MASK.rawValue != 0)
            guard let self, back, isNarrow, isShowingDetail else { return false }
            coordinator?.closeDetail()
            return true
        }
        gtk_widget_add_controller(window.pointer, keys)
        return connection
    }

    var rateLimitSummary: () -> String = { "" }

    /// Folded (narrow), one pane at a time: the list, or the detail with a Back button.
    func updateLayout() {
        isNarrow = leaflet.isFolded
        let showingDetail = isShowingDetail
        if isNarrow { leaflet.show(showingDetail ? detailStack : sidebar) }
        backButton.setVisible(isNarrow && showingDetail)
        tabSwitcher.setVisible(!(isNarrow && showingDetail))
    }

    private func saveSize() {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        stateStore.save(WindowState(width: Int(width), height: Int(height), isMaximized: gtk_window_is_maximized(gtkWindow) != 0))
    }

    /// Makes the Preferences window (the application wires its model).
    var makePreferences: (() -> PreferencesView?)?
    var preferencesView: PreferencesView?

    /// Removes the views of one server's session (Search, Favorites, the detail) before the
    /// session on another server shows its own.
    func removeSessionViews() {
        searchView?.entry.captureKeys(from: nil)
        sidebar.removeNamed("search")
        sidebar.removeNamed("favorites")
        sidebar.removeNamed("whats-new")
        detailStack.removeNamed("detail")
        searchView = nil
        favoritesView = nil
        favoritesViewModel = nil
        whatsNewView = nil
        whatsNewViewModel = nil
        detailView = nil
        repositoryDetailView = nil
    }

    /// The windows kept (hidden) above this one let go of it first, while it is still there:
    /// released after it (stored properties go in order), each would be left transient for a
    /// freed parent, which GLib reports as criticals.
    isolated deinit {
        for kept in [preferencesView?.window, helpOverlay, signInDialog?.window].compactMap({ $0 }) {
            gtk_window_set_transient_for(kept.gtkWindow, nil)
            kept.destroy()
        }
    }

    var helpOverlay: Window?
}
