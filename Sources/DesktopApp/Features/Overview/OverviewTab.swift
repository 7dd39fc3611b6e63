import Core

extension TabDescriptor {
    /// The Overview: one row per service, health and disk space; first of the tabs.
    static let overview = TabDescriptor(
        feature: .overview, title: { tr("Overview") }, icon: "network-server-symbolic",
        loading: { tr("Checking your services…") },
        empty: { (tr("No Services Enabled"), tr("Enable a service in Settings to see its status here.")) },
        makeSlot: { environment in TabSlot(make: { OverviewPage(clock: environment.clock) }, widget: { $0.page.widget }) },
        controllers: { [OverviewController(context: $0)] },
        sample: { window, variant in window.overview.render(variant.state(InspectionData.overview(partial: variant.isPartial))) },
        scenes: { [
            TabScene(name: "live", summary: "The Overview with each Sonarr and Radarr saying live or polling") { window in
                window.overview.setLive(InspectionData.liveStates)
                return (nil, nil)
            },
            TabScene(name: "live-failures",
                     summary: "The Overview with each Sonarr and Radarr polling, and why: too old, no hub, a redirect, an unreadable answer") { window in
                window.overview.render(.content(InspectionData.overviewWithOldSonarr, refreshedAt: InspectionData.now))
                window.overview.setLive(InspectionData.liveFailureStates)
                return (nil, nil)
            },
        ] })
}

extension MainWindow {
    var overviewSlot: TabSlot<OverviewPage> { builtIn(.overview) }
    var overview: OverviewPage { overviewSlot.page }
}
