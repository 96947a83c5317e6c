import LessonpackCore

/// The manifests an LMS reads from a package: SCORM 1.2's imsmanifest.xml (IMS Content Packaging 1.1.2 with ADL's
/// extensions) and cmi5's cmi5.xml (the course structure). Each module is one SCO or one AU, launched at lms.html
/// with the module's id, and held to its pass mark: SCORM's masteryscore in percent, cmi5's masteryScore from 0 to 1.
/// Both are checked against the official schemas by the end-to-end tests (Tests/LessonpackCLITests/Fixtures/lms-schemas).
package enum LMSManifests {
    /// The page an LMS launches; lms.js finds the LMS (SCORM's API or cmi5's launch parameters) and the module.
    package static let launchPage = "lms.html"

    /// What each manifest needs of a module.
    package struct Unit: Sendable, Equatable {
        package var id: String
        package var title: String
        package var summary: String
        package var language: String?
        package var passMark: Int?
    }

    package static func scorm12(_ units: [Unit], files: [String]) -> String {
        let first = units.first?.id ?? "course"
        let title = units.count == 1 ? units[0].title : units.map(\.title).joined(separator: " · ")
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <manifest identifier="\(xmlID("MANIFEST", first))" version="1.0"
                      xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
                      xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
                      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                      xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
              <metadata>
                <schema>ADL SCORM</schema>
                <schemaversion>1.2</schemaversion>
              </metadata>
              <organizations default="\(xmlID("ORG", first))">
                <organization identifier="\(xmlID("ORG", first))">
                  <title>\(escaped(limited(title, 200)))</title>

            """
        for unit in units {
            xml += "      <item identifier=\"\(xmlID("ITEM", unit.id))\" identifierref=\"\(xmlID("SCO", unit.id))\""
                + " isvisible=\"true\" parameters=\"?module=\(unit.id)\">\n"
                + "        <title>\(escaped(limited(unit.title, 200)))</title>\n"
            if let mark = unit.passMark { xml += "        <adlcp:masteryscore>\(mark)</adlcp:masteryscore>\n" }
            xml += "      </item>\n"
        }
        xml += "    </organization>\n  </organizations>\n  <resources>\n"
        // Every SCO is the one page with the whole site; the files are listed once, under the first.
        for (index, unit) in units.enumerated() {
            xml += "    <resource identifier=\"\(xmlID("SCO", unit.id))\" type=\"webcontent\" adlcp:scormtype=\"sco\" href=\"\(launchPage)\">\n"
            if index == 0 {
                for file in files { xml += "      <file href=\"\(escaped(fileHref(file)))\"/>\n" }
            } else {
                xml += "      <file href=\"\(launchPage)\"/>\n"
            }
            xml += "    </resource>\n"
        }
        xml += "  </resources>\n</manifest>\n"
        return xml
    }

    /// The course's IRI: the modules' ids, which are safe names (letters, digits, '-', '_', '.').
    package static func courseIRI(_ units: [Unit]) -> String {
        "urn:lessonpack:course:" + units.map(\.id).joined(separator: "+")
    }

    /// An AU's IRI is the module's own activity id, the one the terminal player's statements use.
    package static func auIRI(_ unit: Unit) -> String { "urn:lessonpack:module:" + unit.id }

    package static func cmi5(_ units: [Unit]) -> String {
        let title = units.count == 1 ? units[0].title : units.map(\.title).joined(separator: " · ")
        let summary = units.count == 1 ? units[0].summary : units.map(\.summary).joined(separator: " ")
        let language = units.first?.language
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
              <course id="\(escaped(courseIRI(units)))">
                <title>\(langstring(title, language))</title>
                <description>\(langstring(summary, language))</description>
              </course>

            """
        for unit in units {
            // With a pass mark the AU moves on when the learner has done it and passed; without, when done.
            let moveOn = unit.passMark == nil ? "Completed" : "CompletedAndPassed"
            let mastery = unit.passMark.map { " masteryScore=\"\(decimal($0))\"" } ?? ""
            xml += "  <au id=\"\(escaped(auIRI(unit)))\" moveOn=\"\(moveOn)\"\(mastery) launchMethod=\"AnyWindow\">\n"
                + "    <title>\(langstring(unit.title, unit.language))</title>\n"
                + "    <description>\(langstring(unit.summary, unit.language))</description>\n"
                + "    <url>\(launchPage)?module=\(unit.id)</url>\n"
                + "  </au>\n"
        }
        xml += "</courseStructure>\n"
        return xml
    }

    /// A percentage as cmi5's decimal from 0 to 1: 70 → 0.7, 100 → 1.
    static func decimal(_ percent: Int) -> String {
        let clamped = min(max(percent, 0), 100)
        if clamped == 100 { return "1" }
        if clamped == 0 { return "0" }
        let digits = clamped % 10 == 0 ? String(clamped / 10) : (clamped < 10 ? "0" : "") + String(clamped)
        return "0." + digits
    }

    static func langstring(_ text: String, _ language: String?) -> String {
        "<langstring lang=\"\(escaped(language ?? "und"))\">\(escaped(text))</langstring>"
    }

    /// An xsd:ID: an NCName, so a prefix of letters before the module's id (whose characters are all allowed).
    static func xmlID(_ prefix: String, _ id: String) -> String { prefix + "-" + id }

    /// A file's path as a URI reference: each segment percent-encoded beyond the unreserved characters.
    static func fileHref(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var encoded = ""
            for byte in segment.utf8 {
                let scalar = Unicode.Scalar(byte)
                if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) || "-_.~".unicodeScalars.contains(scalar) {
                    encoded.unicodeScalars.append(scalar)
                } else {
                    encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return encoded
        }.joined(separator: "/")
    }

    /// At most `count` characters, for the schema's length limits on titles.
    static func limited(_ text: String, _ count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 1)) + "…"
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // XML 1.0 has no way to write most control characters: they are left out.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
