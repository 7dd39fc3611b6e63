import CGtk
import Core
import Foundation

/// One lookup result in the list: poster (loaded after the row is on screen), title and year, "In
/// the library", its subtitle (network, studio), and the start of the overview.
@MainActor
final class LookupRow {
    let widget = Box.horizontal(spacing: 12)
    let picture = Picture()
    private let title = Label.line("", classes: ["heading"])
    private let badge = Label.line(tr("In the library"), classes: ["instance-badge", "caption"], ellipsize: false)
    private let network = Label.line("", classes: ["dim-label"])
    private let overview = Label.wrapping("", classes: ["caption"], maxWidth: 80)

    init() {
        widget.margins(8, start: 12, end: 12)
        let frame = Box.vertical(classes: ["poster-frame"])
        frame.sizeRequest(width: AddToLibraryDialog.posterWidth, height: AddToLibraryDialog.posterHeight)
        frame.clipsChildren = true
        frame.valign = GTK_ALIGN_START
        picture.sizeRequest(width: AddToLibraryDialog.posterWidth, height: AddToLibraryDialog.posterHeight)
        picture.hideFromAccessibility()
        frame.append(picture)
        let column = Box.vertical(spacing: 2)
        column.hexpand = true
        let line = Box.horizontal(spacing: 8)
        title.hexpand = true
        line.append(title, badge)
        overview.lines = 2
        overview.ellipsize = PANGO_ELLIPSIZE_END
        column.append(line, network, overview)
        widget.append(frame, column)
    }

    func show(_ item: LookupResult, posters: PosterLoader?, instance: UUID?) {
        let name = item.year.map { "\(item.title) (\($0))" } ?? item.title
        title.text = name
        badge.visible = item.isInLibrary
        network.text = item.subtitle ?? ""
        network.visible = !(item.subtitle ?? "").isEmpty
        overview.text = item.overview ?? ""
        overview.visible = !(item.overview ?? "").isEmpty
        widget.setAccessibleLabel(item.isInLibrary ? tr("%s, in the library").fill(name) : name)
        if let posters, let instance {
            posters.show(item, from: instance, in: picture, width: AddToLibraryDialog.posterWidth, height: AddToLibraryDialog.posterHeight)
        } else {
            picture.setTexture(nil)
        }
    }
}
