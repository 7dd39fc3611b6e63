/// Dialogs on screen stay alive while they are there, whoever made them: a dialog whose owner let go
/// of it (a second request replaced it in the owner's slot) must still answer its buttons, Escape
/// and its close button — otherwise a modal window stays up that nothing can end.
@MainActor
enum OnScreen {
    private static var shown: [ObjectIdentifier: AnyObject] = [:]

    /// Keeps `dialog` alive until `release` (its answer, or its window destroyed).
    static func keep(_ dialog: AnyObject) { shown[ObjectIdentifier(dialog)] = dialog }

    static func release(_ dialog: AnyObject) { shown[ObjectIdentifier(dialog)] = nil }

    /// Dialogs on screen now (tests).
    static var count: Int { shown.count }
}

/// A dialog that asks before acting (ConfirmDialog, QueueRemovalDialog).
@MainActor
protocol Question: AnyObject {
    var window: Window { get }
}

extension ConfirmDialog: Question {}
extension QueueRemovalDialog: Question {}

/// One question at a time per page: asking while one is open raises the open one instead of making a
/// second (a screen reader's "activate" reaches a toolbar button behind a modal dialog).
@MainActor
final class QuestionSlot {
    private(set) var current: (any Question)?
    /// Which question `current` is: an answer clears the slot only for its own question.
    private final class Asking {}
    private var asking: Asking?

    /// Asks with the dialog `make` returns — or, when one is open, presents that one and makes none.
    /// `make` gets the closure its dialog must call when it ends.
    func ask(_ make: (_ ended: @escaping @MainActor () -> Void) -> any Question) {
        if let current {
            current.window.present()
            return
        }
        let asking = Asking()
        self.asking = asking
        current = make { [weak self, weak asking] in
            guard let self, let asking, self.asking === asking else { return }
            self.current = nil
            self.asking = nil
        }
    }
}
