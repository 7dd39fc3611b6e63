import Foundation

/// One library item at a time: its detail page, a fresh read after a live change, its artwork.
extension Repository {
    /// A library item's detail page: the item, its groups and children, its recent history and
    /// its queue entries — whichever of those its instance offers, read side by side. A read that fails
    /// leaves its part unknown with its error (`unread`) and the rest shows: partial success. Only when
    /// the service cannot be asked at all, or every read failed alike, is the page a failure.
    /// `parts`: only those (a section read again alone); the others stay nil and unread.
    public func detail(of resource: Resource, force: Bool = false,
                       parts: Set<ResourceDetail.Part> = Set(ResourceDetail.Part.allCases)) async -> Result<ResourceDetail, ServiceError> {
        guard let config = services.first(where: { $0.id == resource.id.serviceID }) else { return .failure(.notConfigured) }
        guard config.enabled else { return .failure(.notConfigured) }
        let id = resource.id
        let detail: ResourceDetail
        do throws(ServiceError) {
            detail = try await pool.session(config).perform(force: force) { client throws(ServiceError) in
                async let groups = Self.read(parts.contains(.children)) { () throws(ServiceError) in
                    try await Capabilities.children.provider(client)?.children(of: resource) ?? []
                }
                async let history = Self.read(parts.contains(.history)) { () throws(ServiceError) in
                    try await Capabilities.history.provider(client)?.history(of: id) ?? []
                }
                async let queue = Self.read(parts.contains(.queue)) { () throws(ServiceError) in
                    try await Capabilities.queue.provider(client)?.queue().filter { $0.resource == id } ?? []
                }
                let (g, h, q) = await (groups, history, queue)
                var unread: [ResourceDetail.Part: ServiceError] = [:]
                func value<T>(_ result: Result<T, ServiceError>?, _ part: ResourceDetail.Part) -> T? {
                    switch result {
                    case .success(let value)?: return value
                    case .failure(let error)?: unread[part] = error; return nil
                    case nil: return nil
                    }
                }
                let detail = ResourceDetail(resource: resource, groups: value(g, .children), history: value(h, .history),
                                            queue: value(q, .queue), unread: unread)
                // A refused key or a sign-in page fails every read alike: one answer for the page, with its recovery.
                if unread.count == parts.count, let first = ResourceDetail.Part.allCases.compactMap({ unread[$0] }).first,
                   unread.values.allSatisfy({ $0 == first }) { throw first }
                return detail
            }
        } catch {
            return .failure(error)
        }
        return .success(detail)
    }

    /// `body`'s answer when `wanted`, else nil (not read).
    private static func read<T: Sendable>(_ wanted: Bool, _ body: @Sendable () async throws(ServiceError) -> T) async -> Result<T, ServiceError>? {
        guard wanted else { return nil }
        return await outcome(body)
    }

    /// One library item read again (a live message said it changed); nil when it cannot be read now.
    public func libraryItem(_ id: ResourceID) async -> Resource? {
        guard let config = services.first(where: { $0.id == id.serviceID }), config.enabled else { return nil }
        let session = pool.session(config)
        do throws(ServiceError) {
            let item = try await session.perform(Capabilities.library, force: false) { client throws(ServiceError) in
                try await client.libraryItem(id.itemID)
            }
            await session.note(.libraryItem, nil)
            return item ?? nil
        } catch {
            await session.note(.libraryItem, error) // the next library refresh reads it with the rest
            return nil
        }
    }

    /// A poster or other image of a library item, from the instance that owns it (or the image's public source).
    public func artwork(_ image: MediaImage, of resource: ResourceID, thumbnail: Bool) async throws(ServiceError) -> Data {
        guard let config = services.first(where: { $0.id == resource.serviceID }), config.enabled else { throw .notConfigured }
        let data = try await pool.session(config).perform(Capabilities.artwork, force: false) { client throws(ServiceError) in
            try await client.artwork(image, of: resource, thumbnail: thumbnail)
        }
        guard let data else { throw .notOffered } // the kind has no artwork
        return data
    }

    /// The poster of a lookup result (Add Series / Add Movie), from the instance searched: its public
    /// source unless the instance is set to load artwork only from itself, else the instance's copy
    /// (the library's for an item already in it, the instance's cover proxy for one not yet added).
    public func lookupPoster(_ result: LookupResult, on instance: UUID) async throws(ServiceError) -> Data {
        guard let image = result.poster else { throw .notOffered }
        return try await artwork(image, of: ResourceID(serviceID: instance, itemID: result.libraryID ?? 0), thumbnail: true)
    }
}
