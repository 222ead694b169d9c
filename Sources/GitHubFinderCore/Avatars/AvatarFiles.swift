import Foundation

/// Favorites' avatars kept on disk as small PNG files, so GNOME Shell's search can show them
/// as its results' icons without any request: the window writes one when it shows a favorite's
/// avatar, the search provider names it in a result's meta. One file per avatar URL (the
/// favorite's snapshot's), in `$XDG_CACHE_HOME/io.github.githubfinder.GitHubFinder/avatars`.
public enum AvatarFiles {
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectory.cache.folder(environment: environment).appendingPathComponent("avatars", isDirectory: true)
    }

    /// The file for `url` in `folder` (written or not): a 64-bit FNV-1a hash of the URL.
    public static func file(for url: URL, in folder: URL) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let name = String(hash, radix: 16)
        return folder.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".png")
    }

    /// The file for `url` when one was written; nil otherwise.
    public static func existingFile(for url: URL?, in folder: URL) -> URL? {
        guard let url else { return nil }
        let file = file(for: url, in: folder)
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
}
