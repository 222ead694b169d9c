import CGtk
import CGtkSupport
import Foundation
import GitHubFinderCore
import GitHubFixtureServer
import XCTest
@testable import GitHubFinderGTK

final class MainWindowTests: GTKTestCase, @unchecked Sendable {
    func testTypingAQueryShowsRowsWithLogins() {
        MainActor.assumeIsolated {
            XCTAssertEqual(search.entry.text, "")
            searchFor("octocat")
            waitFor("rows") { visibleLogins.contains("octocat") }
            XCTAssertEqual(search.list.model.keys.count, 1)
            let row = search.list.boundRows.values.first { $0.login.text == "octocat" }!
            XCTAssertEqual(row.star.isVisible, true)
        }
    }

    func testARowShowsInitialsOnAColourUntilItsImageComesAndWhenItCannot() {
        server.inject(FixtureFault(.serverError, route: .avatar))
        MainActor.assumeIsolated {
            searchFor("octocat")
            waitFor("rows") { visibleLogins.contains("octocat") }
            let row = search.list.boundRows.values.first { $0.login.text == "octocat" }!
            waitFor("the initials") { row.avatar.text == "octocat" && gtk_widget_get_opacity(row.avatar.pointer) == 1 }
            XCTAssertFalse(row.hasAvatar)
            server.clearFaults()
            searchFor("mojombo")
            waitFor("the image") { search.list.boundRows.values.contains { $0.login.text == "mojombo" && $0.hasAvatar } }
        }
    }

    func testScrollingToTheEndLoadsMoreRows() {
        MainActor.assumeIsolated {
            searchFor("a")
            waitFor("first page") { search.list.model.keys.count == 100 }
            let scroller = gtk_widget_get_parent(search.list.widget.pointer)!
            let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))!
            waitFor("the list to be laid out") { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) }
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            waitFor("second page") { search.list.model.keys.count == 200 }
            XCTAssertEqual(Set(search.list.model.keys).count, 200)
        }
    }

    func testStarringShowsTheUserInFavoritesUnderTheirLetterAndTheFilterNarrows() {
        MainActor.assumeIsolated {
            searchFor("octocat")
            waitFor("rows") { visibleLogins.contains("octocat") }
            let row = search.list.boundRows.values.first { $0.login.text == "octocat" }!
            gtk_widget_activate(row.star.pointer)
            window.favoritesTabButton.setActive(true)
            XCTAssertEqual(window.currentTab, .favorites)
            waitFor("the favorite") { favorites.list.model.keys.count == 2 }
            XCTAssertEqual(favorites.list.model.keys.first.flatMap(FavoritesKey.header), "O")
            waitFor("bound header") { favorites.list.boundRows[FavoritesKey.key(FavoritesRow.header("O"))] != nil }
            XCTAssertEqual(favorites.list.boundRows[FavoritesKey.key(FavoritesRow.header("O"))]?.header.text, "O")
            let user = favorites.list.boundRows.first { FavoritesKey.entryID($0.key) != nil }?.value
            XCTAssertEqual(user?.entry.login.text, "octocat")
            // Starred from a search row, the favorite gets the name the profile has.
            waitFor("the name filled in") { favorites.list.boundRows.first { FavoritesKey.entryID($0.key) != nil }?.value.entry.name?.text == "The Octocat" }

            favorites.filter.setText("zzz")
            waitFor("the filter to apply") { favorites.list.model.keys.isEmpty }
            XCTAssertEqual(favorites.visiblePage, "noMatches")
            favorites.filter.setText("OCTO")
            waitFor("filtered") { favorites.list.model.keys.count == 2 }
            favorites.filter.setText("the octo")
            waitFor("filtered by name") { favorites.list.model.keys.count == 2 }
        }
    }

    /// Core's table of actions is what GTK has: each action on the application or the window,
    /// with the keys the table gives it, enabled as the session allows.
    func testEveryActionOfTheTableIsInstalledWithItsKeys() {
        MainActor.assumeIsolated {
            let application = app.application
            let appGroup = OpaquePointer(application), windowGroup = OpaquePointer(window.window.pointer)
            for action in AppActions.all {
                let group = action.scope == .application ? appGroup : windowGroup
                XCTAssertNotEqual(g_action_group_has_action(group, action.name), 0, "\(action.detailedName) is installed")
                let accelerators = gtk_application_get_accels_for_action(application, action.detailedName)
                var keys: [String] = []
                while let key = accelerators?[keys.count] { keys.append(String(cString: key)) }
                g_strfreev(accelerators)
                XCTAssertEqual(keys, action.keys, action.detailedName)
            }
            XCTAssertNotEqual(g_action_group_get_action_enabled(appGroup, "sign-in"), 0, "signed out: Sign In… is in the menu")
            XCTAssertEqual(g_action_group_get_action_enabled(appGroup, "sign-out"), 0)
            XCTAssertEqual(g_action_group_get_action_enabled(appGroup, "import-following"), 0)
            XCTAssertEqual(g_action_group_get_action_enabled(windowGroup, "toggle-star"), 0, "Ctrl+D with nobody shown does nothing")

            let before = g_action_group_get_action_state(appGroup, "style")!
            g_action_group_activate_action(appGroup, "style", g_variant_new_string("purple"))
            let after = g_action_group_get_action_state(appGroup, "style")!
            XCTAssertEqual(String(cString: g_variant_get_string(after, nil)), String(cString: g_variant_get_string(before, nil)),
                           "a style no menu item offers changes nothing")
            g_variant_unref(before)
            g_variant_unref(after)
        }
    }

    func testSelectingAUserShowsTheProfileInTheDetailPane() {
        MainActor.assumeIsolated {
            let windowGroup = OpaquePointer(window.window.pointer)
            XCTAssertEqual(g_action_group_get_action_enabled(windowGroup, "toggle-star"), 0, "Ctrl+D with nobody shown does nothing")
            XCTAssertEqual(g_action_group_get_action_enabled(windowGroup, "open-in-browser"), 0, "Ctrl+O with nobody shown does nothing")
            searchFor("octocat")
            waitFor("rows") { search.list.model.keys.count == 1 }
            ghf_list_view_activate(search.list.widget.pointer, 0)
            waitFor("detail") { window.detailView != nil }
            XCTAssertNotEqual(g_action_group_get_action_enabled(windowGroup, "toggle-star"), 0)
            XCTAssertNotEqual(g_action_group_get_action_enabled(windowGroup, "open-in-browser"), 0)
            let detail = window.detailView!
            waitFor("profile") { detail.nameLabel.text == "The Octocat" }
            XCTAssertEqual(detail.loginLabel.text, "octocat")
            XCTAssertEqual(detail.openButton.isVisible, true)
            waitFor("repositories") { detail.repositoryCount > 0 || detail.repositoriesMessage.text == "No public repositories." }
        }
    }

    func testTheServersMarkupIsShownAsPlainText() {
        let user = FixtureDataSet.standard.users.first { $0.bio?.contains("<b>markup</b>") == true }!
        MainActor.assumeIsolated {
            window.coordinator!.showDetail(for: User(id: user.id, login: user.login, avatarURL: nil, profileURL: nil, type: .user))
            let detail = window.detailView!
            waitFor("bio") { detail.bioLabel.text == user.bio }
            XCTAssertFalse(detail.bioLabel.usesMarkup)
        }
    }
}

