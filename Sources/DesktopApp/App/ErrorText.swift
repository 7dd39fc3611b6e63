import Core

/// Every error and form problem as a sentence a person can act on — the one place
/// they are written. Core hands over errors and values; this file turns them into words.
enum ErrorText {
    static func sentence(_ error: ServiceError) -> String {
        switch error {
        case .unauthorized:
            "The service refused the stored credentials. Check the API key or password."
        case .missingCredential:
            "No credentials are stored for this service yet."
        case .unavailable(let reason):
            sentence(reason)
        case .authGateway:
            "A sign-in page answered instead of the service. Add the gateway's headers or use an address that reaches the service directly."
        case .wrongServiceKind(let expected, let found):
            if let found {
                "This address answers as \(found), not \(expected.displayName)."
            } else {
                "This address does not answer as \(expected.displayName)."
            }
        case .incompatibleVersion(let found):
            "This version of the service (\(found)) is not supported."
        case .serverMessage(_, let message):
            "The service refused the request: \(message)"
        case .decoding(let path, _):
            "The service sent data Switchyard could not read (at \(path))."
        case .cancelled:
            "Cancelled."
        case .keyring(let error):
            sentence(error)
        case .noEndpoint:
            "No address is set for this service. Enter its local or remote address in Settings."
        case .notOffered:
            "This service does not offer that."
        case .notConfigured:
            "This service is not set up in Switchyard, or it is switched off. Check it in Settings."
        case .invalidRequest(let problem):
            sentence(problem)
        case .refused(let refusal):
            sentence(refusal)
        case .partlyDone(let outcome):
            sentence(outcome)
        }
    }

    static func sentence(_ problem: RequestProblem) -> String {
        switch problem {
        case .noItems: "Nothing was sent: the request named no items (some services take that as every item)."
        case .unsupportedLink: "That link cannot be added. Use an http(s) link to a .torrent or .nzb file, or a magnet link."
        case .sourceNotTaken: "This client does not take this kind of download."
        case .mixedLists: "Nothing was sent: the client takes its queue and its history one at a time. Act on each separately."
        case .incomplete: "Nothing was sent: the form is missing a choice the service needs."
        case .wholeLibrary: "Nothing was sent: as asked, it would act on the whole library."
        }
    }

    static func sentence(_ refusal: ClientRefusal) -> String {
        switch refusal {
        case .notAdded: "The client did not add it (not a valid file, or one it could not read)."
        case .rejected: "The client did not accept the request."
        case .noDaemon: "The client's web UI has no daemon to connect to. Add one in its connection manager."
        case .daemonUnreachable: "The client's web UI could not connect to its daemon. Check the daemon's address and credentials in the web UI."
        case .noLabels: "This client has no labels (Transmission has them from 4.0). Add it without a category."
        case .said(let message): "The service refused the request: \(message)"
        }
    }

    static func sentence(_ outcome: PartialOutcome) -> String {
        switch outcome {
        case .addedWithoutCategory(let category):
            "Added, but the category “\(category)” could not be set. The client needs that label (Deluge: its Label plugin on, with the label)."
        case .someFailed(let failed, let total, let reason):
            "\(failed) of \(total) could not be done: \(reason)"
        }
    }

    static func sentence(_ reason: UnavailableReason) -> String {
        switch reason {
        case .timedOut: "The service took too long to answer."
        case .connectionRefused: "Nothing is listening at this address and port. Is the service running?"
        case .nameNotResolved: "The host name could not be found. Check the address."
        case .unreachable: "The network cannot reach this address."
        case .connectionLost: "The connection dropped before the answer was complete."
        case .certificateUntrusted: "The service's certificate is not trusted (self-signed, expired or for another name)."
        case .tlsFailed: "A secure connection could not be set up."
        case .plainHTTPBlocked: "Plain HTTP is not allowed for this address. Use HTTPS, or allow plain HTTP for the local address."
        case .responseTooLarge: "The service's answer was larger than Switchyard accepts."
        case .rateLimited: "The service asked to slow down. Try again shortly."
        case .serverUnavailable: "The service is unavailable or still starting up."
        case .serverError(let status): "The service reported an internal error (HTTP \(status))."
        case .redirectRefused: "The service redirected somewhere Switchyard will not follow."
        case .badResponse: "The service's answer could not be read."
        }
    }

