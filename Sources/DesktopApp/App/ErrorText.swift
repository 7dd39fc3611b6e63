import Core

/// Every error and form problem as a sentence a person can act on — the one place
/// they are written. Core hands over errors and values; this file turns them into words.
enum ErrorText {
    static func sentence(_ error: ServiceError) -> String {
        switch error {
        case .unauthorized:
            tr("The service refused the stored credentials. Check the API key or password.")
        case .missingCredential:
            tr("No credentials are stored for this service yet.")
        case .unavailable(let reason):
            sentence(reason)
        case .authGateway:
            tr("A sign-in page answered instead of the service. Add the gateway's headers or use an address that reaches the service directly.")
        case .wrongServiceKind(let expected, let found):
            if let found {
                tr("This address answers as %s, not %s.").fill(found, expected.displayName)
            } else {
                tr("This address does not answer as %s.").fill(expected.displayName)
            }
        case .incompatibleVersion(let found):
            tr("This version of the service (%s) is not supported.").fill(found)
        case .serverMessage(let status, let message) where status >= 500:
            // 5xx: the service failed at its end; nothing about the request was refused.
            tr("The service failed while answering: %s").fill(message)
        case .serverMessage(_, let message):
            tr("The service refused the request: %s").fill(message)
        case .decoding(let path, _):
            tr("The service sent data Switchyard could not read (at %s).").fill(path)
        case .cancelled:
            tr("Cancelled.")
        case .keyring(let error):
            sentence(error)
        case .noEndpoint:
            tr("No address is set for this service. Enter its local or remote address in Settings.")
        case .notOffered:
            tr("This service does not offer that.")
        case .notConfigured:
            tr("This service is not set up in Switchyard, or it is switched off. Check it in Settings.")
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
        case .noItems: tr("Nothing was sent: the request named no items (some services take that as every item).")
        case .unsupportedLink: tr("That link cannot be added. Use an http(s) link to a .torrent or .nzb file, or a magnet link.")
        case .sourceNotTaken: tr("This client does not take this kind of download.")
        case .mixedLists: tr("Nothing was sent: the client takes its queue and its history one at a time. Act on each separately.")
        case .incomplete: tr("Nothing was sent: the form is missing a choice the service needs.")
        case .wholeLibrary: tr("Nothing was sent: as asked, it would act on the whole library.")
        case .folderNotAbsolute: tr("Nothing was sent: the folder must be a full path on the client's machine, such as /data/downloads.")
        case .limitOutOfRange: tr("Nothing was sent: a speed limit must be at least 1 kB/s and at most 10 GB/s.")
        case .badGroupName: tr("Nothing was sent: a category or label cannot be empty, have control characters, or be given twice, and a Transmission label cannot have a comma.")
        case .badName: tr("Nothing was sent: a name cannot be empty, have control characters or a slash, or be “.” or “..”.")
        case .badTrackerURL: tr("Nothing was sent: each tracker must be an http, https or udp address with a host, given once.")
        case .badPassword: tr("Nothing was sent: a password cannot be empty, longer than 255 characters or hold control characters.")
        case .oneJobAtATime: tr("Nothing was sent: this client moves one job at a time in its queue. Pick one of its jobs.")
        }
    }

    static func sentence(_ refusal: ClientRefusal) -> String {
        switch refusal {
        case .notAdded: tr("The client did not add it (not a valid file, or one it could not read).")
        case .rejected: tr("The client did not accept the request.")
        case .noDaemon: tr("The client's web UI has no daemon to connect to. Add one in its connection manager.")
        case .daemonUnreachable: tr("The client's web UI could not connect to its daemon. Check the daemon's address and credentials in the web UI.")
        case .noLabels: tr("This client has no labels (Transmission has them from 4.0). Add it without a category.")
        case .said(let message): tr("The service refused the request: %s").fill(message)
        case .noSuchTransfer: tr("The client no longer holds this transfer: it was removed there, or cleared by its own rules.")
        case .noSuchTracker: tr("The transfer no longer has that tracker: its trackers changed since they were read. Look at them again.")
        case .readOnlyAPI:
            tr("The service takes only reads from an API key: its CSRF protection is on. Nothing was changed; turn it off in its Settings → General to act from Switchyard.")
        }
    }

    static func sentence(_ outcome: PartialOutcome) -> String {
        switch outcome {
        case .addedWithoutCategory(let category):
            tr("Added, but the category “%s” could not be set. The client needs that label (Deluge: its Label plugin on, with the label).").fill(category)
        case .someFailed(let failed, let total, let reason):
            // Translators: %1$d of %2$d items; %3$s is the service's reason.
            trn("%1$d of %2$d could not be done: %3$s", "%1$d of %2$d could not be done: %3$s", total).fill(failed, total, reason)
        }
    }

    static func sentence(_ reason: UnavailableReason) -> String {
        switch reason {
        case .timedOut: tr("The service took too long to answer.")
        case .connectionRefused: tr("Nothing is listening at this address and port. Is the service running?")
        case .nameNotResolved: tr("The host name could not be found. Check the address.")
        case .unreachable: tr("The network cannot reach this address.")
        case .connectionLost: tr("The connection dropped before the answer was complete.")
        case .certificateUntrusted: tr("The service's certificate is not trusted (self-signed, expired or for another name).")
        case .tlsFailed: tr("A secure connection could not be set up.")
        case .plainHTTPBlocked: tr("Plain HTTP is not allowed for this address. Use HTTPS, or allow plain HTTP for the local address.")
        case .responseTooLarge: tr("The service's answer was larger than Switchyard accepts.")
        case .rateLimited: tr("The service asked to slow down. Try again shortly.")
        case .serverUnavailable: tr("The service is unavailable or still starting up.")
        case .serverError(let status): tr("The service reported an internal error (HTTP %s).").fill(status)
        case .redirectRefused: tr("The service redirected somewhere Switchyard will not follow.")
        case .badResponse: tr("The service's answer could not be read.")
        }
    }

