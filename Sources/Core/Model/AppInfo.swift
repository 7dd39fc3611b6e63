/// Identity of the application, shared by the window, About and `--version`.
public enum AppInfo {
    public static let name = "Switchyard"
    public static let applicationID = "app.switchyard.Switchyard"
    public static let executable = "switchyard"
    public static let version = "0.1.0"
}
