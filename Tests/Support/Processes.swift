import Foundation

/// Runs `process` to its end and returns what it wrote to stdout and to stderr, read at the
/// same time (reading one to its end before the other deadlocks on a child that fills the
/// other pipe first).
public func runCapturingOutput(_ process: Process) throws -> (stdout: Data, stderr: Data) {
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let errorData = ErrorDataBox()
    let reader = Thread {
        errorData.data = err.fileHandleForReading.readDataToEndOfFile()
        errorData.done.signal()
    }
    reader.start()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    errorData.done.wait()
    process.waitUntilExit()
    return (output, errorData.data)
}

private final class ErrorDataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}

/// Runs a tool to completion; returns its exit status and its stdout and stderr together.
/// `environment` replaces the test's own when given.
public func runTool(_ executable: String, _ arguments: [String],
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

public enum TestServerError: Error {
    case didNotStart(String)
}

/// Reads a test server's first line, "READY name=PORT …" (or "READY port=PORT"), into name → port.
public func readyPorts(_ output: Pipe) throws -> [String: Int] {
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { throw TestServerError.didNotStart("it ended before saying READY") }
        line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix("READY") else { throw TestServerError.didNotStart("it said \(text)") }
    var ports: [String: Int] = [:]
    for part in text.split(separator: " ") {
        let pair = part.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=")
        if pair.count == 2, let port = Int(pair[1]) { ports[String(pair[0])] = port }
    }
    return ports
}

/// A test server in a child process: started with its arguments, ready once it printed its
/// "READY …" line, stopped by closing its stdin (and waited for) by `stop()` or when released.
public final class ServerProcess: @unchecked Sendable {
    public let ports: [String: Int]
    /// The port of a server that listens on one ("READY port=N").
    public var port: Int? { ports["port"] }
    private let process = Process()
    private let input = Pipe()
    private var stopped = false

    public init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        ports = try readyPorts(output)
    }

    public func stop() {
        guard !stopped else { return }
        stopped = true
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// The project's folders, found from this file's place in the tree.
public let projectDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The project's Fixtures/ folder.
public let fixturesDirectory = projectDirectory.appendingPathComponent("Fixtures", isDirectory: true)

public func fixture(_ path: String) throws -> Data {
    try Data(contentsOf: fixturesDirectory.appendingPathComponent(path))
}
