/// Identity of the application, shared by the window, About and `--version`.
public enum AppInfo {
    public static let name = "Switchyard"
    public static let applicationID = "app.switchyard.Switchyard"
    public static let executable = "switchyard"
    public static let version = "0.1.0"
    /// A placeholder until the project has a real home.
    public static let website = "https://switchyard.fixture.invalid/"
}
