import Foundation

extension FavoritesArchive {
    /// Reads and checks the file at `url`, JSON or CSV by its name (`format` overrides). `server`
    /// is the server being imported into: a file of another one is refused.
    public static func read(from url: URL, format: FileFormat? = nil, into server: URL) throws(FavoritesArchiveError) -> FavoritesArchive {
        guard let format = format ?? FileFormat(url: url) else { throw .unknownFormat(url.lastPathComponent) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .unreadable(path: url.path, reason: Self.reason(error)) }
        let archive = switch format {
        case .json: try FavoritesArchive(json: data)
        case .csv: try FavoritesArchive(csv: data, server: server)
        }
        guard ServerAddress.isSame(archive.server, server) else { throw .otherServer(file: archive.server, current: server) }
        return archive
    }

    /// The file's bytes in `format`.
    public func data(_ format: FileFormat) -> Data {
        switch format {
        case .json: json()
        case .csv: csv()
        }
    }

    /// Writes the file whole or not at all (a temporary file renamed over `url`).
    public func write(to url: URL, format: FileFormat? = nil) throws(FavoritesArchiveError) {
        guard let format = format ?? FileFormat(url: url) else { throw .unknownFormat(url.lastPathComponent) }
        do { try data(format).write(to: url, options: .atomic) } catch { throw .unreadable(path: url.path, reason: Self.reason(error)) }
    }

    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return error.localizedDescription
    }
}
