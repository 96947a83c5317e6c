import LessonpackModel
import LessonpackSystem
import PropertyList

/// Writes one module source file's new value the way `fmt` lays it out, over what the file holds now: its
/// comments stay beside what they were written about, and values that mean what they meant keep their spelling.
enum SourceFileWriter {
    /// The file's new text, or nil when the file already says exactly that.
    static func text(of value: PlistValue, as file: SourceFile, in folder: String) throws(StudioError) -> String? {
        var current: [UInt8]?
        var document: PlistDocument?
        switch BoundedFile.read(file.path, in: folder, limit: SourceRevision.sourceLimit) {
        case .success(let bytes):
            current = bytes
            let read = PlistReader.read(bytes, file: file.path, keepingComments: true)
            if !read.hasErrors { document = read }
        case .failure(.missing): break
        case .failure(let failure): throw StudioError(.cannotWrite, "\(file.path): \(failure.description)")
        }
        var written = value
        var comments = PlistComments()
        if let old = document?.root?.value, let oldComments = document?.comments {
            written = WrittenForm.keeping(old, in: value, file: file)
            comments = oldComments.carried(from: old, to: written).comments
        }
        let text: String
        do {
            text = try PlistXMLWriter.xml(written, comments: comments) { ModuleSchema.keyOrder(in: file, at: $0) }
        } catch {
            // Text a property list cannot hold (a control character) came from the page: the request is at fault.
            throw StudioError(.badRequest, "\(file.path) cannot be written: \(error.description)")
        }
        return current == Array(text.utf8) ? nil : text
    }
}
