import Core
import Foundation

/// The Calendar tab: what every orchestrator has due in the next 14 days.
@MainActor
final class CalendarController: FeatureController {
    private let context: AppContext

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        let repository = context.repository, target = context.windowRef()
        Task {
            await context.scheduler.register(.calendar) { force in
                let show = target.presenter(.calendar) { window, state in window.calendarSlot.show { $0.render(state) } }
                show(await repository.calendar(force: force, progress: show))
            }
        }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        let calendar = await context.repository.cachedCalendar()
        context.window?.calendarSlot.show { $0.render(calendar) }
    }
}
