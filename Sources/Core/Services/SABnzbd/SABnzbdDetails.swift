import Foundation

/// A SABnzbd job in depth (API-GUIDE-4 §5): a queued job's files (`mode=get_files`) and its place in the queue
/// (`mode=queue&nzo_ids=`); a finished job's folder, times and stage log (`mode=history&nzo_ids=`). Only the parts
/// asked for are read; each read names the one job. Usenet jobs have no peers, no trackers and no file priorities.
extension SABnzbdClient: TransferInspecting {
    public func inspect(_ item: TransferItem, parts: Set<TransferDetailPart>) async throws(ServiceError) -> TransferInspection {
        let id = try item.usenetJobID()
        var inspection = TransferInspection()
        if item.isHistoryEntry {
            if !parts.isDisjoint(with: [.general, .log]) {
                let data = try await call([("mode", "history"), ("nzo_ids", id), ("limit", "1")], effect: .read)
                guard let slot = try SABnzbdJobDTO.decodeHistory(data, id: id) else { throw .refused(.noSuchTransfer) }
                if parts.contains(.general) { inspection.general = slot.general }
                if parts.contains(.log) { inspection.log = slot.log }
            }
            if parts.contains(.files) { inspection.files = [] } // a finished job's files are on disk, not in SABnzbd
        } else {
            if parts.contains(.general) {
                let data = try await call([("mode", "queue"), ("nzo_ids", id)], effect: .read)
                guard let slot = try SABnzbdJobDTO.decodeQueue(data, id: id) else { throw .refused(.noSuchTransfer) }
                inspection.general = slot.general
            }
            if parts.contains(.files) {
                inspection.files = try SABnzbdJobDTO.decodeFiles(try await call([("mode", "get_files"), ("value", id)], effect: .read))
            }
            if parts.contains(.log) { inspection.log = [] } // the stage log begins once the download is done
        }
        return inspection
    }
}

extension TransferItem {
    /// The job id a usenet details read names: exactly one, never empty, never a list or SABnzbd's "all".
    func usenetJobID() throws(ServiceError) -> String {
        let id = clientID
        guard !id.isEmpty, id.utf8.count <= 200, id != "all", !id.contains(","), !id.contains(where: \.isWhitespace) else {
            throw .invalidRequest(.noItems)
        }
        return id
    }
}

/// One job of `mode=queue&nzo_ids=` or `mode=history&nzo_ids=`, and the files of `mode=get_files`.
struct SABnzbdJobDTO {
    var nzoID: String?
    var index: Int?
    var mb: Double?
    var mbLeft: Double?
    var bytes: Int64?
    var added: Int64?
    var completed: Int64?
    var storage: String?
    var priority: String?
    var failMessage: String?
    var stages: [(name: String, actions: [String])] = []

    var general: TransferGeneral {
        var general = TransferGeneral()
        if let mb {
            general.sizeBytes = Int64(saturating: max(0, mb) * SABnzbdSlotDTO.mebibyte)
            general.doneBytes = Int64(saturating: max(0, mb - max(0, mbLeft ?? 0)) * SABnzbdSlotDTO.mebibyte)
        } else if let bytes {
            general.sizeBytes = nonNegative(bytes)
            general.doneBytes = nonNegative(bytes)
        }
        general.savePath = storage.flatMap { $0.isEmpty ? nil : $0 }
        general.added = Date(epochSeconds: added)
        general.completed = Date(epochSeconds: completed)
        general.queuePosition = nonNegative(index)
        general.jobPriority = SABnzbdClient.jobPriority(priority)
        return general
    }

    /// The stage log, one line per action under its stage's name; a failure message last, as an error.
    var log: [TransferLogLine] {
        var lines = stages.flatMap { stage in stage.actions.map { TransferLogLine(kind: .info, time: nil, stage: stage.name, text: $0) } }
        if let failMessage, !failMessage.isEmpty { lines.append(TransferLogLine(kind: .error, time: nil, stage: nil, text: failMessage)) }
        return lines
    }

    static func decodeQueue(_ data: Data, id: String) throws(ServiceError) -> SABnzbdJobDTO? {
        try decodeSlots(data, list: "queue", id: id)
    }

    static func decodeHistory(_ data: Data, id: String) throws(ServiceError) -> SABnzbdJobDTO? {
        try decodeSlots(data, list: "history", id: id)
    }

