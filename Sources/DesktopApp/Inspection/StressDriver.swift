#if DEBUG
import CGtk
import Core
import Foundation

/// Debug builds only (`--stress-transitions N`): runs the real window through every
/// transition that adds, removes or replaces widgets, N times, with synthetic data,
/// so a screen reader walking the tree at the same time meets every one of them
/// (`A11yStressTests` runs Tools/a11y-stress-walker.py beside it).
///
/// One cycle: welcome ↔ tabs, tabs appearing and disappearing, every page through
/// every state, the Overview list rebuilt, a 20,000-row library spliced, searched and
/// filtered, a detail page pushed and popped, Downloads rows added and removed, and
/// About, Keyboard Shortcuts and Settings (every page) opened and closed.
/// Steps run one per main-loop turn from a short timeout, so AT-SPI requests
/// are answered between any two of them. Prints "stress: N cycles, M steps" and quits.
@MainActor
final class StressDriver {
    private let window: MainWindow
    private let cycles: Int
    private let quit: @MainActor () -> Void
    private var steps: [(String, @MainActor () -> Void)] = []
    private var costs: [String: Duration] = [:]
    /// Steps after which GTK's list of toplevels held a hidden window (GTK 4.8 can hand a screen
    /// reader that window's missing object path and crash: there must be none).
    private var hiddenAfter: Set<String> = []
    /// Steps after which a spinner nobody could see was animating (it keeps the frame clock running).
    private var spinningUnseenAfter: Set<String> = []
    private var cycle = 0
    private var stepsRun = 0
    private var random = SystemRandomNumberGenerator()
    private var overlay: Widget?
    private var settings: SettingsDialog?

    init(window: MainWindow, cycles: Int, quit: @escaping @MainActor () -> Void) {
        self.window = window
        self.cycles = cycles
        self.quit = quit
    }

    func start() {
        steps = makeCycle()
        next()
    }

    private func next() {
        if steps.isEmpty {
            cycle += 1
            if cycle >= cycles {
                print("stress: \(cycle) cycles, \(stepsRun) steps, hidden windows after: \(hiddenAfter.sorted()), "
                      + "unseen spinners spinning after: \(spinningUnseenAfter.sorted())")
                for (label, cost) in costs.sorted(by: { $0.value > $1.value }).prefix(8) { print("  \(label): \(cost)") }
                quit()
                return
            }
            steps = makeCycle()
        }
        let (label, step) = steps.removeFirst()
        MainLoop.after(milliseconds: 12) { [weak self] in
            guard let self else { return }
            let started = ContinuousClock.now
            step()
            self.costs[label, default: .zero] += ContinuousClock.now - started
            if Self.hiddenToplevels() > 0 { self.hiddenAfter.insert(label) }
            if UI.spinners(in: self.window.window).contains(where: { $0.spinning && !$0.mapped }) { self.spinningUnseenAfter.insert(label) }
            self.stepsRun += 1
            self.next()
        }
    }

