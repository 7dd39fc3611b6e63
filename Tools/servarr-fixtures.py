#!/usr/bin/python3
"""Synthetic Sonarr/Radarr payloads, shaped by the services' OpenAPI specs.

Everything is fake: hosts under fixture.invalid, ids from a fixed seed, titles
that say they are fixtures. Used two ways:

  servarr-fixtures.py small OUTDIR            the committed fixtures (Fixtures/sonarr, Fixtures/radarr)
  servarr-fixtures.py library KIND COUNT FILE a large library (movie|series|artist) for benchmarks; for
                                              artist, FILE.albums gets 12 albums per artist (Lidarr)
  servarr-fixtures.py queue KIND COUNT FILE   a large queue/details answer
  servarr-fixtures.py lookup KIND COUNT FILE  a lookup answer of COUNT items not in the library (benchmarks)

Same arguments, same bytes.
"""
import hashlib
import json
import random
import sys

SEED = 20260115
WORDS = ["Fixture", "Harbor", "Signal", "Lantern", "Orbit", "Meadow", "Cipher", "Atlas", "Ember", "Quarry",
         "Tundra", "Velvet", "Summit", "Delta", "Marble", "Falcon", "Willow", "Cobalt", "Prism", "Juniper"]
GENRES = ["Drama", "Comedy", "Documentary", "Science Fiction", "Thriller", "Animation", "Adventure"]


def stamp(rng, start_year=2000, end_year=2026):
    return "%04d-%02d-%02dT%02d:%02d:00Z" % (rng.randint(start_year, end_year), rng.randint(1, 12), rng.randint(1, 28),
                                              rng.randint(0, 23), rng.choice([0, 15, 30, 45]))


def title(rng, index, kind):
    return "%s %s %s (fixture %s %d)" % (rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS), kind, index)


def images(kind, item_id, rng):
    base = "https://artwork.fixture.invalid/%s/%d" % (kind, item_id)
    covers = []
    for cover, ext in (("poster", "jpg"), ("fanart", "jpg"), ("banner", "jpg")):
        covers.append({"coverType": cover,
                       "url": "/MediaCover/%d/%s.%s?lastWrite=%d" % (item_id, cover, ext, 638000000000000000 + item_id),
                       "remoteUrl": "%s/%s.%s" % (base, cover, ext)})
    return covers


def language():
    return {"id": 1, "name": "English"}


def ratings(rng):
    return {"votes": rng.randint(0, 90000), "value": round(rng.uniform(1, 10), 1)}


def movie(rng, index):
    item_id = index + 1
    year = rng.randint(1950, 2026)
    has_file = rng.random() < 0.7
    size = rng.randint(700_000_000, 60_000_000_000) if has_file else 0
    name = title(rng, item_id, "movie")
    result = {
        "id": item_id, "title": name, "originalTitle": name, "originalLanguage": language(),
        "alternateTitles": [], "secondaryYearSourceId": 0, "sortTitle": name.lower(), "sizeOnDisk": size,
        "status": rng.choice(["released", "released", "released", "inCinemas", "announced", "tba"]),
        "overview": "A synthetic overview for fixture movie %d. " % item_id + "Nothing here is real. " * rng.randint(2, 8),
        "inCinemas": stamp(rng, year, year), "digitalRelease": stamp(rng, year, min(year + 1, 2026)),
        "images": images("movie", item_id, rng), "website": "",
        "year": year, "youTubeTrailerId": "", "studio": "%s Fixture Studios" % rng.choice(WORDS),
        "path": "/data/fixture/movies/Fixture Movie %d (%d)" % (item_id, year), "qualityProfileId": rng.randint(1, 6),
        "hasFile": has_file, "movieFileId": item_id if has_file else 0, "monitored": rng.random() < 0.8,
        "minimumAvailability": "released", "isAvailable": True, "folderName": "/data/fixture/movies/%d" % item_id,
        "runtime": rng.randint(70, 190), "cleanTitle": "fixturemovie%d" % item_id,
        "imdbId": "tt%07d" % (9000000 + item_id), "tmdbId": 900000 + item_id, "titleSlug": "fixture-movie-%d" % item_id,
        "rootFolderPath": "/data/fixture/movies", "certification": rng.choice(["PG", "PG-13", "R", "NR"]),
        "genres": rng.sample(GENRES, 2), "keywords": [], "tags": [], "added": stamp(rng, 2018),
        "ratings": {"imdb": ratings(rng), "tmdb": ratings(rng)}, "popularity": round(rng.uniform(0, 100), 3),
        "statistics": {"movieFileCount": 1 if has_file else 0, "sizeOnDisk": size, "releaseGroups": []},
    }
    if rng.random() < 0.5:
        result["physicalRelease"] = stamp(rng, year, min(year + 1, 2026))
    return result