    /// The slot naming `id` in `{list: {slots: [...]}}`; nil when none does (the job is gone).
    private static func decodeSlots(_ data: Data, list: StaticString, id: String) throws(ServiceError) -> SABnzbdJobDTO? {
        try JSONReader.read(data) { r throws(ServiceError) -> SABnzbdJobDTO? in
            var found: SABnzbdJobDTO?
            try r.readObject { r, key throws(ServiceError) in
                guard key(list), try r.peek() == .object else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    guard key("slots") else { return try r.skipValue() }
                    try r.readArray { r, index throws(ServiceError) in
                        guard index < 10_000 else { throw .decoding(path: "\(list).slots", detail: "more than 10,000 slots for one job") }
                        let slot = try decodeSlot(&r)
                        if slot.nzoID == id, found == nil { found = slot }
                    }
                }
            }
            return found
        }
    }

    private static func decodeSlot(_ r: inout JSONReader) throws(ServiceError) -> SABnzbdJobDTO {
        var dto = SABnzbdJobDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("nzo_id") { dto.nzoID = try r.lenientString() }
            else if key("index") { dto.index = try r.numberOrNumericString().map { Int(Int64(saturating: $0)) } }
            else if key("mb") { dto.mb = try r.numberOrNumericString() }
            else if key("mbleft") { dto.mbLeft = try r.numberOrNumericString() }
            else if key("bytes") { dto.bytes = try r.numberOrNumericString().map { Int64(saturating: $0) } }
            else if key("time_added") { dto.added = try r.numberOrNumericString().map { Int64(saturating: $0) } }
            else if key("completed") { dto.completed = try r.numberOrNumericString().map { Int64(saturating: $0) } }
            else if key("storage") { dto.storage = try r.lenientString() }
            else if key("priority") { dto.priority = try r.peek() == .number ? (try r.readInt()).map(String.init) : try r.lenientString() }
            else if key("fail_message") { dto.failMessage = try r.lenientString() }
            else if key("stage_log"), try r.peek() == .array {
                try r.readArray { r, index throws(ServiceError) in
                    guard index < 100 else { throw .decoding(path: "stage_log", detail: "more than 100 stages") }
                    var name = "", actions: [String] = []
                    try r.readObject { r, key throws(ServiceError) in
                        if key("name") { name = try r.lenientString() ?? "" }
                        else if key("actions"), try r.peek() == .array {
                            try r.readArray { r, line throws(ServiceError) in
                                guard line < TransferInspection.maxLogLines else {
                                    throw .decoding(path: "stage_log.actions", detail: "more than \(TransferInspection.maxLogLines) lines")
                                }
                                if let text = try r.lenientString() { actions.append(text) }
                            }
                        } else { try r.skipValue() }
                    }
                    dto.stages.append((name, actions))
                }
            } else { try r.skipValue() }
        }
        return dto
    }

    /// `{"files": [{filename, mb, mbleft, bytes, nzf_id, status}]}`, sizes as strings; `nzf_id` is not an index, so a
    /// file's index is its place in the answer (usenet files take no per-file writes here).
    static func decodeFiles(_ data: Data) throws(ServiceError) -> [TransferFile] {
        try JSONReader.read(data) { r throws(ServiceError) -> [TransferFile] in
            var files: [TransferFile] = []
            try r.readObject { r, key throws(ServiceError) in
                guard key("files"), try r.peek() == .array else { return try r.skipValue() }
                try r.readArray { r, index throws(ServiceError) in
                    guard index < TransferInspection.maxFiles else {
                        throw .decoding(path: "files", detail: "more than \(TransferInspection.maxFiles) files")
                    }
                    var name: String?, mb: Double?, mbLeft: Double?, bytes: Double?, status: String?
                    try r.readObject { r, key throws(ServiceError) in
                        if key("filename") { name = try r.lenientString() }
                        else if key("mb") { mb = try r.numberOrNumericString() }
                        else if key("mbleft") { mbLeft = try r.numberOrNumericString() }
                        else if key("bytes") { bytes = try r.numberOrNumericString() }
                        else if key("status") { status = try r.lenientString() }
                        else { try r.skipValue() }
                    }
                    let size = bytes.map { Int64(saturating: $0) } ?? Int64(saturating: (mb ?? 0) * SABnzbdSlotDTO.mebibyte)
                    let left = status == "finished" ? 0 : Int64(saturating: max(0, mbLeft ?? 0) * SABnzbdSlotDTO.mebibyte)
                    files.append(TransferFile(index: index, path: name ?? "", sizeBytes: size, doneBytes: size - min(size, left), priority: nil))
                }
            }
            return files
        }
    }
}
