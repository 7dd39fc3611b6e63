import CGtk
import Core
import Foundation

/// Owns the GtkApplication: command-line options, app actions, accelerators
/// and the one main window.
@MainActor
final class SwitchyardApplication {
    let application: Application
    private(set) var options = LaunchOptions()
    private(set) var mainWindow: MainWindow?
    /// The repository and what drives it; not made for inspection runs (no network, no keyring).
    private(set) var model: AppModel?

    init() {
        // HANDLES_OPEN: magnet links and .torrent/.nzb files given on the command line (the desktop's
        // handler for them) reach the running instance as `open`.
        application = Application(id: AppInfo.applicationID, flags: G_APPLICATION_HANDLES_OPEN)
        addOptions()
        application.onHandleLocalOptions { [weak self] dict in
            self?.handleLocalOptions(dict) ?? 1
        }
        application.onStartup { [weak self] in self?.startup() }
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] uris in self?.open(uris) }
        application.onShutdown { [weak self] in self?.model?.stop() }
    }

    /// Runs the GLib main loop until the application quits; returns the exit status.
    func run() -> Int32 {
        if let unknown = CommandLineOptions.unknownOption(in: CommandLine.arguments) {
            FileHandle.standardError.write(Data(tr("%s: unknown option %s. Run “%s --help” to see the options.\n").fill(AppInfo.executable, unknown, AppInfo.executable).utf8))
            return 2
        }
        MainLoop.installDispatchBridge()
        return application.run()
    }

    // MARK: Command line

    private func addOptions() {
        for option in CommandLineOptions.table {
            application.addOption(name: option.name, kind: option.kind, description: option.description, argument: option.argument)
        }
        application.setOptionSummary(Strings.commandLineSummary)
    }

    /// Validates options before the application registers. Returns -1 to go on,
    /// or an exit status.
    private func handleLocalOptions(_ dict: UnsafeMutablePointer<GVariantDict>?) -> Int32 {
        func has(_ key: String) -> Bool { g_variant_dict_contains(dict, key) != 0 }
        func text(_ key: String) -> String? {
            guard let value = g_variant_dict_lookup_value(dict, key, nil) else { return nil }
            defer { g_variant_unref(value) }
            if key == "screenshot" { return String(cString: g_variant_get_bytestring(value)) }
            return String(cString: g_variant_get_string(value, nil))
        }
        if has("version") {
            print("\(AppInfo.executable) \(AppInfo.version)")
            return 0
        }
        if has("status") {
            let report = StatusCommand.run()
            print(has("json") ? report.json : report.text)
            return report.exitStatus
        }
        if has("doctor") {
            let report = DoctorReport.run()
            print(has("json") ? report.json : report.text)
            return report.exitStatus
        }
        if has("json") {
            FileHandle.standardError.write(Data(tr("%s: --json goes with --status or --doctor.\n").fill(AppInfo.executable).utf8))
            return 2
        }
        if has("list-inspection-routes") {
            print(InspectionRoute.allCases.map(\.rawValue).joined(separator: "\n"))
            return 0
        }
        #if DEBUG
        if let cycles = text("stress-transitions") {
            guard let count = Int(cycles), count > 0 else {
                FileHandle.standardError.write(Data(tr("%s: --stress-transitions needs a positive number.\n").fill(AppInfo.executable).utf8))
                return 2
            }
            stressCycles = count
            application.makeNonUnique()
            return -1
        }
        #endif
        do {
            options = try LaunchOptions.validate(
                route: text("inspection"), textScale: text("text-scale"), screenshot: text("screenshot"),
                light: has("light-appearance"), dark: has("dark-appearance"),
                quitAfterFirstFrame: has("quit-after-first-frame"), keepOpen: has("keep-open"))
        } catch {
            FileHandle.standardError.write(Data("\(AppInfo.executable): \(error.message)\n".utf8))
            return 2
        }
        if options.route != nil {
            // An inspection run is independent of any running instance.
            application.makeNonUnique()
        }
        return -1
    }

    // MARK: Lifecycle

    private func startup() {
        Appearance.apply(options, inspection: options.route != nil)
        installActions()
    }

    /// Magnet links and files handed to Switchyard: the window, with Add Download holding them.
    private func open(_ uris: [String]) {
        activate()
        guard options.route == nil, let model else { return }
        var candidates: [AddCandidates.Candidate] = []
        for uri in uris {
            if uri.lowercased().hasPrefix("file:"), let url = URL(string: uri) {
                candidates += AddCandidates.fromFiles([url])
            } else {
                candidates += AddCandidates.fromText(uri)
            }
        }
        model.controller(AddDownloadController.self)?.open(candidates)
    }

    private func activate() {
        if let mainWindow {
            mainWindow.toplevel.present()
            return
        }
        let window: MainWindow
        #if DEBUG
        if let stressCycles {
            window = MainWindow(application: application, clock: .inspection, posters: PosterLoader(fetch: nil, cache: nil))
            mainWindow = window
            window.show(.tabs(selected: .overview, variant: .content))
            window.toplevel.present()
            let driver = StressDriver(window: window, cycles: stressCycles) { [weak self] in
                self?.application.quit()
            }
            stressDriver = driver
            driver.start()
            return
        }
        #endif
        if let route = options.route {
            window = MainWindow(application: application, clock: .inspection, posters: PosterLoader(fetch: nil, cache: nil))
            window.toplevel.setDefaultSize(width: 1100, height: 720)
            window.toplevel.resizable = false
            window.show(route.scene)
        } else {
            #if SWITCHYARD_BENCHMARK_PROBE
            let probe = BenchmarkProbe.fromEnvironment()
            startModel(observer: probe, wrap: probe.map { probe in { probe.wrap($0) } })
            #else
            startModel(observer: nil, wrap: nil)
            #endif
            window = MainWindow(application: application, clock: .system,
                                posters: model?.posters ?? PosterLoader(fetch: nil, cache: nil))
            if let model { model.bind(window) } else { window.showNetworkFailure(networkFailure ?? "") }
            // With "keep running" on, closing hides the window: the app stays for notifications and
            // live updates; launching it again or a notification's click presents it; Quit ends it.
            onSignal(window.toplevel.widget, "close-request", returningBool: { [weak self] in
                guard self?.model?.preferences.keepRunning == true, let window = self?.mainWindow else { return false }
                window.toplevel.visible = false
                return true
            })
            #if SWITCHYARD_BENCHMARK_PROBE
            probe?.attach(window, model: model)
            #endif
        }
        mainWindow = window
        // Observe before presenting: the first frame of a window must not slip past the hook.
        let overlay = options.route?.overlay
        if options.quitAfterFirstFrame, overlay == nil { quitAfterFirstFrame(of: window.window) }
        // The app icon only matters for the window icon and About: registering the search path
        // makes GTK rescan its icon theme (~25 ms measured), so it waits until the first frame is up.
        // (On Wayland the shell takes the icon from the desktop entry anyway.)
        FirstFrame.observe(window.window) { _ in
            ResourcePaths.registerIcons()
            gtk_window_set_default_icon_name(AppInfo.applicationID)
            window.toplevel.setIcon(AppInfo.applicationID)
            return true
        }
        window.toplevel.present()
        switch overlay {
        case .about?: quitAfterFirstFrame(of: AboutDialog.present(over: window.toplevel))
        case .shortcuts?: quitAfterFirstFrame(of: window.presentShortcuts() ?? window.window)
        case .settings(let scene)?:
            let rows = InspectionData.statusRows
            let dialog = SettingsDialog(parent: window.window, backend: nil, statusOf: { rows[$0] })
            inspectedSettings = dialog
            Window(found: dialog.window.widget)?.present()
            dialog.show(scene)
            quitAfterFirstFrame(of: dialog.window)
        case .tab(_, let scene)?:
            inspectAfterFirstFrame(window) { scene.run(window) }
        case .doctor(let scene)?:
            inspectAfterFirstFrame(window) {
                let doctor = DoctorWindow(over: window.toplevel)
                OnScreen.keep(doctor)
                doctor.show(scene == .findings ? InspectionData.doctorFindings : [], coverage: InspectionData.doctorCoverage(scene))
                return (doctor.window, nil)
            }
        case .doctorFixConfirm?:
            inspectAfterFirstFrame(window) {
                let doctor = DoctorWindow(over: window.toplevel)
                OnScreen.keep(doctor)
                doctor.show(InspectionData.doctorFindings, coverage: InspectionData.doctorCoverage(.findings))
                doctor.report(tr("Waiting for your answer…"))
                let plan = InspectionData.doctorFixPlan
                let words = DoctorFixWords.words(plan)
                let dialog = ConfirmDialog(over: doctor.window, title: words.title, detail: words.detail, confirm: words.confirm, options: [],
                                           code: "\(plan.method) \(plan.path)\n\(plan.body)", codeName: tr("The request that will be sent:"),
                                           destructive: false, onConfirm: { _ in })
                return (dialog.window, nil)
            }
        case nil: break
        }
    }

    /// A scene that needs its page on screen (selection, menus, dialogs): set after the first frame,
    /// then the window, dialog or menu it shows captured.
    private func inspectAfterFirstFrame(_ window: MainWindow, _ scene: @escaping @MainActor () -> (window: Window?, popover: Widget?)) {
        FirstFrame.observe(window.window) { [weak self] _ in
            let shown = scene()
            if let popover = shown.popover {
                // A menu sizes itself on its own first frame: capture after that one.
                FirstFrame.observe(popover) { _ in
                    self?.quitAfterFirstFrame(of: window.window, over: popover)
                    return true
                }
            } else {
                self?.quitAfterFirstFrame(of: shown.window?.widget ?? window.window)
            }
            return true
        }
    }

    /// With --quit-after-first-frame or --screenshot: capture `target` after its first frame, then quit.
    private func quitAfterFirstFrame(of target: Widget, over popover: Widget? = nil) {
        guard options.quitAfterFirstFrame else { return }
        let screenshot = options.screenshot
        FirstFrame.observe(target) { [weak self] lastAttempt in
            var saved = true
            if let screenshot, !(Window(found: target)?.saveScreenshot(to: screenshot, over: popover) ?? false) {
                guard lastAttempt else { return false } // nothing rendered yet: next frame
                self?.exitStatus = 1
                saved = false
            }
            Self.reportFirstFrame()
            // Inspection runs (Tools/inspect.sh): the labels shortened with an ellipsis, one per line,
            // "tooltip<TAB>" before those whose tooltip holds the whole text.
            if let report = getenv("SWITCHYARD_ELLIPSIZED_REPORT") {
                let lines = LayoutReport.ellipsizedLabels().map {
                    ($0.wholeInTooltip ? "tooltip\t" : "") + $0.text.replacingOccurrences(of: "\n", with: "\\n") + "\n"
                }
                _ = FileManager.default.createFile(atPath: String(cString: report), contents: Data(lines.joined().utf8))
            }
            if self?.options.keepOpen == true {
                FileHandle.standardOutput.write(Data((saved ? "screenshot saved\n" : "screenshot failed\n").utf8))
            } else {
                self?.application.quit()
            }
            return true
        }
    }

    /// The start-up benchmark's clock (Tools/bench/startup.py): with SWITCHYARD_BENCH_T0 set to the
    /// launcher's CLOCK_MONOTONIC in nanoseconds, prints how long after it the first frame was painted.
    private static func reportFirstFrame() {
        guard let text = getenv("SWITCHYARD_BENCH_T0"), let start = UInt64(String(cString: text)) else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
        FileHandle.standardOutput.write(Data("first-frame-ms \(Double(nanoseconds &- start) / 1e6)\n".utf8))
    }

    /// Why the HTTP layer did not start, when it did not (a sentence for the window).
    private var networkFailure: String?

    private func startModel(observer: (any ContentObserver)?, wrap: ((any HTTPTransport) -> any HTTPTransport)?) {
        do throws(TransportError) {
            let soup = try SoupTransport()
            let transport: any HTTPTransport = RetryingTransport(soup)
            let model = AppModel(transport: wrap?(transport) ?? transport, live: soup)
            model.contentObserver = observer
            model.watchNetwork()
            self.model = model
        } catch {
            Log.failure("HTTP could not start", error)
            networkFailure = ErrorText.sentence(ServiceError(error))
        }
    }

    #if DEBUG
    private var stressCycles: Int?
    private var stressDriver: StressDriver?
    #endif
    private var exitStatus: Int32 = 0
    /// Non-zero when a requested screenshot could not be written.
    var failed: Bool { exitStatus != 0 }

    /// The application's actions (`app.quit`, `app.about`, `app.preferences`, `app.edit-service`).
    private var actions: Actions?

    private func installActions() {
        let actions = Actions(on: application.gtkApplication)
        self.actions = actions
        actions.add("quit") { [weak self] in
            self?.mainWindow?.toplevel.destroy()
            self?.application.quit()
        }
        actions.add("about") { [weak self] in AboutDialog.present(over: self?.mainWindow?.toplevel) }
        actions.add("preferences") { [weak self] in self?.openSettings(on: nil) }
        actions.add("edit-service", string: { [weak self] text in
            self?.openSettings(on: UUID(uuidString: text))
        })
        // Notifications' clicks: the download's row in Activity, or the tab itself.
        actions.add("show-download", string: { [weak self] key in self?.show(.activity, key: key) })
        actions.add("show-transfer", string: { [weak self] key in self?.show(.downloads, key: key) })
        actions.add("show-activity") { [weak self] in self?.show(.activity, key: nil) }
        actions.add("show-downloads") { [weak self] in self?.show(.downloads, key: nil) }
        actions.add("show-overview") { [weak self] in self?.show(.overview, key: nil) }
        actions.add("show-request", string: { [weak self] key in self?.show(.requests, key: key) })
        actions.add("show-requests") { [weak self] in self?.show(.requests, key: nil) }

        for entry in ShortcutsWindow.accelerators.map({ ($0.action, $0.accels) }) + ShortcutsWindow.tabAccelerators {
            application.setAccels(entry.1, for: entry.0)
        }
    }

    /// Presents the window on `tab`, with the download (Activity) or transfer (Downloads) `key` picked.
    private func show(_ tab: AppTab, key: String?) {
        guard let window = mainWindow else { return activate() }
        window.toplevel.present()
        window.select(tab)
        guard let key else { return }
        (window.anySlot(tab)?.anyPage as? RevealingPage)?.revealRow(key)
    }

    /// The Settings dialog an inspection route shows (kept alive until the screenshot is taken).
    private var inspectedSettings: SettingsDialog?

    /// Opens Settings (its controller), on one service's form when `service` is given.
    private func openSettings(on service: UUID?) {
        guard options.route == nil else { return } // inspection routes open their own
        model?.controller(SettingsController.self)?.open(on: service)
    }
}
