import CGtk
import Foundation

/// The one list model every big list uses (GtkListView and GtkColumnView): **position-stable**. The model's
/// items are positions — item *i* is the *i*-th row and stays that row — and which key each row shows is
/// kept in Swift (`keys`). A filter, a sort or a merge changes `keys`: the rows on screen whose key
/// changed are bound again (their labels take new text), and the model only grows or shrinks at its end.
///
/// Why: GTK 4.8's list views keep a row widget for an item only while that very item stays in the model,
/// so a filter or sort that replaced the items at the top destroyed the ~200 rows around it and made 200
/// new ones in one frame (65–156 ms at 10,000 transfers). Binding a row again costs setting its text.
///
/// What a list over positions must do itself, done here: the selection (`keepsSelection`) follows keys,
/// not positions; the focused row follows its key (`update` moves the focus to where the key went); the
/// rows of every factory over this list are bound again together (`RowFactory` registers itself).
@MainActor
final class KeyedList {
    let list: OpaquePointer // GtkStringList: item i's string is "i"
    /// The key each row of the model shows now, by position (as many as the model holds).
    private(set) var keys: [String] = []

    init() {
        list = gtk_string_list_new(nil)
    }

    isolated deinit {
        if idleSource != 0 { g_source_remove(idleSource) }
        // A tick callback still registered finds its list gone and removes itself.
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    var model: OpaquePointer { list } // as GListModel

    /// The key shown at `position`, when there is a row there.
    func key(at position: Int) -> String? { position >= 0 && position < keys.count ? keys[position] : nil }

    /// The position of a model item (its string).
    static func position(of item: gpointer?) -> Int? {
        guard let item, let text = gtk_string_object_get_string(OpaquePointer(item)) else { return nil }
        return Int(String(cString: text))
    }

    /// The key a model item shows now.
    func key(of item: gpointer?) -> String? { Self.position(of: item).flatMap(key(at:)) }

    /// The first position showing `key`.
    func position(of key: String) -> Int? { keys.firstIndex(of: key) }

    // MARK: Rows bound, by every factory over this list

    private final class WeakFactory {
        weak var factory: (any BoundRows)?
        init(_ factory: any BoundRows) { self.factory = factory }
    }
    private var factories: [WeakFactory] = []

    func register(_ factory: any BoundRows) { factories.append(WeakFactory(factory)) }

    // MARK: Growth

    /// The view (list or column view) that shows this list paces how fast it grows while on screen.
    /// GTK 4.8's list view makes and binds a row for up to 200 items as soon as they are in the model,
    /// and lays them all out in the next frame: 200 new rows in one frame held the main loop for
    /// 100–140 ms. While the model holds fewer than `rowBudget` items, it grows by `growth` items a
    /// step: a frame (a tick callback, so each frame lays out only those) while the view is on screen,
    /// else an idle call; the first rows are on screen at once. Past the budget the rows exist already,
    /// and steps are idle calls of `chunk` items. The step follows what the frames cost: after a frame
    /// that kept its time it doubles (up to `maxGrowth`), after one that ran long it halves (down to
    /// `minGrowth`), so a fast machine fills the list in a few frames and a slow one still keeps each
    /// frame short.
    func paces(_ view: some WidgetRef) {
        guard pacedView == nil else { return }
        pacedView = view.widget
        // Hidden mid-growth (another tab): finish in idle steps, since a hidden view gets no frames.
        onSignal(view.widget, "unmap") { [weak self] in
            guard let self, !self.isSettled else { return }
            self.scheduleStep(paced: false)
        }
    }

    private var pacedView: Widget?
    static let rowBudget = 256
    /// Items the next growth step adds below the row budget (see `paces`).
    private(set) var growth = KeyedList.firstGrowth
    static let firstGrowth = 8, minGrowth = 4, maxGrowth = 16
    /// When the last paced step ran (the frame clock's time, µs): the time to the next one is what that
    /// frame cost (at least a frame's period).
    private var lastStepFrameTime: Int64 = 0
    private var tickID: guint = 0
    /// The first frame in which the next paced step may run, and whether a step runs in a tick now.
    private var readyFrame: Int64 = 0
    private var inTick = false

    /// Most rows one step adds; larger lists continue in idle steps, so a 20,000-item library never
    /// blocks a frame (the first rows show at once).
    var chunk = 1500
    private var pending: [String]?
    private var idleSource: guint = 0

    /// Steps still to come (tests).
    var isSettled: Bool { pending == nil && blankTail == 0 }
    /// Whether every key of the last update is in the model (rows may still be growing in otherwise).
    var holdsEveryKey: Bool { pending == nil }

    /// Rows at the model's end that show nothing, hidden, on their way out (see `step`).
    private(set) var blankTail = 0
    /// Most blank rows one step removes (each is a row widget GTK destroys: ~0.2 ms, and the frame after lays the
    /// list out again).
    var shrinkStep = 16
    /// How long blank rows GTK holds stay after the last update before they start to leave (ms): typing into a
    /// filter narrows and widens within a second, and a list growing back binds them instead of making rows.
    var blankLinger: UInt32 = 1000
    private var blankTimer: Timer?
    /// The model's length: the rows that show keys, then the blank ones.
    var modelCount: Int { keys.count + blankTail }
    /// Whether the row at `position` is a blank one.
    func isBlank(_ position: Int) -> Bool { position >= keys.count && position < modelCount }
    /// Changes made to the model's length so far (tests: a refresh that changes nothing makes none).
    private(set) var splices = 0
    /// Rows bound again because their position shows another key now (tests, benchmarks).
    private(set) var rebinds = 0

    /// Makes the rows show `newKeys`, in order: rows on screen whose key changed are bound again, the
    /// model grows or shrinks at its end, the selection and the focus follow their keys.
    func update(_ newKeys: [String]) {
        if pending == nil { // a new growth starts small: what its frames cost is not known yet
            growth = Self.firstGrowth
            lastStepFrameTime = 0
        }
        pending = nil
        let focused = focusedPosition().flatMap { position in key(at: position).map { (position, $0) } }
        let selected = selectionKeeper?.selectedKeys
        let anchor = topRow()
        step(toward: newKeys)
        if let selected { selectionKeeper?.reselect(selected, in: self) }
        if let (position, key) = focused, self.key(at: position) != key, let moved = self.position(of: key) {
            focus(moved)
            rebindAllNow() // the view may scroll to it: the rows it shows there are bound now
        }
        // Scrolled down, the row the user looks at stays on top when rows come or go above it (as GTK keeps an item
        // in place): the view scrolls by the rows it moved. At the very top, the new first rows show.
        if let anchor, key(at: anchor.position) != anchor.key, let moved = position(of: anchor.key), let adjustment = anchor.adjustment {
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + Double(moved - anchor.position) * anchor.height)
            rebindAllNow()
        }
    }

