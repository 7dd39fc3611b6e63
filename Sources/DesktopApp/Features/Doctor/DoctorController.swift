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
        doctor.onFix = { [weak self] fix in self?.offer(fix) }
        check()
    }

    private func check(after fixed: String? = nil) {
        guard let doctor = shown else { return }
        doctor.checking()
        let repository = context.repository
        Task { [weak self] in
            let (evidence, findings) = await repository.doctor()
            self?.shown?.show(findings, coverage: evidence.coverage, after: fixed)
        }
    }

    /// The confirmation on screen (tests, inspection).
    private(set) weak var confirmation: ConfirmDialog?
    /// The confirmed fix is being sent.
    private var applying = false

    /// A fix: what it will send is read first (nothing written), shown for confirmation with Cancel as
    /// the default; on confirm it is sent once, read back, and everything is checked again.
    func offer(_ fix: DoctorFix) {
        guard let doctor = shown else { return }
        doctor.checking()
        let repository = context.repository
        Task { [weak self] in
            do throws(ServiceError) {
                let plan = try await repository.plan(fix)
                self?.confirm(plan)
            } catch {
                self?.shown?.report(tr("Nothing was changed: %s").fill(ErrorText.sentence(error)))
            }
        }
    }

    func confirm(_ plan: FixPlan) {
        guard let doctor = shown else { return }
        doctor.report(tr("Waiting for your answer…"))
        applying = false
        let words = DoctorFixWords.words(plan)
        confirmation = ConfirmDialog(
            over: doctor.window, title: words.title, detail: words.detail, confirm: words.confirm, options: [],
            code: "\(plan.method) \(plan.path)\n\(plan.body)", codeName: tr("The request that will be sent:"), destructive: false,
            onConfirm: { [weak self] _ in self?.apply(plan) },
            onEnd: { [weak self] in if self?.applying == false { self?.shown?.report(tr("Nothing was changed.")) } })
    }

    private func apply(_ plan: FixPlan) {
        applying = true
        shown?.checking()
        let repository = context.repository
        Task { [weak self] in
            do throws(ServiceError) {
                let outcome = try await repository.apply(plan)
                let said = outcome.confirmed
                    ? tr("Done: %1$s now reports %2$s.").fill(plan.fix.service.name, outcome.readBack)
                    : tr("Sent, but %1$s does not report the change: %2$s.").fill(plan.fix.service.name, outcome.readBack)
                self?.check(after: said)
            } catch {
                // Never sent again: the user sees what happened and decides.
                self?.shown?.report(tr("%1$s did not take the change: %2$s").fill(plan.fix.service.name, ErrorText.sentence(error)))
            }
        }
    }
}
