// switchyard-demo-setup: configures a throwaway profile for `make demo`, the way
// a user's machine would be configured — the registry file under
// $XDG_CONFIG_HOME and the credentials in the session's Secret Service — for
// the local peers (Tests/Peers/peers.py demo) and the Sonarr/Radarr fixture servers.
//
//   switchyard-demo-setup PEERS.json SONARR_PORT RADARR_PORT API_KEY
//   switchyard-demo-setup --only KIND NAME PORT SECRET [USERNAME]   (one service; benchmarks)
//   switchyard-demo-setup --clients PEERS.json                       (the four peers alone; the desktop-handler check)
import Core
import Foundation

func save(_ services: [(ServiceConfig, Credential)]) {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var failure: String?
    Task.detached {
        let registry = ServiceRegistry(fileURL: ServiceRegistry.defaultFileURL())
        await registry.load()
        let secrets = KeyringSecretStore()
        do {
            for (config, credential) in services {
                try await secrets.write(credential, for: config.credential, kind: config.kind)
                try await registry.upsert(config)
            }
        } catch {
            failure = "\(error)"
        }
        done.signal()
    }
    done.wait()
    if let failure {
        FileHandle.standardError.write(Data("switchyard-demo-setup: \(failure)\n".utf8))
        exit(1)
    }
    print("profile: \(services.count) service(s) added to \(ServiceRegistry.defaultFileURL().path)")
}

if CommandLine.arguments.count >= 6, CommandLine.arguments[1] == "--only",
   let kind = ServiceKind.known(CommandLine.arguments[2]), let port = Int(CommandLine.arguments[4]) {
    let secret = CommandLine.arguments[5]
    let username = CommandLine.arguments.count > 6 ? CommandLine.arguments[6] : nil
    let config = ServiceConfig(kind: kind, displayName: CommandLine.arguments[3],
                               localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"),
                               allowPlainHTTPOnLocal: true, preference: .local)
    let credential = kind.credentialShape == .apiKey ? Credential(apiKey: secret) : Credential(username: username, password: secret)
    save([(config, credential)])
    exit(0)
}

struct Peers: Decodable {
    struct Daemon: Decodable { let port: Int; let username: String; let password: String }
    let qbittorrent: Daemon
    let transmission: Daemon
    let deluge: Daemon
    let nzbget: Daemon
    /// Behind lighttpd at /RPC2 (absent from older runs).
    let rtorrent: Daemon?
}

let arguments = CommandLine.arguments
func local(_ kind: ServiceKind, _ name: String, _ port: Int) throws -> ServiceConfig {
    ServiceConfig(kind: kind, displayName: name, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"),
                  allowPlainHTTPOnLocal: true, preference: .local)
}

func clients(_ peers: Peers) throws -> [(ServiceConfig, Credential)] {
    [
        (try local(.qbittorrent, "qBittorrent", peers.qbittorrent.port),
         Credential(username: peers.qbittorrent.username, password: peers.qbittorrent.password)),
        (try local(.transmission, "Transmission", peers.transmission.port),
         Credential(username: peers.transmission.username, password: peers.transmission.password)),
        (try local(.deluge, "Deluge", peers.deluge.port), Credential(password: peers.deluge.password)),
        (try local(.nzbget, "NZBGet", peers.nzbget.port), Credential(username: peers.nzbget.username, password: peers.nzbget.password)),
    ] + (try peers.rtorrent.map { daemon in
        [(try local(.rtorrent, "rTorrent", daemon.port), Credential(username: daemon.username, password: daemon.password))]
    } ?? [])
}

if arguments.count == 3, arguments[1] == "--clients" {
    save(try clients(try JSONDecoder().decode(Peers.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[2])))))
    exit(0)
}
guard arguments.count == 5, let sonarrPort = Int(arguments[2]), let radarrPort = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: switchyard-demo-setup PEERS.json SONARR_PORT RADARR_PORT API_KEY\n".utf8))
    exit(2)
}
let peers = try JSONDecoder().decode(Peers.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
let key = arguments[4]

let services: [(ServiceConfig, Credential)] = [
    (try local(.sonarr, "Sonarr (fixture)", sonarrPort), Credential(apiKey: key)),
    (try local(.radarr, "Radarr (fixture)", radarrPort), Credential(apiKey: key)),
] + (try clients(peers))

save(services)
