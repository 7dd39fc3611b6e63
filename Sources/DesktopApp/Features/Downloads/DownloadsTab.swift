import Core

extension TabDescriptor {
    /// Downloads: every transfer of every client in one list.
    static let downloads = TabDescriptor(
        feature: .downloads, title: { tr("Downloads") }, icon: "folder-download-symbolic",
        loading: { tr("Loading transfers…") },
        empty: { (tr("No Transfers"), tr("Your download clients have no transfers.")) },
        makeSlot: { environment in TabSlot(make: { DownloadsPage(clock: environment.clock) }, widget: { $0.page.widget }) },
        controllers: { [DownloadsController(context: $0)] },
        sample: { window, variant in
            var content = InspectionData.downloads(stale: variant.isStale)
            if variant.isPartial { content.failures = [ServiceFailure(service: InspectionData.transmission, error: .unavailable(.connectionRefused))] }
            if variant.isNothing {
                for index in content.parts.indices {
                    content.parts[index].value = TransferSnapshot(items: [], stats: TransferStats(
                        downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil, count: 0, activeCount: 0))
                }
            }
            window.downloads.render(variant.state(content))
        },
        scenes: { DownloadsScene.allCases.map { scene in TabScene(name: scene.rawValue, summary: scene.summary) { $0.downloads.inspect(scene) } } })
}

extension MainWindow {
    var downloadsSlot: TabSlot<DownloadsPage> { builtIn(.downloads) }
    var downloads: DownloadsPage { downloadsSlot.page }
}

extension DownloadsPage: SearchablePage, RevealingPage {
    func revealRow(_ key: String) { reveal(key: key) }
}
