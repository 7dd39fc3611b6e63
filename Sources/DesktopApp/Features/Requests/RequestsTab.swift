import Core

extension TabDescriptor {
    /// Requests: what people asked for in Jellyseerr or Overseerr, pending first.
    static let requests = TabDescriptor(
        // Translators: the tab of what people asked for in Jellyseerr or Overseerr.
        feature: .requests, title: { tr("Requests") }, icon: "mail-inbox-symbolic",
        loading: { tr("Loading requests…") },
        empty: { (tr("No Requests"), tr("What people ask for in Jellyseerr or Overseerr appears here, waiting for your approval.")) },
        makeSlot: { environment in TabSlot(make: { RequestsPage(clock: environment.clock) }, widget: { $0.page.widget }) },
        controllers: { [RequestsController(context: $0)] },
        sample: { window, variant in
            var content = InspectionData.requests(stale: variant.isStale)
            if variant.isPartial {
                content.failures = [InspectionData.requestsPartialFailure]
            }
            if variant.isNothing { for index in content.parts.indices { content.parts[index].value.requests = [] } }
            window.requests.render(variant.state(content))
        },
        scenes: { RequestsScene.allCases.map { scene in TabScene(name: scene.rawValue, summary: scene.summary) { $0.requests.inspect(scene) } } })
}

extension MainWindow {
    var requestsSlot: TabSlot<RequestsPage> { builtIn(.requests) }
    var requests: RequestsPage { requestsSlot.page }
}

extension RequestsPage: RevealingPage {
    func revealRow(_ key: String) { reveal(key: key) }
}
