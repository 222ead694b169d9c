import Foundation
import GitHubFinderCore

/// The servers of the Preferences window's "GitHub Server" group: one row each (a radio button
/// for the one in use, a remove button for an Enterprise server), rebuilt only when the list
/// itself changes; the entry that adds a server stays below them.
@MainActor
final class ServerListRows {
    private struct Shown {
        let url: URL
        let row: ActionRow
        let radio: CheckButton
        let connections: [SignalConnection]
    }

    private let group: PreferencesGroup
    private var shown: [Shown] = []
    private var listed: [PreferencesViewModel.ServerRow] = []
    private let choose: @MainActor (URL) -> Void
    private let remove: @MainActor (URL) -> Void

    init(group: PreferencesGroup, choose: @escaping @MainActor (URL) -> Void, remove: @escaping @MainActor (URL) -> Void) {
        self.group = group
        self.choose = choose
        self.remove = remove
    }

    /// The rows for `servers`; `isEditable` false when the command line chose the server.
    func render(_ servers: [PreferencesViewModel.ServerRow], isEditable: Bool) {
        let sameList = servers.map { [$0.url, $0.title, $0.canRemove] as [AnyHashable] } == listed.map { [$0.url, $0.title, $0.canRemove] as [AnyHashable] }
        if !sameList { rebuild(servers) }
        listed = servers
        for (server, shown) in zip(servers, shown) {
            shown.radio.setActive(server.isInUse)
            shown.row.setSensitive(isEditable)
        }
    }

    /// The row that shows `url` (for tests).
    func row(for url: URL) -> ActionRow? { shown.first { $0.url == url }?.row }

    private func rebuild(_ servers: [PreferencesViewModel.ServerRow]) {
        for old in shown { group.remove(old.row) }
        shown = []
        for server in servers {
            let row = ActionRow()
            row.setTitle(server.title)
            row.setSubtitle(server.subtitle)
            let radio = CheckButton()
            radio.setAlign(vertical: .center)
            if let first = shown.first { radio.join(first.radio) }
            radio.setActive(server.isInUse)
            row.addPrefix(radio)
            row.setActivatableWidget(radio)  // which also names the radio button after the row
            var connections = [radio.onToggled { [weak self, weak radio] in
                guard let self, let radio, radio.isActive else { return }
                choose(server.url)
            }]
            if server.canRemove {
                let name = PreferencesTexts.removeServer(server.title)
                let button = Button(icon: "user-trash-symbolic", classes: ["flat"])
                button.setAlign(vertical: .center)
                button.setAccessibleLabel(name)
                button.setTooltip(name + "\n" + PreferencesTexts.removeServerNote)
                connections.append(button.onClicked { [weak self] in self?.remove(server.url) })
                row.addSuffix(button)
            }
            group.add(row)
            shown.append(Shown(url: server.url, row: row, radio: radio, connections: connections))
        }
    }
}
