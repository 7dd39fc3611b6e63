import Foundation

/// The `{"result": …, "error": {…}}` envelope that Deluge and NZBGet (JSON-RPC) answer with.
enum JSONRPCEnvelope {
    /// Reads `result` with `body` (which must consume the value); `missing` is thrown when there is none.
    static func result<T>(_ data: Data, missing: ServiceError,
                          _ body: (inout JSONReader) throws(ServiceError) -> T) throws(ServiceError) -> T {
        try JSONReader.read(data) { r throws(ServiceError) -> T in
            var value: T?
            try r.readObject { r, key throws(ServiceError) in
                if key("result") { value = try body(&r) } else { try r.skipValue() }
            }
            guard let value else { throw missing }
            return value
        }
    }

    /// The `error` member, when it is an object: its code and message.
    static func error(_ data: Data) throws(ServiceError) -> (code: Int, message: String)? {
        try JSONReader.read(data) { r throws(ServiceError) -> (Int, String)? in
            var found: (Int, String)?
            try r.readObject { r, key throws(ServiceError) in
                guard key("error"), try r.peek() == .object else { return try r.skipValue() }
                var code = 0, message = ""
                try r.readObject { r, key throws(ServiceError) in
                    if key("code") { code = try r.lenientInt() ?? 0 }
                    else if key("message") { message = try r.lenientString() ?? "" }
                    else { try r.skipValue() }
                }
                found = (code, message)
            }
            return found
        }
    }
}
