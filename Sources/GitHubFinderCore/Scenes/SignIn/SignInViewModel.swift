import Foundation
import Observation

/// The Sign In dialog: a personal access token checked at once with `GET /user`, or — when an
/// OAuth app is configured — the device flow.
@MainActor @Observable
public final class SignInViewModel {
    public enum Input: Equatable, Sendable {
        case tokenChanged(String)
        case submitToken
        case startDeviceFlow
        /// Open the verification page again.
        case openVerificationPage
        /// Close after a successful sign-in ("Continue").
        case done
        case cancel
    }

    public struct State: Equatable, Sendable {
        public enum Phase: Equatable, Sendable {
            case idle
            case validating
            case failed(message: String)
            /// The user types `userCode` at `verificationURI`; polling runs meanwhile.
            case waitingForApproval(userCode: String, verificationURI: URL)
            case signedIn(login: String, avatarURL: URL?)
        }

        public var token = ""
        public var phase: Phase = .idle
        public var isDeviceFlowAvailable = false
        /// Why the dialog opened (GitHub stopped accepting the previous token…).
        public var reason: String?
        /// E.g. no keyring: the token lasts for this session only.
        public var notice: String?

        public var canSubmit: Bool {
            !token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && phase != .validating && !isSignedIn
        }
        public var isSignedIn: Bool { if case .signedIn = phase { true } else { false } }
    }

    public struct Actions {
        /// The dialog is done; true when the user is now signed in.
        public var finished: @MainActor (Bool) -> Void
        public var openURL: @MainActor (URL) -> Void

        public init(finished: @escaping @MainActor (Bool) -> Void, openURL: @escaping @MainActor (URL) -> Void) {
            self.finished = finished
            self.openURL = openURL
        }
    }

    public internal(set) var state = State()

    @ObservationIgnored private let authenticator: Authenticator
    @ObservationIgnored private let deviceFlow: DeviceFlowClient?
    @ObservationIgnored private let actions: Actions
    @ObservationIgnored private var task: Task<Void, Never>?

    /// What the device flow asks GitHub for, space-separated: `public_repo` lets the app star
    /// repositories for the user (GitHub's scopes for OAuth apps: "Also required for starring"),
    /// `user:follow` lets it follow and unfollow people — and nothing more.
    public static let requestedScopes = "public_repo user:follow"

    public init(authenticator: Authenticator, deviceFlow: DeviceFlowClient?, reason: String?, actions: Actions) {
        self.authenticator = authenticator
        self.deviceFlow = deviceFlow
        self.actions = actions
        state.isDeviceFlowAvailable = deviceFlow != nil
        state.reason = reason
        state.notice = authenticator.keyringProblem
    }

    isolated deinit {
        task?.cancel()
    }

    public func send(_ input: Input) {
        switch input {
        case .tokenChanged(let token):
            state.token = token
            if case .failed = state.phase { state.phase = .idle }
        case .submitToken:
            guard state.canSubmit else { return }
            let token = state.token
            run { viewModel throws(GitHubError) in try await viewModel.signIn(with: token) }
        case .startDeviceFlow:
            guard let deviceFlow, !state.isSignedIn else { return }
            run { viewModel throws(GitHubError) in try await viewModel.signInWithDevice(deviceFlow) }
        case .openVerificationPage:
            if case .waitingForApproval(_, let uri) = state.phase { actions.openURL(uri) }
        case .done:
            actions.finished(state.isSignedIn)
        case .cancel:
            task?.cancel()
            actions.finished(state.isSignedIn)
        }
    }

    private func run(_ work: @escaping @MainActor (SignInViewModel) async throws(GitHubError) -> Void) {
        task?.cancel()
        state.phase = .validating
        task = Task { [weak self] in
            guard let self else { return }
            do throws(GitHubError) {
                try await work(self)
            } catch .cancelled {
                if state.phase == .validating { state.phase = .idle }
            } catch .unauthorized {
                state.phase = .failed(message: tr("GitHub did not accept this token. Check that it was copied whole and has not expired."))
            } catch {
                state.phase = .failed(message: error.localizedDescription)
            }
        }
    }

    private func signIn(with token: String) async throws(GitHubError) {
        let profile = try await authenticator.validate(token)
        guard !Task.isCancelled else { return }
        await authenticator.signIn(token: token, profile: profile)
        state.notice = authenticator.keyringProblem
        state.phase = .signedIn(login: profile.login, avatarURL: profile.avatarURL)
    }

    private func signInWithDevice(_ deviceFlow: DeviceFlowClient) async throws(GitHubError) {
        let token: String
        do throws(DeviceFlowError) {
            let authorization = try await deviceFlow.start(scope: Self.requestedScopes)
            state.phase = .waitingForApproval(userCode: authorization.userCode, verificationURI: authorization.verificationURI)
            actions.openURL(authorization.verificationURI)
            token = try await deviceFlow.token(for: authorization)
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .network(let error): throw error
            case .expired: state.phase = .failed(message: tr("The code expired before it was entered. Start again to get a new one."))
            case .denied: state.phase = .failed(message: tr("Sign-in was cancelled on GitHub."))
            case .disabled: state.phase = .failed(message: tr("This app is not allowed to use GitHub's device sign-in. Use a personal access token."))
            case .failed(let message): state.phase = .failed(message: tr("GitHub refused the sign-in: {reason}", ["reason": message]))
            }
            return
        }
        try await signIn(with: token)
    }
}
