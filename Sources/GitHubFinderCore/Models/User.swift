import Foundation

/// GitHub's numeric account id: stable across renames, so it is what identifies a user everywhere.
public typealias UserID = Int64

/// The kind of GitHub account, from the API's `type` field.
public enum AccountType: String, Sendable, Hashable, Codable {
    case user = "User"
    case organization = "Organization"
    case bot = "Bot"

    /// Maps GitHub's `type` string; anything unknown is treated as a personal account.
    public init(apiValue: String?) {
        self = apiValue.flatMap(AccountType.init(rawValue:)) ?? .user
    }
}

/// A user as it appears in search results: enough to draw a row and to open the profile.
public struct User: Sendable, Hashable, Identifiable {
    public var id: UserID
    public var login: String
    public var avatarURL: URL?
    public var profileURL: URL?
    public var type: AccountType

    public init(id: UserID, login: String, avatarURL: URL?, profileURL: URL?, type: AccountType) {
        self.id = id
        self.login = login
        self.avatarURL = avatarURL
        self.profileURL = profileURL
        self.type = type
    }
}
