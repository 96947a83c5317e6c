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
        // Any scheme is an address, refused as one, not a folder to look in.
        #expect(RemoteLibrary.isWebAddress("ftp://example.org/releases/"))
        #expect(!RemoteLibrary.isWebAddress("releases/2026"))
        #expect(!RemoteLibrary.isWebAddress("./x://y"))
    }

    /// A credential typed into an address is never printed back (F5): not in the message, not in the location.
    @Test func aRefusedAddressIsPrintedWithoutItsCredentials() throws {
        for address in ["https://user:secret@example.org/releases/", "ftp://user:secret@example.org/x",
                        "http://u:secret@[::1]:9/", "http://:secret@h/"] {
            do {
                _ = try RemoteLibrary.catalogBase(address)
                Issue.record("\(address) was taken")
            } catch {
                #expect(!error.description.contains("secret") && !error.diagnostic.location.file.contains("secret"),
                        "\(error.diagnostic)")
                #expect(error.description.contains("***@"))
            }
        }
    }

    @Test func addressesInATextLoseTheirUserInformationOnly() {
        #expect(ShownAddress.inText("fetching https://a:b@example.org/x failed; see http://c@d/") ==
                "fetching https://***@example.org/x failed; see http://***@d/")
        #expect(ShownAddress.inText("https://example.org/a@b and mail@example.org") ==
                "https://example.org/a@b and mail@example.org")
        #expect(ShownAddress.inText("'https://u:p@h' ok") == "'https://***@h' ok")
        #expect(ShownAddress.inText("no address") == "no address")
    }
}

