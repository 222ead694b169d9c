import Foundation
import GitHubFinderCore

/// Shows what the repository star sync has to say: each refusal as a toast (GitHub's message,
/// the star already rolled back), and the first sign-in's question in a dialog. Its progress is
/// shown by the Favorites tab (`FavoritesTabViewModel.repositoriesProgress`).
@MainActor
final class StarSyncPresenter {
    private let starSync: StarSync
    private var observation: StateObservation?
    private var askedOffer: StarSyncOffer?

    init(starSync: StarSync, window: MainWindow) {
        self.starSync = starSync
        observation = StateObservation({ [starSync] in (starSync.problems, starSync.offer) }) { [weak self, weak window] problems, offer in
            guard let self, let window else { return }
            for problem in problems {
                window.showToast(Toast(message: problem.message))
                starSync.dismiss(problem)
            }
            if let offer, offer != askedOffer {
                askedOffer = offer
                ask(offer, over: window)
            }
        }
    }

    private func ask(_ offer: StarSyncOffer, over window: MainWindow) {
        Dialogs.confirm(parent: window.gtkWindow, offer.confirmation, confirmed: { [starSync] in
            Task { await starSync.acceptOffer(offer) }
        }, declined: { [starSync] in
            starSync.declineOffer(offer)
        })
    }
}
