import CGtk
import CGtkSupport
import Foundation

/// Decodes image bytes off the main thread (`ghf_image_decode`): a README's images may be
/// megabytes of PNG, which would hold the window for many frames.
enum ImageDecoder {
    /// The most pixels on a side an image may have.
    static let maximumSide: Int32 = 4_096

    /// A texture made on another thread: a GdkTexture is immutable once made.
    private struct Decoded: @unchecked Sendable {
        let texture: OpaquePointer
    }

    @MainActor
    static func texture(from data: Data) async -> Texture? {
        let decoded = await Task.detached(priority: .userInitiated) { () -> Decoded? in
            data.withUnsafeBytes { bytes in
                var message: UnsafeMutablePointer<CChar>?
                let texture = ghf_image_decode(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(bytes.count), maximumSide, &message)
                g_free(message)
                return texture.map(Decoded.init)
            }
        }.value
        return decoded.map { Texture(adopting: $0.texture) }
    }
}
