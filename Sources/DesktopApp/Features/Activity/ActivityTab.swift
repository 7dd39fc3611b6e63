import Core

extension TabDescriptor {
    /// Activity: the orchestrators' queues joined with the transfer clients' progress.
    static let activity = TabDescriptor(
        // Translators: the tab of queued and importing items.
        feature: .activity, title: { tr("Activity") }, icon: "emblem-synchronizing-symbolic",
        loading: { tr("Loading the queues…") },
        empty: { (tr("Nothing in the Queue"), tr("Items your orchestrators are grabbing or importing appear here.")) },
        makeSlot: { environment in TabSlot(make: { ActivityPage(clock: environment.clock) }, widget: { $0.page.widget }) },
        controllers: { [ActivityController(context: $0)] },
        sample: { window, variant in
            var content = InspectionData.activity(stale: variant.isStale)
            if variant.isNothing { for index in content.queues.parts.indices { content.queues.parts[index].value = [] } }
            if variant.isPartial {
                content.transfers.parts.removeAll { $0.service.id == InspectionData.nzbget.id }
                content.transfers.failures = [ServiceFailure(service: InspectionData.nzbget, error: .unavailable(.timedOut))]
                content = ActivityContent(joining: content.queues, transfers: content.transfers)
            }
            window.activity.render(variant.state(content))
        },
        scenes: { ActivityScene.allCases.map { scene in TabScene(name: scene.rawValue, summary: scene.summary) { $0.activity.inspect(scene) } } })
}

extension MainWindow {
    var activitySlot: TabSlot<ActivityPage> { builtIn(.activity) }
    var activity: ActivityPage { activitySlot.page }
}

extension ActivityPage: RevealingPage {
    func revealRow(_ key: String) { reveal(key: key) }
}
