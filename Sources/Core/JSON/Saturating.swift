/// Conversions that never trap on what a service sends: numbers out of range
/// clamp to the nearest representable value, NaN reads as zero. (Found by the
/// fuzzers: a Deluge rate of 1e300 used to crash the app.)
extension Int64 {
    init(saturating value: Double) {
        if value.isNaN { self = 0 }
        else if value >= 9_223_372_036_854_775_807.0 { self = .max }
        else if value <= -9_223_372_036_854_775_808.0 { self = .min }
        else { self = Int64(value) }
    }

    /// Sums of rates and sizes from services: a hostile or broken one may report Int64.max.
    public func addingSaturated(_ other: Int64) -> Int64 {
        let (result, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : result
    }

    func multipliedSaturated(by other: Int64) -> Int64 {
        let (result, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : result
    }

    func subtractingSaturated(_ other: Int64) -> Int64 {
        let (result, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : result
    }
}
