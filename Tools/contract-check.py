#!/usr/bin/python3
"""Contract check: Servarr fixtures and client request paths against the real OpenAPI specs.

Usage: contract-check.py SPEC_DIR FIXTURES_DIR REQUESTS_JSON
REQUESTS_JSON lists what the clients sent: [{"service": "sonarr", "method": "GET", "path": "/api/v3/series",
"query": {"name": "value"}, "body": "…JSON text…"}, …] (query and body optional).
Checks that every request path exists in that service's spec with that method, that every query
parameter is one the operation declares (with a value of its type), that every body validates
against the operation's request schema (and that no body goes where the operation takes none),
and that every field of every fixture exists in the response schema of its endpoint with the
right JSON type (and enum values are ones the spec lists). Prints one line per check and closing
"requests: …" and "N passed, N failed" lines; exits 1 on any failure.
"""
import json
import os
import re
import sys

# Which endpoint each committed fixture answers (relative to the service folder), below the
# service's API base (API_BASE) unless it starts with "/ping".
FIXTURE_ENDPOINTS = {
    "system-status.json": "/system/status",
    "series.json": "/series",
    "movie.json": "/movie",
    "artist.json": "/artist",
    "episode-series-1.json": "/episode",
    "album-artist-1.json": "/album",
    "track-artist-1.json": "/track",
    "calendar.json": "/calendar",
    "queue-details.json": "/queue/details",
    "health.json": "/health",
    "diskspace.json": "/diskspace",
    "history.json": "/history",
    "downloadclient.json": "/downloadclient",
    "ping.json": "/ping",
    "series-lookup.json": "/series/lookup",
    "movie-lookup.json": "/movie/lookup",
    "artist-lookup.json": "/artist/lookup",
    "rootfolder.json": "/rootfolder",
    "qualityprofile.json": "/qualityprofile",
    "metadataprofile.json": "/metadataprofile",
    "tag.json": "/tag",
    "release.json": "/release",
    "config-downloadclient.json": "/config/downloadclient",
    "config-mediamanagement.json": "/config/mediamanagement",
    "remotepathmapping.json": "/remotepathmapping",
    "indexer.json": "/indexer",
    "indexerstatus.json": "/indexerstatus",
    "indexerstats.json": "/indexerstats",
    "applications.json": "/applications",
    "search.json": "/search",
    # Jellyseerr (its spec's paths are below /api/v1).
    "status.json": "/status",
    "settings-public.json": "/settings/public",
    "auth-me.json": "/auth/me",
    "request.json": "/request",
    "request-count.json": "/request/count",
}

# Fixtures named by an id: movie-900001.json answers GET /movie/900001.
FIXTURE_PATTERNS = [(re.compile(r"^movie-(\d+)\.json$"), "/movie/{}"), (re.compile(r"^tv-(\d+)\.json$"), "/tv/{}")]

# Each service's spec file (SPEC_DIR/<name>-openapi.json) and API base.
API_BASE = {"sonarr": "/api/v3", "radarr": "/api/v3", "lidarr": "/api/v1", "prowlarr": "/api/v1", "jellyseerr": "/api/v1"}
# Specs whose paths leave out the API base (Jellyseerr's servers entry carries it), and YAML ones.
PATH_PREFIX = {"jellyseerr": "/api/v1"}
SPEC_FILE = {"jellyseerr": "jellyseerr-openapi.yml"}

# Fields the service sends that its generated spec leaves out, per schema, with the service's source as
# evidence (API-GUIDE-3 §3): MediaRequest's `type` and `seasons` (server/entity/MediaRequest.ts), the
# user's `displayName` (server/entity/User.ts), PageInfo's `pageSize` (server/routes/request.ts), the
# public settings the app reads (server/lib/settings/index.ts: mediaServerType is Jellyseerr's).
SCHEMA_EXTRAS = {
    "jellyseerr": {
        "MediaRequest": {"type": {"type": "string", "enum": ["movie", "tv"]},
                         "seasons": {"type": "array", "items": {"type": "object", "properties": {
                             "id": {"type": "number"}, "seasonNumber": {"type": "number"}, "status": {"type": "number"}}}}},
        "MediaInfo": {"status4k": {"type": "number"}},
        "User": {"displayName": {"type": "string"}},
        "PageInfo": {"pageSize": {"type": "number"}},
        "PublicSettings": {"applicationTitle": {"type": "string"}, "mediaServerType": {"type": "number"}, "localLogin": {"type": "boolean"}},
    },
}


