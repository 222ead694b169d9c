import Foundation
import GitHubFinderCore

/// A detail pane's bell: "Notify me about new releases" (or "… new repositories"), a toggle
/// shown while the repository or person is a favorite. Renders `NewsWatchViewModel`.
@MainActor
final class NewsBell {
    let button = ToggleButton(icon: "preferences-system-notifications-symbolic", classes: ["circular"])
    private let viewModel: NewsWatchViewModel
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?

    init(viewModel: NewsWatchViewModel, in slot: Box) {
        self.viewModel = viewModel
        button.setAccessibleLabel(viewModel.label)
        button.setAlign(vertical: .center)
        slot.append(button)
        connections = [
            button.onToggled { [weak self] in
                guard let self, button.isActive != (viewModel.isOn || viewModel.isCoveredByWatchAll) else { return }
                viewModel.toggle()
            },
        ]
        observation = StateObservation({ [viewModel] in (viewModel.isAvailable, viewModel.isOn, viewModel.lockedReason) }) { [weak self, slot] available, isOn, locked in
            guard let self else { return }
            slot.setVisible(available)
            button.setActive(isOn || locked != nil)
            button.setSensitive(locked == nil)
            button.setTooltip(locked ?? viewModel.label)
        }
    }
}
