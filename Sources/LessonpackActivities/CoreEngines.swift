// The engines, their results and the word diff live in LessonpackCore, which the WebAssembly core is built from as
// well; the descriptors and the registry here (which use existentials, as Embedded Swift cannot) reach them, and
// every user of LessonpackActivities sees them, as before.
@_exported import LessonpackCore