    /// Every bound row whose position shows another key now, bound again at once (the view is about to show others).
    func rebindAllNow() {
        for entry in factories { rebinds += entry.factory?.rebindChanged(in: self, within: nil) ?? 0 }
    }

    /// The row at the top edge of a view scrolled away from its top: its position, key and height.
    private func topRow() -> (position: Int, key: String, height: Double, adjustment: UnsafeMutablePointer<GtkAdjustment>?)? {
        guard let view = pacedView, let listView = Self.listView(in: view),
              let adjustment = gtk_scrollable_get_vadjustment(cast(view)), gtk_adjustment_get_value(adjustment) > 0.5 else { return nil }
        for entry in factories {
            if let (position, height) = entry.factory?.topRow(in: listView), let key = key(at: position) {
                return (position, key, height, adjustment)
            }
        }
        return nil
    }

    /// A shrinking list does not remove its rows at once: GTK destroys the widget of every removed row that it
    /// holds (up to ~200 rows of 9 widgets, 20–50 ms in one frame). The rows past the new end turn blank — hidden,
    /// showing nothing, unpickable — and, once no update came for `blankLinger`, leave in idle steps of
    /// `shrinkStep`; a list growing again meanwhile binds them to keys again instead of making new rows. Blank
    /// rows GTK holds no widget for leave at once.
    private func step(toward newKeys: [String]) {
        let shown = keys.count
        let target = newKeys.count
        // Rows that stay show their new keys; of those, only the bound ones (a few hundred at most) are touched.
        let kept = min(shown, target)
        var changed = false
        for position in 0..<kept where keys[position] != newKeys[position] {
            keys[position] = newKeys[position]
            changed = true
        }
        if target > shown, blankTail > 0 { // blank rows show keys again
            let reused = min(target - shown, blankTail)
            keys += newKeys[shown..<(shown + reused)]
            blankTail -= reused
            changed = true
        } else if target < shown {
            blankTail += shown - target
            keys.removeLast(shown - target)
            changed = true
        }
        if changed { rebindRows() }
        if blankTail > 0 {
            pending = nil
            removeBlanks(all: false)
            return
        }
        let present = keys.count
        guard target > present else {
            pending = nil
            return
        }
        let paced = pacedView.map { gtk_widget_get_mapped($0) != 0 } ?? false
        // Small steps until the row budget whether on screen or not: GTK makes the rows of a list view that
        // is not mapped yet too (a page built with its content, shown in the next frame).
        let added = min(target - present, present < Self.rowBudget ? growth : chunk)
        keys += newKeys[present..<(present + added)]
        UI.splice(list, at: present, removing: 0, (present..<(present + added)).lazy.map(String.init))
        splices += 1
        guard present + added < target else {
            pending = nil
            return
        }
        pending = newKeys
        scheduleStep(paced: paced)
    }

