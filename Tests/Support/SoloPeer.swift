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
        /// Its own opentracker, when asked for one: its port and announce address.
        public let tracker: Tracker?
    }
    public struct Tracker: Decodable, Sendable { public let port: Int; public let announce: String }
    private struct File: Decodable {
        let qbittorrent: Daemon?
        let transmission: Daemon?
        let deluge: Daemon?
        let nzbget: Daemon?
        let rtorrent: Daemon?
    }

    public let daemon: Daemon
    public let run: URL

    /// `tracker`: its torrents announce to a real opentracker of its own on 127.0.0.1.
    /// `absent`: the torrents' data is not there, so they wait in the client's queue to download.
    /// `folder`: the first seed is a folder of three files (peers.py FOLDER_FILES), for picking several files.
    public init(_ kind: ServiceKind, seeds: Int = 1, tracker: Bool = false, absent: Bool = false, folder: Bool = false) throws {
        try requireTestSession(peers: true)
        run = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-solo-\(UUID().uuidString)")
        let mode = tracker ? ["tracker"] : absent ? ["absent"] : folder ? ["folder"] : []
        let (status, output) = try runTool("/usr/bin/python3", [Self.script.path, "solo", kind.rawValue, run.path, String(seeds)] + mode)
        guard status == 0 else { throw SoloError.didNotStart(output) }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: run.appendingPathComponent("peers.json")))
        daemon = [file.qbittorrent, file.transmission, file.deluge, file.nzbget, file.rtorrent].compactMap { $0 }.first!
    }

    public func stop() { Self.stop(run) }

    /// The tracker's own counts (its API, not Switchyard's): successful announces, peers and seeds it tracks.
    public func trackerStats() throws -> (announces: Int, peers: Int, seeds: Int) {
        struct Stats: Decodable { let announces: Int; let peers: Int; let seeds: Int }
        guard let port = daemon.tracker?.port else { throw SoloError.didNotStart("no tracker") }
        let (status, output) = try runTool("/usr/bin/python3", [Self.script.path, "tracker-stats", String(port)])
        guard status == 0, let line = output.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else { throw SoloError.didNotStart(output) }
        let stats = try JSONDecoder().decode(Stats.self, from: Data(line.utf8))
        return (stats.announces, stats.peers, stats.seeds)
    }

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
