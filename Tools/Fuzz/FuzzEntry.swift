// The libFuzzer entry point. Not part of the SwiftPM package: scripts/fuzz.sh
// compiles it together with Core's sources into one module, with
// -sanitize=fuzzer,address. SWITCHYARD_FUZZ_FAMILY picks the decoder family
// (servarr, qbittorrent, transmission, deluge, nzbget, sabnzbd).
import Foundation

private let family: DecoderFamily = {
    let name = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ_FAMILY"] ?? ""
    guard let family = DecoderFamily(rawValue: name) else {
        let names = DecoderFamily.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("switchyard-fuzz: set SWITCHYARD_FUZZ_FAMILY to one of \(names)\n".utf8))
        exit(2)
    }
    return family
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func switchyardFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = data.map { Data(bytes: $0, count: size) } ?? Data()
    DecoderFuzzing.exerciseBlocking(family, body)
    return 0
}
