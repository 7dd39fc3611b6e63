import Core
import Foundation

/// One library tab (one per library kind): its refresh, its cached content at start-up, its detail
/// pages, and the live changes of its kind — an item patched or removed in place, a child patched on
/// an open detail page, an item read again alone.
@MainActor
final class LibraryTabController: FeatureController {
    let kind: LibraryKind
    private let context: AppContext
    /// Items a live change said changed, each read again once its burst is over.
    private var rereads: [ResourceID: Timer] = [:]
    /// Items read again on live changes (diagnostics, tests).
    private(set) var itemRereads = 0
    /// How long after a live change its item is read again (a service sends bursts).
    static let rereadDebounceMilliseconds: UInt32 = 2000

    init(kind: LibraryKind, context: AppContext) {
        self.kind = kind
        self.context = context
    }

    private var slot: TabSlot<LibraryPage>? { context.window?.librarySlots[kind.feature] }

    func bind(_ window: MainWindow) {
        window.librarySlots[kind.feature]?.whenBuilt { [weak self] page in
            page.openDetail = { [weak self, weak page] resource in
                if let page { self?.openDetail(resource, in: page) }
            }
            page.detail.onRetry = { [weak self, weak page] parts in
                guard let page, let item = page.detailItem else { return }
                self?.readAgain(parts, of: item, in: page)
            }
        }
        let repository = context.repository, target = context.windowRef(), feature = kind.feature, id = kind.id
        Task {
            await context.scheduler.register(feature) { [weak self] force in
                let asked = ContinuousClock.now
                let show = target.presenter(feature) { window, state in
                    window.librarySlots[feature]?.show { $0.render(state, askedAt: asked) }
                }
                // Asked for (the refresh button, Ctrl+R): a detail page on screen is read again too, every part of it.
                if force { await self?.readOpenDetailAgain() }
                show(await repository.library(id, force: force, progress: show))
            }
        }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        let state = await context.repository.cachedLibrary(kind.id)
        slot?.show { $0.render(state) }
    }

    func stop() {
        for timer in rereads.values { timer.cancel() }
        rereads = [:]
    }

    func openDetail(_ resource: Resource, in page: LibraryPage) {
        page.showDetail(of: resource)
        let repository = context.repository
        Task {
            let state = DetailView.State(await repository.detail(of: resource))
            page.showDetail(state, title: resource.title)
        }
    }

    private func readOpenDetailAgain() {
        guard let page = slot?.built, page.isShowingDetail, let item = page.detailItem else { return }
        readAgain(nil, of: item, in: page, quietly: true)
    }

    /// A detail page's Retry: every part (`parts` nil: the page's own, or the window's refresh while it shows), or only
    /// the sections that could not be read, each read again alone; what answers replaces what was shown.
    /// `quietly`: the page stays as it is until the answer (no spinner over content already shown).
    func readAgain(_ parts: Set<ResourceDetail.Part>?, of item: Resource, in page: LibraryPage, quietly: Bool = false) {
        let repository = context.repository
        guard let parts else {
            if !quietly { page.showDetail(of: item) }
            Task {
                let state = DetailView.State(await repository.detail(of: item, force: true))
                guard page.detailItem?.id == item.id else { return }
                page.showDetail(state, title: item.title, focus: false)
            }
            return
        }
        Task {
            let fresh = await repository.detail(of: item, force: true, parts: parts)
            guard page.detailItem?.id == item.id else { return }
            page.detail.replace(parts, from: fresh)
        }
    }

    // MARK: Live changes of this kind

    /// A page not made yet takes nothing: it reads everything when it is made.
    func patch(_ item: Resource, at: LivePatches.Instant = .now) { slot?.built?.patch(item, at: at) }
    func remove(_ id: ResourceID) { slot?.built?.remove(id) }

    /// A child changed: its row on an open detail page takes it in place; its item is read again alone.
    func patch(_ child: Child) {
        if let page = slot?.built, page.detailItem?.id == child.item { page.detail.patch(child) }
        reread(child.item)
    }

    /// Reads one item again once the burst it belongs to is over, and puts it in its list.
    func reread(_ item: ResourceID) {
        rereads[item]?.cancel()
        rereads[item] = Timer(milliseconds: Self.rereadDebounceMilliseconds) { [weak self] in
            guard let self else { return false }
            self.rereads[item] = nil
            self.itemRereads += 1
            let repository = self.context.repository
            Task { [weak self] in
                let asked = ContinuousClock.now
                guard let fresh = await repository.libraryItem(item) else { return }
                self?.patch(fresh, at: asked)
            }
            return false
        }
    }

    var pendingRereads: Int { rereads.count }
}
