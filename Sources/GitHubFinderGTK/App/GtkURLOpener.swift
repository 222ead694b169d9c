import CGtk
import CGtkSupport
import Foundation
import GitHubFinderCore

private final class OpenRequest: Sendable {
    let continuation: CheckedContinuation<String?, Never>
    init(_ continuation: CheckedContinuation<String?, Never>) { self.continuation = continuation }
}

private func uriOpened(_ message: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let request = Unmanaged<OpenRequest>.fromOpaque(data!).takeRetainedValue()
    request.continuation.resume(returning: message.map { String(cString: $0) })
}

/// Opens URLs with the desktop's default handler through `gtk_show_uri_full` (GTK 4.8).
@MainActor
public final class GtkURLOpener: URLOpener {
    private let parent: () -> UnsafeMutablePointer<GtkWindow>?

    init(parent: @escaping () -> UnsafeMutablePointer<GtkWindow>?) {
        self.parent = parent
    }

    public func open(_ url: URL) async -> String? {
        await withCheckedContinuation { continuation in
            let request = Unmanaged.passRetained(OpenRequest(continuation)).toOpaque()
            ghf_show_uri(parent(), url.absoluteString, uriOpened, request)
        }
    }
}
