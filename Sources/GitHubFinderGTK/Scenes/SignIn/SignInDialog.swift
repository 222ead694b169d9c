import CGtk
import Foundation
import GitHubFinderCore

/// The Sign In dialog: a token entry checked at once, or GitHub's device flow. Renders
/// `SignInViewModel.State`, forwards input.
@MainActor
final class SignInDialog {
    let window: Widget
    let tokenEntry = Widget(gtk_password_entry_new())
    let signInButton = Widget.button(label: "Sign In", classes: ["suggested-action"])
    let deviceButton = Widget.button(label: "Sign in with GitHub…")
    let cancelButton = Widget.button(label: "Cancel")
    let continueButton = Widget.button(label: "Continue", classes: ["suggested-action"])
    let status = Widget.label()
    let accountName = Widget.label(classes: ["heading"])
    let notice = Widget.label(classes: ["dim-label"])
    let userCode = Widget.label(classes: ["title-1"], xalign: 0.5)
    private let reason = Widget.label()
    private let spinner = Widget(gtk_spinner_new())
    private let account = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    private let avatar = Widget.picture(size: 48)
    private let devicePanel = Widget.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    private let openPageButton = Widget.button(label: "Open the GitHub Page Again")
    private let viewModel: SignInViewModel
    private let avatars: AvatarTextures
    private var observation: StateObservation?
    private var closing = false

    init(viewModel: SignInViewModel, parent: UnsafeMutablePointer<GtkWindow>, avatars: AvatarTextures) {
        self.viewModel = viewModel
        self.avatars = avatars
        window = Widget(gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = window.cast()
        gtk_window_set_title(gtkWindow, "Sign In to GitHub")
        gtk_window_set_titlebar(gtkWindow, gtk_header_bar_new())
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_transient_for(gtkWindow, parent)
        gtk_window_set_default_size(gtkWindow, 460, -1)
        gtk_window_set_resizable(gtkWindow, 0)
        gtk_window_set_child(gtkWindow, layout().pointer)
        gtk_window_set_default_widget(gtkWindow, signInButton.pointer)
        connect()
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    func present() {
        gtk_window_present(window.cast())
        tokenEntry.grabFocus()
    }

    func close() {
        closing = true
        gtk_window_destroy(window.cast())
    }

    private func layout() -> Widget {
        let content = Widget.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        content.setMargins(24)
        reason.setWrap()
        content.append(reason)
        let explanation = Widget.label("Paste a personal access token. Signed in, GitHub allows far more requests (5,000 an hour instead of 60); the token is kept in your keyring.")
        explanation.setWrap()
        content.append(explanation)
        gtk_password_entry_set_show_peek_icon(tokenEntry.opaque, 1)
        gtk_editable_set_width_chars(tokenEntry.opaque, 40)
        tokenEntry.setAccessibleLabel("Personal access token")
        let row = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        tokenEntry.setExpand(horizontal: true)
        row.append(tokenEntry)
        row.append(signInButton)
        content.append(row)
        let statusRow = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        statusRow.append(spinner)
        status.setWrap()
        statusRow.append(status)
        content.append(statusRow)
        avatar.hideFromAccessibility()
        account.append(avatar)
        account.append(accountName)
        content.append(account)
        notice.setWrap()
        content.append(notice)
        devicePanel.append(Widget(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)))
        devicePanel.append(deviceButton)
        let codeHint = Widget.label("Enter this code on the GitHub page that opened in your browser:", xalign: 0.5)
        codeHint.setWrap()
        devicePanel.append(codeHint)
        userCode.setSelectable()
        devicePanel.append(userCode)
        devicePanel.append(openPageButton)
        content.append(devicePanel)
        let buttons = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        buttons.setAlign(horizontal: GTK_ALIGN_END)
        buttons.append(cancelButton)
        buttons.append(continueButton)
        content.append(buttons)
        return content
    }

    private func connect() {
        Signals.on(tokenEntry.raw, "changed") { [weak self] in
            guard let self else { return }
            viewModel.send(.tokenChanged(tokenEntry.entryText))
        }
        Signals.on(tokenEntry.raw, "activate") { [weak self] in self?.viewModel.send(.submitToken) }
        signInButton.onClicked { [weak self] in self?.viewModel.send(.submitToken) }
        deviceButton.onClicked { [weak self] in self?.viewModel.send(.startDeviceFlow) }
        openPageButton.onClicked { [weak self] in self?.viewModel.send(.openVerificationPage) }
        cancelButton.onClicked { [weak self] in self?.viewModel.send(.cancel) }
        continueButton.onClicked { [weak self] in self?.viewModel.send(.done) }
        Signals.onBool(window.raw, "close-request") { [weak self] in
            guard let self, !closing else { return false }
            viewModel.send(.cancel)
            return true
        }
    }

    private func render(_ state: SignInViewModel.State) {
        reason.setText(state.reason ?? "")
        reason.setVisible(state.reason != nil)
        signInButton.setSensitive(state.canSubmit)
        deviceButton.setVisible(state.isDeviceFlowAvailable)
        devicePanel.setVisible(state.isDeviceFlowAvailable)
        notice.setText(state.notice ?? "")
        notice.setVisible(state.notice != nil)
        continueButton.setVisible(state.isSignedIn)
        // Focus moves to Continue before the token entry is disabled: GTK warns ("did not
        // receive a focus-out event") when a focused text field becomes insensitive.
        if state.isSignedIn, let focus = gtk_window_get_focus(window.cast()), focus == tokenEntry.pointer || gtk_widget_is_ancestor(focus, tokenEntry.pointer) != 0 {
            gtk_widget_grab_focus(continueButton.pointer)
        }
        tokenEntry.setSensitive(!state.isSignedIn)
        cancelButton.setButtonLabel(state.isSignedIn ? "Close" : "Cancel")
        var waiting = false
        switch state.phase {
        case .idle:
            status.setText("")
        case .validating:
            status.setText("Checking with GitHub…")
        case .failed(let message):
            status.setText(message)
        case .waitingForApproval(let code, _):
            userCode.setText(code)
            status.setText("Waiting for you to approve on GitHub…")
            waiting = true
        case .signedIn(let login, let avatarURL):
            status.setText("")
            accountName.setText("Signed in as \(login)")
            let picture = avatar
            if let texture = avatars.texture(for: avatarURL, pixelSize: 96, completion: { picture.setTexture($0) }) { picture.setTexture(texture) }
            gtk_window_set_default_widget(window.cast(), continueButton.pointer)
            continueButton.grabFocus()
        }
        status.setVisible(!status.text.isEmpty)
        account.setVisible(state.isSignedIn)
        let busy = state.phase == .validating || waiting
        spinner.setVisible(busy)
        busy ? gtk_spinner_start(spinner.opaque) : gtk_spinner_stop(spinner.opaque)
        userCode.setVisible(waiting)
        openPageButton.setVisible(waiting)
        Widget(raw: UnsafeMutableRawPointer(gtk_widget_get_prev_sibling(userCode.pointer)!)).setVisible(waiting)
        deviceButton.setSensitive(!busy && !state.isSignedIn)
    }
}
