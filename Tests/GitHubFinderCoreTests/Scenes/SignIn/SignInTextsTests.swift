import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("What the Sign In dialog says")
struct SignInTextsTests {
    private func state(_ phase: SignInViewModel.State.Phase) -> SignInViewModel.State {
        var state = SignInViewModel.State()
        state.phase = phase
        return state
    }

    @Test func theFixedTextsAreTheDialogs() {
        #expect(SignInTexts.title == "Sign In to GitHub")
        #expect(SignInTexts.tokenField == "Personal access token")
        #expect(SignInTexts.signIn == "Sign In")
        #expect(SignInTexts.deviceFlow == "Sign in with GitHub…")
        #expect(SignInTexts.continueTitle == "Continue")
        #expect(SignInTexts.openPageAgain == "Open the GitHub Page Again")
        #expect(SignInTexts.codeHint.hasPrefix("Enter this code on the GitHub page"))
        #expect(SignInTexts.explanation.contains("5,000 an hour instead of 60"))
    }

    @Test func theStatusLineSaysWhatIsHappening() {
        #expect(state(.idle).status == "")
        #expect(state(.validating).status == "Checking with GitHub…")
        #expect(state(.failed(message: "GitHub did not accept this token.")).status == "GitHub did not accept this token.")
        #expect(state(.waitingForApproval(userCode: "WDJB-MJHT", verificationURI: URL(string: "https://github.com/login/device")!)).status
            == "Waiting for you to approve on GitHub…")
        #expect(state(.signedIn(login: "octocat", avatarURL: nil)).status == "", "the account line says it instead")
    }

    @Test func signedInTheDialogNamesTheAccountAndOffersToClose() {
        let signedIn = state(.signedIn(login: "octocat", avatarURL: nil))
        #expect(signedIn.account == "Signed in as octocat")
        #expect(signedIn.dismissTitle == "Close")
        #expect(state(.validating).account == nil)
        #expect(state(.idle).dismissTitle == "Cancel")
    }
}
