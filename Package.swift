// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Lessonpack",
    products: [
        .executable(name: "lessonpack", targets: ["lessonpack"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // MARK: C adapters
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // MARK: Leaves: diagnostics every layer reports through; careful file access and external tools
        .target(name: "LessonpackDiagnostics"),
        .target(name: "LessonpackSystem", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),

        // MARK: XML events with source positions, under a safety policy for untrusted files
        .target(name: "XMLStream", dependencies: ["CLibXML2", "LessonpackDiagnostics"]),

        // MARK: Property lists: read with source locations, written as XML or JSON
        .target(name: "PropertyList", dependencies: ["XMLStream", "LessonpackDiagnostics", "LessonpackSystem"]),

        // MARK: The module: its source format read into a typed model, with where everything was written
        .target(name: "LessonpackModel", dependencies: ["PropertyList", "LessonpackDiagnostics", "LessonpackSystem"]),

        // MARK: Validation: every rule a module must pass, each in its own file with a stable code
        .target(name: "LessonpackCheck", dependencies: ["LessonpackModel", "LessonpackDiagnostics"]),

        // MARK: Authoring: media manifests, new modules from templates
        .target(name: "LessonpackAuthoring", dependencies: ["LessonpackModel", "PropertyList", "LessonpackSystem"]),

        // MARK: The command line: parses arguments and renders; no logic of its own
        .target(name: "LessonpackCLI", dependencies: [
            "LessonpackCheck", "LessonpackAuthoring", "LessonpackModel", "PropertyList", "LessonpackDiagnostics",
            "LessonpackSystem", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "lessonpack", dependencies: ["LessonpackCLI"]),
    ]
)
