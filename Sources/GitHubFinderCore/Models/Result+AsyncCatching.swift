/// The async counterpart of the standard library's typed-throws `Result(catching:)`.
extension Result {
    /// Runs `body` and captures its value or its typed error.
    public init(catching body: @Sendable () async throws(Failure) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
