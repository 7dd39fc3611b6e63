@testable import Core
import XCTest

/// A transfer's files as a tree: folders from the paths in component order (numbers read as numbers), sums and shared
/// priorities, closed folders hiding their contents, and a refresh with the same paths keeping the tree.
final class FileTreeTests: XCTestCase {
    private func file(_ index: Int, _ path: String, _ size: Int64 = 10, done: Int64 = 0, _ priority: FilePriority? = .normal) -> TransferFile {
        TransferFile(index: index, path: path, sizeBytes: size, doneBytes: done, priority: priority)
    }

    func testFoldersComeFromThePathsInComponentOrder() {
        let tree = FileTree([file(0, "a/z.txt"), file(1, "a b/y.txt"), file(2, "a/x 10.txt"), file(3, "a/x 9.txt"), file(4, "top.nfo"),
                             file(5, "a/sub/deep.bin")])
        let rows = tree.rows(collapsed: [])
        XCTAssertEqual(rows.map(\.name), ["a", "sub", "deep.bin", "x 9.txt", "x 10.txt", "z.txt", "a b", "y.txt", "top.nfo"])
        XCTAssertEqual(rows.map(\.depth), [0, 1, 2, 1, 1, 1, 0, 1, 0])
        XCTAssertEqual(rows.filter(\.isFolder).map(\.key), ["d:a", "d:a/sub", "d:a b"])
        XCTAssertEqual(tree.fileIndexes("d:a"), [5, 3, 2, 0], "every file inside, however deep")
        XCTAssertEqual(tree.fileIndexes("4"), [4])
        XCTAssertEqual(tree.fileIndexes("d:nowhere"), [])
        XCTAssertEqual(tree.rows(collapsed: ["d:a"]).map(\.name), ["a", "a b", "y.txt", "top.nfo"])
        XCTAssertEqual(tree.rows(collapsed: ["d:a/sub"]).map(\.name), ["a", "sub", "x 9.txt", "x 10.txt", "z.txt", "a b", "y.txt", "top.nfo"])
    }

    func testAFolderSumsItsFilesAndSharesTheirPriorityOrNone() throws {
        let tree = FileTree([file(0, "f/a", 100, done: 100, .high), file(1, "f/b", 300, done: 0, .high), file(2, "g/c", 5, .skip), file(3, "g/d", 5, .normal)])
        let rows = Dictionary(uniqueKeysWithValues: tree.rows(collapsed: []).map { ($0.key, $0) })
        let f = try XCTUnwrap(rows["d:f"]), g = try XCTUnwrap(rows["d:g"])
        XCTAssertEqual(f.sizeBytes, 400)
        XCTAssertEqual(f.doneBytes, 100)
        XCTAssertEqual(f.progress, 0.25)
        XCTAssertEqual(f.priority, .high)
        XCTAssertFalse(tree.isMixed("d:f"))
        XCTAssertNil(g.priority)
        XCTAssertTrue(tree.isMixed("d:g"))
    }

    func testARefreshWithTheSamePathsKeepsTheTreeAndTakesTheNewValues() throws {
        let files = [file(0, "f/a", 100, done: 0), file(1, "f/b", 100, done: 0)]
        let tree = FileTree(files)
        let updated = try XCTUnwrap(tree.updating([file(0, "f/a", 100, done: 100, .skip), file(1, "f/b", 100, done: 50, .skip)]))
        let folder = try XCTUnwrap(updated.rows(collapsed: []).first)
        XCTAssertEqual(folder.doneBytes, 150)
        XCTAssertEqual(folder.priority, .skip)
        XCTAssertNil(tree.updating([file(0, "f/a"), file(1, "f/c")]), "another path: a new tree")
        XCTAssertNil(tree.updating([file(0, "f/a")]), "fewer files: a new tree")
    }

    func testOddPathsAndAFlatTorrent() {
        XCTAssertEqual(FileTree([file(0, "single.iso")]).rows(collapsed: []).map(\.key), ["0"])
        let odd = FileTree([file(0, "/lead//double/x"), file(1, "lead/double/y")])
        XCTAssertEqual(odd.rows(collapsed: []).map(\.name), ["lead", "double", "x", "y"], "empty components dropped")
        XCTAssertEqual(odd.fileIndexes("d:lead"), [0, 1])
        XCTAssertEqual(FileTree([]).rows(collapsed: []), [])
    }

    /// 10,000 files in 100 folders: built and listed (the bench measures the pane; this only checks the shape).
    func testTenThousandFiles() {
        let files = (0..<10_000).map { file($0, "Fixture/Disc \($0 / 100)/track \($0 % 100).flac") }
        let tree = FileTree(files)
        XCTAssertEqual(tree.folderCount, 101)
        XCTAssertEqual(tree.rows(collapsed: []).count, 10_101)
        XCTAssertEqual(tree.rows(collapsed: ["d:Fixture"]).count, 1)
        XCTAssertEqual(tree.fileIndexes("d:Fixture/Disc 7").count, 100)
    }
}
