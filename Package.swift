// swift-tools-version:6.0
import PackageDescription

/// Discover: a full-screen terminal browser for popular TV shows and nearby places.
///
/// Layers, from the inside out:
/// - `Domain`: plain entities and the Worker protocols (no curses, no JSON shapes).
/// - `Workers`: HTTP, API DTOs and mappers, the embedded snapshot.
/// - `Terminal`: the ncursesw layer (screen lifecycle, keys, cells, sanitiser).
/// - `Scenes`: the VIP scenes; they see `Domain` and `Terminal` only, never `Workers`.
/// - `App`: the composition root (wiring, options, command-line modes): it makes the Workers
///   and hands them to the scenes as the Domain protocols.
/// - `discover-tui`: the executable.
let package = Package(
    name: "Discover",
    products: [
        .executable(name: "discover-tui", targets: ["discover-tui"])
    ],
    targets: [
        // No pkgConfig: ncursesw's .pc gives -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600, which
        // SwiftPM drops with a warning on every build. The shim defines what the wide-character
        // API needs and the module map links ncursesw and tinfo (the .pc's libraries);
        // scripts/install-deps.sh installs libncurses-dev.
        .systemLibrary(name: "CNCursesW"),
        .target(
            name: "CHTMLText",
            cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            // libxml2 is opened with dlopen on first use (see html_text.c), not linked.
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "CTerminalGuard"
        ),
        // HTTP over libcurl, opened with dlopen on the first request (see http.c).
        .target(
            name: "CCurlHTTP",
            linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]
        ),
        // SQLite for the watched episodes, linked (libsqlite3-0 needs only libc and libm; see
        // DECISIONS.md); scripts/install-deps.sh installs libsqlite3-dev.
        .target(
            name: "CSQLite",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .target(
            name: "CSnapshotData",
            exclude: ["data"],
            cSettings: [.unsafeFlags(["-std=c23"])]
        ),
        // Raw DEFLATE through the system's zlib, opened with dlopen on first use (see
        // zip_inflate.c): Trakt's export zip is read without a hand-written inflate.
        .target(
            name: "CZipInflate",
            linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]
        ),
        // JPEG through the system's libturbojpeg, opened with dlopen on first use (see
        // jpeg_codec.c): posters and photos decoded without a decoder of our own.
        .target(
            name: "CJPEGCodec",
            linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]
        ),
        // glibc's mallopt(3) for the process's memory policy (DiscoverApp.main).
        .target(name: "CMemoryPolicy"),
        .target(name: "Domain"),
        .target(
            name: "Workers",
            dependencies: ["Domain", "CSnapshotData", "CHTMLText", "CCurlHTTP", "CZipInflate", "CSQLite", "CJPEGCodec"]
        ),
        .target(
            name: "Terminal",
            dependencies: ["CNCursesW", "CTerminalGuard"]
        ),
        .target(
            name: "Scenes",
            dependencies: ["Domain", "Terminal"]
        ),
        .target(
            name: "App",
            dependencies: ["Domain", "Workers", "Terminal", "Scenes", "CMemoryPolicy"]
        ),
        .executableTarget(
            name: "discover-tui",
            dependencies: ["App"],
            // The release binary is linked stripped, as `make install` installs it: DWARF and the
            // symbol table are 14 MB, nearly all of it the static runtime's and
            // FoundationEssentials'. For profiling, DISCOVER_KEEP_SYMBOLS=1 keeps them (DECISIONS.md).
            linkerSettings: Context.environment["DISCOVER_KEEP_SYMBOLS"] == "1"
                ? []
                : [
                    .unsafeFlags(["-Xlinker", "--strip-all"], .when(configuration: .release))
                ]
        ),
        // A test-only program that drives the favourites store from separate processes
        // (two writers at once, a writer killed mid-save); not in the `discover-tui` product.
        .executableTarget(
            name: "favourites-stress",
            dependencies: ["Domain", "Workers"],
            path: "Tests/FavouritesStress"
        ),
        // The places map's drawing timed off screen, for `make bench`; not in the product.
        .executableTarget(
            name: "map-bench",
            dependencies: ["Scenes"],
            path: "Tests/MapBench"
        ),
        // Walks by the streets timed for `make bench`; not in the product.
        .executableTarget(
            name: "route-bench",
            dependencies: ["Domain", "Workers", "Scenes"],
            path: "Tests/RouteBench"
        ),
        // Pictures' decoding and drawing timed, for `make bench`; not in the product.
        .executableTarget(
            name: "image-bench",
            dependencies: ["Domain", "Workers", "Terminal"],
            path: "Tests/ImageBench"
        ),
        // A test-only program for the watched-episodes store (two writers at once, a writer killed
        // mid-save, a write lock held by another process).
        .executableTarget(
            name: "watched-stress",
            dependencies: ["Domain", "Workers", "CSQLite"],
            path: "Tests/WatchedStress"
        ),
        .target(
            name: "CTestPTY",
            path: "Tests/CTestPTY"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["Domain", "Workers", "Terminal", "CTestPTY"],
            path: "Tests/TestSupport",
            exclude: ["Fixtures"]
        ),
        // The app as scene tests drive it (SceneHarness: the factory, the app controller, a
        // grid canvas, a temporary home, settle()), shared by ScenesTests and AppTests.
        .target(
            name: "SceneTestSupport",
            dependencies: ["Domain", "Terminal", "Scenes", "App", "TestSupport"],
            path: "Tests/SceneTestSupport"
        ),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport"]),
        .testTarget(name: "WorkersTests", dependencies: ["Workers", "TestSupport"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TestSupport"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "App", "TestSupport", "SceneTestSupport"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Scenes", "TestSupport", "SceneTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"])
    ],
    swiftLanguageModes: [.v6]
)
