import Core
import Foundation

/// The stack doctor from the window: the Overview's "Check Settings Between Services…" opens
/// `DoctorWindow` and runs one pass (`Repository.doctor()`, reads only); Check Again runs another.
@MainActor
final class DoctorController: FeatureController {
    private let context: AppContext
    /// The window on screen (tests).
    private(set) weak var shown: DoctorWindow?

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        window.overviewSlot.whenBuilt { [weak self] page in page.onDoctor = { self?.open() } }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {}

    func open() {
        if let shown {
            shown.window.present()
            return check()
        }
        let doctor = DoctorWindow(over: context.window?.toplevel)
        shown = doctor
        OnScreen.keep(doctor)
        doctor.window.onDestroy { OnScreen.release(doctor) }
        doctor.onCheck = { [weak self] in self?.check() }
        check()
    }

    private func check() {
        guard let doctor = shown else { return }
        doctor.checking()
        let repository = context.repository
        Task { [weak self] in
            let (evidence, findings) = await repository.doctor()
            let notRead = evidence.orchestrators.filter { $0.failure != nil }.map(\.service.name)
            self?.shown?.show(findings, orchestrators: evidence.orchestrators.count, clients: evidence.clients.count, notRead: notRead)
        }
    }
}
