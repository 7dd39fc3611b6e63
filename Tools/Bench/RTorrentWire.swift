import Core
import Foundation

/// rTorrent has no diff: each refresh lists every torrent. Measured here: the client's refresh (the
/// moving fields each time, every field only for new hashes) against a full `d.multicall2` of every
/// field each time, with nothing changed and after 5 % were started; results to SWITCHYARD_BENCH_RESULTS.
func rtorrentWire(daemon: BulkPeers.Daemon, connection: ServiceConnection, changed: [String], counting: CountingTransport,
                  secrets: any SecretStore) async {
    let client = RTorrentClient(connection: connection, transport: counting, secrets: secrets)
    _ = try! await client.probe()
    _ = counting.take()
    let first = try! await client.transfers()
    let firstBytes = counting.take()
    _ = try! await client.transfers()
    let idleBytes = counting.take()
    let everything = [XMLRPCValue.string(""), .string("main")] + RTorrentClient.fields.map { .string($0) }
    _ = try! await client.call("d.multicall2", everything, effect: .read)
    let fullBytes = counting.take()
    let calls = changed.map { XMLRPCValue.structure(["methodName": .string("d.start"), "params": .array([.string($0.uppercased())])]) }
    _ = try! await client.call("system.multicall", [.array(calls)], effect: .write)
    _ = counting.take()
    let after = try! await client.transfers()
    let changedBytes = counting.take()
    print("rTorrent      \(first.items.count.description.padding(toLength: 8, withPad: " ", startingAt: 0))  "
          + "\(firstBytes.description.padding(toLength: 12, withPad: " ", startingAt: 0))  "
          + "\(idleBytes.description.padding(toLength: 15, withPad: " ", startingAt: 0))  \(changedBytes)"
          + "   (\(after.items.filter { $0.state != .paused }.count) now not paused; every field each time: \(fullBytes) bytes)")
    if let results = ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_RESULTS"] {
        let report: [String: Any] = ["torrents": first.items.count, "firstBytes": firstBytes, "idleBytes": idleBytes,
                                     "changedBytes": changedBytes, "everyFieldBytes": fullBytes]
        try? JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: results).appendingPathComponent("rtorrent-wire.json"))
    }
}
