import Core

extension TabDescriptor {
    /// Indexers: each indexer manager's indexers, and one search across them.
    static let indexers = TabDescriptor(
        // Translators: the tab of Prowlarr's indexers and the search across them.
        feature: .indexers, title: { tr("Indexers") }, icon: "system-search-symbolic",
        loading: { tr("Loading indexers…") },
        empty: { (tr("No Indexers"), tr("Add indexers in Prowlarr; they appear here with their health and statistics.")) },
        makeSlot: { environment in TabSlot(make: { IndexersPage(clock: environment.clock) }, widget: { $0.page.widget }) },
        controllers: { [IndexersController(context: $0)] },
        sample: { window, variant in
            var content = InspectionData.indexers(stale: variant.isStale)
            if variant.isPartial {
                content.failures = [InspectionData.indexersPartialFailure]
            }
            if variant.isNothing { for index in content.parts.indices { content.parts[index].value.indexers = [] } }
            window.indexers.render(variant.state(content))
        },
        scenes: { IndexersScene.allCases.map { scene in TabScene(name: scene.rawValue, summary: scene.summary) { $0.indexers.inspect(scene) } } })
}

extension MainWindow {
    var indexersSlot: TabSlot<IndexersPage> { builtIn(.indexers) }
    var indexers: IndexersPage { indexersSlot.page }
}

extension IndexersPage: SearchablePage {}
