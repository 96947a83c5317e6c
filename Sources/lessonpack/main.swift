import Foundation
import LessonpackCLI

exit(LessonpackMain.run())
