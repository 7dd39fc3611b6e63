import Foundation

/// Finding and adding series and movies, on one instance at a time.
extension Repository {
    /// What the add form offers for an instance: its root folders, quality profiles and tags.
    public struct AddingChoices: Sendable, Equatable {
        public var rootFolders: [RootFolder]
        public var qualityProfiles: [NamedID]
        public var tags: [NamedID]
        /// Read only for a kind whose add form has a metadata profile (Lidarr).
        public var metadataProfiles: [NamedID]

        public init(rootFolders: [RootFolder], qualityProfiles: [NamedID], tags: [NamedID], metadataProfiles: [NamedID] = []) {
            self.rootFolders = rootFolders
            self.qualityProfiles = qualityProfiles
            self.tags = tags
            self.metadataProfiles = metadataProfiles
        }
    }

    /// The enabled instances that add this kind of item (Sonarr for series, Radarr for movies, …).
    public func instances(adding kind: Resource.Kind) -> [ServiceRef] {
        configuredServices.filter { config in
            config.enabled && config.kind.offers(Capabilities.libraryAdding) && config.kind.library?.id == kind
        }.map(ServiceRef.init)
    }

    /// A lookup (a read: the caller cancels it when the text changes).
    public func lookup(_ term: String, on service: UUID) async throws(ServiceError) -> [LookupResult] {
        let session = try enabledSession(service)
        return try await session.perform(Capabilities.libraryAdding, force: true) { client throws(ServiceError) in
            try await client.lookup(term)
        } ?? []
    }

    public func addingChoices(on service: UUID) async throws(ServiceError) -> AddingChoices {
        let session = try enabledSession(service)
        let wantsMetadata = configuredServices.first { $0.id == service }?.kind.library?.addOptions.contains { $0.control == .metadataProfile } ?? false
        guard let choices = try await session.perform(Capabilities.libraryAdding, force: true, { client throws(ServiceError) in
            AddingChoices(rootFolders: try await client.rootFolders(), qualityProfiles: try await client.qualityProfiles(),
                          tags: try await client.tags(), metadataProfiles: wantsMetadata ? try await client.metadataProfiles() : [])
        }) else { throw .notOffered }
        return choices
    }

    /// Adds it (sent once); the item as the service stored it.
    public func add(_ addition: LibraryAddition, on service: UUID) async throws(ServiceError) -> Resource {
        let session = try enabledSession(service)
        guard let added = try await session.write(Capabilities.libraryAdding, { client throws(ServiceError) in
            try await client.add(addition)
        }) else { throw .notOffered }
        return added
    }
}
