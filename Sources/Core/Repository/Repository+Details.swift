import Foundation

extension Repository {
    /// One transfer's details (the details pane), from the client that holds it, through that service's session
    /// (sign-in, its deadlines). A read: nothing is written, and nothing is cached (the pane shows what the client
    /// says now, or why it could not).
    public func inspect(_ item: TransferItem, parts: Set<TransferDetailPart>) async -> Result<TransferInspection, ServiceError> {
        guard let config = configuredServices.first(where: { $0.id == item.serviceID }), config.enabled else { return .failure(.notConfigured) }
        guard config.kind.offers(Capabilities.transferDetails) else { return .failure(.notOffered) }
        do throws(ServiceError) {
            let inspection = try await session(for: config).perform(Capabilities.transferDetails, force: true) { client throws(ServiceError) in
                try await client.inspect(item, parts: parts)
            }
            return inspection.map { .success($0) } ?? .failure(.notOffered)
        } catch {
            return .failure(error)
        }
    }

    /// The names `item`'s category or labels can take, read from its client (qBittorrent's categories, Deluge's labels).
    public func groupChoices(for item: TransferItem) async -> Result<GroupChoices, ServiceError> {
        guard let config = configuredServices.first(where: { $0.id == item.serviceID }), config.enabled else { return .failure(.notConfigured) }
        guard config.kind.offers(Capabilities.transferTuning) else { return .failure(.notOffered) }
        do throws(ServiceError) {
            let choices = try await session(for: config).perform(Capabilities.transferTuning, force: true) { client throws(ServiceError) in
                try await client.groupChoices()
            }
            return choices.map { .success($0) } ?? .failure(.notOffered)
        } catch {
            return .failure(error)
        }
    }

    /// Sends one action of the details pane to the client holding `item`: one request (Deluge's file priorities:
    /// a read of the list, then one write), never retried. The caller reads the details back.
    public func perform(_ action: TransferDetailAction, on item: TransferItem) async -> Result<Void, ServiceError> {
        guard let config = configuredServices.first(where: { $0.id == item.serviceID }), config.enabled else { return .failure(.notConfigured) }
        guard config.kind.availability(of: action) == .available else { return .failure(.notOffered) }
        do throws(ServiceError) {
            let done: Void? = try await session(for: config).write(Capabilities.transferTuning) { client throws(ServiceError) in
                try await client.perform(action, on: item)
            }
            return done == nil ? .failure(.notOffered) : .success(())
        } catch {
            return .failure(error)
        }
    }
}
