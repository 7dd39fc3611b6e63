// swift-tools-version:6.0
import PackageDescription

// Dependencies point down: CSoup/CSecret → Core → DesktopApp ← CGtk.
// Core never imports CGtk; `make test` checks that.
let package = Package(
    name: "Switchyard",
    products: [
        .executable(name: "switchyard", targets: ["DesktopApp"]),
        .library(name: "Core", targets: ["Core"]),
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .systemLibrary(name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .target(
            name: "Core",
            dependencies: ["CSoup", "CSecret"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "DesktopApp",
            dependencies: ["Core", "CGtk"],
            // The benchmark probe: in debug builds, and in `make bench`'s release build
            // (-DSWITCHYARD_BENCHMARK_PROBE); never in what `make release` ships.
            swiftSettings: [.swiftLanguageMode(.v6), .define("SWITCHYARD_BENCHMARK_PROBE", .when(configuration: .debug))]
        ),
        // Benchmarks and test servers: tools of the project, not part of the app.
        .executableTarget(
            name: "switchyard-bench",
            dependencies: ["Core"],
            path: "Tools/Bench",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "switchyard-fixture-server",
            dependencies: ["CSoup"],
            path: "Tools/FixtureServer",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "switchyard-torture",
            dependencies: ["Core"],
            path: "Tools/Torture",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "switchyard-demo-setup",
            dependencies: ["Core"],
            path: "Tools/DemoSetup",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // What both test targets and the fuzz drivers share: stub transports, the decoder
        // fuzzing driver, test-server process helpers. Public Core API only (built in release too).
        .target(
            name: "SwitchyardTestSupport",
            dependencies: ["Core"],
            path: "Tests/Support",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "CoreTests",
            dependencies: ["Core", "SwitchyardTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Needs the test session: the real peers, gnome-keyring, child processes (`make test`).
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["Core", "SwitchyardTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The app's logic that needs no display: words, formatting, options, the GObject boundary.
        .testTarget(
            name: "DesktopAppLogicTests",
            dependencies: ["DesktopApp", "Core", "CGtk", "SwitchyardTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Needs the test session's display (Xvfb, AT-SPI) and often the built binary.
        .testTarget(
            name: "DesktopAppTests",
            dependencies: ["DesktopApp", "Core", "CGtk", "SwitchyardTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
