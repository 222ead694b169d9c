import Foundation
import GitHubFinderCore

/// The Sign In dialog: a token entry checked at once, or GitHub's device flow. Renders
/// `SignInViewModel.State`, forwards input.
@MainActor
final class SignInDialog {
    let window: Window
    let tokenEntry = PasswordEntry(widthChars: 40)
    let signInButton = Button(label: SignInTexts.signIn, classes: ["suggested-action"])
    let deviceButton = Button(label: SignInTexts.deviceFlow)
    let cancelButton = Button()
    let continueButton = Button(label: SignInTexts.continueTitle, classes: ["suggested-action"])
    let status = Label()
    let accountName = Label(classes: ["heading"])
    let notice = Label(classes: ["dim-label"])
    let userCode = Label(classes: ["title-1"], xalign: 0.5)
    private let reason = Label()
    private let spinner = Spinner()
    private let account = Box(.horizontal, spacing: 12)
    private let avatar = Avatar(size: 48)
    private let devicePanel = Box(.vertical, spacing: 8)
    private let codeHint = Label(SignInTexts.codeHint, xalign: 0.5)
    private let openPageButton = Button(label: SignInTexts.openPageAgain)
    private let viewModel: SignInViewModel
    private let avatars: AvatarTextures
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?
    private var closing = false

    init(viewModel: SignInViewModel, parent: Window, avatars: AvatarTextures) {
        self.viewModel = viewModel
        self.avatars = avatars
        window = Window.dialog(title: SignInTexts.title, transientFor: parent, width: 460)
        window.setChild(layout())
        window.setDefaultWidget(signInButton)
        connect()
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    func present() {
        window.present()
        tokenEntry.grabFocus()
    }

    func close() {
        closing = true
        window.destroy()
    }

    private func layout() -> Widget {
        let content = Box(.vertical, spacing: 12)
        content.setMargins(24)
        reason.setWrap()
        content.append(reason)
        let explanation = Label(SignInTexts.explanation)
        explanation.setWrap()
        content.append(explanation)
        tokenEntry.setAccessibleLabel(SignInTexts.tokenField)
        let row = Box(.horizontal, spacing: 8)
        tokenEntry.setExpand(horizontal: true)
        row.append(tokenEntry)
        row.append(signInButton)
        content.append(row)
        let statusRow = Box(.horizontal, spacing: 8)
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
        devicePanel.append(Separator(.horizontal))
        devicePanel.append(deviceButton)
        codeHint.setWrap()
        devicePanel.append(codeHint)
        userCode.setSelectable()
        devicePanel.append(userCode)
        devicePanel.append(openPageButton)
        content.append(devicePanel)
        let buttons = Box(.horizontal, spacing: 8)
        buttons.setAlign(horizontal: .end)
        buttons.append(cancelButton)
        buttons.append(continueButton)
        content.append(buttons)
        return content
    }

    private func connect() {
        connections = [
            tokenEntry.onChanged { [weak self] in
                guard let self else { return }
                viewModel.send(.tokenChanged(tokenEntry.text))
            },
            tokenEntry.onActivate { [weak self] in self?.viewModel.send(.submitToken) },
            signInButton.onClicked { [weak self] in self?.viewModel.send(.submitToken) },
            deviceButton.onClicked { [weak self] in self?.viewModel.send(.startDeviceFlow) },
            openPageButton.onClicked { [weak self] in self?.viewModel.send(.openVerificationPage) },
            cancelButton.onClicked { [weak self] in self?.viewModel.send(.cancel) },
            continueButton.onClicked { [weak self] in self?.viewModel.send(.done) },
            window.onCloseRequest { [weak self] in
                guard let self, !closing else { return false }
                viewModel.send(.cancel)
                return true
            },
        ]
    }

    private func render(_ state: SignInViewModel.State) {
        reason.show(state.reason)
        signInButton.setSensitive(state.canSubmit)
        deviceButton.setVisible(state.isDeviceFlowAvailable)
        devicePanel.setVisible(state.isDeviceFlowAvailable)
        notice.show(state.notice)
        continueButton.setVisible(state.isSignedIn)
        cancelButton.setLabel(state.dismissTitle)
        status.setText(state.status)
        var waiting = false
        switch state.phase {
        case .idle, .validating, .failed:
            break
        case .waitingForApproval(let code, _):
            userCode.setText(code)
            waiting = true
        case .signedIn(let login, let avatarURL):
            accountName.setText(state.account ?? "")
            let picture = avatar
            picture.setText(login)
            if let texture = avatars.texture(for: avatarURL, pixelSize: 48 * picture.scaleFactor, completion: { picture.setImage($0) }) { picture.setImage(texture) }
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
        codeHint.setVisible(waiting)
        deviceButton.setSensitive(!busy && !state.isSignedIn)
    }
}
