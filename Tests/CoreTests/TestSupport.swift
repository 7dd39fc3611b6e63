import Foundation
import XCTest

/// A fresh directory under the test session's temporary space, removed afterwards.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("switchyard-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// The project's Fixtures/ folder.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures", isDirectory: true)

func fixture(_ path: String) throws -> Data {
    try Data(contentsOf: fixturesDirectory.appendingPathComponent(path))
}

/// Runs a tool to completion; returns its exit status and its stdout and stderr together.
/// `environment` replaces the test's own when given.
func runTool(_ executable: String, _ arguments: [String],
             environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

/// Reads a test server's first line, "READY name=PORT …" (or "READY port=PORT"), into name → port.
func readyPorts(_ output: Pipe) throws -> [String: Int] {
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { throw FixtureServerError.didNotStart }
        line.append(chunk)
    }
    var ports: [String: Int] = [:]
    for part in String(decoding: line, as: UTF8.self).split(separator: " ") {
        let pair = part.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=")
        if pair.count == 2, let port = Int(pair[1]) { ports[String(pair[0])] = port }
    }
    return ports
}

/// A test server in a child process: started with its arguments, ready once it printed its
/// "READY …" line, stopped by closing its stdin when this object goes.
final class ServerProcess: @unchecked Sendable {
    let ports: [String: Int]
    private let process = Process()
    private let input = Pipe()

    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        ports = try readyPorts(output)
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
