// switchyard-torture: writes Switchyard's state forever, for the crash-safety test to kill at random.
//
//   switchyard-torture write-state DIR
//
// Saves DIR/config/switchyard/services.json as version 1, 2, 3, … (version n holds n % 3 + 1 services,
// each named "v<n>-<i>") and, between saves, the library cache of one service as version n (n items
// titled "v<n>"). Prints "saved" once the first version of both is on disk (the test's cue that a kill
// from then on lands mid-work, whatever the machine's speed); runs until killed.
import Core
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "write-state" else {
    FileHandle.standardError.write(Data("usage: switchyard-torture write-state DIR\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[2])
let registry = ServiceRegistry(fileURL: root.appendingPathComponent("config/switchyard/services.json"))
let cache = ServiceCache(root: root.appendingPathComponent("cache/switchyard"))
let cachedService = UUID(uuidString: "F1C7F1C7-0000-4000-8000-00000000CAFE")!
let endpoint = try! Endpoint.parse("https://torture.fixture.invalid")

func services(version: Int) -> [ServiceConfig] {
    (0...(version % 3)).map { index in
        ServiceConfig(id: UUID(uuidString: String(format: "F1C7F1C7-0000-4000-8000-%012d", index))!, kind: .sonarr,
                      displayName: "v\(version)-\(index)", remoteEndpoint: endpoint,
                      credential: CredentialReference(UUID(uuidString: String(format: "F1C7F1C7-0000-4000-9000-%012d", index))!))
    }
}

func library(version: Int) -> [Resource] {
    (0..<max(1, version % 50)).map { index in
        Resource(id: ResourceID(serviceID: cachedService, itemID: index), kind: .series, title: "v\(version)",
                 sortTitle: "v\(version)", year: 2000 + version % 30, status: .continuing, monitored: true,
                 sizeOnDisk: Int64(version), fileCount: 1, expectedFileCount: 1, hasFile: true, subtitle: nil,
                 added: nil, images: [])
    }
}

let done = DispatchSemaphore(value: 0)
Task.detached {
    await registry.load()
    var announced = false
    var version = (await registry.services.first?.displayName).flatMap { Int($0.dropFirst().prefix { $0 != "-" }) } ?? 0
    while true {
        version += 1
        let next = services(version: version)
        // One file write per version: the whole set is replaced in one save.
        try? await registry.replaceAll(next)
        try? await cache.storeFeature(library(version: version), feature: "library", serviceID: cachedService,
                                      refreshedAt: Date(timeIntervalSince1970: TimeInterval(1_800_000_000 + version)))
        if !announced {
            announced = true
            FileHandle.standardOutput.write(Data("saved\n".utf8))
        }
    }
}
done.wait()