    static func sentence(_ error: SecretStoreError) -> String {
        switch error {
        case .noSessionBus:
            tr("No desktop session bus is running, so the keyring cannot be reached. Start Switchyard from your desktop session.")
        case .noSecretService:
            tr("No keyring service is available. Install and start GNOME Keyring, KWallet or KeePassXC's Secret Service.")
        case .noCollection:
            tr("The keyring has no default collection. Create or unlock a login keyring, then try again.")
        case .locked:
            tr("The keyring is locked. Unlock it, then try again.")
        case .dismissed:
            tr("The keyring was not unlocked.")
        case .failed(let message):
            tr("The keyring reported an error: %s").fill(message)
        case .unreadable:
            tr("The gateway headers stored in the keyring for this service cannot be read. Enter them again in Settings.")
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
        let address = "\(endpoint.urlHost):\(endpoint.port)", time = String(latencyMilliseconds)
        // Translators: %1$s is the service ("Sonarr"), %2$s its version, %3$s host:port, %4$s milliseconds.
        return switch (role == .local, version.isEmpty) {
        case (true, false): tr("Connected to %1$s %2$s at the local address (%3$s) in %4$s ms.").fill(appName, version, address, time)
        case (false, false): tr("Connected to %1$s %2$s at the remote address (%3$s) in %4$s ms.").fill(appName, version, address, time)
        // Translators: %1$s is the service ("Sonarr"), %2$s host:port, %3$s milliseconds.
        case (true, true): tr("Connected to %1$s at the local address (%2$s) in %3$s ms.").fill(appName, address, time)
        case (false, true): tr("Connected to %1$s at the remote address (%2$s) in %3$s ms.").fill(appName, address, time)
        }
    }
}

extension SaveFailure {
    var sentence: String {
        switch self {
        case .invalid(let problems): ErrorText.sentences(problems).first ?? tr("Check the highlighted fields.")
        case .rotationRefused(let error):
            tr("The new credentials were not saved: %s The stored credentials are unchanged.").fill(ErrorText.sentence(error))
        case .keyring(let error): tr("Nothing was saved. %s").fill(ErrorText.sentence(error))
        case .registry(let error): tr("Nothing was saved. %s").fill(ErrorText.sentence(error))
        case .cacheNotRemoved(let path, let reason):
            tr("The service was removed, but its cached content could not be deleted (%s). You can delete %s yourself.").fill(reason, path)
        }
    }
}

extension ErrorText {
    static func sentence(_ error: RegistryError) -> String {
        switch error {
        case .invalid: tr("The settings are not valid.")
        case .readOnly(.newerSchema): tr("The settings file was written by a newer Switchyard and is left unchanged.")
        case .readOnly: tr("The settings file cannot be changed.")
        case .writeFailed(let reason): tr("The settings file could not be written (%s).").fill(reason)
        case .notFound: tr("The service no longer exists.")
        }
    }

    // MARK: The settings form

    static var nameMissing: String { tr("Give the service a name.") }

    static func sentence(_ addresses: ServiceDraft.Problems.Addresses) -> String {
        switch addresses {
        case .neither: tr("Enter a local or a remote address.")
        case .localForLocalOnly: tr("“Local only” needs a local address.")
        case .remoteForRemoteOnly: tr("“Remote only” needs a remote address.")
        }
    }

    /// The inline sentence for an address the form refuses.
    static func sentence(_ error: EndpointError, role: EndpointRole) -> String {
        switch error {
        case .empty: tr("Enter an address.")
        case .malformed: tr("This is not a valid address. Use a form like https://host:port/path.")
        case .missingHost: tr("The address needs a host name or IP address.")
        case .badPort: tr("The port must be a number from 1 to 65535.")
        case .credentialsInURL: tr("Do not put a user name or password in the address; use the fields below.")
        case .fragment: tr("Remove the “#…” part from the address.")
        case .query: tr("Remove the “?…” part from the address.")
        case .unsupportedScheme(let scheme): tr("“%s://” is not supported. Use https:// or http://.").fill(scheme)
        case .plainHTTPNotAllowed:
            role == .remote
                ? tr("Plain HTTP is never used for the remote address. Use https://.")
                : tr("Plain HTTP needs “Allow plain HTTP on the local network” below.")
        }
    }

    static func credentialPrompt(_ shape: CredentialShape) -> String {
        switch shape {
        case .apiKey: tr("Enter the API key.")
        case .usernamePassword: tr("Enter the user name and password.")
        case .passwordOnly: tr("Enter the password.")
        }
    }

    static func sentence(_ problem: ServiceDraft.HeaderProblem) -> String {
        // Translators: %1$s is a line number of the headers field, %2$s a header name.
        let line = String(problem.line)
        return switch problem.kind {
        case .notNameValue: tr("Line %s: write headers as “Name: value”.").fill(line)
        case .invalidName(let name): tr("Line %1$s: “%2$s” is not a valid header name.").fill(line, name)
        case .reserved(let name): tr("Line %1$s: Switchyard sets “%2$s” itself.").fill(line, name)
        case .missingValue: tr("Line %s: the header needs a value.").fill(line)
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
