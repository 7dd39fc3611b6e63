import CGtk
import Core
import Foundation

/// Posters for list rows and detail pages.
///
/// - an in-memory LRU of decoded, frame-sized textures (the GPU-ready form);
/// - an on-disk byte cache per service (`ServiceCache`, purged with the service);
/// - fetches only for rows on screen: a row asks when bound and cancels when
///   unbound (scrolled away), so fast scrolling costs no requests;
/// - decoding and scaling happen off the main thread; the main thread only
///   swaps a finished texture in. Until then, and on failure, the row shows a placeholder;
/// - a load refers to its picture by a weak reference, never by address, and a picture
///   that is finalized cancels its load: a poster arriving late never touches a freed widget.
@MainActor
final class PosterLoader {
    typealias Fetch = @Sendable (Resource, MediaImage) async throws(ServiceError) -> Data
    typealias FetchLookup = @Sendable (LookupResult, UUID) async throws(ServiceError) -> Data

    private let fetch: Fetch?
    private let fetchLookup: FetchLookup?
    private let cache: ServiceCache?
    private let capacity: Int
    private var textures: [String: OpaquePointer] = [:] // GdkTexture, one reference each
    private var order: [String] = []
    /// The load of each picture, by its address: only for finding it again, valid while the picture lives
    /// (its finalization removes the entry before the address can be reused).
    private var tasks: [UInt: (token: Int, task: Task<Void, Never>)] = [:]
    private var nextToken = 0
    /// Pictures whose finalization is watched (one watch per picture, however often rows are recycled).
    private var watched: Set<UInt> = []
    /// Requests started and textures decoded (diagnostics, benchmarks).
    private(set) var started = 0
    private(set) var decoded = 0
    /// Posters set on a picture, and finished posters whose picture was gone (tests).
    private(set) var landed = 0
    private(set) var dropped = 0
    /// Loads still running (tests).
    var inFlight: Int { tasks.count }
    /// Called with the picture, alive and held, just before a poster is set on it (tests).
    var willSet: ((UnsafeMutableRawPointer) -> Void)?

    /// Fetches waiting for a turn; a fast scroll through 20,000 rows asks for thousands of posters,
    /// and handing them all to the transport at once queued them there (memory, and its queue's work).
    private let gate: FetchGate

    init(fetch: Fetch?, fetchLookup: FetchLookup? = nil, cache: ServiceCache?, capacity: Int = 400, maxFetches: Int = 4) {
        gate = FetchGate(limit: maxFetches)
        self.fetch = fetch
        self.fetchLookup = fetchLookup
        self.cache = cache
        self.capacity = capacity
    }

    isolated deinit {
        for texture in textures.values { unref(texture) }
        gate.dropAll()
    }

    typealias FetchOne = @Sendable () async throws(ServiceError) -> Data

    /// Shows `resource`'s poster in `picture` (a GtkPicture), at `width`×`height` pixels.
    func show(_ resource: Resource, in picture: Picture, width: Int32, height: Int32) {
        var one: FetchOne?
        if let fetch, let image = resource.poster {
            one = { () async throws(ServiceError) -> Data in try await fetch(resource, image) }
        }
        load(key: "\(resource.id.serviceID.uuidString)/\(resource.id.itemID)/\(width)x\(height)",
             diskName: "poster-\(resource.id.itemID)-\(width)x\(height).img", serviceID: resource.id.serviceID,
             in: picture, width: width, height: height, fetch: one)
    }

    /// Shows a lookup result's poster (Add Series / Add Movie) in `picture`: kept in memory only (a
    /// search's results are not worth a disk cache).
    func show(_ result: LookupResult, from instance: UUID, in picture: Picture, width: Int32, height: Int32) {
        var one: FetchOne?
        if let fetchLookup, result.poster != nil {
            one = { () async throws(ServiceError) -> Data in try await fetchLookup(result, instance) }
        }
        load(key: "lookup/\(instance.uuidString)/\(result.id)/\(width)x\(height)", diskName: nil, serviceID: instance,
             in: picture, width: width, height: height, fetch: one)
    }

