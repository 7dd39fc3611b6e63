/// A read made beside the features, whose failure no tab shows as its state: the doctor and
/// `--status` read the last one of each (`Repository.sideReadFailures`).
public enum SideRead: String, Sendable, Hashable, CaseIterable {
    /// An orchestrator's download-client list (which configured client holds its downloads).
    case downloadClients
    /// The probe that finds an instance's live hub.
    case liveProbe
    /// One library item read again after a live change.
    case libraryItem
}
