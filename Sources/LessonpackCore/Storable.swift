/// What the native build stores as JSON (a module's model, an engine's setup and actions) is `Codable` there. The
/// WebAssembly core has no Codable (Embedded Swift has no existentials, which coders are built on) and stores
/// nothing of its own: the page keeps the learner's events. One name for both, so each type is declared once.
#if hasFeature(Embedded)
package protocol Storable {}
#else
package typealias Storable = Codable
#endif
