// switchyard-bench: one measurement per process, so peak memory is this run's own.
// Usage: switchyard-bench movies|series FILE
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
