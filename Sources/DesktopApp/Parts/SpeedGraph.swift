import Core
import Foundation

/// A graph of download and upload speed over time, drawn with cairo: a scale with units on the left, time marks
/// below, the download line filled beneath in the theme's accent colour, the upload line in its success colour, and
/// under the pointer the period's speeds and peaks. A screen reader hears its name and a summary ("Down 12.4 MB/s,
/// peak 31 MB/s in the last hour; …"); the area is an image to it.
@MainActor
final class SpeedGraph {
    let area: DrawingArea
    private(set) var layout: SpeedGraphLayout?
    /// Why the graph stops (a client not read), or nil: in its description (the view shows it as a line above).
    private(set) var note: String?
    private var pointerX: Double?
    /// A pointer placed as a fraction of the plot's width (inspection routes: no real pointer there).
    private var pointerFraction: Double?
    /// The plot's rectangle in the last frame (the pointer's x is read against it).
    private var plot = (x: 0.0, y: 0.0, width: 1.0, height: 1.0)
    private(set) var summary = ""
    /// The lines as last drawn, thinned to the plot's width (made again when the layout or the width changes).
    private var thinned: (generation: Int, columns: Int, down: [[SpeedGraphLayout.Spot]], up: [[SpeedGraphLayout.Spot]]) = (-1, 0, [], [])
    /// The scale's, the marks' and the legend's texts, laid out once per layout shown.
    private let texts = TextLayouts()
    /// Counts the layouts shown.
    private var generation = 0

    init(name: String, height: Int32 = 140) {
        area = DrawingArea(width: 520, height: height)
        area.hexpand = true
        area.addClasses(["caption"])
        area.setAccessibleLabel(name)
        area.onDraw { [weak self] canvas, width, height in self?.draw(canvas, width: width, height: height) }
        area.onPointer(moved: { [weak self] x, _ in
            self?.pointerFraction = nil
            self?.pointerX = x
            self?.area.queueDraw()
        }, left: { [weak self] in
            self?.pointerX = nil
            self?.area.queueDraw()
        })
    }

    func show(_ layout: SpeedGraphLayout, summary: String, note: String?) {
        self.layout = layout
        generation += 1
        texts.removeAll() // the scale and the marks may read otherwise (and the theme's font may have changed)
        self.note = note
        self.summary = summary
        area.setAccessibleDescription(summary)
        area.queueDraw()
    }

    /// The sentence a screen reader hears: why the client is not read (`note`), else the speeds now (when it was read
    /// in the last 15 s); then the peaks of the period.
    static func summary(of history: SpeedHistory, range: SpeedGraphLayout.Range, now: Int64, note: String? = nil) -> String {
        let within = switch range {
        case .hour: tr("in the last hour")
        case .day: tr("in the last day")
        case .month: tr("in the last 30 days")
        }
        let peaks = history.summary(last: range.seconds, now: now).map {
            tr("peak down %1$s and up %2$s %3$s").fill(speed($0.peakDown), speed($0.peakUp), within)
        } ?? tr("no speeds recorded %s").fill(within)
        if let note {
            let peaks = history.summary(last: range.seconds, now: now).map {
                tr("Peak down %1$s and up %2$s %3$s.").fill(speed($0.peakDown), speed($0.peakUp), within)
            } ?? tr("No speeds recorded %s.").fill(within)
            return note + " " + peaks
        }
        guard let summary = history.summary(last: range.seconds, now: now), let down = summary.down, let up = summary.up else {
            return tr("Not read in the last 15 seconds; %s").fill(peaks)
        }
        return tr("Down %1$s, up %2$s; %3$s").fill(speed(down), speed(up), peaks)
    }

    /// A speed with its unit, 0 included ("0 B/s", not the list's dash: a scale starts at zero).
    static func speed(_ bytesPerSecond: Int64) -> String { Formatting.bytes(bytesPerSecond) + "/s" }

    private static let clockFormatter = formatter("HHmm")
    private static let dayFormatter = formatter("dMMM")

    private static func formatter(_ template: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Formatting.dates
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }

