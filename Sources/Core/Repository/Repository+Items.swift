import Foundation

/// One library item at a time: its detail page, a fresh read after a live change, its artwork.
extension Repository {
    /// A library item's detail page: the item, its groups and children, its recent history and
    /// its queue entries — whichever of those its instance offers.
    public func detail(of resource: Resource, force: Bool = false) async -> FeatureState<ResourceDetail> {
        guard let config = services.first(where: { $0.id == resource.id.serviceID }) else { return .unavailable(.configureEndpoint) }
        guard config.enabled else { return .disabled }
        let id = resource.id
        do throws(ServiceError) {
            let detail = try await pool.session(config).perform(force: force) { client throws(ServiceError) in
                async let groups = outcome { () async throws(ServiceError) in
                    try await Capabilities.children.provider(client)?.children(of: resource) ?? []
                }
                async let history = outcome { () async throws(ServiceError) in
                    try await Capabilities.history.provider(client)?.history(of: id) ?? []
                }
                async let queue = outcome { () async throws(ServiceError) in try await Capabilities.queue.provider(client)?.queue() ?? [] }
                return ResourceDetail(resource: resource, groups: try await groups.get(), history: try await history.get(),
                                      queue: try await queue.get().filter { $0.resource == id })
            }
            return .content(detail, refreshedAt: clock.now)
        } catch {
            return FeatureState<ResourceDetail>.loading.failed(error)
        }
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
