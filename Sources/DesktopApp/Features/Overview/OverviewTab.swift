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
            TabScene(name: "speeds", summary: "The Overview of a stack of two transfer clients: each one's speeds over the last hour, one not read for 25 minutes") { window in
                let now = Int64(InspectionData.now.timeIntervalSince1970)
                var content = InspectionData.overview(partial: false)
                content.rows = content.rows.filter { [InspectionData.qbittorrent.id, InspectionData.nzbget.id].contains($0.id) }
                content.details.parts = []
                window.overview.render(.content(content, refreshedAt: InspectionData.now))
                window.overview.showSpeeds([(InspectionData.qbittorrent, InspectionData.speedHistory(seed: 1, now: now), nil),
                                            (InspectionData.nzbget, InspectionData.speedHistory(seed: 2, now: now - 1500), nil)],
                                           now: now, utcOffset: 0)
                return (nil, nil)
            },
        ] })
}

extension MainWindow {
    var overviewSlot: TabSlot<OverviewPage> { builtIn(.overview) }
    var overview: OverviewPage { overviewSlot.page }
}
