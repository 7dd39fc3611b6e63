import CGtk

/// The command line: every option `--help` lists, and the check for unknown ones.
enum CommandLineOptions {
    /// Every option, as `--help` lists it.
    nonisolated(unsafe) static let table: [(name: String, kind: GOptionArg, description: String, argument: String?)] = [
        ("version", G_OPTION_ARG_NONE, "Print the version and exit", nil),
        ("status", G_OPTION_ARG_NONE, "Check every configured service, print one row each, and exit (1 when any fails)", nil),
        ("doctor", G_OPTION_ARG_NONE, "Check the settings between your services (download clients, categories, folders), print what is wrong and how to fix it, and exit (1 when any finding is an error)", nil),
        ("json", G_OPTION_ARG_NONE, "With --status or --doctor: print JSON (Documentation/StatusCommand.md, Documentation/Doctor.md)", nil),
        ("inspection", G_OPTION_ARG_STRING, "Render a deterministic inspection state (no network, no keyring)", "ROUTE"),
        ("list-inspection-routes", G_OPTION_ARG_NONE, "List the inspection routes and exit", nil),
        ("light-appearance", G_OPTION_ARG_NONE, "Use the light style", nil),
        ("dark-appearance", G_OPTION_ARG_NONE, "Use the dark style", nil),
        ("text-scale", G_OPTION_ARG_STRING, "Scale all text by FACTOR (0.5 to 4)", "FACTOR"),
        ("screenshot", G_OPTION_ARG_FILENAME, "With --inspection: save the window as a PNG after the first frame, then quit", "FILE"),
        ("keep-open", G_OPTION_ARG_NONE, "With --screenshot: stay open once the PNG is saved (to read its accessibility tree)", nil),
        ("quit-after-first-frame", G_OPTION_ARG_NONE, "Quit once the first frame is drawn (start-up measurements)", nil),
    ] + debugTable

    #if DEBUG
    /// Debug builds only: developer tools that release builds leave out.
    nonisolated(unsafe) static let debugTable: [(name: String, kind: GOptionArg, description: String, argument: String?)] = [
        ("stress-transitions", G_OPTION_ARG_STRING, "Run the window through every widget transition N times with synthetic data, then quit", "N"),
    ]
    #else
    nonisolated(unsafe) static let debugTable: [(name: String, kind: GOptionArg, description: String, argument: String?)] = []
    #endif

    /// Options GLib itself understands.
    static let builtInOptions: Set<String> = ["help", "help-all", "help-gapplication", "gapplication-service", "h", "?"]

    /// The first argument that is no known option, if any (checked before GLib parses, so the
    /// message can say what to do).
    static func unknownOption(in arguments: [String]) -> String? {
        let known = Set(table.map(\.name)).union(builtInOptions)
        let takesValue = Set(table.filter { $0.kind != G_OPTION_ARG_NONE }.map(\.name))
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return nil }
            guard argument.hasPrefix("-"), argument != "-" else { continue }
            let name = String(argument.drop { $0 == "-" }.prefix { $0 != "=" })
            guard known.contains(name) else { return argument }
            if takesValue.contains(name), !argument.contains("=") { index += 1 } // its value follows
        }
        return nil
    }
}
