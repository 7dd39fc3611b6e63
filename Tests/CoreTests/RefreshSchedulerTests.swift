@testable import Core
import Foundation
import XCTest

/// Counts refreshes and lets the test hold them open or watch them end.
private actor Probe {
    private(set) var started = 0
    private(set) var cancelled = 0
    private(set) var forced = 0
    private var release: [CheckedContinuation<Void, Never>] = []
    private var startWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var holding = true

    /// A refresh that stays open until released or cancelled.
    func run(force: Bool) async {
        started += 1
        if force { forced += 1 }
        for waiter in startWaiters where waiter.count <= started { waiter.continuation.resume() }
        startWaiters.removeAll { $0.count <= started }
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

    func waitForStarts(_ count: Int) async {
        if started >= count { return }
        await withCheckedContinuation { startWaiters.append((count, $0)) }
    }

    func waitForCancellations(_ count: Int) async {
        while cancelled < count { await Task.yield() }
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

final class RefreshSchedulerTests: XCTestCase {
    func testARefreshAskedForWhileOneRunsDoesNotStartASecond() async {
        let probe = Probe()
        let scheduler = RefreshScheduler(sleep: RecordingSleep().sleep)
        await scheduler.register(.downloads) { force in await probe.run(force: force) }
        async let first: Void = scheduler.refresh(.downloads)
        await probe.waitForStarts(1)
        async let second: Void = scheduler.refresh(.downloads, force: true)
        async let third: Void = scheduler.refresh(.downloads)
        while await scheduler.coalesced < 2 { await Task.yield() } // both are waiting on the first
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

    func testAFeatureInScopeRefreshesOnItsIntervalAndIsCancelledWhenItLeaves() async {
        let probe = Probe()
        let sleep = RecordingSleep()
        let scheduler = RefreshScheduler(sleep: sleep.sleep)
        await scheduler.register(.downloads) { force in await probe.run(force: force) }
        await scheduler.register(.series) { force in await probe.run(force: force) }

        await scheduler.setInScope([.downloads])
        await probe.waitForStarts(1)
        let seriesLoop = await scheduler.isRefreshing(.series)
        XCTAssertFalse(seriesLoop, "a tab that is not showing does not refresh")
        await probe.releaseAll()
        while sleep.requested.isEmpty { await Task.yield() }
        XCTAssertEqual(sleep.requested, [.seconds(2)], "downloads wait 2 s between refreshes")

        await scheduler.setInScope([.series]) // the user switched tabs
        let downloadsLoop = await scheduler.isRefreshing(.downloads)
        XCTAssertFalse(downloadsLoop)
        await probe.waitForStarts(2)
        await scheduler.setInScope([]) // ...and away again while the series refresh runs
        await probe.waitForCancellations(1)
        let cancelled = await probe.cancelled
        XCTAssertEqual(cancelled, 1, "the running refresh was cancelled when its feature left scope")
    }

    func testHidingTheWindowCancelsAndShowingItResumes() async {
        let probe = Probe()
        let scheduler = RefreshScheduler(sleep: RecordingSleep().sleep)
        await scheduler.register(.activity) { force in await probe.run(force: force) }
        await scheduler.setInScope([.activity])
        await probe.waitForStarts(1)
        await scheduler.setWindowVisible(false)
        await probe.waitForCancellations(1)
        let hidden = await scheduler.isRefreshing(.activity)
        XCTAssertFalse(hidden)
        await scheduler.setWindowVisible(true)
        await probe.waitForStarts(2)
        let shown = await scheduler.isRefreshing(.activity)
        XCTAssertTrue(shown, "refreshing again as soon as the window is back")
        await scheduler.stop()
    }
}
