import Foundation
import GitHubFinderCore

/// The "Following" badge on the people rows of one list: shown on the rows of whom the
/// signed-in account follows (`FollowedPeople`), and the list bound again when that changes.
@MainActor
final class FollowingBadges {
    private let followed: FollowedPeople?
    private var observation: StateObservation?

    init<Row>(_ followed: FollowedPeople?, list: ListView<Row>) {
        self.followed = followed
        guard let followed else { return }
        observation = StateObservation({ followed.ids }) { [weak list] _ in list?.rebind() }
    }

    /// Puts the badge on `row` (a person's) or takes it off.
    func show(on row: AnyObject, id: Int64) {
        (row as? PersonRowWidget)?.setFollowing(followed?.contains(id) == true)
    }
}