    /// Sizes the next paced step by the time since the last one: a frame that kept its time (under ~1.25
    /// periods at 60 Hz) doubles it, one that ran past two periods halves it. A step after a pause (a new
    /// update, a second or more later) starts from the first size again.
    private func pace(frameTime: Int64) {
        defer { lastStepFrameTime = frameTime }
        let interval = frameTime - lastStepFrameTime
        guard lastStepFrameTime > 0, interval < 1_000_000 else { return growth = Self.firstGrowth }
        if interval <= 21_000 {
            growth = min(growth * 2, Self.maxGrowth)
        } else if interval > 34_000 {
            growth = max(growth / 2, Self.minGrowth)
        }
    }

    /// The next step: in the next frame while paced, else when idle. One of each at most is waiting.
    private func scheduleStep(paced: Bool) {
        let box = Unmanaged.passRetained(KeyedListStep(self)).toOpaque()
        let release: GDestroyNotify = { data in Unmanaged<KeyedListStep>.fromOpaque(data!).release() }
        if paced, let view = pacedView {
            // A step outside a frame (an update) is laid out by the next frame: the tick waits one more.
            // Set again by every step, so a waiting tick never runs in the frame that lays out the last one.
            let clock = gtk_widget_get_frame_clock(view)
            readyFrame = Int64(clock.map { gdk_frame_clock_get_frame_counter($0) } ?? 0) + (inTick ? 1 : 2)
            guard tickID == 0 else { return Unmanaged<KeyedListStep>.fromOpaque(box).release() }
            tickID = gtk_widget_add_tick_callback(view, { _, clock, data in
                let step = Unmanaged<KeyedListStep>.fromOpaque(data!).takeUnretainedValue()
                return MainActor.assumeIsolated {
                    guard let list = step.list else { return 0 }
                    if let clock, Int64(gdk_frame_clock_get_frame_counter(clock)) < list.readyFrame { return 1 }
                    if let clock { list.pace(frameTime: Int64(gdk_frame_clock_get_frame_time(clock))) }
                    list.tickID = 0
                    list.inTick = true
                    defer { list.inTick = false }
                    list.advance()
                    return 0
                }
            }, box, release)
        } else {
            guard idleSource == 0 else { return Unmanaged<KeyedListStep>.fromOpaque(box).release() }
            idleSource = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
                let step = Unmanaged<KeyedListStep>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated {
                    guard let list = step.list else { return }
                    list.idleSource = 0
                    list.advance()
                }
                return 0
            }, box, release)
        }
    }

    /// Rows whose position shows another key now are bound again: those on screen at once, the others GTK holds
    /// (up to ~200, most of them out of sight) when the main loop is idle next — after the frame that shows the
    /// change, so a keystroke or a refresh pays for the rows the user sees.
    private func rebindRows() {
        let onScreen = visiblePositions()
        let window = onScreen.map { max(0, $0.lowerBound - 2)...($0.upperBound + 2) }
        for entry in factories { rebinds += entry.factory?.rebindChanged(in: self, within: window) ?? 0 }
        guard window != nil, rebindTimer?.isRunning != true else { return }
        watchScrolling()
        rebindTimer = Timer(milliseconds: 0, priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            self?.rebindAllNow()
            return false
        }
    }

    /// The rows out of sight waiting to be bound (when the main loop is idle).
    private var rebindTimer: Timer?
    private var watchedAdjustment: UnsafeMutablePointer<GtkAdjustment>?

    /// A scroll before the deferred rows are bound binds them first (they would show for a frame otherwise).
    private func watchScrolling() {
        guard let view = pacedView, let adjustment = gtk_scrollable_get_vadjustment(cast(view)), adjustment != watchedAdjustment else { return }
        watchedAdjustment = adjustment
        onSignal(adjustment, "value-changed") { [weak self] in
            guard let self, self.rebindTimer?.isRunning == true else { return }
            self.rebindTimer?.cancel()
            self.rebindAllNow()
        }
    }

    /// The positions on screen in the view that shows this list, when it is on screen.
    private func visiblePositions() -> ClosedRange<Int>? {
        guard let view = pacedView, gtk_widget_get_mapped(view) != 0, let listView = Self.listView(in: view) else { return nil }
        return factories.lazy.compactMap { $0.factory?.visiblePositions(in: listView) }.first
    }

    /// The next step: more rows, or fewer blank ones.
    private func advance() {
        if let target = pending { continueGrowing(toward: target) } else if blankTail > 0, blankTimer?.isRunning != true { removeBlanks(all: true) }
    }

    /// Removes blank rows from the model's end: those GTK holds no row widget for at once; `all`: then up to
    /// `shrinkStep` of those it does. Schedules the next step while blank rows are left.
    private func removeBlanks(all: Bool) {
        let end = modelCount
        // Past the last row GTK holds (bound), a blank row costs nothing to remove.
        let held = factories.compactMap { $0.factory?.lastBoundPosition() }.max() ?? -1
        var cut = max(keys.count, min(end, held + 1))
        if all { cut = max(keys.count, cut - shrinkStep) }
        if cut < end {
            gtk_string_list_splice(list, guint(cut), guint(end - cut), nil)
            blankTail -= end - cut
            splices += 1
        }
        guard blankTail > 0 else { return }
        if all {
            scheduleStep(paced: false)
            return
        }
        // An update: the rows wait until the list has been quiet for a moment (each update starts the wait again).
        blankTimer = Timer(milliseconds: blankLinger, priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            guard let self else { return false }
            if self.pending == nil, self.blankTail > 0 { self.removeBlanks(all: true) }
            return false
        }
    }

    /// A growth step: new rows appear at the end; the selection is kept for them too.
    private func continueGrowing(toward target: [String]) {
        let selected = selectionKeeper?.selectedKeys
        step(toward: target)
        if let selected { selectionKeeper?.reselect(selected, in: self) }
    }

    // MARK: Selection and focus by key

    private var selectionKeeper: SelectionKeeper?

    /// `selection` (over this list) keeps its rows by key: the user's picks are remembered as keys, and after
    /// every update the rows showing those keys are the ones selected. A pick no longer listed is dropped —
    /// unless `hiddenStayPicked` (a filter hid it: it is picked again when the filter lets it through; the
    /// page drops the picks of what is gone for good with `unpick`).
    func keepsSelection(_ selection: SelectionModel, hiddenStayPicked: Bool = false) {
        selectionKeeper = SelectionKeeper(selection, list: self, keepsHidden: hiddenStayPicked)
    }

    /// Drops the picks of the keys `gone` says are gone for good.
    func unpick(where gone: (String) -> Bool) { selectionKeeper?.drop(where: gone) }

    /// The keys picked now (kept across updates), when the list keeps a selection.
    var selectedKeys: Set<String> { selectionKeeper?.selectedKeys ?? [] }

    /// Picks exactly the rows of `keys` (those shown).
    func select(keys: Set<String>) { selectionKeeper?.reselect(keys, in: self, remember: true) }

    /// The position of the row that has the keyboard focus, if a row of this list has it.
    func focusedPosition() -> Int? {
        for entry in factories {
            if let position = entry.factory?.focusedPosition() { return position }
        }
        return nil
    }

    /// Moves the keyboard focus to the row at `position`: at once when its row is bound, else the view scrolls to
    /// it and the row takes the focus when it is bound.
    func focus(_ position: Int) {
        for entry in factories where entry.factory?.focus(position) == true { return }
        focusWhenBound = position
        if let view = pacedView { Self.scroll(view, to: position) }
    }

    /// A position whose row takes the focus when it is bound (`focus` on a row not made yet).
    var focusWhenBound: Int?
}

private final class KeyedListStep {
    weak var list: KeyedList?
    init(_ list: KeyedList) { self.list = list }
}
