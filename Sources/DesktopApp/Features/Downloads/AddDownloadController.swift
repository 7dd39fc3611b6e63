import Core
import Foundation

/// Add Download (Documentation/Adding.md): the dialog, which clients it offers, and the adds.
///
/// Magnet links and files often arrive before the configuration has been read — a browser's click
/// starts Switchyard with the link (GApplication's `open` comes before the first `load` finished).
/// The dialog is therefore made only once the configuration is known, gathers whatever arrives
/// meanwhile, and takes the client list again whenever the configuration changes while it is open.
@MainActor
final class AddDownloadController: FeatureController {
    private let context: AppContext
    private var repository: Repository { context.repository }
    private var scheduler: RefreshScheduler { context.scheduler }
    private var window: MainWindow? { context.window }
    /// The last client used for each kind of download (this run), offered first next time.
    private var lastClient: [DownloadSource.Family: UUID] = [:]
    private(set) var dialog: AddDownloadDialog?
    /// Candidates that arrived while the dialog waits for the configuration (nil: not waiting).
    private var waiting: [AddCandidates.Candidate]?

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        window.onAddDownload = { [weak self] candidates in self?.open(candidates) }
    }

    /// Opens Add Download (or adds to the one open, or to the one about to open) with `candidates`.
    func open(_ candidates: [AddCandidates.Candidate]) {
        if let dialog {
            dialog.take(candidates)
            dialog.window.present()
            return
        }
        if waiting != nil {
            waiting? += candidates
            return
        }
        waiting = candidates
        Task { [weak self] in
            await self?.context.firstLoad?.value
            guard let self else { return }
            let clients = await self.clients()
            guard let window = self.window, let candidates = self.waiting else { return }
            self.waiting = nil
            let dialog = AddDownloadDialog(over: window.toplevel, clients: clients, preferred: self.lastClient)
            dialog.window.onDestroy { [weak self] in self?.dialog = nil }
            dialog.onAdd = { [weak self, weak dialog] sources, client, options in
                guard let self, let dialog else { return }
                self.add(sources, to: client, options: options, dialog: dialog)
            }
            dialog.take(candidates)
            self.dialog = dialog
        }
    }

    /// The configuration was read again: an open dialog offers the clients configured now.
    func configurationLoaded(_ services: [ServiceConfig]) async {
        guard let dialog else { return }
        dialog.setClients(await clients())
    }

    /// The enabled services that take downloads, each with what it takes (torrents or usenet).
    private func clients() async -> [AddDownloadDialog.Client] {
        await repository.configuredServices.filter(\.enabled).compactMap { config in
            guard let type = ServiceCatalog.descriptor(for: config.kind)?.client as? any TransferAdding.Type else { return nil }
            return AddDownloadDialog.Client(service: ServiceRef(config), family: type.addable)
        }
    }

    /// Adds each source (one request each, never retried), says what the client answered, then reads Downloads back.
    private func add(_ sources: [DownloadSource], to client: ServiceRef, options: AddOptions, dialog: AddDownloadDialog) {
        if let family = sources.compactMap(\.family).first { lastClient[family] = client.id }
        let repository = repository, scheduler = scheduler
        Task { [weak dialog] in
            var lines: [(text: String, ok: Bool)] = []
            for source in sources {
                do throws(ServiceError) {
                    switch try await repository.add(source, to: client.id, options: options) {
                    case .added: lines.append((tr("Added “%s” to %s").fill(source.displayName, client.name), true))
                    case .duplicate: lines.append((tr("Already in %s: “%s”").fill(client.name, source.displayName), false))
                    }
                } catch {
                    lines.append((tr("%s did not add “%s”: %s").fill(client.name, source.displayName, ErrorText.sentence(error)), false))
                }
            }
            dialog?.showResults(lines)
            await scheduler.refreshAgain(.downloads) // a read sent after the adds, not one that may predate them
        }
    }
}