final class RateLimitWindowTests: GTKTestCase, @unchecked Sendable {
    override var searchLimit: Int? { 1 }

    func testASpentLimitShowsTheRateLimitPage() {
        MainActor.assumeIsolated {
            searchFor("tom")
            waitFor("rows") { !search.list.model.keys.isEmpty }
            searchFor("mike")
            waitFor("rate limit page") { search.visiblePage == "rateLimited" }
            XCTAssertEqual(search.statusTitle("rateLimited"), "Rate Limit Reached")
            XCTAssertTrue(search.statusDescription("rateLimited").contains("Searching again in"))
        }
    }
}

final class FavoritesMessageTests: GTKTestCase, @unchecked Sendable {
    func testTheFavoritesTabShowsWhereADamagedFileWent() {
        MainActor.assumeIsolated {
            let notice = "Your favorites database was damaged. It was moved to /tmp/x.damaged and a new, empty one was started."
            let people = GRDBFavoritesStore<People>(database: .inMemory()), repositories = GRDBFavoritesStore<Repositories>(database: people.database)
            let starring = StoreRepositoryStarring(store: repositories, credentials: Credentials(), sync: nil)
            let viewModel = FavoritesTabViewModel(
                people: PeopleFavoritesViewModel(store: people, actions: .init(showDetail: { _ in }), notice: notice),
                repositories: RepositoryFavoritesViewModel(source: RepositoryFavoritesSource(store: repositories, starring: starring), actions: .init(showDetail: { _ in }), notice: notice))
            let view = FavoritesView(viewModel: viewModel, avatars: window.avatars) { _ in }
            waitFor("the notice") { view.messageLabel.text == notice }
            XCTAssertNotEqual(gtk_widget_is_visible(view.messageLabel.pointer), 0, "the message bar is shown")
        }
    }
}
