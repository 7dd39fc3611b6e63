@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Renaming one file of a transfer on the real daemons: one request naming the transfer (and the file), the file
/// renamed on disk in its folder, the others untouched, and the Files page read back with the new name.
extension TransferActionPeerTests {
    func testQBittorrentRenamesOneFileOnDisk() async throws { try await renameFile(.qbittorrent) }
    func testTransmissionRenamesOneFileOnDisk() async throws { try await renameFile(.transmission) }
    func testDelugeRenamesOneFileOnDisk() async throws { try await renameFile(.deluge) }

    private func renameFile(_ kind: ServiceKind) async throws {
        let rig = try await rig(kind, seeds: 1, folder: true)
        defer { rig.solo.stop() }
        let listed = try await rig.items()
        let item = try XCTUnwrap(listed.first)
        let read = try await rig.repository.inspect(item, parts: [.files]).get()
        let files = try XCTUnwrap(read.files)
        let middle = try XCTUnwrap(files.first { $0.path.hasSuffix("/02 middle.bin") }, "\(files.map(\.path))")
        let data = try XCTUnwrap(rig.solo.daemon.data)
        let folder = URL(fileURLWithPath: data).appendingPathComponent(String(middle.path.split(separator: "/").dropLast().joined(separator: "/")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("02 middle.bin").path))

        let before = try await rig.writes().count
        let result = await rig.repository.perform(.renameFile(index: middle.index, path: middle.path, name: "02 middle (renamed).bin"), on: item)
        if case .failure(let error) = result { XCTFail("\(kind): \(error)") }
        let writes = try await rig.writes()
        XCTAssertEqual(writes.count, before + 1, "one request: \(writes.map(\.url))")
        let sent = ((writes.last?.body ?? "") + (writes.last?.url ?? "")).lowercased()
        XCTAssertTrue(sent.contains(item.joinKey.lowercased()), sent)

        let renamed = try await eventuallyTrue {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("02 middle (renamed).bin").path)
                && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("02 middle.bin").path)
        }
        XCTAssertTrue(renamed, "\(kind): renamed on disk, in its folder")
        for other in ["01 opening.bin", "03 closing.bin"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(other).path), "\(kind): \(other) untouched")
        }
        let readBack = try await eventuallyTrue {
            let paths = try await rig.repository.inspect(item, parts: [.files]).get().files?.map(\.path) ?? []
            return paths.contains { $0.hasSuffix("/02 middle (renamed).bin") } && !paths.contains { $0.hasSuffix("/02 middle.bin") }
        }
        XCTAssertTrue(readBack, "\(kind): the Files page reads the new name back")
    }
}
