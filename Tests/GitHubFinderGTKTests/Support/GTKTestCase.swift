import CGtk
import Foundation
import GitHubFinderCore
import GitHubFixtureServer
import XCTest
@testable import GitHubFinderGTK

/// Base for in-process GTK tests: the real window, views and view models, the GitHub double on
/// loopback and a temporary database. XCTest runs these methods on the main thread, GTK's; they
/// stay plain (not `@MainActor`) and enter the main actor with `MainActor.assumeIsolated`.
class GTKTestCase: XCTestCase, @unchecked Sendable {
    private(set) var server: GitHubFixtureServer!
    private(set) var app: GitHubFinderApplication!
    private(set) var folder: URL!
    var searchLimit: Int? { 1_000 }
    nonisolated(unsafe) static var instances = 0

    override func setUp() {
        super.setUp()
        continueAfterFailure = false
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-gtk-\(UUID().uuidString)")
        setenv("XDG_STATE_HOME", folder.appendingPathComponent("state").path, 1)
        setenv("XDG_CONFIG_HOME", folder.appendingPathComponent("config").path, 1)
        // What's New checks only when a test asks (Refresh on its tab): its requests would
        // spend the double's anonymous quota under tests of other things.
        try? PreferencesStore().save(Preferences(news: NewsSettings(interval: .never)))
        server = Self.startDouble(searchLimit: searchLimit)
        let baseURL = server.baseURL
        let databaseFile = folder.appendingPathComponent("favorites.sqlite")
        MainActor.assumeIsolated {
            gtk_init()
            Self.instances += 1
            let database = try! AppDatabase.open(at: databaseFile)
            app = GitHubFinderApplication(options: .init(), unique: false, applicationID: "io.github.githubfinder.GitHubFinder.Test\(Self.instances)") { preferences, _ in
                AppDependencies(api: GitHubClient(configuration: GitHubConfiguration(baseURL: preferences.apiURL ?? baseURL)), database: database)
            }
            app.registerForTesting()
            XCTAssertTrue(MainLoop.run(until: { self.window.window.isVisible }))
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            app.quit()
            MainLoop.run(for: 0.1)
        }
        let server = server!
        Self.blocking { await server.stop() }
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    @MainActor var window: MainWindow { app.window! }
    @MainActor var search: SearchView { window.searchView! }
    @MainActor var favorites: FavoritesView { window.favoritesView! }

    /// Runs the GLib loop until `condition` holds, failing the test after `timeout`.
    @MainActor
    func waitFor(_ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) {
        XCTAssertTrue(MainLoop.run(until: condition, timeout: timeout), "timed out waiting for \(what)", file: file, line: line)
    }

    /// Types into the search entry and presses Enter, as a user would.
    @MainActor
    func searchFor(_ text: String) {
        search.entry.setText(text)
        gtk_widget_activate(search.entry.pointer)
    }

    /// The logins of the rows GTK has bound (what is on screen).
    @MainActor
    var visibleLogins: [String] {
        search.list.boundRows.values.map(\.login.text).filter { !$0.isEmpty }
    }

    static func startDouble(searchLimit: Int?) -> GitHubFixtureServer {
        nonisolated(unsafe) var result: GitHubFixtureServer?
        blocking { result = try? await GitHubFixtureServer(searchLimit: searchLimit) }
        return result!
    }

    /// Runs async work off the main thread and waits for it (the GLib loop is not needed for it).
    static func blocking(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await work()
            done.signal()
        }
        done.wait()
    }
}