# Where the generated spec and the wire disagree, with the service's source as evidence.
WIRE_OVERRIDES = {
    # Sonarr serializes HttpUri as its FullUri string (STJHttpUriConverter in
    # src/NzbDrone.Common/Serializer/System.Text.Json/); the spec shows the C# object.
    "HttpUri": {"type": "string", "nullable": True},
}


# POST /command binds the body to the command class named by `name` (CommandController.cs:51-79,
# API-GUIDE-2 §2); the spec only shows CommandResource, the answer. Fields per command, from the
# command classes the guide cites.
COMMAND_FIELDS = {
    "SeriesSearch": {"seriesId": "integer"},
    "SeasonSearch": {"seriesId": "integer", "seasonNumber": "integer"},
    "EpisodeSearch": {"episodeIds": "integer[]"},
    "MissingEpisodeSearch": {"seriesId": "integer"},
    "RefreshSeries": {"seriesId": "integer", "seriesIds": "integer[]"},
    "MoviesSearch": {"movieIds": "integer[]"},
    "RefreshMovie": {"movieIds": "integer[]"},
    "ArtistSearch": {"artistId": "integer"},
    "AlbumSearch": {"albumIds": "integer[]"},
    "RefreshArtist": {"artistId": "integer", "artistIds": "integer[]"},
    "RssSync": {},
}


class Spec:
    def __init__(self, path, prefix="", extras=None):
        with open(path, encoding="utf-8") as handle:
            if path.endswith(".yml"):
                import yaml
                self.document = yaml.safe_load(handle)
            else:
                self.document = json.load(handle)
        self.prefix = prefix
        for name, fields in (extras or {}).items():
            self.document["components"]["schemas"][name].setdefault("properties", {}).update(fields)
        self.templates = [(template, re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"), operations)
                          for template, operations in self.document["paths"].items()]

    def resolve(self, schema):
        while "$ref" in schema:
            name = schema["$ref"].split("/")[-1]
            schema = WIRE_OVERRIDES.get(name) or self.document["components"]["schemas"][name]
        return schema

    def operation(self, method, path):
        if self.prefix and path.startswith(self.prefix + "/"):
            path = path[len(self.prefix):]
        exact = self.document["paths"].get(path, {}).get(method.lower())
        if exact is not None:
            return exact
        for _, pattern, operations in self.templates:
            if pattern.match(path) and method.lower() in operations:
                return operations[method.lower()]
        return None

    def request_schema(self, method, path):
        body = (self.operation(method, path) or {}).get("requestBody")
        if body is None:
            return None
        return body["content"]["application/json"]["schema"]

    def query_parameters(self, method, path):
        operation = self.operation(method, path) or {}
        return {p["name"]: p.get("schema", {}) for p in operation.get("parameters", []) if p.get("in") == "query"}

    def response_schema(self, path):
        operation = self.operation("GET", path)
        content = operation["responses"]["200"]["content"]
        return (content.get("application/json") or next(iter(content.values())))["schema"]


def validate(spec, value, schema, where, errors):
    schema = spec.resolve(schema)
    if value is None:
        if not schema.get("nullable") and not any(spec.resolve(part).get("nullable") for part in schema.get("anyOf", [])):
            errors.append(f"{where}: null where the spec does not allow it")
        return
    for part in schema.get("allOf", []):
        validate(spec, value, part, where, errors)
    kind = schema.get("type")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r} is not one of the spec's values")
    if kind == "object" or "properties" in schema:
        if not isinstance(value, dict):
            errors.append(f"{where}: expected an object")
            return
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        for key, item in value.items():
            if key in properties:
                validate(spec, item, properties[key], f"{where}.{key}", errors)
            elif isinstance(extra, dict):
                validate(spec, item, extra, f"{where}.{key}", errors)
            elif extra is not True:
                errors.append(f"{where}.{key}: not a field of the schema")
    elif kind == "array":
        if not isinstance(value, list):
            errors.append(f"{where}: expected an array")
            return
        for index, item in enumerate(value):
            validate(spec, item, schema.get("items", {}), f"{where}[{index}]", errors)
    elif kind == "string":
        if not isinstance(value, str):
            errors.append(f"{where}: expected a string")
        elif schema.get("format") == "date-time" and not re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$", value):
            errors.append(f"{where}: {value!r} is not a date-time")
    elif kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append(f"{where}: expected an integer")
    elif kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            errors.append(f"{where}: expected a number")
    elif kind == "boolean":
        if not isinstance(value, bool):
            errors.append(f"{where}: expected true or false")


