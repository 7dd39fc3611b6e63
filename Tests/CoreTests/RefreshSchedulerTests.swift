@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Counts refreshes and lets the test hold them open or watch them end.
private actor Probe {
    private(set) var started = 0
    private(set) var cancelled = 0
    private(set) var forced = 0
    private var release: [CheckedContinuation<Void, Never>] = []
    private var holding = true

    /// A refresh that stays open until released or cancelled.
    func run(force: Bool) async {
        started += 1
        if force { forced += 1 }
        guard holding else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { release.append($0) }
        } onCancel: {
            Task { await self.cancelledOne() }
        }
    }

    private func cancelledOne() {
        cancelled += 1
        release.forEach { $0.resume() }
        release = []
    }

    func releaseAll(keepHolding: Bool = true) {
        holding = keepHolding
        release.forEach { $0.resume() }
        release = []
    }
}

/// A sleep the test records; it never returns on its own, so loops tick only when the test says.
private final class RecordingSleep: @unchecked Sendable {
    private let lock = NSLock()
    private var durations: [Duration] = []
    var requested: [Duration] { lock.withLock { durations } }
    var sleep: RefreshScheduler.Sleep {
        { duration in
            self.lock.withLock { self.durations.append(duration) }
            try await Task.sleep(for: .seconds(3600))
        }
    }
}

/// Waits, yielding, until `condition` holds; fails the test instead of hanging after 30 s.
private func eventually(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                        _ condition: @Sendable () async -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(30)
    while !(await condition()) {
        if ContinuousClock.now > deadline { return XCTFail("timed out waiting until \(what)", file: file, line: line) }
        await Task.yield()
    }
}

final class RefreshSchedulerTests: XCTestCase {
    func testARefreshAskedForWhileOneRunsDoesNotStartASecond() async {
        let probe = Probe()
        let scheduler = RefreshScheduler(sleep: RecordingSleep().sleep)
        await scheduler.register(.downloads) { force in await probe.run(force: force) }
        async let first: Void = scheduler.refresh(.downloads)
        await eventually("1 refreshes started") { await probe.started >= 1 }
        async let second: Void = scheduler.refresh(.downloads, force: true)
        async let third: Void = scheduler.refresh(.downloads)
        await eventually("both later refreshes joined the first") { await scheduler.coalesced >= 2 }
        await probe.releaseAll(keepHolding: false)
        _ = await (first, second, third)
        let started = await probe.started
        XCTAssertEqual(started, 1, "coalesced into the running refresh")
        await scheduler.refresh(.downloads, force: true)
        let afterwards = await probe.started
        let forced = await probe.forced
        XCTAssertEqual(afterwards, 2, "a refresh after the first finished runs")
        XCTAssertEqual(forced, 1)
    }

    func testRefreshAgainWaitsForTheRunningOneThenReadsAgain() async {
        let probe = Probe()
        let scheduler = RefreshScheduler(sleep: RecordingSleep().sleep)
        await scheduler.register(.activity) { force in await probe.run(force: force) }
        async let first: Void = scheduler.refresh(.activity)
        await eventually("the first refresh started") { await probe.started >= 1 }
        // A live message: the running refresh may have read the state before the change.
        async let again: Void = scheduler.refreshAgain(.activity)
        await probe.releaseAll(keepHolding: false)
        _ = await (first, again)
        let started = await probe.started
        XCTAssertEqual(started, 2, "not joined: a second refresh ran after the first")
        let forced = await probe.forced
        XCTAssertEqual(forced, 1)
    }

    func testAFeatureInScopeRefreshesOnItsIntervalAndIsCancelledWhenItLeaves() async {
        let probe = Probe()
        let sleep = RecordingSleep()
        let scheduler = RefreshScheduler(sleep: sleep.sleep)
        await scheduler.register(.downloads) { force in await probe.run(force: force) }
        await scheduler.register(.series) { force in await probe.run(force: force) }

        await scheduler.setInScope([.downloads])
        await eventually("1 refreshes started") { await probe.started >= 1 }
        let seriesLoop = await scheduler.isRefreshing(.series)
        XCTAssertFalse(seriesLoop, "a tab that is not showing does not refresh")
        await probe.releaseAll()
        await eventually("the loop asked to sleep") { !sleep.requested.isEmpty }
        XCTAssertEqual(sleep.requested, [.seconds(2)], "downloads wait 2 s between refreshes")

        await scheduler.setInScope([.series]) // the user switched tabs
        let downloadsLoop = await scheduler.isRefreshing(.downloads)
        XCTAssertFalse(downloadsLoop)
        await eventually("2 refreshes started") { await probe.started >= 2 }
        await scheduler.setInScope([]) // ...and away again while the series refresh runs
        await eventually("1 refreshes cancelled") { await probe.cancelled >= 1 }
        let cancelled = await probe.cancelled
        XCTAssertEqual(cancelled, 1, "the running refresh was cancelled when its feature left scope")
    }

    /// The window's first tab switch can come before the model has registered that tab's refresh (once
    /// in about eight library benchmark runs: the Movies tab stayed empty for its whole five-minute
    /// interval). Registering the refresh of a feature in scope runs it at once; of one out of scope, not.
    func testAFeatureInScopeBeforeItsRefreshIsRegisteredRefreshesWhenRegistered() async {
        let probe = Probe()
        let sleep = RecordingSleep()
        let scheduler = RefreshScheduler(sleep: sleep.sleep)
        await scheduler.setInScope([.movies])
        await eventually("the loop found nothing to run and went to sleep") { !sleep.requested.isEmpty }
        await scheduler.register(.movies) { force in await probe.run(force: force) }
        await eventually("the registered refresh ran") { await probe.started >= 1 }
        await scheduler.register(.series) { force in await probe.run(force: force) }
        let seriesLoop = await scheduler.isRefreshing(.series)
        XCTAssertFalse(seriesLoop, "a tab that is not showing does not refresh when registered")
        await probe.releaseAll(keepHolding: false)
        await scheduler.stop()
        let started = await probe.started
        XCTAssertEqual(started, 1)
    }

    func testHidingTheWindowCancelsAndShowingItResumes() async {
        let probe = Probe()
        let scheduler = RefreshScheduler(sleep: RecordingSleep().sleep)
        await scheduler.register(.activity) { force in await probe.run(force: force) }
        await scheduler.setInScope([.activity])
        await eventually("1 refreshes started") { await probe.started >= 1 }
        await scheduler.setWindowVisible(false)
        await eventually("1 refreshes cancelled") { await probe.cancelled >= 1 }
        let hidden = await scheduler.isRefreshing(.activity)
        XCTAssertFalse(hidden)
        await scheduler.setWindowVisible(true)
        await eventually("2 refreshes started") { await probe.started >= 2 }
        let shown = await scheduler.isRefreshing(.activity)
        XCTAssertTrue(shown, "refreshing again as soon as the window is back")
        await scheduler.stop()
    }
}
