import Core
import Foundation

/// Add Series / Add Movie / …: the dialog for one library kind at a time; lookups and the add go to
/// the instance picked in it, and the list is read back after an add.
@MainActor
final class AddToLibraryController: FeatureController {
    private let context: AppContext
    private(set) var dialog: AddToLibraryDialog?

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        window.onAddToLibrary = { [weak self] kind in self?.open(kind) }
    }

    /// Opens the dialog for `kind` (or raises the open one of that kind).
    func open(_ kind: LibraryKind.ID) {
        if let dialog, dialog.presentation.kind.id == kind {
            dialog.window.present()
            return
        }
        dialog?.window.destroy()
        requestPanel = nil
        let repository = context.repository, posters = context.posters
        let presentation = LibraryPresentations.of(kind)
        Task { [weak self] in
            let instances = await repository.instances(adding: kind)
            guard let self, let window = self.context.window, let page = window.library(presentation.feature) else { return }
            let dialog = AddToLibraryDialog(over: window.toplevel, presentation: presentation, instances: instances)
            dialog.posters = posters
            dialog.window.onDestroy { [weak self] in self?.dialog = nil }
            var lookup: Task<Void, Never>?
            dialog.onLookup = { term, instance, answer in
                lookup?.cancel() // the previous search is no longer wanted
                lookup = Task {
                    do throws(ServiceError) {
                        answer(.success(try await repository.lookup(term, on: instance.id)))
                    } catch {
                        if error != .cancelled { answer(.failure(error)) }
                    }
                }
            }
            dialog.onChoices = { instance, answer in
                Task {
                    do throws(ServiceError) { answer(.success(try await repository.addingChoices(on: instance.id))) } catch { answer(.failure(error)) }
                }
            }
            dialog.onAdd = { [weak dialog] addition, instance in
                Task {
                    do throws(ServiceError) {
                        let added = try await repository.add(addition, on: instance.id)
                        dialog?.window.destroy()
                        await page.showRead { await repository.library(kind, force: true) }
                        page.message.show(tr("Added “%s” to %s").fill(added.title, instance.name))
                    } catch {
                        dialog?.failed(ErrorText.sentence(error))
                    }
                }
            }
            dialog.onOpenExisting = { [weak self] found, instance in
                guard let id = found.libraryID else { return }
                let item = page.item(forKey: page.key(ResourceID(serviceID: instance.id, itemID: id)))
                window.select(presentation.feature)
                if let item { self?.context.controllers(LibraryTabController.self).first { $0.kind.id == kind }?.openDetail(item, in: page) }
            }
            if let asked = presentation.kind.requestedAs, let manager = await repository.requestManagers().first {
                self.offerRequest(in: dialog, to: manager, as: asked)
            }
            self.dialog = dialog
        }
    }

    /// "Request" beside "Add": the title asked of the request manager instead (sent once), and the
    /// Requests tab read back.
    private func offerRequest(in dialog: AddToLibraryDialog, to manager: ServiceRef, as asked: MediaRequest.MediaType) {
        let repository = context.repository, target = context.windowRef()
        let panel = RequestPanel(manager: manager, requestedAs: asked)
        dialog.attachRequest(button: panel.button, section: panel.section)
        dialog.onPicked = { [weak panel] item in panel?.show(item) }
        Task { [weak panel] in
            let requester = try? await repository.requester(on: manager.id)
            panel?.requester = requester
        }
        panel.onRequest = { [weak panel] ask, title in
            Task {
                do throws(ServiceError) {
                    let made = try await repository.request(ask, on: manager.id)
                    panel?.made(made, title: title)
                    let state = await repository.requests(force: true)
                    target.window?.requestsSlot.show { $0.render(state) }
                } catch {
                    panel?.failed(ErrorText.sentence(error))
                }
            }
        }
        requestPanel = panel
    }

    /// The dialog's request section, when a request manager is set up (tests).
    private(set) var requestPanel: RequestPanel?
}
