// The module's value types (Module, its transcript, questions and media entries) live in LessonpackCore, which the
// WebAssembly core is built from as well; everything that reads, checks or writes a module reaches them through
// LessonpackModel as before.
@_exported import LessonpackCore
