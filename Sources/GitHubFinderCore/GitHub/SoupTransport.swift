import CHTTP
import Foundation
import Synchronization

/// The live transport over libsoup 3, GNOME's HTTP library (CHTTP): its requests run on one
/// thread of their own, so no caller's thread ever waits on the network, a host name look-up
/// included. It never follows redirects itself, keeps no HTTP cache or cookies, uses the
/// desktop's proxy settings, and ends the request when the calling task is cancelled.
///
/// (Not URLSession: on Linux it loads libcurl and its ~25 libraries — OpenSSL, GnuTLS, Kerberos,
/// LDAP, SSH, RTMP… — with the first request, some 7 MB of resident memory.)
public final class SoupTransport: HTTPTransport, Sendable {
    private let session: Session

    /// `timeout`: how long a request may go without progress (three times that in all).
    public init(timeout: TimeInterval, userAgent: String) {
        session = Session(ghf_http_session_new(UInt32(max(0.001, timeout) * 1_000), userAgent))
    }

    public func send(_ request: HTTPRequestData) async throws(GitHubError) -> HTTPResponseData {
        // A task cancelled before the request was sent sends nothing.
        guard !Task.isCancelled else { throw .cancelled }
        // A line break would end the header early (libsoup drops such a header: a token with one
        // would go out as no token at all); a 0 byte cannot be passed on.
        if let bad = request.headers.first(where: { name, value in (name + value).unicodeScalars.contains { "\r\n\0".unicodeScalars.contains($0) } }) {
            throw .offline(.other("the \(bad.key) header holds a line break"))
        }
        let call = Call()
        let result: Result<HTTPResponseData, GitHubError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                call.start(request, on: session, continuation: continuation)
            }
        } onCancel: {
            call.cancel()
        }
        return try result.get()
    }

    /// Owns the C session: freed (on the HTTP thread) once no request needs it.
    private final class Session: Sendable {
        nonisolated(unsafe) let pointer: OpaquePointer

        init(_ pointer: OpaquePointer) {
            self.pointer = pointer
        }

        deinit {
            ghf_http_session_free(pointer)
        }
    }

    /// One request: its continuation, resumed by `done` on the HTTP thread, and the C request,
    /// which a cancellation from any thread ends (before or after it was sent).
    private final class Call: Sendable {
        /// The C request (`GhfHttpRequest`): only ever handed to CHTTP, which is thread-safe.
        private struct Request: @unchecked Sendable {
            let pointer: OpaquePointer
        }

        private struct State {
            var request: Request?
            var cancelled = false
            var continuation: CheckedContinuation<Result<HTTPResponseData, GitHubError>, Never>?
        }

        private let state = Mutex(State())

        func start(_ request: HTTPRequestData, on session: Session, continuation: CheckedContinuation<Result<HTTPResponseData, GitHubError>, Never>) {
            state.withLock { $0.continuation = continuation }
            var headers = Data()
            for (name, value) in request.headers {
                headers.append(contentsOf: name.utf8)
                headers.append(0)
                headers.append(contentsOf: value.utf8)
                headers.append(0)
            }
            // Kept alive until `done` has run: the C side calls back exactly once.
            let context = Unmanaged.passRetained(self).toOpaque()
            let sent = headers.withUnsafeBytes { headerBytes in
                Self.withBody(request.body) { body, bodyLength in
                    ghf_http_send(session.pointer, request.method, request.url.absoluteString, headerBytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                                  headerBytes.count, body, bodyLength, max(0, request.maximumBodyBytes ?? 0), { context, status, headers, headersLength, body, bodyLength, failure, message in
                                      Unmanaged<Call>.fromOpaque(context!).takeRetainedValue()
                                          .finish(Call.result(status: Int(status), headers: headers, headersLength, body: body, bodyLength, failure: failure,
                                                              message: message))
                                  }, context)
                }
            }
            guard let sent else { return }
            let cancelNow = state.withLock { state in
                state.request = Request(pointer: sent)
                return state.cancelled
            }
            if cancelNow { ghf_http_request_cancel(sent) }
        }

        func cancel() {
            let request = state.withLock { state in
                state.cancelled = true
                return state.request
            }
            if let request { ghf_http_request_cancel(request.pointer) }
        }

        private func finish(_ result: Result<HTTPResponseData, GitHubError>) {
            state.withLock { $0.continuation.take() }?.resume(returning: result)
        }

        deinit {
            if let request = state.withLock({ $0.request }) { ghf_http_request_release(request.pointer) }
        }

        private static func withBody<T>(_ body: Data?, _ use: (UnsafePointer<UInt8>?, Int) -> T) -> T {
            guard let body else { return use(nil, 0) }
            // An empty body is still a body (Content-Length: 0), not none.
            if body.isEmpty { return withUnsafePointer(to: UInt8(0)) { use($0, 0) } }
            return body.withUnsafeBytes { use($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count) }
        }

        private static func result(status: Int, headers: UnsafePointer<CChar>?, _ headersLength: Int, body: UnsafePointer<UInt8>?, _ bodyLength: Int,
                                   failure: GhfHttpFailure, message: UnsafePointer<CChar>?) -> Result<HTTPResponseData, GitHubError> {
            switch failure {
            case GHF_HTTP_OK: break
            case GHF_HTTP_CANCELLED: return .failure(.cancelled)
            case GHF_HTTP_NOT_CONNECTED: return .failure(.offline(.notConnected))
            case GHF_HTTP_CANNOT_CONNECT: return .failure(.offline(.cannotConnect))
            case GHF_HTTP_TIMED_OUT: return .failure(.offline(.timedOut))
            case GHF_HTTP_CONNECTION_LOST: return .failure(.offline(.connectionLost))
            // A body cut short or badly encoded is an answer, but not a readable one.
            case GHF_HTTP_UNREADABLE: return .failure(.undecodable("response: \(message.map { String(cString: $0) } ?? "")"))
            case GHF_HTTP_TOO_LARGE: return .failure(.undecodable("response: larger than allowed"))
            default: return .failure(.offline(.other(message.map { String(cString: $0) } ?? "no HTTP response")))
            }
            var fields = HTTPHeaderFields()
            if let headers {
                let parts = UnsafeBufferPointer(start: headers, count: headersLength).split(separator: 0, omittingEmptySubsequences: false)
                var index = 0
                while index + 1 < parts.count {
                    fields.append(String(decoding: parts[index + 1].map { UInt8(bitPattern: $0) }, as: UTF8.self),
                                  for: String(decoding: parts[index].map { UInt8(bitPattern: $0) }, as: UTF8.self))
                    index += 2
                }
            }
            let data = body.map { Data(bytes: $0, count: bodyLength) } ?? Data()
            return .success(HTTPResponseData(status: status, headers: fields, body: data))
        }
    }
}