def series(rng, index):
    item_id = index + 1
    seasons = rng.randint(1, 8)
    episodes = seasons * rng.randint(6, 22)
    files = rng.randint(0, episodes)
    size = files * rng.randint(300_000_000, 3_000_000_000)
    name = title(rng, item_id, "series")
    result = {
        "id": item_id, "title": name, "alternateTitles": [], "sortTitle": name.lower(),
        "status": rng.choice(["continuing", "ended", "ended", "upcoming"]), "ended": rng.random() < 0.5,
        "overview": "A synthetic overview for fixture series %d. " % item_id + "Nothing here is real. " * rng.randint(2, 8),
        "network": "%s Fixture Network" % rng.choice(WORDS), "airTime": "21:00",
        "images": images("series", item_id, rng), "originalLanguage": language(),
        "seasons": [{"seasonNumber": s, "monitored": True,
                     "statistics": {"episodeFileCount": 0, "episodeCount": 0, "totalEpisodeCount": 0,
                                    "sizeOnDisk": 0, "releaseGroups": [], "percentOfEpisodes": 0.0}}
                    for s in range(1, seasons + 1)],
        "year": rng.randint(1990, 2026), "path": "/data/fixture/tv/Fixture Series %d" % item_id,
        "qualityProfileId": 1, "seasonFolder": True, "monitored": rng.random() < 0.8, "monitorNewItems": "all",
        "useSceneNumbering": False, "runtime": rng.choice([22, 30, 45, 60]), "tvdbId": 800000 + item_id,
        "tvRageId": 0, "tvMazeId": 0, "tmdbId": 0, "firstAired": stamp(rng, 1990, 2020),
        "seriesType": "standard", "cleanTitle": "fixtureseries%d" % item_id, "imdbId": "",
        "titleSlug": "fixture-series-%d" % item_id, "rootFolderPath": "/data/fixture/tv", "certification": "TV-14",
        "genres": rng.sample(GENRES, 2), "tags": [], "added": stamp(rng, 2018), "ratings": ratings(rng),
        "statistics": {"seasonCount": seasons, "episodeFileCount": files, "episodeCount": episodes,
                       "totalEpisodeCount": episodes, "sizeOnDisk": size, "releaseGroups": [],
                       "percentOfEpisodes": round(100.0 * files / episodes, 2)},
    }
    if result["status"] == "continuing":
        result["nextAiring"] = stamp(rng, 2026, 2026)
    return result


