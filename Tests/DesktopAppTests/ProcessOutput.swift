import Foundation

/// Runs `process` to its end and returns what it wrote to stdout and to stderr, read at the
/// same time (reading one to its end before the other deadlocks on a child that fills the
/// other pipe first).
func runCapturingOutput(_ process: Process) throws -> (stdout: Data, stderr: Data) {
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
