// swift-tools-version:5.4
// 5.4, not newer: from 5.5 SwiftPM renames an executable's `main` to `<module>_main` and links `main` to that name,
// which the fuzz targets, whose `main` is libFuzzer's, do not have (it turned that off only under --sanitize=fuzzer).
// libFuzzer targets for Lessonpack's untrusted-input readers. Not part of the main build: fuzz/run builds every
// module with AddressSanitizer and the coverage libFuzzer follows, and runs each target for as long as it is asked to.
import PackageDescription

let fuzzer: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
// libFuzzer (and its `main`) is linked into the fuzz targets only: the studio's build plugin runs a tool of the main
// package (EmbedFiles), built with the same flags, which has a `main` of its own.
let libFuzzer: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

/// One libFuzzer target over one of the main package's harness products.
func fuzzTarget(_ name: String, harness: String = "FuzzHarness") -> Target {
    .executableTarget(name: "fuzz-\(name)", dependencies: [.product(name: harness, package: "Lessonpack")],
                      swiftSettings: fuzzer, linkerSettings: libFuzzer)
}

let package = Package(
    name: "LessonpackFuzz",
    dependencies: [.package(name: "Lessonpack", path: "..")],
    targets: ["plist", "module", "bundle", "catalog", "import", "lesson"].map { fuzzTarget($0) }
        + ["studio-request", "studio-json"].map { fuzzTarget($0, harness: "FuzzStudioHarness") }
)