    private func load(key: String, diskName: String?, serviceID: UUID, in picture: Picture, width: Int32, height: Int32,
                      fetch: FetchOne?) {
        cancel(picture)
        if let texture = textures[key] {
            touch(key)
            picture.setTexture(texture)
            return
        }
        setPlaceholder(picture)
        guard let fetch else { return }
        let cache = diskName == nil ? nil : cache, gate = gate
        started += 1
        watchFinalization(of: picture)
        let target = WeakObject(picture)
        let id = Self.id(picture)
        nextToken += 1
        let token = nextToken
        let task = Task { [weak self] in
            defer { self?.finished(id, token: token) }
            var bytes: Data?
            // A row scrolled away before its turn costs nothing more (a fast scroll queues many).
            guard !Task.isCancelled else { return }
            if let cache, let diskName { bytes = await cache.load(named: diskName, for: serviceID) }
            if bytes == nil {
                // At most `maxFetches` at once, the row asked for last first; a row scrolled away while
                // it waited never reaches the service.
                guard !Task.isCancelled, await gate.enter(token) else { return }
                defer { gate.leave() }
                do throws(ServiceError) {
                    let fetched = try await fetch()
                    bytes = fetched
                    if let cache, let diskName { try? await cache.store(fetched, named: diskName, for: serviceID) }
                } catch {
                    return // the placeholder stays
                }
            }
            guard !Task.isCancelled, let data = bytes else { return }
            let decoded = await Task.detached(priority: .utility) { PosterDecoder.decode(data, width: width, height: height) }.value
            guard let decoded else { return }
            guard !Task.isCancelled, let self else {
                decoded.release()
                return
            }
            self.store(decoded.texture, key: key)
            let set: Void? = target.withObject { object in
                self.willSet?(object)
                Picture(unchecked: object).setTexture(decoded.texture)
            }
            if set == nil { self.dropped += 1 } else { self.landed += 1 }
        }
        tasks[id] = (token, task)
    }

    /// A load ended: forget it, unless its picture has started a newer one.
    private func finished(_ id: UInt, token: Int) {
        if tasks[id]?.token == token { tasks[id] = nil }
    }

    /// A finalized picture cancels its load; the watch is set once per picture.
    private func watchFinalization(of picture: Picture) {
        let id = Self.id(picture)
        guard watched.insert(id).inserted else { return }
        onFinalize(picture) { [weak self] in
            self?.watched.remove(id)
            self?.cancel(id: id)
        }
    }

    /// The row scrolled away: stop fetching for it.
    func cancel(_ picture: Picture) {
        cancel(id: Self.id(picture))
    }

    private func cancel(id: UInt) {
        guard let (token, task) = tasks.removeValue(forKey: id) else { return }
        task.cancel()
        gate.drop(token)
    }

    /// Fetches that reached the service, and the most running at once (tests, benchmarks).
    var fetchesStarted: Int { gate.entered }
    var mostFetchesAtOnce: Int { gate.most }

    private static func id(_ picture: Picture) -> UInt { UInt(bitPattern: picture.widget) }

    private func setPlaceholder(_ picture: Picture) {
        picture.setTexture(nil)
    }

    private func store(_ texture: OpaquePointer, key: String) {
        decoded += 1
        if let old = textures[key] { unref(old) }
        textures[key] = texture
        touch(key)
        while order.count > capacity {
            let evicted = order.removeFirst()
            if let old = textures.removeValue(forKey: evicted) { g_object_unref(UnsafeMutableRawPointer(old)) }
        }
    }

    private func touch(_ key: String) {
        order.removeAll { $0 == key }
        order.append(key)
    }
}

/// Turns for poster fetches: `limit` at once; the newest waiter goes next (the rows on screen now were
/// asked for last), and a waiter dropped (its row scrolled away) is told no and never fetches.
@MainActor
final class FetchGate {
    private let limit: Int
    private var running = 0
    private var waiting: [(token: Int, turn: CheckedContinuation<Bool, Never>)] = []
    private(set) var entered = 0
    private(set) var most = 0

    init(limit: Int) { self.limit = max(1, limit) }

    /// True once it is `token`'s turn (call `leave` after); false when it was dropped while waiting.
    func enter(_ token: Int) async -> Bool {
        if running < limit {
            start()
            return true
        }
        return await withCheckedContinuation { waiting.append((token, $0)) }
    }

    func leave() {
        running -= 1
        if let next = waiting.popLast() {
            start()
            next.turn.resume(returning: true)
        }
    }

    func drop(_ token: Int) {
        guard let index = waiting.firstIndex(where: { $0.token == token }) else { return }
        waiting.remove(at: index).turn.resume(returning: false)
    }

    func dropAll() {
        let dropped = waiting
        waiting = []
        for waiter in dropped { waiter.turn.resume(returning: false) }
    }

    private func start() {
        running += 1
        entered += 1
        most = max(most, running)
    }
}

/// A decoded texture crossing from the decoding thread to the main thread.
struct DecodedTexture: @unchecked Sendable {
    let texture: OpaquePointer
    func release() { g_object_unref(UnsafeMutableRawPointer(texture)) }
}

enum PosterDecoder {
    /// Decodes and scales image bytes to fit `width`×`height` (aspect kept), off the main thread.
    /// GdkPixbuf and GdkTexture creation are thread-safe; nothing here touches widgets.
    static func decode(_ data: Data, width: Int32, height: Int32) -> DecodedTexture? {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        let stream = g_memory_input_stream_new_from_bytes(bytes)
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_stream_at_scale(stream, width * 2, height * 2, 1, nil, &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let texture = gdk_texture_new_for_pixbuf(pixbuf) else { return nil }
        return DecodedTexture(texture: texture)
    }
}
