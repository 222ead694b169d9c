import Foundation
import GitHubFinderCore

/// The Preferences window's server, sign-in, account and cache groups. Renders
/// `PreferencesViewModel`; the style rows act on `app.style` directly. Built once, kept while
/// the app runs (hidden on close).
@MainActor
final class PreferencesView {
    let window: Widget
    private let viewModel: PreferencesViewModel
    /// Owns the objects of the `.ui` file.
    let builder = Builder("preferences.ui")
    let serverGroup, serverRow, serverSpinner, serverReset: Widget
    let clientIDGroup, clientIDRow: Widget
    let accountRow, accountButton: Widget
    let cacheRow, clearCacheButton: Widget
    private var observation: StateObservation?
    /// Asks before signing out (an AdwMessageDialog above this window).
    private let confirm: @MainActor (Confirmation, _ confirmed: @escaping @MainActor () -> Void) -> Void

    init(viewModel: PreferencesViewModel, confirm: @escaping @MainActor (Confirmation, _ confirmed: @escaping @MainActor () -> Void) -> Void) {
        self.viewModel = viewModel
        self.confirm = confirm
        window = builder.widget("preferences_window")
        serverGroup = builder.widget("server_group")
        serverRow = builder.widget("server_row")
        serverSpinner = builder.widget("server_spinner")
        serverReset = builder.widget("server_reset_button")
        clientIDGroup = builder.widget("client_id_group")
        clientIDRow = builder.widget("client_id_row")
        accountRow = builder.widget("account_row")
        accountButton = builder.widget("account_button")
        cacheRow = builder.widget("cache_row")
        clearCacheButton = builder.widget("clear_cache_button")
        serverReset.setTooltip(PreferencesTexts.resetServer)
        serverReset.setAccessibleLabel(PreferencesTexts.resetServer)
        clearCacheButton.setButtonLabel(PreferencesTexts.clearCache)
        connect()
        observation = StateObservation({ [viewModel] in Rendered(viewModel) }) { [weak self] in self?.render($0) }
    }

    /// Everything the window shows, read in one place so one observation covers it.
    private struct Rendered: Equatable {
        var server, clientID: PreferencesViewModel.Field
        var accountTitle, accountNote, cacheSummary: String
        var accountButton: PreferencesViewModel.AccountButton
        var canClearCache: Bool

        @MainActor init(_ model: PreferencesViewModel) {
            server = model.server
            clientID = model.clientID
            accountTitle = model.accountTitle
            accountNote = model.accountNote
            accountButton = model.accountButton
            cacheSummary = model.cacheSummary
            canClearCache = model.canClearCache
        }
    }

    private func connect() {
        Signals.on(serverRow.raw, "changed") { [weak self] in
            guard let self, serverRow.entryText != viewModel.server.text else { return }
            viewModel.send(.editServer(serverRow.entryText))
        }
        Signals.on(serverRow.raw, "apply") { [weak self] in self?.viewModel.send(.applyServer) }
        serverReset.onClicked { [weak self] in self?.viewModel.send(.resetServer) }
        Signals.on(clientIDRow.raw, "changed") { [weak self] in
            guard let self, clientIDRow.entryText != viewModel.clientID.text else { return }
            viewModel.send(.editClientID(clientIDRow.entryText))
        }
        Signals.on(clientIDRow.raw, "apply") { [weak self] in self?.viewModel.send(.applyClientID) }
        clearCacheButton.onClicked { [weak self] in self?.viewModel.send(.clearCache) }
        accountButton.onClicked { [weak self] in
            guard let self else { return }
            switch viewModel.accountButton {
            case .signIn: viewModel.send(.signIn)
            case .signOut: confirm(PreferencesTexts.signOutQuestion) { [weak self] in self?.viewModel.send(.signOut) }
            case .none: break
            }
        }
    }

    private func render(_ state: Rendered) {
        render(state.server, row: serverRow, group: serverGroup)
        serverSpinner.setVisible(state.server.isChecking)
        serverSpinner.setSpinning(state.server.isChecking)
        serverReset.setVisible(state.server.canReset)
        render(state.clientID, row: clientIDRow, group: clientIDGroup)
        accountRow.setRowTitle(state.accountTitle)
        accountRow.setRowSubtitle(state.accountNote)
        accountButton.setVisible(state.accountButton != .none)
        accountButton.setButtonLabel(state.accountButton == .signOut ? PreferencesTexts.signOut : PreferencesTexts.signIn)
        accountButton.setClass("destructive-action", state.accountButton == .signOut)
        cacheRow.setRowSubtitle(state.cacheSummary)
        clearCacheButton.setSensitive(state.canClearCache)
    }

    private func render(_ field: PreferencesViewModel.Field, row: Widget, group: Widget) {
        row.setEntryText(field.text)
        // Editable while a check runs: typing again cancels it. (Made insensitive with the focus
        // in it, the row's text printed a GTK warning: it never received its focus-out.)
        row.setSensitive(field.isEditable)
        row.setClass("error", field.isError)
        group.setGroupDescription(field.note)
    }

    /// Shows the window with the cache's size and the account as they are now.
    func present() {
        viewModel.send(.refresh)
        window.presentWindow()
    }
}
