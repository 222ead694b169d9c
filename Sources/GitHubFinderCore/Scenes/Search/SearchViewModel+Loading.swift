import Foundation

extension ScopedSearchViewModel {
    /// Cancels whatever was in flight and searches for the current query, after the typing pause
    /// when `debounced`. Latest wins: an older request never overwrites a newer one.
    func startSearch(debounced: Bool) {
        guard let query = SearchQuery(state.query) else { return }
        cancelWork()
        let sort = state.sort
        searchTask = Task { [weak self, clock, debounce] in
            if debounced {
                do { try await clock.sleep(for: debounce) } catch { return }
            }
            await self?.search(query, sort: sort)
        }
    }

    private func search(_ query: SearchQuery, sort: Source.Sort) async {
        pageTask?.cancel()
        state.phase = .loading
        state.rows = []
        state.paging = .idle
        do {
            let page = try await source.search(query, sort: sort, perPage: perPage)
            guard !Task.isCancelled else { return }
            showFirstPage(page)
        } catch {
            guard !Task.isCancelled, error != .cancelled else { return }
            show(error)
        }
    }

    private func showFirstPage(_ page: Source.Page) {
        results = SearchResults(firstPage: page)
        state.rows = results.items.map(row(for:))
        state.totalCount = results.totalCount
        state.capNotice = Source.Row.capNotice(total: results.totalCount)
        noteSkipped(page)
        state.phase = state.rows.isEmpty ? .noResults : .results
        state.paging = results.hasMore ? .idle : .complete
        // A query worth searching again: it found something.
        if !state.rows.isEmpty { try? history?.record(state.query, at: now()) }
    }

    /// Items GitHub sent that no row can show are said at the end of the list, and logged.
    private func noteSkipped(_ page: Source.Page) {
        state.skippedNotice = ScopedSearchState<Source.Row, Source.Sort>.skippedNotice(count: results.skippedCount)
        if page.skippedCount > 0 {
            logger.warning("search results skipped: items without an id or name", metadata: ["count": "\(page.skippedCount)"])
        }
    }

    /// Refresh: results on screen stay there (with their selection: rows keep their ids) until
    /// the first page comes again and replaces them; a failure leaves them and says why in a
    /// toast. Any other page is searched again as Retry would, except while a rate limit's
    /// countdown runs (it searches again by itself) or before the search bucket resets, when
    /// nothing is sent.
    func refresh() {
        guard let query = SearchQuery(state.query) else { return }
        switch state.phase {
        case .initial, .loading, .rateLimited, .signInRequired:
            return
        case .noResults, .offline, .invalidQuery, .failed:
            startSearch(debounced: false)
            return
        case .results:
            break
        }
        if let waitUntil = pagingWaitUntil() {
            actions.showError(Self.waitMessage(until: waitUntil))
            return
        }
        cancelWork()
        if state.paging == .loadingMore { state.paging = .idle }
        let sort = state.sort
        searchTask = Task { [weak self] in await self?.refreshResults(query, sort: sort) }
    }

    private func refreshResults(_ query: SearchQuery, sort: Source.Sort) async {
        do {
            let page = try await source.search(query, sort: sort, perPage: perPage)
            guard !Task.isCancelled else { return }
            showFirstPage(page)
        } catch {
            guard !Task.isCancelled, error != .cancelled else { return }
            switch error {
            case .rateLimited(let resetsAt, _): nextPageNotBefore = resetsAt
            case .secondaryRateLimited(let seconds): nextPageNotBefore = now().addingTimeInterval(TimeInterval(seconds ?? 60))
            case .unauthorized: return show(error)
            default: break
            }
            actions.showError(tr("The results could not be refreshed: {reason}", ["reason": error.localizedDescription]))
        }
    }

    /// Asks for the next page, unless one is already on its way, everything is loaded, or GitHub
    /// said to wait (a 403/429, or a search bucket known to be empty) and the reset time has not
    /// come: scrolling on then spends no quota and gets the same answer.
    func loadNextPage() {
        guard state.phase == .results, state.paging == .idle, let next = results.next else { return }
        if let waitUntil = pagingWaitUntil() {
            state.paging = .failed(message: Self.waitMessage(until: waitUntil))
            return
        }
        nextPageNotBefore = nil
        state.paging = .loadingMore
        pageTask = Task { [weak self] in
            guard let self else { return }
            do throws(GitHubError) {
                let page = try await source.search(page: next)
                guard !Task.isCancelled else { return }
                let fresh = results.append(page)
                state.rows.append(contentsOf: fresh.map(row(for:)))
                state.totalCount = results.totalCount
                state.capNotice = Source.Row.capNotice(total: results.totalCount)
                noteSkipped(page)
                state.paging = results.hasMore ? .idle : .complete
            } catch {
                guard !Task.isCancelled, error != .cancelled else { return }
                switch error {
                case .rateLimited(let resetsAt, _): nextPageNotBefore = resetsAt
                case .secondaryRateLimited(let seconds): nextPageNotBefore = now().addingTimeInterval(TimeInterval(seconds ?? 60))
                default: break
                }
                state.paging = .failed(message: error.localizedDescription)
                if case .unauthorized = error { actions.signInRequired { [weak self] in self?.send(.retry) } }
            }
        }
    }

    /// When the next page may be asked for, if not now.
    func pagingWaitUntil() -> Date? {
        let current = now()
        if let notBefore = nextPageNotBefore, notBefore > current { return notBefore }
        if let bucket = api.rateLimits.bucket("search"), bucket.isExhausted, bucket.resetsAt > current { return bucket.resetsAt }
        return nil
    }

    static func waitMessage(until date: Date) -> String {
        tr("GitHub's search limit is used up until {time}.", ["time": Localization.time(date, .standard)])
    }

    /// Turns an error of the first page into the page the user sees.
    private func show(_ error: GitHubError) {
        switch error {
        case .offline:
            state.phase = .offline(message: error.localizedDescription)
        case .rateLimited(let resetsAt, _):
            startCountdown(until: resetsAt)
        case .secondaryRateLimited(let seconds):
            startCountdown(until: now().addingTimeInterval(TimeInterval(seconds ?? 60)))
        case .validationFailed(let message, let details):
            state.phase = .invalidQuery(message: ([message] + details).joined(separator: ": "))
        case .unauthorized:
            state.phase = .signInRequired
            actions.signInRequired { [weak self] in self?.startSearch(debounced: false) }
        case .cancelled:
            break
        default:
            state.phase = .failed(message: error.localizedDescription)
        }
    }

    /// "Rate Limit Reached" with a live countdown; the search runs again when it ends.
    private func startCountdown(until resetsAt: Date) {
        state.phase = .rateLimited(resetsAt: resetsAt)
        state.searchRateLimit = api.rateLimits.bucket("search")
        state.isSignedIn = api.credentials.token != nil
        var remaining = max(Int(resetsAt.timeIntervalSince(now()).rounded(.up)), 0)
        state.rateLimitSecondsRemaining = remaining
        countdownTask?.cancel()
        countdownTask = Task { [weak self, clock] in
            while remaining > 0 {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                remaining -= 1
                self?.state.rateLimitSecondsRemaining = remaining
            }
            self?.startSearch(debounced: false)
        }
    }
}
