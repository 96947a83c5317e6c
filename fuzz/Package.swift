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

let package = Package(
    name: "LessonpackFuzz",
    dependencies: [.package(name: "Lessonpack", path: "..")],
    targets: [
        .executableTarget(name: "fuzz-plist", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-module", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-bundle", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-catalog", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-studio-request", dependencies: [.product(name: "FuzzStudioHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-studio-json", dependencies: [.product(name: "FuzzStudioHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-import", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-lesson", dependencies: [.product(name: "FuzzHarness", package: "Lessonpack")],
                          swiftSettings: fuzzer, linkerSettings: libFuzzer),
    ]
)
