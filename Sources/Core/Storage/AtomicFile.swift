import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Crash-safe file replacement: write a uniquely named temporary file in the
/// same directory, fsync it, rename it over the target, fsync the directory.
/// Readers see the old file or the new one, never a torn mix.
enum AtomicFile {
    static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws(RegistryError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .writeFailed("cannot create \(directory.path)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .writeFailed(Self.lastError("create")) }
        var ok = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        var failure = ok ? "" : Self.lastError("write")
        if ok && fsync(fd) != 0 { ok = false; failure = Self.lastError("fsync") }
        close(fd)
        if ok && rename(temporary.path, url.path) != 0 { ok = false; failure = Self.lastError("rename") }
        guard ok else {
            unlink(temporary.path)
            throw .writeFailed(failure)
        }
        let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Removes temporary files a killed writer left next to `url` (older than `age`, so a
    /// write in progress in another instance is never disturbed). They are never read.
    static func removeStaleTemporaries(of url: URL, olderThan age: TimeInterval = 60, now: Date = Date()) {
        removeStaleTemporaries(in: url.deletingLastPathComponent(), prefix: ".\(url.lastPathComponent).", olderThan: age, now: now)
    }

    /// The same for every file `write` may have left in `directory` (one listing, however many entries it holds).
    static func removeStaleTemporaries(in directory: URL, prefix: String = ".", olderThan age: TimeInterval = 60, now: Date = Date()) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let path = directory.appendingPathComponent(name).path
            if let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
               now.timeIntervalSince(modified) > age {
                unlink(path)
            }
        }
    }

    private static func lastError(_ step: String) -> String {
        "\(step) failed: \(String(cString: strerror(errno)))"
    }
}
