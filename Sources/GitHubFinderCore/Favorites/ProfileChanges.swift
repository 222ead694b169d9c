import Foundation
import GRDB

/// What changed in a favorite's profile since it was starred: from the counts and bio recorded
/// when its profile was first seen as a favorite, to the profile shown now.
public struct ProfileChanges: Equatable, Sendable {
    public var followers: Int
    public var publicRepositories: Int
    public var bioChanged: Bool
    /// When the first profile was recorded (the day it was starred, or first shown after).
    public var since: Date

    public var isEmpty: Bool { followers == 0 && publicRepositories == 0 && !bioChanged }

    /// "+120 followers · 3 new public repositories · bio changed", nil when nothing changed.
    public var summary: String? {
        var parts: [String] = []
        if followers != 0 {
            let count = (followers > 0 ? "+" : "−") + NumberText.integer(abs(followers))
            parts.append(trn("{count} follower", "{count} followers", abs(followers), ["count": count]))
        }
        if publicRepositories > 0 {
            parts.append(trn("{count} new public repository", "{count} new public repositories", publicRepositories,
                             ["count": NumberText.integer(publicRepositories)]))
        } else if publicRepositories < 0 {
            parts.append(trn("{count} public repository fewer", "{count} public repositories fewer", -publicRepositories,
                             ["count": NumberText.integer(-publicRepositories)]))
        }
        if bioChanged { parts.append(tr("bio changed")) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

extension AppDatabase {
    /// The "v5.profileBaselines" migration: for each favorite, its profile's counts and bio the
    /// first time they were seen as a favorite, and the last time. Deleted with the favorite.
    static func createProfileBaselines(_ db: Database) throws {
        try db.create(table: "favorite_profile") { table in
            table.primaryKey("favoriteID", .integer).references(PersonFavorite.databaseTableName, onDelete: .cascade)
            table.column("starredFollowers", .integer).notNull()
            table.column("starredRepositories", .integer).notNull()
            table.column("starredBio", .text)
            table.column("starredAt", .datetime).notNull()
            table.column("seenFollowers", .integer).notNull()
            table.column("seenRepositories", .integer).notNull()
            table.column("seenBio", .text)
            table.column("seenAt", .datetime).notNull()
        }
    }

    /// Records `profile` as seen for its favorite: the first time, as the baseline too. Returns
    /// what changed since the baseline; nil when the user is not a favorite (nothing recorded).
    /// Writes only when the profile differs from the one last seen, or a day has passed.
    @discardableResult
    public func recordFavoriteProfile(_ profile: UserProfile, at date: Date = Date()) throws(FavoritesStoreError) -> ProfileChanges? {
        try write { db in
            guard try PersonFavorite.exists(db, id: profile.id) else { return nil }
            let bio = profile.bio.flatMap { $0.isEmpty ? nil : $0 }
            guard let row = try Row.fetchOne(db, sql: """
                SELECT starredFollowers, starredRepositories, starredBio, starredAt, seenFollowers, seenRepositories, seenBio, seenAt
                FROM favorite_profile WHERE favoriteID = ?
                """, arguments: [profile.id]) else {
                try db.execute(sql: """
                    INSERT INTO favorite_profile (favoriteID, starredFollowers, starredRepositories, starredBio, starredAt,
                                                  seenFollowers, seenRepositories, seenBio, seenAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [profile.id, profile.followers, profile.publicRepositories, bio, date,
                                     profile.followers, profile.publicRepositories, bio, date])
                return ProfileChanges(followers: 0, publicRepositories: 0, bioChanged: false, since: date)
            }
            let seenChanged = row[4] as Int != profile.followers || row[5] as Int != profile.publicRepositories || row[6] as String? != bio
            if seenChanged || date.timeIntervalSince(row[7] as Date) > 86_400 {
                try db.execute(sql: "UPDATE favorite_profile SET seenFollowers = ?, seenRepositories = ?, seenBio = ?, seenAt = ? WHERE favoriteID = ?",
                               arguments: [profile.followers, profile.publicRepositories, bio, date, profile.id])
            }
            return ProfileChanges(followers: profile.followers - (row[0] as Int), publicRepositories: profile.publicRepositories - (row[1] as Int),
                                  bioChanged: (row[2] as String?) != bio, since: row[3])
        }
    }
}
