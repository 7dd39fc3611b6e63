import Foundation

/// Interactive search on one Sonarr or Radarr instance, and grabbing one of its results.
extension Repository {
    /// The releases the indexers offer for the item (a long read: up to 180 s; the caller can cancel).
    public func releases(_ search: ReleaseSearch, on service: UUID) async throws(ServiceError) -> [Release] {
        guard let found = try await enabledSession(service).perform(Capabilities.releaseSearch, force: true, { client throws(ServiceError) in
            try await client.releases(search)
        }) else { throw .notOffered }
        return found
    }

    /// Grabs one (sent once; the service fetches the file from the indexer itself).
    public func grab(_ release: Release, on service: UUID) async throws(ServiceError) {
        let done: Void? = try await enabledSession(service).write(Capabilities.releaseSearch) { client throws(ServiceError) in
            try await client.grab(release)
        }
        if done == nil { throw .notOffered }
    }
}
