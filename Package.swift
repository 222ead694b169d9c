// swift-tools-version: 6.1
import PackageDescription

/// One set of compiler settings for every target, so strictness never drifts between layers.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    // Each function in its own section, so the linker can lay out the code the app runs together
    // (github-finder's symbol ordering file, as the static Swift runtime and Foundation already allow).
    .unsafeFlags(["-Xfrontend", "-function-sections"]),
]

let package = Package(
    name: "GitHubFinder",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GitHubFinderCore", targets: ["GitHubFinderCore"]),
        .library(name: "GitHubFixtureServer", targets: ["GitHubFixtureServer"]),
        .executable(name: "github-fixture-server", targets: ["github-fixture-server"]),
        .executable(name: "github-finder-bench", targets: ["github-finder-bench"]),
        .executable(name: "github-finder", targets: ["github-finder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        // gettext from the C library, for Core's translatable text.
        .target(name: "CIntl"),
        // memmem from the C library, for the Favorites filter's scan.
        .target(name: "CBytes"),
        // GLib and GIO, and over them the GitHub client's HTTP: libsoup 3 (GNOME's HTTP library),
        // loaded on the first request (its headers only at build time: CHTTP links no libsoup),
        // on the one thread where every request runs.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "CHTTP", dependencies: ["CGio"], cSettings: [.unsafeFlags(["-I/usr/include/libsoup-3.0"])]),
        // Markdown for READMEs and release notes: cmark-gfm, GitHub's own parser, loaded with
        // dlopen the first time one is shown (its headers only at build time).
        .target(name: "CMarkdown"),
        // UI-independent core: models, GitHub client, favorites, view models, coordinators.
        .target(
            name: "GitHubFinderCore",
            dependencies: [
                "CIntl",
                "CBytes",
                "CHTTP",
                "CMarkdown",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, to read favorites straight from its buffers (FavoritesIndex).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            exclude: ["Favorites/Index/README.md"],
            swiftSettings: swiftSettings,
            // AppVersion.string, from the VERSION file: the one place the version is written.
            plugins: ["VersionPlugin"]
        ),
        // GTK 4 and libadwaita (Debian 12: 4.8.3 and 1.2.2), and the C that Swift cannot import.
        .systemLibrary(name: "CGtk", pkgConfig: "libadwaita-1", providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        .target(name: "CGtkSupport", dependencies: ["CGtk"]),
        // libsecret (Secret Service): the token in the system keyring.
        .systemLibrary(name: "CLibsecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .target(name: "CSecretSupport", dependencies: ["CLibsecret"]),
        .target(
            name: "GitHubFinderKeyring",
            dependencies: ["CSecretSupport", "GitHubFinderCore"],
            swiftSettings: swiftSettings
        ),
        // The GTK shim layer: typed wrappers over the C API, views bound to Core's view models.
        .target(
            name: "GitHubFinderGTK",
            dependencies: ["CGtk", "CGtkSupport", "GitHubFinderKeyring", "GitHubFinderCore", "GitHubFinderResources"],
            exclude: ["Performance/README.md"],
            swiftSettings: swiftSettings
        ),
        // GtkBuilder UI files, CSS, images and the app's icons: one GResource bundle compiled
        // into the binary (github-finder.gresource.xml, by GResourcePlugin).
        .target(
            name: "GitHubFinderResources",
            path: "Resources",
            exclude: ["ui", "style.css", "spinner.png", "github-finder.gresource.xml"],
            swiftSettings: swiftSettings,
            plugins: ["GResourcePlugin"]
        ),
        .plugin(name: "GResourcePlugin", capability: .buildTool()),
        .plugin(name: "VersionPlugin", capability: .buildTool()),
        .executableTarget(
            name: "github-finder",
            dependencies: [
                "GitHubFinderGTK", "GitHubFinderCore",
                // `github-finder favorites …`, run in this process: one binary, one Swift runtime.
                "GitHubFinderFavoritesCLI",
            ],
            swiftSettings: swiftSettings,
            // The statically linked Swift runtime and Foundation make ~88,000 relative
            // relocations: as RELA entries (24 bytes each) they are 2 MB of the binary that the
            // dynamic loader reads, and keeps resident, at every start. Packed (DT_RELR, glibc
            // 2.36+) they take 16 KB; gold cannot pack them, the toolchain's lld can.
            //
            // The code the app runs is spread over the 18 MB of .text (Swift runtime, Foundation,
            // ICU, GRDB, ours), and the kernel maps 64 KB around every page touched: after a
            // search through 1,000 results 13 MB of code was resident. lld places the functions
            // listed in link/github-finder.order first, together, in the order a profiled
            // session first ran them (scripts/profile-code-order.sh remakes it).
            linkerSettings: [.unsafeFlags([
                "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/link/github-finder.order",
                "-Xlinker", "--no-warn-symbol-ordering",
            ], .when(platforms: [.linux])),
            // SwiftPM exports an executable's symbols (--export-dynamic), ~11,000 of them here
            // (GitHubFinderCore's, GRDB's, ArgumentParser's public ones): the dynamic loader then
            // searches them for every symbol GTK and its libraries look up, and their tables
            // (1 MB) stay resident. Nothing looks a symbol of the app up by name.
            .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))]
        ),
        // A local stand-in for api.github.com used by tests, demos and benchmarks.
        .target(
            name: "GitHubFixtureServer",
            dependencies: [
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // `github-finder favorites list|export|import`: no GTK. The app's binary runs it in
        // process (the package installs one binary); github-finder-favorites is the same command
        // alone, for a checkout's tests and scripts.
        .target(
            name: "GitHubFinderFavoritesCLI",
            dependencies: ["GitHubFinderCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "github-finder-favorites",
            dependencies: ["GitHubFinderCore", "GitHubFinderFavoritesCLI"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "github-fixture-server",
            dependencies: [
                "GitHubFixtureServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "github-finder-bench",
            dependencies: ["GitHubFinderCore", "GitHubFixtureServer", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),
        // Writes favorites until killed: the durability test runs it and sends SIGKILL mid-stream.
        .executableTarget(
            name: "favorites-write-probe",
            dependencies: ["GitHubFinderCore"],
            path: "Tests/Probes/favorites-write-probe",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GitHubFinderCoreTests",
            dependencies: [
                "GitHubFinderCore", "GitHubFixtureServer",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: swiftSettings
        ),
        // Uses the real keyring from a separate process, as the app does across restarts.
        .executableTarget(
            name: "keyring-probe",
            dependencies: ["GitHubFinderKeyring", "GitHubFinderCore"],
            path: "Tests/Probes/keyring-probe",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GitHubFinderKeyringTests",
            dependencies: ["GitHubFinderKeyring", "GitHubFinderCore"],
            swiftSettings: swiftSettings
        ),
        // In-process GTK tests: XCTest runs them on the main thread (GTK's), under Xvfb.
        .testTarget(
            name: "GitHubFinderGTKTests",
            dependencies: ["GitHubFinderGTK", "GitHubFinderCore", "GitHubFixtureServer", "CGtk", "CGtkSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GitHubFixtureServerTests",
            dependencies: ["GitHubFixtureServer"],
            swiftSettings: swiftSettings
        ),
    ]
)
