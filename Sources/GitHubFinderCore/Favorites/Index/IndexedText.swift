import Foundation

/// Text an index builder takes: a `String` (favorites as values) or SQLite's own UTF-8 buffer
/// (favorites read from the file), so one `append` serves both without a copy of either.
protocol IndexedText {
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
}

extension String: IndexedText {
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = self
        return text.withUTF8(body)
    }
}

extension UnsafeBufferPointer<UInt8>: IndexedText {
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(self)
    }
}
