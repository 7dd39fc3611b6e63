import Core
import Foundation

/// Which state of the settings window a route shows.
enum SettingsScene: Equatable {
    case list
    case keyringUnavailable
    case kinds
    case add(ServiceKind)
    case edit
    case testSuccess
    case testFailed(TestFailure)
    case invalidEndpoint
    case removeConfirm
    case notifications
}

/// One class of failed connection test, as the form words it.
enum TestFailure: String, CaseIterable {
    case unauthorized
    case wrongKind = "wrong-kind"
    case authGateway = "auth-gateway"
    case certificate
    case plainHTTP = "plain-http"
    case unreachable
    case timeout

    var error: ServiceError {
        switch self {
        case .unauthorized: .unauthorized
        case .wrongKind: .wrongServiceKind(expected: .sonarr, found: "Radarr")
        case .authGateway: .authGateway
        case .certificate: .unavailable(.certificateUntrusted)
        case .plainHTTP: .unavailable(.plainHTTPBlocked)
        case .unreachable: .unavailable(.connectionRefused)
        case .timeout: .unavailable(.timedOut)
        }
    }
}

extension InspectionData {
    /// The configured services the settings routes list (synthetic, hosts under fixture.invalid).
    static var configs: [ServiceConfig] {
        func endpoint(_ text: String) -> Endpoint? { try? Endpoint.parse(text) }
        func config(_ ref: ServiceRef, local: String?, remote: String?, enabled: Bool = true) -> ServiceConfig {
            let account = UUID(uuidString: "F1C7F1C7-0000-4000-9000-" + ref.id.uuidString.suffix(12))!
            return ServiceConfig(id: ref.id, kind: ref.kind, displayName: ref.name, enabled: enabled,
                          localEndpoint: local.flatMap(endpoint), remoteEndpoint: remote.flatMap(endpoint),
                          allowPlainHTTPOnLocal: local?.hasPrefix("http://") ?? false,
                          credential: CredentialReference(account))
        }
        return [
            config(sonarr, local: "http://192.168.1.20:8989", remote: "https://sonarr.fixture.invalid"),
            config(sonarr4K, local: nil, remote: "https://sonarr4k.fixture.invalid"),
            config(radarr, local: "http://192.168.1.20:7878", remote: nil),
            config(qbittorrent, local: "http://192.168.1.30:8080", remote: nil),
            config(nzbget, local: "http://192.168.1.30:6789", remote: nil),
            config(transmission, local: "http://192.168.1.40:9091", remote: nil, enabled: false),
        ]
    }

    static var statusRows: [UUID: ServiceRow] {
        Dictionary(overview(partial: false).rows.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    }
}

@MainActor
extension SettingsDialog {
    /// Renders a settings route with synthetic data (no backend: nothing is saved or probed).
    func show(_ scene: SettingsScene) {
        let services = InspectionData.configs
        let sonarr = services[0]
        switch scene {
        case .notifications:
            preferences.set(.health, false)
            showList(services: Array(services.prefix(2)), keyringProblem: .some(nil))
        case .list:
            showList(services: services, keyringProblem: .some(nil))
        case .keyringUnavailable:
            showList(services: services, keyringProblem: .some(.noSecretService))
        case .kinds:
            showList(services: services, keyringProblem: .some(nil))
            showKinds()
        case .add(let kind):
            showList(services: services, keyringProblem: .some(nil))
            showForm(ServiceDraft(adding: kind), hasStoredCredential: false)
        case .edit:
            showList(services: services, keyringProblem: .some(nil))
            showForm(ServiceDraft(editing: sonarr), hasStoredCredential: true)
        case .testSuccess:
            showList(services: services, keyringProblem: .some(nil))
            showForm(ServiceDraft(editing: sonarr), hasStoredCredential: true)
            let report = ConnectionReport(appName: "Sonarr", version: "4.0.19.2979", role: .local,
                                          endpoint: sonarr.localEndpoint!, latencyMilliseconds: 12)
            showTestResultForInspection(.success(report))
        case .testFailed(let failure):
            showList(services: services, keyringProblem: .some(nil))
            showForm(ServiceDraft(editing: sonarr), hasStoredCredential: true)
            showTestResultForInspection(.failure(failure.error))
        case .invalidEndpoint:
            showList(services: services, keyringProblem: .some(nil))
            var draft = ServiceDraft(adding: .sonarr)
            draft.localAddress = "https://192.168.1.20:8989/#queue"
            draft.remoteAddress = "http://sonarr.fixture.invalid"
            showForm(draft, hasStoredCredential: false)
        case .removeConfirm:
            showList(services: services, keyringProblem: .some(nil))
            showConfirm(sonarr)
        }
    }
}
