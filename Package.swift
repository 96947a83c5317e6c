// swift-tools-version:6.1
// Lessonpack: language-learning modules, from source folders to checked lessons.
//
// The pipeline reads one way, top to bottom: C adapters → XML events with positions → property lists with
// locations → the typed module model → validation rules → bundles → the runtime → activity engines → presenters →
// the progress store → the player's front ends → the command line. No target reaches back up; only the command line
// and the player's front ends do terminal I/O, and only the command line decides exit codes. docs/architecture.md
// draws it. Nothing but the executable and the fuzz harness is a product: targets share what they must with
// `package` access.
import PackageDescription

let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
let cryptoExtras: Target.Dependency = .product(name: "_CryptoExtras", package: "swift-crypto")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
// The parsing layers run a class's event handlers once per tag and text of every file read. Swift checks at run time
// that no two accesses to a class's stored property overlap; in these two targets those checks were 17% of the
// instructions of `plist lint` (bench/RESULTS.md, callgrind). Debug builds, which every test runs, keep them, so an
// overlap is still caught; the compile-time checks stay on everywhere.
// Every target imports the modules whose members it uses (SE-0444), not only those a dependency happens to import:
// a target's imports then say what it leans on, and removing an import elsewhere cannot break it.
let declaredImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]
let uncheckedExclusivityInRelease: [SwiftSetting] = declaredImports + [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "Lessonpack",
    products: [
        .executable(name: "lessonpack", targets: ["lessonpack"]),
        // What the fuzzers in fuzz/ (a package of their own) drive.
        .library(name: "FuzzHarness", targets: ["FuzzHarness"]),
        .library(name: "FuzzStudioHarness", targets: ["FuzzStudioHarness"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // MARK: C adapters (system libraries from Debian; scripts/setup installs them)
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Audio: decoding (WAV, Ogg Opus, FLAC), resampling, and slowing speech down without changing its pitch.
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSamplerate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
        .systemLibrary(name: "CSonic", providers: [.apt(["libsonic-dev"])]),
        // Forced alignment's spectra (the MFCCs it compares a synthesised voice with the recording by).
        .systemLibrary(name: "CFFTW", pkgConfig: "fftw3f", providers: [.apt(["libfftw3-dev"])]),
        // No pkgConfig: ncursesw's pkg-config flags are ones SwiftPM refuses; its headers are in the standard place.
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        // The C library's wcwidth, for terminal column widths (glibc declares it only for X/Open sources).
        .systemLibrary(name: "CWideChar", providers: [.apt(["libc6-dev"])]),

        // MARK: Diagnostics: the leaf every layer reports through
        .target(name: "LessonpackDiagnostics", dependencies: ["LessonpackCore"]),
        .testTarget(name: "LessonpackDiagnosticsTests", dependencies: ["LessonpackDiagnostics", "LessonpackCore"]),

        // MARK: Terminal text: display width, layout, and untrusted text made safe to print (a leaf)
        .target(name: "TerminalText", dependencies: ["CWideChar"]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"]),

        // MARK: System: bounded reads, atomic writes, SHA-256, external tools with time limits
        .target(name: "LessonpackSystem", dependencies: ["LessonpackDiagnostics", crypto]),
        .testTarget(name: "LessonpackSystemTests", dependencies: ["LessonpackSystem", "LessonpackTestSupport",
                                                                "LessonpackDiagnostics"]),

        // MARK: Audio: decoding, pitch contours, and how a learner's intonation compares with a model's
        .target(name: "LessonpackAudio", dependencies: ["CSndfile", "CSamplerate", "CSonic", "LessonpackDiagnostics", "LessonpackSystem"]),
        .testTarget(name: "LessonpackAudioTests", dependencies: ["LessonpackAudio", "LessonpackDiagnostics", "LessonpackModel", "LessonpackSystem", "LessonpackTestSupport"]),

        // MARK: XML events with source positions, under a safety policy for untrusted files
        .target(name: "XMLStream", dependencies: ["CLibXML2", "LessonpackDiagnostics"],
                swiftSettings: uncheckedExclusivityInRelease),
        .testTarget(name: "XMLStreamTests", dependencies: ["XMLStream", "LessonpackDiagnostics"]),

        // MARK: Property lists: read with source locations, written as XML or JSON
        .target(name: "PropertyList", dependencies: ["LessonpackCore", "XMLStream", "LessonpackDiagnostics", "LessonpackSystem"],
                swiftSettings: uncheckedExclusivityInRelease),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "LessonpackTestSupport", "LessonpackDiagnostics",
                                                            "LessonpackSystem"]),

        // MARK: The module: its source format read into a typed model, with where everything was written
        .target(name: "LessonpackModel", dependencies: ["LessonpackCore", "PropertyList", "LessonpackDiagnostics", "LessonpackSystem"]),
        .testTarget(name: "LessonpackModelTests", dependencies: ["LessonpackModel", "LessonpackTestSupport", "LessonpackDiagnostics"]),

        // MARK: Validation: every rule a module must pass, each in its own file with a stable code
        .target(name: "LessonpackCheck", dependencies: ["LessonpackModel", "LessonpackDiagnostics", "LessonpackSystem", "PropertyList"]),
        .testTarget(name: "LessonpackCheckTests", dependencies: ["LessonpackCheck", "LessonpackTestSupport", "LessonpackDiagnostics", "LessonpackModel"],
                    exclude: ["Fixtures"]),

        // MARK: The ZIP container: our own strict reading of every record, zlib for the data, libarchive to write
        .target(name: "BundleArchive", dependencies: ["CLibArchive", "CZlib", "LessonpackDiagnostics", "LessonpackSystem"]),
        .testTarget(name: "BundleArchiveTests", dependencies: ["BundleArchive", "LessonpackDiagnostics", "LessonpackTestSupport"]),

        // MARK: Bundles: build, sign, verify, inspect, diff
        .target(name: "LessonpackBundle", dependencies: [
            "BundleArchive", "LessonpackCheck", "LessonpackModel", "LessonpackSigning", "PropertyList", "LessonpackSystem",
            "LessonpackDiagnostics", crypto,
        ]),
        .testTarget(name: "LessonpackBundleTests", dependencies: [
            "LessonpackSigning", "LessonpackBundle", "BundleArchive", "LessonpackActivities", "LessonpackAuthoring",
            "LessonpackSystem", "LessonpackTestSupport", "LessonpackCheck", "LessonpackDiagnostics", "LessonpackModel",
        ]),

        // MARK: Signing: Ed25519 keys and signatures, all an untrusted catalog's reader needs of the bundle's trust
        .target(name: "LessonpackSigning", dependencies: ["LessonpackDiagnostics", "LessonpackSystem", crypto, cryptoExtras]),
        .testTarget(name: "LessonpackSigningTests", dependencies: [
            "LessonpackSigning", "LessonpackDiagnostics", "LessonpackTestSupport",
        ]),

        // MARK: The learning core, built natively and (scripts/build-wasm) for WebAssembly from one source: the seeded
        // source, the model's values, the engines and the presenters. Its Strings folder (the learner-facing sentences,
        // one catalogue per language) is embedded at build time.
        .target(name: "LessonpackCore", exclude: ["Strings"], plugins: ["EmbedWebPlugin"]),
        .testTarget(name: "LessonpackCoreTests", dependencies: ["LessonpackCore", "LessonpackModel", "LessonpackSystem", "LessonpackTestSupport"]),

        // MARK: Runtime: open bundles and folders, media on demand, audio
        .target(name: "LessonpackRuntime", dependencies: [
            "LessonpackBundle", "LessonpackCheck", "LessonpackDiagnostics", "LessonpackModel", "LessonpackSystem",
        ]),
        .testTarget(name: "LessonpackRuntimeTests", dependencies: [
            "LessonpackRuntime", "LessonpackBundle", "BundleArchive", "LessonpackModel", "LessonpackSystem",
            "LessonpackTestSupport", "LessonpackDiagnostics",
        ]),

        // MARK: Activities: the eight engines, pure state machines over the model, dealt from an injected random source
        .target(name: "LessonpackActivities", dependencies: ["LessonpackModel", "LessonpackCore", "LessonpackDiagnostics"]),
        .testTarget(name: "LessonpackActivitiesTests", dependencies: [
            "LessonpackActivities", "LessonpackCore", "LessonpackRuntime", "LessonpackModel", "LessonpackTestSupport",
            "LessonpackBundle",
        ]),

        // MARK: Presentation: each kind's presenter for front ends that open an activity by its kind (the presenters
        // themselves are the core's)
        .target(name: "LessonpackPresentation", dependencies: ["LessonpackActivities", "LessonpackModel"]),
        .testTarget(name: "LessonpackPresentationTests", dependencies: [
            "LessonpackPresentation", "LessonpackActivities", "LessonpackCore", "LessonpackRuntime", "LessonpackModel",
            "LessonpackTestSupport",
        ], exclude: ["Golden"]),

        // MARK: The catalog format: what a release lists, written by releases and read, as untrusted input, by installs
        .target(name: "LessonpackCatalogFormat", dependencies: [
            "LessonpackDiagnostics", "LessonpackModel", "LessonpackSigning", "LessonpackSystem", "PropertyList", crypto,
        ]),
        .testTarget(name: "LessonpackCatalogFormatTests", dependencies: ["LessonpackSigning", "LessonpackCatalogFormat", "LessonpackTestSupport", "LessonpackDiagnostics", "LessonpackSystem"]),

        // MARK: The learner's library: verified bundles installed by id, from files or a catalog, under the trust rules
        .target(name: "LessonpackLibrary", dependencies: [
            "LessonpackSigning", "LessonpackBundle", "LessonpackCatalogFormat", "LessonpackDiagnostics", "LessonpackModel", "LessonpackSystem",
        ]),
        .testTarget(name: "LessonpackLibraryTests", dependencies: [
            "LessonpackSigning", "LessonpackLibrary", "LessonpackBundle", "LessonpackCatalogFormat", "LessonpackSystem", "LessonpackTestSupport",
            "LessonpackDiagnostics",
        ]),

        // MARK: xAPI: what a learner does, as statements a learning record store takes (a leaf over the model)
        .target(name: "LessonpackXAPI", dependencies: ["LessonpackActivities", "LessonpackModel", "LessonpackSystem", crypto]),
        .testTarget(name: "LessonpackXAPITests", dependencies: [
            "LessonpackXAPI", "LessonpackActivities", "LessonpackModel", "LessonpackRuntime", "LessonpackSystem", "LessonpackTestSupport",
        ]),

        // MARK: Progress: the learner's history in SQLite, every answer committed as it is given, with its statements
        .target(name: "LessonpackProgress", dependencies: [
            "LessonpackActivities", "LessonpackDiagnostics", "LessonpackModel", "LessonpackSystem", "LessonpackXAPI",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "LessonpackProgressTests", dependencies: [
            "LessonpackProgress", "LessonpackActivities", "LessonpackCore", "LessonpackRuntime", "LessonpackModel",
            "LessonpackTestSupport", "LessonpackXAPI", .product(name: "GRDB", package: "GRDB.swift"),
            "LessonpackDiagnostics",
        ], exclude: ["Fixtures"]),

        // MARK: Remote: a publisher's release fetched over HTTP(S), pinned to its key, bundles resumed; statements
        // sent to a learning record store and read back from it
        .target(name: "LessonpackRemote", dependencies: [
            "LessonpackSigning", "LessonpackLibrary", "LessonpackBundle", "LessonpackCatalogFormat", "LessonpackDiagnostics", "LessonpackModel",
            "LessonpackSystem", "LessonpackProgress", "LessonpackXAPI", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            crypto,
        ]),
        .testTarget(name: "LessonpackRemoteTests", dependencies: [
            "LessonpackRemote", "LessonpackLibrary", "LessonpackCatalogFormat", "LessonpackBundle", "LessonpackSystem",
            "LessonpackTestSupport", "LessonpackProgress", "LessonpackXAPI", "LessonpackModel", "LessonpackDiagnostics",
            .product(name: "NIOCore", package: "swift-nio"),
        ]),

        // MARK: The player: sessions and attempts, media, and the full-screen and plain front ends over the presenters
        .target(name: "LessonpackPlayer", dependencies: [
            "LessonpackActivities", "LessonpackPresentation", "LessonpackCore", "LessonpackRuntime", "LessonpackProgress",
            "LessonpackModel", "LessonpackSystem", "TerminalText", "LessonpackAudio", "LessonpackDiagnostics",
        ]),
        .testTarget(name: "LessonpackPlayerTests", dependencies: [
            "LessonpackPlayer", "LessonpackActivities", "LessonpackPresentation", "LessonpackProgress", "LessonpackCore",
            "LessonpackRuntime", "LessonpackModel", "LessonpackSystem", "LessonpackTestSupport", "TerminalText",
            .product(name: "GRDB", package: "GRDB.swift"), "LessonpackDiagnostics",
        ]),
        // The terminal: ncurses behind the player's Display protocol.
        .target(name: "TerminalScreen", dependencies: ["CNcurses", "LessonpackPlayer", "TerminalText"]),

        // MARK: Forced alignment: when each transcript line is spoken in the video's soundtrack, and its clip
        .target(name: "LessonpackAlign", dependencies: ["CFFTW", "LessonpackAudio", "LessonpackDiagnostics", "LessonpackSystem"]),
        .testTarget(name: "LessonpackAlignTests", dependencies: ["LessonpackAlign", "LessonpackAudio", "LessonpackSystem",
                                                                "LessonpackTestSupport"]),

        // MARK: Authoring: media manifests, new modules from templates and lesson documents, importers
        .target(name: "LessonpackAuthoring", dependencies: [
            "LessonpackDiagnostics", "LessonpackModel", "PropertyList", "LessonpackSystem", "XMLStream", "LessonpackAlign",
            "CLibXML2",
        ]),
        .testTarget(name: "LessonpackAuthoringTests", dependencies: [
            "LessonpackAuthoring", "LessonpackCheck", "LessonpackModel", "LessonpackSystem", "LessonpackTestSupport",
            "PropertyList", "LessonpackDiagnostics",
        ], exclude: ["Fixtures"]),

        // MARK: The web player: the page, and `export web`, which writes it with bundles as a static site
        .target(name: "LessonpackWebPlayer", dependencies: [
            "LessonpackAuthoring", "LessonpackBundle", "LessonpackCore", "LessonpackModel", "LessonpackSystem",
            "LessonpackDiagnostics",
        ], exclude: ["Web"], plugins: ["EmbedWebPlugin"]),
        .testTarget(name: "LessonpackWebPlayerTests", dependencies: [
            "LessonpackWebPlayer", "LessonpackSystem", "LessonpackTestSupport", "LessonpackDiagnostics",
        ]),

        // MARK: Releases: many modules built at once into a catalog, skipping what did not change
        .target(name: "LessonpackCatalog", dependencies: [
            "LessonpackSigning", "LessonpackBundle", "LessonpackCatalogFormat", "LessonpackCheck", "LessonpackDiagnostics", "LessonpackModel",
            "LessonpackSystem", "PropertyList",
        ]),
        .testTarget(name: "LessonpackCatalogTests", dependencies: [
            "LessonpackSigning", "LessonpackCatalog", "LessonpackCatalogFormat", "LessonpackBundle", "LessonpackModel", "LessonpackSystem",
            "LessonpackTestSupport", "LessonpackDiagnostics",
        ]),

        // MARK: The studio: a module folder edited through forms, checked live, previewed and built (no HTTP here)
        .target(name: "LessonpackStudio", dependencies: [
            "LessonpackSigning", "LessonpackActivities", "LessonpackAuthoring", "LessonpackBundle", "LessonpackCheck", "LessonpackDiagnostics",
            "LessonpackModel", "LessonpackPresentation", "LessonpackCore", "LessonpackSystem", "PropertyList",
            "LessonpackAudio", "LessonpackAlign",
        ]),
        .testTarget(name: "LessonpackStudioTests", dependencies: [
            "LessonpackStudio", "LessonpackAuthoring", "LessonpackModel", "LessonpackSystem", "LessonpackTestSupport",
            "PropertyList", "LessonpackBundle", "LessonpackDiagnostics",
        ]),
        // The studio's local web server: its routes, its security checks, and its pages, embedded in the binary.
        .target(name: "LessonpackStudioServer", dependencies: [
            "LessonpackStudio", "LessonpackDiagnostics", "LessonpackModel", "LessonpackSystem",
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
            "LessonpackAuthoring", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ], exclude: ["Web"], plugins: ["EmbedWebPlugin"]),
        // Puts the Web folder into the binary at build time: the page has one copy in the repository.
        .plugin(name: "EmbedWebPlugin", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .executableTarget(name: "EmbedFiles"),
        // The commit a build is made from, for `lessonpack --version`.
        .target(name: "BuildCommit", plugins: ["BuildCommitPlugin"]),
        .plugin(name: "BuildCommitPlugin", capability: .buildTool()),
        .testTarget(name: "LessonpackStudioServerTests", dependencies: [
            "LessonpackStudioServer", "LessonpackStudio", "LessonpackSystem", "LessonpackTestSupport",
            "LessonpackAuthoring", "LessonpackModel", .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),

        // MARK: The command line: parses arguments and renders; no logic of its own
        .target(name: "LessonpackCLI", dependencies: [
            "LessonpackSigning", "LessonpackActivities", "LessonpackPlayer", "TerminalScreen", "LessonpackBundle",
            "LessonpackCatalog", "LessonpackCatalogFormat",
            "LessonpackLibrary", "LessonpackRemote", "LessonpackCheck", "LessonpackAuthoring", "LessonpackStudio", "LessonpackStudioServer",
            "LessonpackWebPlayer",
            "LessonpackModel", "PropertyList", "LessonpackDiagnostics", "LessonpackAudio",
            "LessonpackSystem", "TerminalText", argumentParser,
            "BundleArchive", "LessonpackProgress", "LessonpackRuntime", "LessonpackXAPI", "BuildCommit",
        ]),
        .executableTarget(name: "lessonpack", dependencies: ["LessonpackCLI"]),
        // Rendering unit tests, and end-to-end tests that run the built executable as users do.
        .testTarget(name: "LessonpackCLITests", dependencies: [
            "LessonpackCLI", "LessonpackDiagnostics", "LessonpackSystem", "LessonpackProgress", "LessonpackTestSupport",
            "BundleArchive", argumentParser,
        ], exclude: ["Fixtures", "ScreenGoldens"]),

        // MARK: Fuzzing: what each fuzzer does with an input, and every input that once crashed, replayed
        .target(name: "FuzzHarness", dependencies: [
            "LessonpackActivities", "PropertyList", "LessonpackCheck", "LessonpackBundle", "LessonpackCatalogFormat", "LessonpackModel",
            "LessonpackDiagnostics", "LessonpackAuthoring",
        ]),
        .target(name: "FuzzStudioHarness", dependencies: [
            "LessonpackStudioServer", "LessonpackStudio", "LessonpackCheck", "LessonpackCore", "LessonpackModel", "PropertyList",
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarness", "FuzzStudioHarness", "LessonpackTestSupport"],
                    exclude: ["Inputs"]),

        // MARK: Test support: fixtures, temporary folders, running the executable
        .target(name: "LessonpackTestSupport", dependencies: ["LessonpackSystem", "BundleArchive"],
                path: "Tests/LessonpackTestSupport"),
    ]
)

// Declared imports everywhere: every Swift target that does not set its own settings takes the shared ones.
for target in package.targets where target.type != .system && target.type != .plugin && target.swiftSettings == nil {
    target.swiftSettings = declaredImports
}