def main():
    spec_dir, fixtures_dir, requests_file = sys.argv[1:4]
    specs = {name: Spec(f"{spec_dir}/{SPEC_FILE.get(name, name + '-openapi.json')}", PATH_PREFIX.get(name, ""), SCHEMA_EXTRAS.get(name))
             for name in API_BASE}
    passed = failed = 0

    def report(ok, text):
        nonlocal passed, failed
        passed, failed = passed + ok, failed + (not ok)
        print(("ok   " if ok else "FAIL ") + text)

    with open(requests_file, encoding="utf-8") as handle:
        requests = json.load(handle)
    for request in sorted({(r["service"], r["method"], r["path"]) for r in requests}):
        service, method, path = request
        report(specs[service].operation(method, path) is not None, f"{service} {method} {path} exists in the spec")

    queries = bodies = 0
    for request in requests:
        service, method, path = request["service"], request["method"], request["path"]
        spec = specs[service]
        if spec.operation(method, path) is None:
            continue
        if request.get("query"):
            queries += 1
            declared = spec.query_parameters(method, path)
            errors = []
            for name, value in sorted(request["query"].items()):
                if name not in declared:
                    errors.append(f"?{name}: not a query parameter of {method} {path}")
                    continue
                kind = spec.resolve(declared[name]).get("type")
                if kind == "boolean" and value not in ("true", "false"):
                    errors.append(f"?{name}={value}: expected true or false")
                elif kind == "integer" and not re.match(r"^-?\d+$", value):
                    errors.append(f"?{name}={value}: expected an integer")
            report(not errors, f"{service} {method} {path} query {sorted(request['query'])}" + "".join(f"\n     {e}" for e in errors))
        if "body" in request:
            bodies += 1
            errors = []
            try:
                value = json.loads(request["body"])
            except ValueError:
                value, errors = None, ["$: not JSON"]
            if not errors and path == API_BASE[service] + "/command":
                fields = COMMAND_FIELDS.get(value.get("name") if isinstance(value, dict) else None)
                if fields is None:
                    errors.append(f"$.name: {value!r} names no command Switchyard knows the fields of")
                else:
                    for key, item in value.items():
                        if key == "name":
                            continue
                        kind = fields.get(key)
                        if kind is None:
                            errors.append(f"$.{key}: not a field of the {value['name']} command")
                        elif kind == "integer" and (isinstance(item, bool) or not isinstance(item, int)):
                            errors.append(f"$.{key}: expected an integer")
                        elif kind == "integer[]" and (not isinstance(item, list) or not item
                                                      or not all(isinstance(i, int) and not isinstance(i, bool) for i in item)):
                            errors.append(f"$.{key}: expected a non-empty array of integers")
                    validate(spec, {"name": value["name"]}, spec.request_schema(method, path), "$", errors)
            elif not errors:
                schema = spec.request_schema(method, path)
                if schema is None:
                    errors.append(f"{method} {path} takes no request body")
                else:
                    validate(spec, value, schema, "$", errors)
            report(not errors, f"{service} {method} {path} body {request['body'][:70]}" + "".join(f"\n     {e}" for e in errors[:10]))
    print(f"requests: {len(requests)} sent, {len({(r['service'], r['method'], r['path']) for r in requests})} distinct paths, "
          f"{queries} with a query checked, {bodies} bodies checked")

    for service, spec in specs.items():
        named = dict(FIXTURE_ENDPOINTS)
        try:
            for file in os.listdir(f"{fixtures_dir}/{service}"):
                for pattern, template in FIXTURE_PATTERNS:
                    match = pattern.match(file)
                    if match:
                        named[file] = template.format(match.group(1))
        except FileNotFoundError:
            pass
        for name, endpoint in named.items():
            endpoint = endpoint if endpoint == "/ping" else API_BASE[service] + endpoint
            try:
                with open(f"{fixtures_dir}/{service}/{name}", encoding="utf-8") as handle:
                    value = json.load(handle)
            except FileNotFoundError:
                continue
            if spec.operation("GET", endpoint) is None:
                report(False, f"{service}/{name}: endpoint {endpoint} is not in the spec")
                continue
            errors = []
            validate(spec, value, spec.response_schema(endpoint), "$", errors)
            report(not errors, f"{service}/{name} matches GET {endpoint}" + "".join(f"\n     {e}" for e in errors[:10]))
    print(f"contract: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