def queue_record(rng, index, kind):
    size = float(rng.randint(200_000_000, 9_000_000_000))
    left = round(size * rng.random(), 1)
    protocol = rng.choice(["torrent", "usenet"])
    download_id = ("%040x" % rng.getrandbits(160)).upper() if protocol == "torrent" else "SABnzbd_nzo_fixture%04d" % index
    record = {
        "id": 1_000_000 + index, "languages": [language()], "customFormats": [], "customFormatScore": 0,
        "size": size, "title": "Fixture.Release.%d.1080p.WEB-DL" % index,
        "estimatedCompletionTime": stamp(rng, 2026, 2026), "added": stamp(rng, 2026, 2026),
        "status": rng.choice(["downloading", "downloading", "queued", "paused", "completed", "warning"]),
        "trackedDownloadStatus": rng.choice(["ok", "ok", "warning"]),
        "trackedDownloadState": rng.choice(["downloading", "importPending", "importBlocked"]),
        "statusMessages": [], "downloadId": download_id, "protocol": protocol,
        "downloadClient": "Fixture %s" % ("qBittorrent" if protocol == "torrent" else "SABnzbd"),
        # Torrent clients have a post-import category (Remove offers "change category" only then).
        "downloadClientHasPostImportCategory": protocol == "torrent", "indexer": "Fixture Indexer",
        "outputPath": "/data/fixture/downloads/%d" % index, "sizeleft": left,
        "timeleft": "%d.%02d:%02d:%02d" % (rng.randint(0, 2), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)),
    }
    if index in (3, 102):  # a release held back by a delay profile: "Grab now" applies to it
        record.update({"status": "delay", "trackedDownloadStatus": "ok", "trackedDownloadState": "downloading"})
    if record["trackedDownloadStatus"] == "warning":
        record["statusMessages"] = [{"title": record["title"], "messages": ["Fixture warning: no files found are eligible for import"]}]
    if kind == "series":
        record.update({"seriesId": rng.randint(1, 5), "episodeId": 5000 + index, "seasonNumber": rng.randint(1, 3),
                       "episodeHasFile": False})
    else:
        record["movieId"] = rng.randint(1, 6)
    return record


