import CGtk
@testable import Core
@testable import DesktopApp
import Foundation

// A tab the app has never seen, defined in this folder only: "Log", the latest lines of each Servarr's own
// log (`GET /api/v3/log`), with its capability, page, controller, refresh and inspection scene. Nothing in
// Sources/ names it; one line (`LogTab.register()`) adds it to the catalogs, the window and the routes.

extension Feature {
    static let fixtureLog = Feature(rawValue: "fixture-log")
}

/// One line of a service's log.
struct LogLine: Sendable, Equatable, Codable {
    var time: Date?
    var level: String
    var logger: String
    var message: String
}

/// Services that show their log: every Servarr answers `log`, newest first, paged.
protocol LogProviding: ServiceClient {
    func logLines() async throws(ServiceError) -> [LogLine]
}

enum LogCapability {
    static let key = Capability<any LogProviding>("fixture-log", offers: { $0 is any LogProviding.Type }, cast: { $0 as? any LogProviding })
}

extension ServarrClient: LogProviding {
    func logLines() async throws(ServiceError) -> [LogLine] {
        let query = [URLQueryItem(name: "page", value: "1"), URLQueryItem(name: "pageSize", value: "50"),
                     URLQueryItem(name: "sortKey", value: "time"), URLQueryItem(name: "sortDirection", value: "descending")]
        return try JSONReader.read(try await get("\(apiBase)/log", query: query, class: .list)) { r throws(ServiceError) in
            try r.decodePagedRecords { r throws(ServiceError) -> LogLine in
                var line = LogLine(time: nil, level: "", logger: "", message: "")
                try r.readObject { r, key throws(ServiceError) in
                    if key("time") { line.time = try r.readDate() }
                    else if key("level") { line.level = try r.lenientString() ?? "" }
                    else if key("logger") { line.logger = try r.lenientString() ?? "" }
                    else if key("message") { line.message = try r.lenientString() ?? "" }
                    else { try r.skipValue() }
                }
                return line
            }.records
        }
    }
}

/// The tab's page: each service's lines, newest first, under the service's name.
@MainActor
final class LogPage {
    let page: FeaturePage
    private let column = Box.vertical(spacing: 4)
    /// The lines as shown (tests).
    private(set) var lines: [String] = []
    var errorsOnly = false

    init(clock: Clock) {
        column.margins(24, top: 6)
        page = FeaturePage(tab: .fixtureLog, content: ScrolledWindow(column), clock: clock)
    }

    func render(_ state: FeatureState<Aggregate<[LogLine]>>) {
        if let content = state.value {
            column.removeAll()
            lines = []
            for part in content.parts {
                column.append(Label.heading(part.service.name))
                let list = ListBox(name: "Log of \(part.service.name)")
                for line in part.value where !errorsOnly || line.level == "error" {
                    let text = "\(line.level.uppercased()) · \(line.logger): \(line.message)"
                    let row = Label.wrapping(text, maxWidth: 100)
                    row.margins(6, start: 12)
                    list.append(row)
                    lines.append(text)
                }
                column.append(list)
            }
        }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [],
                  isEmpty: state.value?.parts.allSatisfy(\.value.isEmpty) ?? false)
    }
}

/// Its refresh: every service that shows a log, through the repository's fan-out (sessions, backoff, partial failures).
@MainActor
final class LogController: FeatureController {
    static let cache = CachedFeatureName("fixture-log", maxAge: 600)
    private let context: AppContext
    private(set) var refreshes = 0

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        let repository = context.repository, target = context.windowRef()
        Task {
            await context.scheduler.register(.fixtureLog) { [weak self] force in
                await MainActor.run { self?.refreshes += 1 }
                let show = target.presenter(.fixtureLog) { (window, state: FeatureState<Aggregate<[LogLine]>>) in
                    window.slot(.fixtureLog, as: LogPage.self)?.show { $0.render(state) }
                }
                show(await repository.content(.fixtureLog, LogCapability.key, cache: Self.cache, force: force, progress: show,
                                              isEmpty: { $0.parts.allSatisfy(\.value.isEmpty) }) { client throws(ServiceError) in
                    try await client.logLines()
                })
            }
        }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        let cached: FeatureState<Aggregate<[LogLine]>> = await context.repository.cachedContent(.fixtureLog, cache: Self.cache)
        context.window?.slot(.fixtureLog, as: LogPage.self)?.show { $0.render(cached) }
    }
}

enum LogTab {
    /// Synthetic lines for the inspection routes.
    static let samples: [LogLine] = [
        LogLine(time: InspectionData.now, level: "info", logger: "RssSyncService", message: "RSS Sync Completed. Reports found: 12"),
        LogLine(time: InspectionData.now, level: "error", logger: "DownloadClient", message: "Fixture qBittorrent is unreachable"),
        LogLine(time: InspectionData.now, level: "warn", logger: "DiskSpaceService", message: "Fixture folder is nearly full"),
    ]

    static let descriptor = TabDescriptor(
        feature: .fixtureLog, core: FeatureDescriptor(.fixtureLog, refreshInterval: .seconds(30), includes: { $0.offers(LogCapability.key) }),
        title: { "Log" }, icon: "text-x-generic-symbolic", loading: { "Reading the logs…" },
        empty: { ("Nothing Logged", "The services' logs are empty.") },
        makeSlot: { environment in TabSlot(make: { LogPage(clock: environment.clock) }, widget: { $0.page }) },
        controllers: { [LogController(context: $0)] },
        sample: { window, variant in
            let part = ServicePart(service: InspectionData.sonarr, value: samples, refreshedAt: InspectionData.now, isStale: variant.isStale)
            window.slot(.fixtureLog, as: LogPage.self)?.page.render(variant.state(Aggregate(parts: [part])))
        },
        scenes: { [TabScene(name: "errors-only", summary: "The Log tab showing only errors") { window in
            guard let page = window.slot(.fixtureLog, as: LogPage.self)?.page else { return (nil, nil) }
            page.errorsOnly = true
            let part = ServicePart(service: InspectionData.sonarr, value: samples, refreshedAt: InspectionData.now, isStale: false)
            page.render(.content(Aggregate(parts: [part]), refreshedAt: InspectionData.now))
            return (nil, nil)
        }] })

    static func register() { TabCatalog.register(descriptor) }
    static func unregister() { TabCatalog.unregister(.fixtureLog) }
}
