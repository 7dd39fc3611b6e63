import Foundation

/// A `switchyard-fixture-server` for a benchmark: started with `arguments`, its port read from its
/// READY line; it exits when `stop()` closes its stdin.
final class BenchServer {
    let process = Process()
    let input = Pipe()
    let port: Int

    init(_ binary: String, _ arguments: [String]) {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try! process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) { line.append(output.fileHandleForReading.availableData) }
        port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "READY port=", with: ""))!
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
