// switchyard-bench: one measurement per process, so peak memory is this run's own.
// Usage: switchyard-bench movies|series FILE
//        switchyard-bench qbt-merge DIR      (full.json, diff-NNN.json…, full-after.json from qbt-maindata.py)
// Prints: items=N seconds=S baseline_kib=B peak_kib=P payload_bytes=L
import Core
import Foundation

func residentKiB(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
    }
    return 0
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "qbt-merge" {
    runMergeBenchmark(directory: URL(fileURLWithPath: arguments[2]))
    exit(0)
}
guard arguments.count == 3, ["movies", "series"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: switchyard-bench movies|series FILE\n".utf8))
    exit(2)
}
let baseline = residentKiB("VmRSS")
let payload = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
let service = UUID()
let start = ContinuousClock.now
let items: Int
do {
    items = arguments[1] == "movies"
        ? try RadarrClient.decodeMovies(payload, serviceID: service).count
        : try SonarrClient.decodeSeries(payload, serviceID: service).count
} catch {
    FileHandle.standardError.write(Data("decode failed: \(error)\n".utf8))
    exit(1)
}
let elapsed = ContinuousClock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("items=\(items) seconds=\(seconds) baseline_kib=\(baseline) peak_kib=\(residentKiB("VmHWM")) payload_bytes=\(payload.count)")

/// Decode + merge of a qBittorrent full update, then of each diff; checks the
/// merged state equals the full snapshot taken after the last diff.
func runMergeBenchmark(directory: URL) {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasPrefix("diff-") }.sorted() ?? []
    let full = try! Data(contentsOf: directory.appendingPathComponent("full.json"))
    let diffs = files.map { try! Data(contentsOf: directory.appendingPathComponent($0)) }
    var data = QBittorrentMainData()
    let fullStart = ContinuousClock.now
    try! data.apply(full)
    let fullSeconds = (ContinuousClock.now - fullStart).components
    var mergeTimes: [Double] = []
    for diff in diffs {
        let start = ContinuousClock.now
        try! data.apply(diff)
        let elapsed = (ContinuousClock.now - start).components
        mergeTimes.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }
    var reference = QBittorrentMainData()
    try! reference.apply(try! Data(contentsOf: directory.appendingPathComponent("full-after.json")))
    let sorted = mergeTimes.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let meanDiff = diffs.isEmpty ? 0 : diffs.map(\.count).reduce(0, +) / diffs.count
    print("torrents=\(data.torrentCount) full_bytes=\(full.count) full_seconds=\(Double(fullSeconds.seconds) + Double(fullSeconds.attoseconds) / 1e18) "
          + "diffs=\(diffs.count) mean_diff_bytes=\(meanDiff) median_merge_seconds=\(median) "
          + "matches_full_fetch=\(data.torrentCount == reference.torrentCount && data.sameTorrents(as: reference))")
}
