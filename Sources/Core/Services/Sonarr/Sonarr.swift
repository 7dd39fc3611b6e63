import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sonarr (v3 and v4, both `/api/v3`): series with their seasons inside, episodes, the season pass,
/// one series per series command, and a live hub from v4 on (v3's speaks another protocol).
public enum Sonarr: ServarrKind {
    public static let flavour = ServarrFlavour(
        apiBase: "/api/v3", supportedMajors: 3...Int.max, library: .series,
        itemResource: "series", itemIDsField: "seriesIds", historyFilter: "seriesIds", exclusionFlag: "addImportListExclusion",
        queueFields: .init(item: "seriesId", group: "seasonNumber", child: "episodeId"),
        commands: .init(
            search: { ServarrFlavour.single("SeriesSearch", "seriesId", $0) },
            refresh: { ServarrFlavour.single("RefreshSeries", "seriesId", $0) },
            // SeasonSearch takes one season.
            searchGroups: { series, seasons in
                seasons.count == 1 ? #"{"name":"SeasonSearch","seriesId":\#(series),"seasonNumber":\#(seasons[0])}"# : nil
            },
            searchChildren: { ServarrFlavour.command("EpisodeSearch", "episodeIds", $0) }),
        children: .init(
            read: { client, series throws(ServiceError) in
                let body = try await client.read("episode", query: [URLQueryItem(name: "seriesId", value: "\(series.id.itemID)")])
                return try decodeEpisodes(body, serviceID: client.serviceID, series: series.id.itemID)
                    .grouped(inOrder: { ($0 == 0 ? Int.max : $0) < ($1 == 0 ? Int.max : $1) }) { season in // the specials last
                        ChildGroup(key: season, number: season, monitored: series.groupMonitored(season), children: [])
                    }
            },
            decodeChild: { data, service in (try? decodeEpisodes(Data("[".utf8) + data + Data("]".utf8), serviceID: service))?.first },
            // The season pass names the series and the season (its episodes follow): never the series resource.
            monitorGroups: { monitored, series, seasons in
                let list = seasons.map { #"{"seasonNumber":\#($0),"monitored":\#(monitored)}"# }.joined(separator: ",")
                return (.post, "seasonpass", #"{"series":[{"id":\#(series),"seasons":[\#(list)]}]}"#)
            },
            monitorChildren: { monitored, ids in
                (.put, "episode/monitor", #"{"episodeIds":[\#(ids.map(String.init).joined(separator: ","))],"monitored":\#(monitored)}"#)
            }),
        releaseQuery: { search in
            switch search {
            case .child(let episode): episode > 0 ? [URLQueryItem(name: "episodeId", value: String(episode))] : nil
            case .group(let series, let season):
                series > 0 && season >= 0
                    ? [URLQueryItem(name: "seriesId", value: String(series)), URLQueryItem(name: "seasonNumber", value: String(season))] : nil
            case .item: nil // a series alone would fetch every indexer's whole RSS feed
            }
        },
        hub: .init(minimumMajor: 4, item: "series", child: "episode", itemTouched: ["episodefile"]),
        decodeItems: { body, service throws(ServiceError) in try decodeSeries(body, serviceID: service) },
        decodeCalendar: { body, service, _, _ throws(ServiceError) in try decodeCalendar(body, serviceID: service) },
        calendarQuery: [URLQueryItem(name: "includeSeries", value: "true")],
        decodeLookup: { r throws(ServiceError) in
            try ServarrDecoding.lookup(&r, kind: .series, foreignKey: "tvdbId", subtitleKey: "network", groupsKey: "seasons")
        },
        addBody: { addition in
            guard let tvdb = addition.item.foreignID.flatMap({ Int($0) }), tvdb > 0 else { return nil }
            let monitor = addition.options["monitor"] ?? ""
            // `none` also leaves the series unmonitored (as Sonarr does it); otherwise monitored, explicitly.
            return #"{"tvdbId":\#(tvdb),\#(addition.commonFields),"monitored":\#(monitor != "none"),"seasonFolder":\#(addition.json("seasonFolder")),"seriesType":\#(addition.json("seriesType")),"monitorNewItems":"all","addOptions":{"monitor":\#(addition.json("monitor")),"searchForMissingEpisodes":\#(addition.json("searchForMissingEpisodes")),"searchForCutoffUnmetEpisodes":false}}"#
        })

    public static func decodeSeries(_ body: Data, serviceID: UUID) throws(ServiceError) -> [Resource] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(SonarrSeriesDTO.decode) }
        var resources: [Resource] = []
        resources.reserveCapacity(dtos.count)
        for dto in dtos {
            guard let id = dto.id else { continue } // tolerance: an item without id cannot be shown or joined
            let title = dto.title ?? ""
            resources.append(Resource(
                id: ResourceID(serviceID: serviceID, itemID: id), kind: .series, title: title,
                sortTitle: dto.sortTitle ?? title.lowercased(), year: dto.year.flatMap { $0 > 0 ? $0 : nil },
                status: .init(dto.status), monitored: dto.monitored ?? false, sizeOnDisk: dto.statistics.sizeOnDisk,
                fileCount: dto.statistics.episodeFileCount, expectedFileCount: dto.statistics.episodeCount,
                hasFile: dto.statistics.episodeFileCount > 0, subtitle: dto.network, added: dto.added,
                nextDate: dto.nextAiring, images: dto.images.map(\.domain), monitoredGroups: dto.monitoredSeasons))
        }
        return resources
    }

    /// Episode resources (a list as `episode` answers it) as children of their series, on instance `serviceID`.
    public static func decodeEpisodes(_ body: Data, serviceID: UUID, series: Int? = nil) throws(ServiceError) -> [Child] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(SonarrEpisodeDTO.decode) }
        return dtos.compactMap { dto in
            guard let id = dto.id, let seriesID = dto.seriesId ?? series else { return nil }
            return Child(id: ResourceID(serviceID: serviceID, itemID: id), item: ResourceID(serviceID: serviceID, itemID: seriesID),
                         group: dto.seasonNumber ?? 0, number: dto.episodeNumber ?? 0, title: dto.title ?? "",
                         date: dto.airDateUtc, localDate: dto.airDate, hasFile: dto.hasFile ?? false, monitored: dto.monitored ?? false)
        }
    }

    /// Episodes airing in the window, each with its series' title.
    static func decodeCalendar(_ body: Data, serviceID: UUID) throws(ServiceError) -> [CalendarEntry] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(SonarrEpisodeDTO.decode) }
        return dtos.compactMap { dto in
            guard let seriesID = dto.seriesId, let date = dto.airDateUtc else { return nil }
            return CalendarEntry(resource: ResourceID(serviceID: serviceID, itemID: seriesID), title: dto.seriesTitle ?? dto.title ?? "",
                                 due: .child(group: dto.seasonNumber ?? 0, number: dto.episodeNumber ?? 0, title: dto.title),
                                 date: date, hasFile: dto.hasFile ?? false, monitored: dto.monitored ?? false)
        }
    }
}

/// Sonarr's client: the Servarr client with Sonarr's flavour.
public typealias SonarrClient = ServarrClient<Sonarr>

enum ServarrQuery {
    /// Calendar bounds in the services' own format (UTC, no fraction).
    static func date(_ date: Date) -> String {
        // By hand (gmtime_r): a formatter per request cost an ICU set-up each time.
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
