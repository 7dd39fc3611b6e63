import Foundation

/// Prowlarr (`/api/v1`; API-GUIDE-3 §2): the indexer manager. Its indexers with their status (only
/// blocked ones are listed) and last-24-hours statistics, the applications it syncs, its health;
/// enabling and disabling through the bulk editor (always naming the indexers), testing one (the
/// indexer as Prowlarr has it, sent back byte for byte) or all; a search across indexers and a grab
/// through Prowlarr's own download client, sent once.
public actor ProwlarrClient: HealthProviding, IndexersProviding, IndexerActing, IndexerSearching {
    public nonisolated let connection: ServiceConnection
    let api: ServarrAPI
    static let apiBase = "/api/v1"

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        api = ServarrAPI(connection: connection, transport: transport, secrets: secrets, apiBase: Self.apiBase, supportedMajors: 1...Int.max)
    }

    nonisolated var serviceID: UUID { connection.config.id }

    public func probe() async throws(ServiceError) -> ServiceStatus { try await api.probe() }

    public func health() async throws(ServiceError) -> [HealthIssue] { try await api.health() }

    /// Prowlarr keeps no disks of its own.
    public func diskSpace() async throws(ServiceError) -> [DiskSpace] { [] }

    // MARK: Indexers

    /// Every indexer, joined with its status and its statistics since 24 hours ago, and the applications it
    /// syncs. Statistics and applications are extras: when only they fail (an older version), the
    /// indexers still show.
    public func indexers() async throws(ServiceError) -> IndexerList {
        var indexers = try ProwlarrDecoding.indexers(try await api.get("\(Self.apiBase)/indexer", class: .list), serviceID: serviceID)
        let failures = try ProwlarrDecoding.statuses(try await api.get("\(Self.apiBase)/indexerstatus", class: .list))
        let since = Date().addingTimeInterval(-86_400)
        var unread: [IndexerList.Extra: ServiceError] = [:]
        let stats = try await optional(.statistics, into: &unread) { () async throws(ServiceError) in
            try ProwlarrDecoding.stats(try await api.get("\(Self.apiBase)/indexerstats",
                                                         query: [URLQueryItem(name: "startDate", value: ServarrQuery.date(since))], class: .list))
        } ?? [:]
        let applications = try await optional(.applications, into: &unread) { () async throws(ServiceError) in
            try ProwlarrDecoding.applications(try await api.get("\(Self.apiBase)/applications", class: .list))
        } ?? []
        for index in indexers.indices {
            indexers[index].failure = failures[indexers[index].id.itemID]
            indexers[index].stats = stats[indexers[index].id.itemID]
        }
        return IndexerList(indexers: indexers, applications: applications, unread: unread)
    }

    /// `body`'s answer, or nil with its failure kept in `unread` (a refused key or a cancel still ends the read).
    private func optional<T>(_ extra: IndexerList.Extra, into unread: inout [IndexerList.Extra: ServiceError],
                             _ body: () async throws(ServiceError) -> T) async throws(ServiceError) -> T? {
        do { return try await body() } catch {
            switch error {
            case .unauthorized, .cancelled, .authGateway: throw error
            default:
                unread[extra] = error
                return nil
            }
        }
    }

    /// `PUT indexer/bulk {"ids":[…],"enable":…}`: one request naming exactly `ids`.
    public func setEnabled(_ enabled: Bool, indexers ids: [Int]) async throws(ServiceError) {
        guard let body = ProwlarrWire.bulkEnable(enabled, ids: ids) else { throw .invalidRequest(.noItems) }
        _ = try await api.write(.put, "\(Self.apiBase)/indexer/bulk", body: body)
    }

    /// Tests one indexer: its resource as Prowlarr has it now, posted back unchanged. A refusal is a
    /// result (invalid, with Prowlarr's reasons), not an error.
    public func test(indexer id: Int) async throws(ServiceError) -> IndexerTestResult {
        guard id > 0 else { throw .invalidRequest(.noItems) }
        let resource = try await api.get("\(Self.apiBase)/indexer/\(id)", class: .list)
        do {
            _ = try await api.write(.post, "\(Self.apiBase)/indexer/test", body: String(decoding: resource, as: UTF8.self),
                                    class: .indexerSearch)
            return IndexerTestResult(indexerID: id, isValid: true, messages: [])
        } catch .serverMessage(let status, let message) where status == 400 {
            return IndexerTestResult(indexerID: id, isValid: false, messages: [message])
        }
    }

    /// Tests every indexer: 200 when all pass, 400 with the same list when any fails.
    public func testAll() async throws(ServiceError) -> [IndexerTestResult] {
        let request = ServiceRequest(.post, "\(Self.apiBase)/indexer/testall", headers: ["Accept": "application/json"],
                                     class: .indexerSearch, effect: .write)
        let response = try await api.http.send(request)
        if response.status == 400, !response.looksLikeHTML, let results = try? ProwlarrDecoding.testResults(response.body) {
            return results
        }
        return try ProwlarrDecoding.testResults(try await api.checked(response))
    }

    // MARK: Search

    /// `GET search`: the words, the type, the indexers (repeated; none means every enabled one) and
    /// categories, a page per indexer. Prowlarr answers most failures with `200 []`; the caller knows
    /// which indexers it asked.
    public func search(_ search: IndexerSearch) async throws(ServiceError) -> [IndexerRelease] {
        let body = try await api.checked(try await api.send("\(Self.apiBase)/search", query: ProwlarrWire.searchQuery(search),
                                                            class: .indexerSearch, authenticated: true))
        return try ProwlarrDecoding.releases(body)
    }

    /// `POST search {"guid":…,"indexerId":…}`: Prowlarr sends it to its own download client. Once.
    public func grab(_ release: IndexerRelease) async throws(ServiceError) {
        guard let body = ProwlarrWire.grab(release) else { throw .invalidRequest(.noItems) }
        _ = try await api.write(.post, "\(Self.apiBase)/search", body: body, class: .indexerSearch)
    }
}

/// Prowlarr's request bodies and queries.
enum ProwlarrWire {
    static func bulkEnable(_ enabled: Bool, ids: [Int]) -> String? {
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { return nil }
        return #"{"ids":[\#(ids.map(String.init).joined(separator: ","))],"enable":\#(enabled)}"#
    }

    static func grab(_ release: IndexerRelease) -> String? {
        guard !release.guid.isEmpty, release.indexerID > 0 else { return nil }
        return #"{"guid":\#(JSONText.quote(release.guid)),"indexerId":\#(release.indexerID)}"#
    }

    static func searchQuery(_ search: IndexerSearch) -> [URLQueryItem] {
        var query = [URLQueryItem(name: "query", value: search.query), URLQueryItem(name: "type", value: search.type.rawValue)]
        query += search.indexerIDs.map { URLQueryItem(name: "indexerIds", value: String($0)) }
        query += search.categories.map { URLQueryItem(name: "categories", value: String($0)) }
        query += [URLQueryItem(name: "limit", value: String(search.limit)), URLQueryItem(name: "offset", value: String(search.offset))]
        return query
    }
}
