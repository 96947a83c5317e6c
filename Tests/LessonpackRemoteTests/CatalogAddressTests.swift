import LessonpackDiagnostics
import Testing
@testable import LessonpackRemote

/// What a learner may type after `install --catalog`, and where lessonpack then looks.
@Suite struct CatalogAddressTests {
    func base(_ address: String) -> String? { try? RemoteLibrary.catalogBase(address) }

    func code(_ address: String) -> DiagnosticCode? {
        do { _ = try RemoteLibrary.catalogBase(address); return nil } catch { return error.code }
    }

    @Test func aReleaseFolderOrItsCatalogNamesTheSameBase() {
        #expect(base("https://example.org/releases") == "https://example.org/releases/")
        #expect(base("https://example.org/releases/") == "https://example.org/releases/")
        #expect(base("https://example.org/releases/catalog.signed.json") == "https://example.org/releases/")
        #expect(base("https://example.org/releases/catalog.json") == "https://example.org/releases/")
        #expect(base("http://127.0.0.1:8080") == "http://127.0.0.1:8080/")
    }

    @Test func otherAddressesAreRefused() {
        #expect(code("ftp://example.org/releases/") == .remoteAddressInvalid)
        #expect(code("https:///releases") == .remoteAddressInvalid)
        #expect(code("https://user:secret@example.org/releases/") == .remoteAddressInvalid)
        #expect(code("https://example.org/releases/?token=x") == .remoteAddressInvalid)
        #expect(code("not an address") == .remoteAddressInvalid)
        #expect(RemoteLibrary.isWebAddress("HTTPS://example.org/"))
        #expect(!RemoteLibrary.isWebAddress("releases/https:"))
    }
}