    static func sentence(_ error: SecretStoreError) -> String {
        switch error {
        case .noSessionBus:
            "No desktop session bus is running, so the keyring cannot be reached. Start Switchyard from your desktop session."
        case .noSecretService:
            "No keyring service is available. Install and start GNOME Keyring, KWallet or KeePassXC's Secret Service."
        case .noCollection:
            "The keyring has no default collection. Create or unlock a login keyring, then try again."
        case .locked:
            "The keyring is locked. Unlock it, then try again."
        case .dismissed:
            "The keyring was not unlocked."
        case .failed(let message):
            "The keyring reported an error: \(message)"
        case .unreadable:
            "The gateway headers stored in the keyring for this service cannot be read. Enter them again in Settings."
        }
    }
}

extension ServiceRow {
    /// The row's failure, as a sentence, when there is one.
    var message: String? { problem.map(ErrorText.sentence) }
}

extension ServiceFailure {
    var message: String { ErrorText.sentence(error) }
}

extension ConnectionReport {
    /// "Connected to Sonarr 4.0.14 at the local address (127.0.0.1:8989) in 42 ms."
    var sentence: String {
        let place = role == .local ? "the local address" : "the remote address"
        let version = version.isEmpty ? "" : " \(version)"
        return "Connected to \(appName)\(version) at \(place) (\(endpoint.urlHost):\(endpoint.port)) in \(latencyMilliseconds) ms."
    }
}

extension SaveFailure {
    var sentence: String {
        switch self {
        case .invalid(let problems): ErrorText.sentences(problems).first ?? "Check the highlighted fields."
        case .rotationRefused(let error):
            "The new credentials were not saved: \(ErrorText.sentence(error)) The stored credentials are unchanged."
        case .keyring(let error): "Nothing was saved. \(ErrorText.sentence(error))"
        case .registry(let error): "Nothing was saved. \(ErrorText.sentence(error))"
        case .cacheNotRemoved(let path, let reason):
            "The service was removed, but its cached content could not be deleted (\(reason)). You can delete \(path) yourself."
        }
    }
}

extension ErrorText {
    static func sentence(_ error: RegistryError) -> String {
        switch error {
        case .invalid: "The settings are not valid."
        case .readOnly(.newerSchema): "The settings file was written by a newer Switchyard and is left unchanged."
        case .readOnly: "The settings file cannot be changed."
        case .writeFailed(let reason): "The settings file could not be written (\(reason))."
        case .notFound: "The service no longer exists."
        }
    }

    // MARK: The settings form

    static let nameMissing = "Give the service a name."

    static func sentence(_ addresses: ServiceDraft.Problems.Addresses) -> String {
        switch addresses {
        case .neither: "Enter a local or a remote address."
        case .localForLocalOnly: "“Local only” needs a local address."
        case .remoteForRemoteOnly: "“Remote only” needs a remote address."
        }
    }

    /// The inline sentence for an address the form refuses.
    static func sentence(_ error: EndpointError, role: EndpointRole) -> String {
        switch error {
        case .empty: "Enter an address."
        case .malformed: "This is not a valid address. Use a form like https://host:port/path."
        case .missingHost: "The address needs a host name or IP address."
        case .badPort: "The port must be a number from 1 to 65535."
        case .credentialsInURL: "Do not put a user name or password in the address; use the fields below."
        case .fragment: "Remove the “#…” part from the address."
        case .query: "Remove the “?…” part from the address."
        case .unsupportedScheme(let scheme): "“\(scheme)://” is not supported. Use https:// or http://."
        case .plainHTTPNotAllowed:
            role == .remote
                ? "Plain HTTP is never used for the remote address. Use https://."
                : "Plain HTTP needs “Allow plain HTTP on the local network” below."
        }
    }

    static func credentialPrompt(_ shape: CredentialShape) -> String {
        switch shape {
        case .apiKey: "Enter the API key."
        case .usernamePassword: "Enter the user name and password."
        case .passwordOnly: "Enter the password."
        }
    }

    static func sentence(_ problem: ServiceDraft.HeaderProblem) -> String {
        let line = "Line \(problem.line)"
        return switch problem.kind {
        case .notNameValue: "\(line): write headers as “Name: value”."
        case .invalidName(let name): "\(line): “\(name)” is not a valid header name."
        case .reserved(let name): "\(line): Switchyard sets “\(name)” itself."
        case .missingValue: "\(line): the header needs a value."
        }
    }

    /// Every problem of the form, in the order of its fields.
    static func sentences(_ problems: ServiceDraft.Problems) -> [String] {
        [problems.nameMissing ? nameMissing : nil,
         problems.localAddress.map { sentence($0, role: .local) },
         problems.remoteAddress.map { sentence($0, role: .remote) },
         problems.addresses.map(sentence),
         problems.headers.map(sentence),
         problems.credential.map(credentialPrompt)].compactMap { $0 }
    }
}
