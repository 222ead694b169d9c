import Foundation
import GitHubFinderCore

/// Avatar textures by URL and pixel size: fetched once through the API client (which asks
/// GitHub for exactly that size and never sends credentials), decoded once, kept for reuse.
@MainActor
final class AvatarTextures {
    private let api: any GitHubAPI
    private let capacity: Int
    private var textures: [String: Texture] = [:]
    private var order: [String] = []
    private var waiting: [String: [@MainActor (Texture?) -> Void]] = [:]

    /// `capacity`: ten screens of rows; older textures are fetched again (GitHub caches them).
    init(api: any GitHubAPI, capacity: Int = 300) {
        self.api = api
        self.capacity = capacity
    }

    /// The texture now if cached; otherwise nil, and `completion` runs when it arrives.
    func texture(for url: URL?, pixelSize: Int, completion: @escaping @MainActor (Texture?) -> Void) -> Texture? {
        guard let url else { return nil }
        let key = "\(pixelSize)|\(url.absoluteString)"
        if let texture = textures[key] { return texture }
        if waiting[key] != nil {
            waiting[key]!.append(completion)
            return nil
        }
        waiting[key] = [completion]
        Task { [api] in
            let data = try? await api.avatar(url, pixelSize: pixelSize)
            let texture = data.flatMap { Texture(data: Array($0)) }
            if let texture { self.store(texture, for: key) }
            let callbacks = self.waiting.removeValue(forKey: key) ?? []
            callbacks.forEach { $0(texture) }
        }
        return nil
    }

    var count: Int { textures.count }

    private func store(_ texture: Texture, for key: String) {
        textures[key] = texture
        order.append(key)
        if order.count > capacity { textures[order.removeFirst()] = nil }
    }
}
