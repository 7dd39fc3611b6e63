import Foundation

/// An NZBGet job in depth (API-GUIDE-4 §6): its files (`listfiles [0, 0, NZBID]`, only while queued) and its log
/// (`loadlog [NZBID, 0, N]`: the last lines). Each read names the one job. Usenet jobs have no peers, no trackers and
/// no file priorities; the General page is the list's own (NZBGet's groups say nothing more of one job).
extension NZBGetClient: TransferInspecting {
    /// Lines of a job's log read at most (the last ones).
    static let logLines = 500

    public func inspect(_ item: TransferItem, parts: Set<TransferDetailPart>) async throws(ServiceError) -> TransferInspection {
        let id = try item.usenetJobID()
        guard let number = Int(id), number > 0 else { throw .invalidRequest(.noItems) } // listfiles with 0 lists every file
        var inspection = TransferInspection()
        if parts.contains(.general) {
            // The job's folder and its place in the queue (or when it finished): from the list it is in, found by NZBID.
            let method = item.isHistoryEntry ? ("history", "[false]") : ("listgroups", "[0]")
            let jobs = try Self.result(try await call(method.0, method.1, effect: .read)) { r throws(ServiceError) in try Self.decodeJobs(&r) }
            guard let position = jobs.firstIndex(where: { $0.id == number }) else { throw .refused(.noSuchTransfer) }
            var general = TransferGeneral()
            general.savePath = jobs[position].destDir.flatMap { $0.isEmpty ? nil : $0 }
            if item.isHistoryEntry { general.completed = Date(epochSeconds: jobs[position].historyTime) } else {
                general.queuePosition = position
                general.jobPriority = Self.jobPriority(jobs[position].priority)
            }
            general.sizeBytes = item.sizeBytes
            // A failed job's history entry says nothing of what arrived: not "all of it".
            general.doneBytes = item.state == .error ? nil : item.sizeBytes - item.remainingBytes
            inspection.general = general
        }
        if parts.contains(.files) {
            inspection.files = item.isHistoryEntry ? [] : try Self.result(try await call("listfiles", "[0,0,\(number)]", effect: .read)) {
                r throws(ServiceError) in try Self.decodeFiles(&r)
            }
        }
        if parts.contains(.log) {
            inspection.log = try Self.result(try await call("loadlog", "[\(number),0,\(Self.logLines)]", effect: .read)) {
                r throws(ServiceError) in try Self.decodeLog(&r)
            }
        }
        return inspection
    }

    /// NZBID, folder and history time of each entry of `listgroups` or `history`, in the client's order.
    static func decodeJobs(_ r: inout JSONReader) throws(ServiceError) -> [(id: Int?, destDir: String?, historyTime: Int64?, priority: Int?)] {
        var jobs: [(id: Int?, destDir: String?, historyTime: Int64?, priority: Int?)] = []
        try r.readArray { r, index throws(ServiceError) in
            guard index < 100_000 else { throw .decoding(path: "listgroups", detail: "more than 100,000 jobs") }
            var id: Int?, legacy: Int?, destDir: String?, historyTime: Int64?, priority: Int?
            try r.readObject { r, key throws(ServiceError) in
                if key("NZBID") { id = try r.lenientInt() }
                else if key("ID") { legacy = try r.lenientInt() }
                else if key("DestDir") { destDir = try r.lenientString() }
                else if key("HistoryTime") { historyTime = try r.lenientInt64() }
                else if key("MaxPriority") { priority = try r.lenientInt() }
                else { try r.skipValue() }
            }
            jobs.append((id ?? legacy, destDir, historyTime, priority))
        }
        return jobs
    }

    static func decodeFiles(_ r: inout JSONReader) throws(ServiceError) -> [TransferFile] {
        var files: [TransferFile] = []
        try r.readArray { r, index throws(ServiceError) in
            guard index < TransferInspection.maxFiles else { throw .decoding(path: "listfiles", detail: "more than \(TransferInspection.maxFiles) files") }
            var id: Int?, name: String?, sizeLo: Int64?, sizeHi: Int64?, leftLo: Int64?, leftHi: Int64?
            try r.readObject { r, key throws(ServiceError) in
                if key("ID") { id = try r.lenientInt() }
                else if key("Filename") { name = try r.lenientString() }
                else if key("FileSizeLo") { sizeLo = try r.lenientInt64() }
                else if key("FileSizeHi") { sizeHi = try r.lenientInt64() }
                else if key("RemainingSizeLo") { leftLo = try r.lenientInt64() }
                else if key("RemainingSizeHi") { leftHi = try r.lenientInt64() }
                else { try r.skipValue() }
            }
            let size = nzbgetSize(lo: sizeLo, hi: sizeHi), left = nzbgetSize(lo: leftLo, hi: leftHi)
            files.append(TransferFile(index: id ?? index, path: name ?? "", sizeBytes: size, doneBytes: size - min(size, left), priority: nil))
        }
        return files
    }

    static func decodeLog(_ r: inout JSONReader) throws(ServiceError) -> [TransferLogLine] {
        var lines: [TransferLogLine] = []
        try r.readArray { r, index throws(ServiceError) in
            guard index < TransferInspection.maxLogLines else {
                throw .decoding(path: "loadlog", detail: "more than \(TransferInspection.maxLogLines) lines")
            }
            var kind = TransferLogLine.Kind.info, time: Int64?, text = ""
            try r.readObject { r, key throws(ServiceError) in
                if key("Kind") {
                    switch try r.lenientString() {
                    case "WARNING": kind = .warning
                    case "ERROR": kind = .error
                    case "DETAIL", "DEBUG": kind = .detail
                    default: kind = .info
                    }
                } else if key("Time") { time = try r.lenientInt64() }
                else if key("Text") { text = try r.lenientString() ?? "" }
                else { try r.skipValue() }
            }
            lines.append(TransferLogLine(kind: kind, time: Date(epochSeconds: time), stage: nil, text: text))
        }
        return lines
    }
}