def artist(rng, index):
    """An ArtistResource (Lidarr 2.14's spec) with 12 albums' statistics."""
    item_id = index + 1
    name = title(rng, item_id, "artist")
    tracks = 12 * 10
    files = rng.choice([0, tracks // 2, tracks - 4, tracks])
    result = {
        "id": item_id, "status": rng.choice(["continuing", "ended"]), "ended": False, "artistName": name,
        "foreignArtistId": "00000000-0000-4000-8000-%012d" % item_id, "mbId": "00000000-0000-4000-8000-%012d" % item_id,
        "tadbId": 0, "discogsId": 0, "overview": "A synthetic artist for benchmarks.", "artistType": rng.choice(["Group", "Person"]),
        "disambiguation": "", "links": [], "images": images("artist", item_id, rng)[:2],
        "path": "/data/fixture/music/%d" % item_id, "qualityProfileId": 1, "metadataProfileId": 1,
        "monitored": rng.random() < 0.8, "monitorNewItems": "all", "rootFolderPath": "/data/fixture/music",
        "genres": [rng.choice(GENRES)], "cleanName": name.lower().replace(" ", ""), "sortName": name.lower(), "tags": [],
        "added": stamp(rng), "ratings": ratings(rng),
        "statistics": {"albumCount": 12, "trackFileCount": files, "trackCount": tracks, "totalTrackCount": tracks,
                       "sizeOnDisk": files * 40_000_000, "percentOfTracks": round(files * 100.0 / tracks, 1)},
    }
    return result


def albums_of(rng, artist_id):
    """Twelve AlbumResources of one artist (no releases list: the benchmark never writes an album back)."""
    out = []
    for n in range(12):
        album_id = artist_id * 100 + n
        out.append({"id": album_id, "artistId": artist_id, "title": "Fixture Album %d-%d" % (artist_id, n),
                    "foreignAlbumId": "00000000-0000-4000-9000-%012d" % album_id, "monitored": rng.random() < 0.9,
                    "anyReleaseOk": True, "profileId": 1, "albumType": "Album", "secondaryTypes": [], "releaseDate": stamp(rng),
                    "statistics": {"trackFileCount": 10, "trackCount": 10, "totalTrackCount": 10, "sizeOnDisk": 400_000_000,
                                   "percentOfTracks": 100.0}})
    return out


def status(app, version):
    return {"appName": app, "instanceName": "%s (fixture)" % app, "version": version,
            "buildTime": "2025-11-02T10:00:00Z", "isDebug": False, "isProduction": True, "isAdmin": False,
            "isUserInteractive": False, "startupPath": "/app/fixture", "appData": "/config/fixture",
            "osName": "debian", "osVersion": "12", "isNetCore": True, "isLinux": True, "isOsx": False,
            "isWindows": False, "isDocker": True, "mode": "console", "branch": "main", "authentication": "forms",
            "migrationVersion": 200, "urlBase": "", "runtimeVersion": "8.0.11", "runtimeName": ".NET",
            "startTime": "2026-01-15T09:00:00Z", "packageUpdateMechanism": "docker", "databaseType": "sqLite",
            "databaseVersion": "3.46.1"}


def episodes(rng, series_id, count):
    result = []
    for number in range(1, count + 1):
        result.append({"id": series_id * 1000 + number, "seriesId": series_id, "tvdbId": 0, "episodeFileId": 0,
                       "seasonNumber": 1 + (number - 1) // 10, "episodeNumber": 1 + (number - 1) % 10,
                       "title": "Fixture Episode %d" % number, "airDate": "2025-%02d-%02d" % (1 + number % 12, 1 + number % 28),
                       "airDateUtc": "2025-%02d-%02dT01:00:00Z" % (1 + number % 12, 1 + number % 28),
                       "runtime": 45, "hasFile": number % 3 != 0, "monitored": True,
                       "unverifiedSceneNumbering": False})
    return result


def write(path, value):
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(value, handle, indent=2, ensure_ascii=False)
        handle.write("\n")


def small(outdir):
    rng = random.Random(SEED)
    sonarr, radarr = outdir + "/sonarr", outdir + "/radarr"
    write(sonarr + "/system-status.json", status("Sonarr", "4.0.19.2979"))
    write(radarr + "/system-status.json", status("Radarr", "6.0.3.10276"))
    write(sonarr + "/series.json", [series(rng, i) for i in range(5)])
    write(radarr + "/movie.json", [movie(rng, i) for i in range(6)])
    write(sonarr + "/episode-series-1.json", episodes(rng, 1, 12))
    calendar = episodes(rng, 2, 3)
    for entry in calendar:
        entry["airDateUtc"] = "2026-01-16T02:00:00Z"
        entry["series"] = {"id": 2, "title": "Fixture Calendar Series", "sortTitle": "fixture calendar series"}
    write(sonarr + "/calendar.json", calendar)
    films = [movie(rng, 100 + i) for i in range(2)]
    films[0]["digitalRelease"] = "2026-01-16T00:00:00Z"
    films[1]["inCinemas"] = "2026-01-17T00:00:00Z"
    write(radarr + "/calendar.json", films)
    write(sonarr + "/queue-details.json", [queue_record(rng, i, "series") for i in range(14)])
    write(radarr + "/queue-details.json", [queue_record(rng, 100 + i, "movie") for i in range(12)])
    for folder, app in ((sonarr, "Sonarr"), (radarr, "Radarr")):
        write(folder + "/health.json", [
            {"id": 1, "source": "IndexerStatusCheck", "type": "warning",
             "message": "Fixture indexer unavailable due to failures", "wikiUrl": "https://wiki.fixture.invalid/health#indexers"},
            {"id": 2, "source": "UpdateCheck", "type": "notice", "message": "Fixture update available",
             "wikiUrl": "https://wiki.fixture.invalid/health#updates"}])
        write(folder + "/diskspace.json", [
            {"id": 1, "path": "/data/fixture", "label": "fixture-data", "freeSpace": 1_200_000_000_000, "totalSpace": 4_000_000_000_000},
            {"id": 2, "path": "/config/fixture", "label": "", "freeSpace": 50_000_000_000, "totalSpace": 64_000_000_000}])
        write(folder + "/history.json", {
            "page": 1, "pageSize": 50, "sortKey": "date", "sortDirection": "descending", "totalRecords": 2,
            "records": [
                {"id": 11, "sourceTitle": "Fixture.Release.11.1080p", "languages": [language()], "customFormats": [],
                 "customFormatScore": 0, "qualityCutoffNotMet": False, "date": "2026-01-14T20:00:00Z",
                 "downloadId": "ABCDEF0123456789ABCDEF0123456789ABCDEF01", "eventType": "grabbed", "data": {"indexer": "Fixture Indexer"}},
                {"id": 12, "sourceTitle": "Fixture.Release.11.1080p", "languages": [language()], "customFormats": [],
                 "customFormatScore": 0, "qualityCutoffNotMet": False, "date": "2026-01-14T21:00:00Z",
                 "downloadId": "ABCDEF0123456789ABCDEF0123456789ABCDEF01", "eventType": "downloadFolderImported", "data": {}}]})
        write(folder + "/ping.json", {"status": "OK"})
    adding(outdir)


def lookup_item(item, library_id=None):
    """A lookup result: a library item comes back as itself (id > 0); others have no id, and their
    images point at the service's proxy (API-GUIDE-2 §1.1)."""
    found = {key: value for key, value in item.items() if key not in ("id", "path", "statistics", "added", "qualityProfileId")}
    if library_id:
        found.update({"id": library_id, "path": item["path"], "qualityProfileId": item["qualityProfileId"], "added": item["added"]})
    else:
        found["images"] = [{"coverType": image["coverType"], "url": "/MediaCoverProxy/%s/%s.jpg" % (hashlib.sha1(image["remoteUrl"].encode()).hexdigest()[:24], image["coverType"]),
                            "remoteUrl": image["remoteUrl"]} for image in item["images"]]
        found["monitored"] = False
        found["folder"] = item["title"]
    return found


def adding(outdir):
    """Fixtures for search and add: lookups, root folders, quality profiles, tags (a seed of their own,
    so the older fixtures stay byte for byte)."""
    rng = random.Random(SEED + 7)
    sonarr, radarr = outdir + "/sonarr", outdir + "/radarr"
    with open(sonarr + "/series.json", encoding="utf-8") as handle:
        library_series = json.load(handle)
    with open(radarr + "/movie.json", encoding="utf-8") as handle:
        library_movies = json.load(handle)
    new_series = [series(rng, 20 + i) for i in range(3)]
    write(sonarr + "/series-lookup.json", [lookup_item(library_series[0], library_series[0]["id"])] + [lookup_item(item) for item in new_series])
    new_movies = [movie(rng, 20 + i) for i in range(3)]
    write(radarr + "/movie-lookup.json", [lookup_item(library_movies[0], library_movies[0]["id"])] + [lookup_item(item) for item in new_movies])
    for folder, kind in ((sonarr, "tv"), (radarr, "movies")):
        write(folder + "/rootfolder.json", [
            {"id": 1, "path": "/data/fixture/%s" % kind, "accessible": True, "freeSpace": 1_200_000_000_000, "unmappedFolders": []},
            {"id": 2, "path": "/mnt/fixture-offline/%s" % kind, "accessible": False, "unmappedFolders": []}])
        profiles = [{"id": 1, "name": "Fixture HD-1080p", "upgradeAllowed": True, "cutoff": 7, "items": [],
                     "minFormatScore": 0, "cutoffFormatScore": 0, "formatItems": []},
                    {"id": 2, "name": "Fixture Ultra-HD", "upgradeAllowed": False, "cutoff": 19, "items": [],
                     "minFormatScore": 0, "cutoffFormatScore": 0, "formatItems": []}]
        write(folder + "/qualityprofile.json", profiles)
        write(folder + "/tag.json", [{"id": 1, "label": "fixture"}, {"id": 2, "label": "4k"}])
    for folder, kind in ((sonarr, "series"), (radarr, "movie")):
        write(folder + "/release.json", [release(rng, kind, i) for i in range(6)])


REJECTIONS = [[], [], ["Not an upgrade for existing episode file(s)"],
              ["Release in queue already meets cutoff: WEBDL-1080p", "Fixture Indexer 2 has a minimum of 10 seeders; this release has 2"],
              ["Unknown Series"], []]


def release(rng, kind, index):
    """An interactive-search result. Its download links are fake but carry a fake key, as real ones do:
    the client must never keep or log them."""
    protocol = "torrent" if index % 2 == 0 else "usenet"
    indexer_id = 1 + index % 2
    quality = rng.choice([(7, "WEBDL-1080p", "web", 1080), (3, "WEBDL-720p", "web", 720), (19, "Bluray-2160p", "bluray", 2160)])
    title = "Fixture.%s.%d.%s-FIXTURE" % ("Series.S01E03" if kind == "series" else "Movie.2026", index, quality[1])
    rejections = REJECTIONS[index]
    item = {
        "guid": "https://indexer%d.fixture.invalid/details/%d" % (indexer_id, 4000 + index),
        # Sonarr says "web", Radarr "webdl" (their QualitySource enums differ).
        "quality": {"quality": {"id": quality[0], "name": quality[1],
                                "source": "webdl" if kind == "movie" and quality[2] == "web" else quality[2], "resolution": quality[3]},
                    "revision": {"version": 1, "real": 0, "isRepack": False}},
        "customFormats": [], "customFormatScore": rng.choice([0, 0, 10, 25, -10]), "qualityWeight": quality[0] * 100,
        "age": index * 3, "ageHours": index * 72.5, "ageMinutes": index * 4350.0, "size": rng.randint(500_000_000, 20_000_000_000),
        "indexerId": indexer_id, "indexer": "Fixture Indexer %d" % indexer_id, "releaseGroup": "FIXTURE", "title": title,
        "sceneSource": False, "languages": [language()], "approved": not rejections, "temporarilyRejected": False,
        "rejected": bool(rejections), "rejections": rejections, "publishDate": stamp(rng, 2026, 2026),
        "downloadUrl": "https://indexer%d.fixture.invalid/api?t=get&id=%d&apikey=fixture-indexer-key" % (indexer_id, 4000 + index),
        "infoUrl": "https://indexer%d.fixture.invalid/details/%d" % (indexer_id, 4000 + index),
        "downloadAllowed": rejections != ["Unknown Series"], "protocol": protocol,
    }
    if protocol == "torrent":
        item.update({"seeders": rng.randint(0, 500), "leechers": rng.randint(0, 80)})
    if kind == "series":
        item.update({"fullSeason": False, "seasonNumber": 1, "seriesTitle": "Cobalt Lantern Signal (fixture series 1)",
                     "episodeNumbers": [3], "tvdbId": 800001})
    else:
        item.update({"movieTitles": ["Lantern Willow Prism (fixture movie 1)"], "tmdbId": 900001})
    return item


def main():
    mode = sys.argv[1]
    if mode == "small":
        small(sys.argv[2])
    elif mode in ("library", "queue"):
        kind, count, path = sys.argv[2], int(sys.argv[3]), sys.argv[4]
        rng = random.Random(SEED + count)
        if mode == "library":
            make = {"movie": movie, "series": series, "artist": artist}[kind]
            items = [make(rng, i) for i in range(count)]
            if kind == "artist":
                albums = [album for item in items for album in albums_of(rng, item["id"])]
                with open(path + ".albums", "w", encoding="utf-8") as handle:
                    json.dump(albums, handle, separators=(",", ":"))
        else:
            items = [queue_record(rng, i, kind) for i in range(count)]
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(items, handle, separators=(",", ":"))
    elif mode == "lookup":  # a lookup answer of COUNT items not in the library, all matching "fixture series|movie"
        kind, count, path = sys.argv[2], int(sys.argv[3]), sys.argv[4]
        rng = random.Random(SEED + 100 + count)
        make = movie if kind == "movie" else series
        items = [lookup_item(make(rng, 1000 + i)) for i in range(count)]
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(items, handle, separators=(",", ":"))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
