import Foundation

/// The full profile shown in the detail pane (`GET /users/{login}`).
public struct UserProfile: Sendable, Hashable, Identifiable {
    public var id: UserID
    public var login: String
    public var name: String?
    public var avatarURL: URL?
    public var profileURL: URL?
    public var type: AccountType
    public var bio: String?
    public var company: String?
    public var location: String?
    /// The blog field as typed by the user: often without a scheme, so it is kept verbatim.
    public var blog: String?
    public var followers: Int
    public var following: Int
    public var publicRepositories: Int
    public var memberSince: Date?

    public init(
        id: UserID, login: String, name: String?, avatarURL: URL?, profileURL: URL?,
        type: AccountType, bio: String?, company: String?, location: String?, blog: String?,
        followers: Int, following: Int, publicRepositories: Int, memberSince: Date?
    ) {
        self.id = id
        self.login = login
        self.name = name
        self.avatarURL = avatarURL
        self.profileURL = profileURL
        self.type = type
        self.bio = bio
        self.company = company
        self.location = location
        self.blog = blog
        self.followers = followers
        self.following = following
        self.publicRepositories = publicRepositories
        self.memberSince = memberSince
    }

    /// The search-result view of this profile.
    public var user: User {
        User(id: id, login: login, avatarURL: avatarURL, profileURL: profileURL, type: type)
    }
}
