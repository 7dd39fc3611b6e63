import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// One real daemon of its own on shifted ports (Tests/Peers/peers.py solo), for
/// tests that stop it without disturbing the shared peers.
public struct SoloPeer: Sendable {
    public struct Seed: Decodable, Sendable { public let name: String; public let hash: String; public let complete: Bool }
    public struct Daemon: Decodable, Sendable {
        public let pid: Int; public let port: Int; public let username: String; public let password: String
        /// Torrent daemons: where the seed data lives and which seeds it holds.
        public let data: String?; public let seeds: [Seed]?
        public let nzb_ids: [Int]?
    }
    private struct File: Decodable {
        let qbittorrent: Daemon?
        let transmission: Daemon?
        let deluge: Daemon?
        let nzbget: Daemon?
        let rtorrent: Daemon?
    }

    public let daemon: Daemon
    public let run: URL

    public init(_ kind: ServiceKind, seeds: Int = 1) throws {
        try requireTestSession(peers: true)
        run = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-solo-\(UUID().uuidString)")
        let (status, output) = try runTool("/usr/bin/python3", [Self.script.path, "solo", kind.rawValue, run.path, String(seeds)])
        guard status == 0 else { throw SoloError.didNotStart(output) }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: run.appendingPathComponent("peers.json")))
        daemon = [file.qbittorrent, file.transmission, file.deluge, file.nzbget, file.rtorrent].compactMap { $0 }.first!
    }

    public func stop() { Self.stop(run) }

    public static func stop(_ run: URL) {
        _ = try? runTool("/usr/bin/python3", [script.path, "stop", run.path])
        try? FileManager.default.removeItem(at: run)
    }

    private static var script: URL {
        fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Tests/Peers/peers.py")
    }
}

public enum SoloError: Error {
    case didNotStart(String)
}
