import Core

extension TabDescriptor {
    /// The Calendar: what airs or comes out in the next days.
    static let calendar = TabDescriptor(
        feature: .calendar, title: { tr("Calendar") }, icon: "x-office-calendar-symbolic",
        loading: { tr("Loading the calendar…") },
        empty: { (tr("Nothing Upcoming"), tr("What is due in the next days appears here.")) },
        makeSlot: { environment in TabSlot(make: { CalendarPage(clock: environment.clock) }, widget: { $0.page.widget }) },
        controllers: { [CalendarController(context: $0)] },
        sample: { window, variant in
            var content = InspectionData.calendar(stale: variant.isStale)
            if variant.isPartial {
                let failure = InspectionData.partialFailure(.calendar)
                content.failures = [failure]
                content.parts.removeAll { $0.service.id == failure.service.id }
            }
            if variant.isNothing { for index in content.parts.indices { content.parts[index].value = [] } }
            window.calendar.render(variant.state(content))
        })
}

extension MainWindow {
    var calendarSlot: TabSlot<CalendarPage> { builtIn(.calendar) }
    var calendar: CalendarPage { calendarSlot.page }
}
