import Core
import Dispatch
import Foundation

/// `--status [--json]`: the Overview's status rows, once, from the command line.
enum StatusCommand {
    /// Runs before the main loop starts, so it may wait here: the probes run on
    /// the cooperative pool, the HTTP thread and the keyring queue, never on this thread.
    static func run() -> StatusReport {
        let done = DispatchSemaphore(value: 0)
        let result = ReportBox()
        Task.detached {
            let registry = ServiceRegistry(fileURL: ServiceRegistry.defaultFileURL())
            let report: StatusReport
            do throws(TransportError) {
                let soup = try SoupTransport()
                let secrets = KeyringSecretStore()
                report = await StatusReport.make(registry: registry, transport: RetryingTransport(soup), secrets: secrets, live: soup)
            } catch {
                report = StatusReport(configurationPath: ServiceRegistry.defaultFileURL().path,
                                      problem: "HTTP could not start: \(ErrorText.sentence(ServiceError(error)))")
            }
            result.set(report)
            done.signal()
        }
        done.wait()
        return result.value!
    }
}

private final class ReportBox: @unchecked Sendable {
    private let lock = NSLock()
    private var report: StatusReport?
    func set(_ report: StatusReport) { lock.withLock { self.report = report } }
    var value: StatusReport? { lock.withLock { report } }
}
