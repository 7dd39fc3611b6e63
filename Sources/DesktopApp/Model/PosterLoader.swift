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
///   swaps a finished texture in. Until then, and on failure, the row shows a placeholder.
@MainActor
final class PosterLoader {
    typealias Fetch = @Sendable (Resource, MediaImage) async throws(ServiceError) -> Data

    private let fetch: Fetch?
    private let cache: ServiceCache?
    private let capacity: Int
    private var textures: [String: OpaquePointer] = [:] // GdkTexture, one reference each
    private var order: [String] = []
    private var tasks: [UInt: Task<Void, Never>] = [:] // by GtkPicture address
    /// Requests started and textures decoded (diagnostics, benchmarks).
    private(set) var started = 0
    private(set) var decoded = 0

    init(fetch: Fetch?, cache: ServiceCache?, capacity: Int = 400) {
        self.fetch = fetch
        self.cache = cache
        self.capacity = capacity
    }

    isolated deinit {
        for texture in textures.values { g_object_unref(UnsafeMutableRawPointer(texture)) }
    }

    /// Shows `resource`'s poster in `picture` (a GtkPicture), at `width`×`height` pixels.
    func show(_ resource: Resource, in picture: Widget, width: Int32, height: Int32) {
        cancel(picture)
        let key = "\(resource.id.serviceID.uuidString)/\(resource.id.itemID)/\(width)x\(height)"
        if let texture = textures[key] {
            touch(key)
            gtk_picture_set_paintable(cast(picture), texture)
            return
        }
        setPlaceholder(picture)
        guard let fetch, let image = resource.poster else { return }
        let cache = cache
        let fileName = "poster-\(resource.id.itemID)-\(width)x\(height).img"
        let serviceID = resource.id.serviceID
        started += 1
        let pictureAddress = UInt(bitPattern: picture)
        tasks[Self.id(picture)] = Task { [weak self] in
            var bytes = await cache?.load(named: fileName, for: serviceID)
            if bytes == nil {
                do throws(ServiceError) {
                    let fetched = try await fetch(resource, image)
                    bytes = fetched
                    try? await cache?.store(fetched, named: fileName, for: serviceID)
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
            let picture = Widget(bitPattern: pictureAddress)!
            gtk_picture_set_paintable(cast(picture), decoded.texture)
            self.tasks[Self.id(picture)] = nil
        }
    }

    /// The row scrolled away: stop fetching for it.
    func cancel(_ picture: Widget) {
        tasks.removeValue(forKey: Self.id(picture))?.cancel()
    }

    private static func id(_ picture: Widget) -> UInt { UInt(bitPattern: picture) }

    private func setPlaceholder(_ picture: Widget) {
        gtk_picture_set_paintable(cast(picture), nil)
    }

    private func store(_ texture: OpaquePointer, key: String) {
        decoded += 1
        if let old = textures[key] { g_object_unref(UnsafeMutableRawPointer(old)) }
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
