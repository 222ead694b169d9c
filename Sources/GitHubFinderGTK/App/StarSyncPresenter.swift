import CGtk
import Foundation
import GitHubFinderCore

/// Shows what the repository star sync has to say: each refusal as a toast (GitHub's message,
/// the star already rolled back), and the first sign-in's question in a dialog. Its progress is
/// shown by the Favorites tab (`FavoritesTabViewModel.repositoriesProgress`). When the network
/// comes back (GNetworkMonitor), star changes waiting in the outbox are sent at once rather than
/// at the next retry.
@MainActor
final class StarSyncPresenter {
    private let starSync: StarSync
    private var observation: StateObservation?
    private var askedOffer: StarSyncOffer?
    private var networkChanges: SignalConnection?

    init(starSync: StarSync, window: MainWindow) {
        self.starSync = starSync
        observation = StateObservation({ [starSync] in (starSync.problems, starSync.offer, starSync.incompleteList) }) { [weak self, weak window] problems, offer, incompleteList in
            guard let self, let window else { return }
            for problem in problems {
                window.showToast(Toast(message: problem.message))
                starSync.dismiss(problem)
            }
            if let incompleteList {
                window.showToast(Toast(message: incompleteList))
                starSync.dismissIncompleteList()
            }
            if let offer, offer != askedOffer {
                askedOffer = offer
                ask(offer, over: window)
            }
        }
        if let monitor = g_network_monitor_get_default() {
            networkChanges = Signals.onIndex(UnsafeMutableRawPointer(monitor), "network-changed") { [starSync] available in
                if available != 0 { Task { await starSync.send() } }
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
