/// Every error as a sentence a person can act on — the one place they are written.
public enum ErrorText {
    public static func sentence(_ error: ServiceError) -> String {
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
        }
    }

    public static func sentence(_ reason: UnavailableReason) -> String {
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

    public static func sentence(_ error: SecretStoreError) -> String {
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
