import Foundation

extension Repository {
    /// The enabled clients that take this kind of download (torrent clients for torrents, usenet
    /// clients for NZBs; an http(s) link goes to either, as the user picks).
    public func clients(taking source: DownloadSource) -> [ServiceRef] {
        configuredServices.filter { config in
            guard config.enabled, let client = ServiceCatalog.descriptor(for: config.kind)?.client as? any TransferAdding.Type else { return false }
            return source.family.map { $0 == client.addable } ?? true
        }.map(ServiceRef.init)
    }

    /// Adds `source` to one client; sent once, never retried.
    public func add(_ source: DownloadSource, to service: UUID, options: AddOptions) async throws(ServiceError) -> AddOutcome {
        guard let outcome = try await enabledSession(service).write(Capabilities.transferAdding, { client throws(ServiceError) in
            try await client.add(source, options: options)
        }) else { throw .notOffered }
        return outcome
    }
}
