import Foundation
import GitHubFinderCore

/// The Sign In dialog: a token entry checked at once, or GitHub's device flow. Renders
/// `SignInViewModel.State`, forwards input.
@MainActor
final class SignInDialog {
    let window: Widget
    let tokenEntry = Widget.passwordEntry(widthChars: 40)
    let signInButton = Widget.button(label: tr("Sign In"), classes: ["suggested-action"])
    let deviceButton = Widget.button(label: tr("Sign in with GitHub…"))
    let cancelButton = Widget.button(label: tr("Cancel"))
    let continueButton = Widget.button(label: tr("Continue"), classes: ["suggested-action"])
    let status = Widget.label()
    let accountName = Widget.label(classes: ["heading"])
    let notice = Widget.label(classes: ["dim-label"])
    let userCode = Widget.label(classes: ["title-1"], xalign: 0.5)
    private let reason = Widget.label()
    private let spinner = Widget.idleSpinner()
    private let account = Widget.box(.horizontal, spacing: 12)
    private let avatar = Widget.picture(size: 48)
    private let devicePanel = Widget.box(.vertical, spacing: 8)
    private let openPageButton = Widget.button(label: tr("Open the GitHub Page Again"))
    private let viewModel: SignInViewModel
    private let avatars: AvatarTextures
    private var observation: StateObservation?
    private var closing = false

    init(viewModel: SignInViewModel, parent: Widget, avatars: AvatarTextures) {
        self.viewModel = viewModel
        self.avatars = avatars
        window = Widget.dialog(title: tr("Sign In to GitHub"), transientFor: parent, width: 460)
        window.setWindowChild(layout())
        window.setDefaultWidget(signInButton)
        connect()
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    func present() {
        window.presentWindow()
        tokenEntry.grabFocus()
    }

    func close() {
        closing = true
        window.destroyWindow()
    }

    private func layout() -> Widget {
        let content = Widget.box(.vertical, spacing: 12)
        content.setMargins(24)
        reason.setWrap()
        content.append(reason)
        let explanation = Widget.label(tr("Paste a personal access token. Signed in, GitHub allows far more requests (5,000 an hour instead of 60); the token is kept in your keyring."))
        explanation.setWrap()
        content.append(explanation)
        tokenEntry.setAccessibleLabel(tr("Personal access token"))
        let row = Widget.box(.horizontal, spacing: 8)
        tokenEntry.setExpand(horizontal: true)
        row.append(tokenEntry)
        row.append(signInButton)
        content.append(row)
        let statusRow = Widget.box(.horizontal, spacing: 8)
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
        devicePanel.append(.separator(.horizontal))
        devicePanel.append(deviceButton)
        let codeHint = Widget.label(tr("Enter this code on the GitHub page that opened in your browser:"), xalign: 0.5)
        codeHint.setWrap()
        devicePanel.append(codeHint)
        userCode.setSelectable()
        devicePanel.append(userCode)
        devicePanel.append(openPageButton)
        content.append(devicePanel)
        let buttons = Widget.box(.horizontal, spacing: 8)
        buttons.setAlign(horizontal: .end)
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
        cancelButton.setButtonLabel(state.isSignedIn ? tr("Close") : tr("Cancel"))
        var waiting = false
        switch state.phase {
        case .idle:
            status.setText("")
        case .validating:
            status.setText(tr("Checking with GitHub…"))
        case .failed(let message):
            status.setText(message)
        case .waitingForApproval(let code, _):
            userCode.setText(code)
            status.setText(tr("Waiting for you to approve on GitHub…"))
            waiting = true
        case .signedIn(let login, let avatarURL):
            status.setText("")
            accountName.setText(tr("Signed in as {login}", ["login": login]))
            let picture = avatar
            if let texture = avatars.texture(for: avatarURL, pixelSize: 48 * picture.scaleFactor, completion: { picture.setTexture($0) }) { picture.setTexture(texture) }
            window.setDefaultWidget(continueButton)
            continueButton.grabFocus()
        }
        // Disabled only after Continue took the focus: GTK warns ("did not receive a focus-out
        // event") when a focused text field becomes insensitive.
        tokenEntry.setSensitive(!state.isSignedIn)
        status.setVisible(!status.text.isEmpty)
        account.setVisible(state.isSignedIn)
        let busy = state.phase == .validating || waiting
        spinner.setVisible(busy)
        spinner.setSpinning(busy)
        userCode.setVisible(waiting)
        openPageButton.setVisible(waiting)
        userCode.previousSibling?.setVisible(waiting)
        deviceButton.setSensitive(!busy && !state.isSignedIn)
    }
}
