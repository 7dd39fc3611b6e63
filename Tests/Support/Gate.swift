/// Holds every caller until the test opens it (a service that answers only when the test says so).
public actor Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    public init() {}

    public func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    public func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}
