import Foundation

/// XDG base directories: the variable when it holds an absolute path, else the
/// spec's default below `$HOME`.
enum XDGDirectory {
    static func path(_ variable: String, default relative: String, environment: [String: String]) -> URL {
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(relative, isDirectory: true)
    }
}
