import CGtk
import Foundation
import GitHubFinderCore

/// Writes favorites' avatars as small PNG files (`AvatarFiles`) once they are shown, for GNOME
/// Shell's search results: each avatar once a session, over the file of an earlier one (GitHub
/// keeps an avatar's URL when its picture changes).
@MainActor
final class AvatarFileWriter {
    private let folder: URL
    /// The avatars written this session.
    private var known: Set<String> = []
    private var hasFolder = false

    init(folder: URL = AvatarFiles.folder()) {
        self.folder = folder
    }

    func keep(_ texture: Texture, for url: URL) {
        guard known.insert(url.absoluteString).inserted else { return }
        let file = AvatarFiles.file(for: url, in: folder)
        if !hasFolder {
            hasFolder = (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
        }
        // Under another name first: the search provider never reads half a file.
        let partial = file.path + ".part"
        if gdk_texture_save_to_png(texture.opaque, partial) != 0 {
            _ = rename(partial, file.path)
        } else {
            _ = unlink(partial)
        }
    }
}
