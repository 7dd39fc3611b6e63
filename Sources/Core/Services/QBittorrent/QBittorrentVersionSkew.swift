/// qBittorrent 5.0 renamed the states `pausedUP`/`pausedDL` to `stoppedUP`/`stoppedDL` (WebAPI 2.11, with
/// no alias). Orchestrators learned the new names during Sonarr 4 and Radarr 5; Sonarr 3 and Radarr 4
/// never did: a finished torrent stopped at its seeding limit is never seen as done, so it is neither
/// imported on time nor removed.
extension VersionSkew {
    static let qBittorrentRules = [
        VersionSkew(id: "qbittorrent5-stopped-states", client: .qbittorrent, clientFromMajor: 5, orchestrator: .sonarr, orchestratorFromMajor: 4),
        VersionSkew(id: "qbittorrent5-stopped-states", client: .qbittorrent, clientFromMajor: 5, orchestrator: .radarr, orchestratorFromMajor: 5),
    ]
}
