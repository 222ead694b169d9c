import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport over Foundation's `URLSession` (libcurl on Linux). It never follows
/// redirects itself, keeps no HTTP cache or cookies, and cancels the request when the calling
/// task is cancelled.
///
/// The URLSession, its tasks' start and their cancellation all happen on `control`, never on
/// the caller's thread. FoundationNetworking does each with `sync` on the session's own queue,
/// and libcurl (7.88) cancels a request still looking up its host by joining the look-up's
/// thread: with a DNS server that does not answer, that queue is held up to 5 s, and so was
/// the main thread when a list cancelled an avatar that scrolled away (the window took no
/// keystroke for 4–5 s). Making the session there also keeps libcurl's loading (CCurlLoader)
/// off the main thread at start-up.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // URLSession and its delegate are thread-safe; the session is made once, under the mutex.
    private let madeSession = Mutex<URLSession?>(nil)
    private let timeout: TimeInterval
    private let control = DispatchQueue(label: "GitHubFinder.URLSessionTransport")

    public init(timeout: TimeInterval) {
        self.timeout = timeout
    }

    private var session: URLSession {
        madeSession.withLock { session in
            if let session { return session }
            let made = Self.makeSession(timeout: timeout)
            session = made
            return made
        }
    }

    private static func makeSession(timeout: TimeInterval) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 3
        return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit {
        madeSession.withLock { $0?.finishTasksAndInvalidate() }
    }

    public func send(_ request: HTTPRequestData) async throws(GitHubError) -> HTTPResponseData {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let box = TaskBox(control: control)
        let prepared = urlRequest
        let result: Result<HTTPResponseData, GitHubError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                control.async { [self] in
                    let task = session.dataTask(with: prepared) { data, response, error in
                        continuation.resume(returning: Self.result(data: data, response: response, error: error))
                    }
                    box.start(task)
                }
            }
        } onCancel: {
            box.cancel()
        }
        return try result.get()
    }

    private static func result(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<HTTPResponseData, GitHubError> {
        if let error { return .failure(map(error)) }
        guard let http = response as? HTTPURLResponse else { return .failure(.offline(.other("no HTTP response"))) }
        var headers = HTTPHeaderFields()
        for (name, value) in http.allHeaderFields {
            headers.append("\(value)", for: "\(name)")
        }
        return .success(HTTPResponseData(status: http.statusCode, headers: headers, body: data ?? Data()))
    }

    private static func map(_ error: any Error) -> GitHubError {
        guard let urlError = error as? URLError else { return .offline(.other(String(describing: type(of: error)))) }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff: return .offline(.notConnected)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: return .offline(.cannotConnect)
        case .timedOut: return .offline(.timedOut)
        case .networkConnectionLost: return .offline(.connectionLost)
        // A body cut short is an answer, but not a readable one.
        case .cannotParseResponse, .badServerResponse, .cannotDecodeRawData, .cannotDecodeContentData, .zeroByteResource:
            return .undecodable("response: \(urlError.code.rawValue)")
        default: return .offline(.other("URLError \(urlError.code.rawValue)"))
        }
    }
}

/// Hands 3xx responses back to the client instead of following them, so the client decides
/// where the Authorization header may go.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// Holds the data task so a cancellation arriving before or after `resume` ends it. Both run
/// on the transport's `control` queue (`start` is called there), in the order they came.
private final class TaskBox: @unchecked Sendable {
    private let control: DispatchQueue
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    init(control: DispatchQueue) {
        self.control = control
    }

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let alreadyCancelled = cancelled
        lock.unlock()
        task.resume()
        if alreadyCancelled { task.cancel() }
    }

    /// Returns at once, whatever thread the cancellation comes from.
    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        guard let task else { return }
        control.async { task.cancel() }
    }
}
