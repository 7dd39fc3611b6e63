import Core

extension TabDescriptor {
    /// A library kind's tab, from its presentation: its list, detail pages, and its scenes (when it has samples).
    static func library(_ presentation: LibraryPresentation) -> TabDescriptor {
        let feature = presentation.feature
        let makeSlot: @MainActor @Sendable (TabEnvironment) -> any AnyTabSlot = { environment in
            TabSlot(make: { LibraryPage(presentation: presentation, clock: environment.clock, posters: environment.posters) },
                    widget: { $0.page.widget })
        }
        let controllers: @MainActor @Sendable (AppContext) -> [any FeatureController] = {
            [LibraryTabController(kind: presentation.kind, context: $0)]
        }
        var sample: (@MainActor @Sendable (MainWindow, InspectionVariant) -> Void)?
        if let samples = presentation.samples {
            sample = { window, variant in
                var content = samples.library(stale: variant.isStale)
                if variant.isPartial {
                    content.failures = [samples.partialFailure]
                    content.parts.removeAll { $0.service.id == samples.partialFailure.service.id }
                }
                if variant.isNothing { for index in content.parts.indices { content.parts[index].value = [] } }
                window.library(feature)?.render(variant.state(content))
            }
        }
        let scenes: @Sendable () -> [TabScene] = {
            guard let samples = presentation.samples else { return [] }
            // Removing from the queue on a detail page: shown once (the same dialog for every kind).
            let shown = LibraryScene.allCases.filter { scene in
                (scene != .detailConfirmRemove || !(samples.detail.queue ?? []).isEmpty)
                    && (scene != .addRequest || presentation.kind.requestedAs != nil)
            }
            return shown.map { scene in
                TabScene(name: scene.rawValue, summary: scene.summary(presentation), onDetail: scene.isDetail) { window in
                    window.library(feature)?.inspect(scene) ?? (nil, nil)
                }
            }
        }
        return TabDescriptor(feature: feature, title: { presentation.title }, icon: presentation.icon,
                             loading: { presentation.loading }, empty: { (presentation.emptyTitle, presentation.emptyDetail) },
                             makeSlot: makeSlot, controllers: controllers, sample: sample, scenes: scenes)
    }
}

extension LibraryPage: SearchablePage {}
