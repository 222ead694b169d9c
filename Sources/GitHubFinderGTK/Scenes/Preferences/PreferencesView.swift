import Foundation
import GitHubFinderCore

/// The Preferences window's servers, sign-in, account and cache groups. Renders
/// `PreferencesViewModel`; the style rows act on `app.style` directly. Built once, kept while
/// the app runs (hidden on close).
@MainActor
final class PreferencesView {
    let window: Window
    private let viewModel: PreferencesViewModel
    /// The `.ui` file's objects; the style rows act on `app.style` by themselves.
    let builder = Builder("preferences.ui")
    let serverGroup, clientIDGroup: PreferencesGroup
    let serverRow, clientIDRow: EntryRow
    let serverSpinner: Spinner
    /// The boxed list holding `serverRow` (none when the command line chose the server).
    private let addServerList: Widget
    let accountButton, clearCacheButton, clearHistoryButton: Button
    private(set) var serverList: ServerListRows!
    let accountRow, cacheRow, historyRow, shellGitHubRow: ActionRow
    let shellGitHubSwitch: Switch
    private var observation: StateObservation?
    private var connections: [SignalConnection] = []
    /// What's New's rows.
    private var news: NewsPreferencesGroup?
    /// Asks before signing out (an AdwMessageDialog above this window).
    private let confirm: @MainActor (Confirmation, _ confirmed: @escaping @MainActor () -> Void) -> Void

    init(viewModel: PreferencesViewModel, news: NewsPreferencesViewModel,
         confirm: @escaping @MainActor (Confirmation, _ confirmed: @escaping @MainActor () -> Void) -> Void) {
        self.viewModel = viewModel
        self.confirm = confirm
        window = builder.get("preferences_window")
        self.news = NewsPreferencesGroup(viewModel: news, builder: builder)
        serverGroup = builder.get("server_group")
        serverRow = builder.get("server_row")
        serverSpinner = builder.get("server_spinner")
        addServerList = builder.get("add_server_list")
        clientIDGroup = builder.get("client_id_group")
        clientIDRow = builder.get("client_id_row")
        accountRow = builder.get("account_row")
        accountButton = builder.get("account_button")
        cacheRow = builder.get("cache_row")
        clearCacheButton = builder.get("clear_cache_button")
        historyRow = builder.get("history_row")
        shellGitHubRow = builder.get("shell_github_row")
        shellGitHubSwitch = builder.get("shell_github_switch")
        shellGitHubRow.setTitle(PreferencesTexts.shellSearchGitHub)
        shellGitHubRow.setSubtitle(PreferencesTexts.shellSearchGitHubNote)
        clearHistoryButton = builder.get("clear_history_button")
        clearHistoryButton.setLabel(PreferencesTexts.clearCache)
        clearHistoryButton.setAccessibleLabel(SearchHistoryTexts.clearTitle)
        serverList = ServerListRows(group: serverGroup, choose: { [weak viewModel] in viewModel?.send(.chooseServer($0)) },
                                    remove: { [weak viewModel] in viewModel?.send(.removeServer($0)) })
        clearCacheButton.setLabel(PreferencesTexts.clearCache)
        connect()
        observation = StateObservation({ [viewModel] in Rendered(viewModel) }) { [weak self] in self?.render($0) }
    }

    /// Everything the window shows, read in one place so one observation covers it.
    private struct Rendered: Equatable {
        var server, clientID: PreferencesViewModel.Field
        var servers: [PreferencesViewModel.ServerRow]
        var accountTitle, accountNote, cacheSummary, historySummary: String
        var accountButton: PreferencesViewModel.AccountButton
        var canClearCache, canClearHistory, shellSearchAsksGitHub: Bool

        @MainActor init(_ model: PreferencesViewModel) {
            server = model.server
            servers = model.servers
            clientID = model.clientID
            accountTitle = model.accountTitle
            accountNote = model.accountNote
            accountButton = model.accountButton
            cacheSummary = model.cacheSummary
            canClearCache = model.canClearCache
            historySummary = model.historySummary
            canClearHistory = model.canClearHistory
            shellSearchAsksGitHub = model.shellSearchAsksGitHub
        }
    }

    private func connect() {
        connections = [
            serverRow.onChanged { [weak self] in
                guard let self, serverRow.text != viewModel.server.text else { return }
                viewModel.send(.editServer(serverRow.text))
            },
            serverRow.onApply { [weak self] in self?.viewModel.send(.applyServer) },
            clientIDRow.onChanged { [weak self] in
                guard let self, clientIDRow.text != viewModel.clientID.text else { return }
                viewModel.send(.editClientID(clientIDRow.text))
            },
            clientIDRow.onApply { [weak self] in self?.viewModel.send(.applyClientID) },
            clearCacheButton.onClicked { [weak self] in self?.viewModel.send(.clearCache) },
            clearHistoryButton.onClicked { [weak self] in self?.viewModel.send(.clearSearchHistory) },
            Signals.onNotify(shellGitHubSwitch.raw, "active") { [weak self] in
                guard let self else { return }
                viewModel.send(.setShellSearchAsksGitHub(shellGitHubSwitch.isActive))
            },
            accountButton.onClicked { [weak self] in
                guard let self else { return }
                switch viewModel.accountButton {
                case .signIn: viewModel.send(.signIn)
                case .signOut: confirm(PreferencesTexts.signOutQuestion) { [weak self] in self?.viewModel.send(.signOut) }
                case .none: break
                }
            },
        ]
    }

    private func render(_ state: Rendered) {
        render(state.server, row: serverRow, group: serverGroup)
        serverSpinner.setVisible(state.server.isChecking)
        serverSpinner.setSpinning(state.server.isChecking)
        serverList.render(state.servers, isEditable: state.server.isEditable)
        addServerList.setVisible(state.server.isEditable)
        render(state.clientID, row: clientIDRow, group: clientIDGroup)
        accountRow.setTitle(state.accountTitle)
        accountRow.setSubtitle(state.accountNote)
        accountButton.setVisible(state.accountButton != .none)
        accountButton.setLabel(state.accountButton == .signOut ? PreferencesTexts.signOut : PreferencesTexts.signIn)
        accountButton.setClass("destructive-action", state.accountButton == .signOut)
        cacheRow.setSubtitle(state.cacheSummary)
        clearCacheButton.setSensitive(state.canClearCache)
        historyRow.setSubtitle(state.historySummary)
        clearHistoryButton.setSensitive(state.canClearHistory)
        shellGitHubSwitch.setActive(state.shellSearchAsksGitHub)
    }

    private func render(_ field: PreferencesViewModel.Field, row: EntryRow, group: PreferencesGroup) {
        row.setText(field.text)
        // Editable while a check runs: typing again cancels it. (Made insensitive with the focus
        // in it, the row's text would never get its focus-out, and GTK warns.)
        row.setSensitive(field.isEditable)
        row.setClass("error", field.isError)
        group.setDescription(field.note)
    }

    /// Shows the window with the cache's size and the account as they are now.
    func present() {
        viewModel.send(.refresh)
        window.present()
    }
}