    static func timeMark(_ time: Int64, range: SpeedGraphLayout.Range) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(time))
        return range == .month ? dayFormatter.string(from: date) : clockFormatter.string(from: date)
    }

    // MARK: Drawing

    private func draw(_ plain: Canvas, width: Double, height: Double) {
        let canvas = plain.keeping(texts)
        let ink = area.foreground
        let down = area.themeColour("accent_color", fallback: Colour(red: 0.21, green: 0.52, blue: 0.89))
        let up = area.themeColour("success_color", fallback: Colour(red: 0.15, green: 0.64, blue: 0.41))
        let lineHeight = canvas.measure("0").height
        guard let layout else { return }
        let scaleLabels = layout.marks.map(Self.speed)
        let left = (scaleLabels.map { canvas.measure($0).width }.max() ?? 0) + 8
        let top = lineHeight + 6, bottom = lineHeight + 4
        plot = (left, top, max(1, width - left - 4), max(1, height - top - bottom))
        let (x0, y0, w, h) = plot
        func point(_ spot: SpeedGraphLayout.Spot) -> (Double, Double) { (x0 + spot.x * w, y0 + (1 - spot.y) * h) }

        // The scale: a faint line at each mark, its speed on the left.
        canvas.lineWidth(1)
        // A short graph labels every other mark: the labels never touch.
        let spacing = h / Double(max(1, layout.marks.count - 1))
        let labelEvery = max(1, Int(((lineHeight + 2) / spacing).rounded(.up)))
        for (index, mark) in layout.marks.enumerated() {
            let y = (y0 + (1 - Double(mark) / Double(max(1, layout.top))) * h).rounded() + 0.5
            canvas.set(ink.with(alpha: index == 0 ? 0.35 : 0.12))
            canvas.move(x0, y)
            canvas.line(x0 + w, y)
            canvas.stroke()
            guard index % labelEvery == 0 else { continue }
            let label = scaleLabels[index], size = canvas.measure(label)
            canvas.set(ink.with(alpha: 0.7))
            canvas.text(label, x: left - 6 - size.width, y: y - size.height / 2)
        }
        // Time marks below the plot.
        var lastEnd = -Double.infinity
        for mark in layout.timeMarks {
            let x = (x0 + mark.x * w).rounded() + 0.5
            canvas.set(ink.with(alpha: 0.08))
            canvas.move(x, y0)
            canvas.line(x, y0 + h)
            canvas.stroke()
            let label = Self.timeMark(mark.time, range: layout.range), size = canvas.measure(label)
            let start = min(max(x - size.width / 2, x0), x0 + w - size.width)
            guard start > lastEnd + 6 else { continue } // never two labels on top of each other
            canvas.set(ink.with(alpha: 0.7))
            canvas.text(label, x: start, y: y0 + h + 2)
            lastEnd = start + size.width
        }
        // The lines (at most two points a pixel column: a month's 4,320 points cost cairo 10 ms, thinned ~2 ms):
        // download filled beneath, upload over it.
        let columns = Int(w.rounded(.up))
        if thinned.columns != columns || thinned.generation != generation {
            thinned = (generation, columns, layout.down.map { SpeedGraphLayout.thinned($0, columns: columns) },
                       layout.up.map { SpeedGraphLayout.thinned($0, columns: columns) })
        }
        let downRuns = thinned.down, upRuns = thinned.up
        for run in downRuns where !run.isEmpty {
            let first = point(run[0])
            canvas.move(first.0, y0 + h)
            for spot in run { let p = point(spot); canvas.line(p.0, p.1) }
            canvas.line(point(run[run.count - 1]).0, y0 + h)
            canvas.close()
            canvas.set(down.with(alpha: 0.18))
            canvas.fill()
        }
        for (runs, colour, width) in [(downRuns, down, 2.0), (upRuns, up, 1.5)] {
            canvas.set(colour)
            canvas.lineWidth(width)
            for run in runs where !run.isEmpty {
                let first = point(run[0])
                canvas.move(first.0, first.1)
                if run.count == 1 { canvas.line(first.0 + 1, first.1) } // one period alone is still seen
                for spot in run.dropFirst() { let p = point(spot); canvas.line(p.0, p.1) }
                canvas.stroke()
            }
        }
        // The legend, then what the pointer is over (or the note, or that nothing was recorded).
        var x = x0
        for (name, colour) in [(tr("Down"), down), (tr("Up"), up)] {
            canvas.set(colour)
            canvas.rectangle(x, 3 + lineHeight / 2 - 4, 8, 8)
            canvas.fill()
            canvas.set(ink)
            canvas.text(name, x: x + 12, y: 2)
            x += 12 + canvas.measure(name).width + 12
        }
        var readout: String?
        if let fraction = pointerFraction { pointerX = x0 + fraction * w }
        if let pointerX, pointerX >= x0, pointerX <= x0 + w, let hovered = layout.point(atX: (pointerX - x0) / w) {
            let at = x0 + (Double(hovered.time - (layout.now - layout.range.seconds)) + Double(layout.period) / 2) / Double(layout.range.seconds) * w
            canvas.set(ink.with(alpha: 0.5))
            canvas.lineWidth(1)
            canvas.move(at.rounded() + 0.5, y0)
            canvas.line(at.rounded() + 0.5, y0 + h)
            canvas.stroke()
            readout = tr("%1$s: down %2$s (peak %3$s), up %4$s (peak %5$s)").fill(
                Self.timeMark(hovered.time, range: layout.range == .month ? .month : .hour) + (layout.range == .month ? " " + Self.timeMark(hovered.time, range: .hour) : ""),
                Self.speed(hovered.down), Self.speed(hovered.peakDown), Self.speed(hovered.up), Self.speed(hovered.peakUp))
        } else if layout.points.isEmpty {
            let text = tr("No speeds recorded in this period: each refresh of the list adds one"), size = canvas.measure(text)
            canvas.set(ink.with(alpha: 0.6))
            canvas.text(text, x: x0 + max(0, (w - size.width) / 2), y: y0 + (h - size.height) / 2)
        }
        if let readout {
            let size = canvas.measure(readout, keep: false) // a new text at every pointer move: not held
            canvas.set(ink.with(alpha: 0.8))
            canvas.text(readout, x: max(x + 8, x0 + w - size.width), y: 2, keep: false)
        }
    }

    /// Draws the graph as it is into an offscreen image (benchmarks).
    func drawOffscreen(width: Int32, height: Int32) {
        Canvas.offscreen(width: width, height: height, widget: area) { draw($0, width: Double(width), height: Double(height)) }
    }

    /// Shows the readout as if the pointer were at `fraction` of the plot's width (inspection routes).
    func pointAt(fraction: Double) {
        pointerFraction = fraction
        area.queueDraw()
    }

    /// The plot's rectangle in the last frame (tests).
    var plotRectangle: (x: Double, y: Double, width: Double, height: Double) { plot }
}