    /// About 25 steps; what varies (each page's state, list sizes, which dialog and which of its
    /// pages) rotates from cycle to cycle, so every eight cycles cover every state of every page.
    private func makeCycle() -> [(String, @MainActor () -> Void)] {
        var steps: [(String, @MainActor () -> Void)] = []
        let window = window, cycle = cycle
        // Welcome ↔ tabs, and tabs appearing and disappearing (settings saved or a service removed).
        steps.append(("welcome", { window.show(.welcome) }))
        steps.append(("tabs", { window.setAvailableTabs(Set(AppTab.allCases)); window.show(.tabs(selected: .overview, variant: .content)) }))
        steps.append(("some tabs", { [self] in
            var tabs: Set<AppTab> = [.overview]
            for tab in AppTab.allCases where Bool.random(using: &random) { tabs.insert(tab) }
            window.setAvailableTabs(tabs)
            window.select(tabs.randomElement(using: &random) ?? .overview)
        }))
        steps.append(("all tabs", { window.setAvailableTabs(Set(AppTab.allCases)) }))
        // Every page in another state each cycle (the Overview list and failure rows rebuilt each time).
        let variants = InspectionVariant.allCases
        for (index, tab) in AppTab.allCases.enumerated() {
            let variant = variants[(cycle + index) % variants.count]
            steps.append(("\(tab.rawValue) \(variant.rawValue)", { window.show(.tabs(selected: tab, variant: variant)) }))
        }
        // A library spliced in (20,000 rows every 50 cycles), searched, filtered; a detail page pushed and popped.
        let size = cycle % 50 == 0 ? 20_000 : [300, 40, 900, 0, 150][cycle % 5]
        steps.append(("library \(size)", {
            window.select(.movies)
            window.library(.movies)?.render(.content(Self.library(size), refreshedAt: InspectionData.now))
        }))
        steps.append(("search", { window.library(.movies)?.setSearchText(cycle % 2 == 0 ? "Fixture" : "1") }))
        steps.append(("filter", { window.library(.movies)?.selectFilter(1 + cycle % 3) }))
        steps.append(("search and filter cleared", {
            window.library(.movies)?.setSearchText("")
            window.library(.movies)?.selectFilter(0)
        }))
        let detailTab: AppTab = cycle % 2 == 0 ? .movies : .series
        steps.append(("detail", { window.show(.detail(detailTab)) }))
        steps.append(("detail popped", { window.library(detailTab)?.showList() }))
        // Downloads rows added and removed by refreshes.
        for count in [[200, 12], [0, 400], [60, 0]][cycle % 3] {
            steps.append(("downloads \(count)", {
                window.select(.downloads)
                window.downloads.render(.content(Self.downloads(count), refreshedAt: InspectionData.now))
            }))
        }
        // A dialog opening, changing its pages, and closing.
        switch cycle % 3 {
        case 0:
            steps.append(("about", { [self] in overlay = AboutDialog.present(over: window.window) }))
            steps.append(("about closed", { [self] in closeOverlay() }))
        case 1:
            steps.append(("shortcuts", { [self] in overlay = window.presentShortcuts() }))
            steps.append(("shortcuts closed", { [self] in closeOverlay() }))
        default:
            steps.append(("settings", { [self] in
                let rows = InspectionData.statusRows
                let dialog = SettingsDialog(parent: window.window, backend: nil, statusOf: { rows[$0] })
                settings = dialog
                Window(found: dialog.window)?.present()
                dialog.show(.list)
            }))
            let scenes: [SettingsScene] = [.kinds, .add(.qbittorrent), .add(.sonarr), .edit, .testSuccess,
                                           .testFailed(.unauthorized), .invalidEndpoint, .removeConfirm, .keyringUnavailable]
            for offset in 0..<3 {
                let scene = scenes[(cycle + offset) % scenes.count]
                steps.append(("settings \(scene)", { [self] in settings?.show(scene) }))
            }
            steps.append(("settings closed", { [self] in
                if let dialog = settings { Window(found: dialog.window)?.destroy() }
                settings = nil
            }))
        }
        return steps
    }

    /// Windows in GTK's list of toplevels that are not shown.
    static func hiddenToplevels() -> Int {
        Window.toplevels.filter { !$0.visible }.count
    }

    private func closeOverlay() {
        if let overlay { Window(found: overlay)?.close() }
        overlay = nil
    }

    /// `count` movies in one Radarr: the fixture movies again with their own ids and titles.
    static func library(_ count: Int) -> LibraryContent {
        let samples = LibrarySamples.movies, base = samples.items
        let items = (0..<count).map { index in
            var item = base[index % base.count]
            item.id = ResourceID(serviceID: samples.instance.id, itemID: 10_000 + index)
            item.title = "\(item.title) \(index)"
            item.sortTitle = item.title.lowercased()
            return item
        }
        return Aggregate(parts: [ServicePart(service: samples.instance, value: items, refreshedAt: InspectionData.now, isStale: false)])
    }

    /// `count` transfers over qBittorrent and NZBGet; a random half of the keys change every time.
    static func downloads(_ count: Int) -> DownloadsContent {
        let base = InspectionData.transfers
        let offset = Int.random(in: 0..<1_000)
        let items = (0..<count).map { index in
            var item = base[index % base.count]
            item.joinKey = String(format: "%040x", index % 2 == 0 ? index : index + offset * 100_000)
            item.name = "\(item.name).\(index)"
            return item
        }
        let stats = TransferStats(downloadSpeed: 1_000, uploadSpeed: 1_000, freeSpaceBytes: nil, count: count, activeCount: count / 3)
        return Aggregate(parts: [
            ServicePart(service: InspectionData.qbittorrent, value: TransferSnapshot(items: items.filter { $0.serviceID == InspectionData.qbittorrent.id }, stats: stats),
                        refreshedAt: InspectionData.now, isStale: false),
            ServicePart(service: InspectionData.nzbget, value: TransferSnapshot(items: items.filter { $0.serviceID == InspectionData.nzbget.id }, stats: stats),
                        refreshedAt: InspectionData.now, isStale: false),
        ])
    }
}
#endif
