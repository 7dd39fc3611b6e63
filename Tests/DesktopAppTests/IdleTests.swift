import CGtk
import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// An idle window draws nothing: no spinner animates where nobody can see it. A started GtkSpinner
/// animates its style on every frame while it is visible — inside a tab or stack page not shown
/// too — and kept the frame clock ticking 60 times a second in an idle window (0.75–2.2 s of CPU a
/// minute on the welcome page). Spinners now spin only while mapped.
final class IdleTests: XCTestCase {
    func testSpinnersSpinOnlyWhileOnScreen() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            // A tab in its loading state and a detail page, both on stack pages that are not shown.
            let loading = FeaturePage(tab: .downloads, content: gtk_label_new("content")!, clock: .inspection)
            loading.show(.loading)
            let detail = DetailView(presentation: .series, clock: .inspection, posters: PosterLoader(fetch: nil, cache: nil))
            detail.render(.loading, title: "Fixture")
            let stack = gtk_stack_new()!
            gtk_stack_add_named(cast(stack), gtk_label_new("shown")!, "shown")
            gtk_stack_add_named(cast(stack), loading.widget, "loading")
            gtk_stack_add_named(cast(stack), detail.widget.widget, "detail")
            gtk_stack_set_visible_child_name(cast(stack), "shown")
            let window = gtk_window_new()!
            gtk_window_set_child(cast(window), stack)
            gtk_window_present(cast(window))
            defer { gtk_window_destroy(cast(window)) }

            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(window) != 0 }), "the window never appeared")
            var spinners = UI.spinners(in: window)
            XCTAssertEqual(spinners.count, 2, "the loading page's and the detail page's spinners")
            XCTAssertEqual(spinners.filter(\.spinning).count, 0, "a spinner nobody can see is animating: \(spinners)")

            gtk_stack_set_visible_child_name(cast(stack), "loading")
            spinners = UI.spinners(in: window)
            XCTAssertEqual(spinners.filter { $0.spinning && $0.mapped }.count, 1, "the loading page on screen spins")
            XCTAssertEqual(spinners.filter { $0.spinning && !$0.mapped }.count, 0)

            gtk_stack_set_visible_child_name(cast(stack), "detail")
            spinners = UI.spinners(in: window)
            XCTAssertEqual(spinners.filter { $0.spinning && $0.mapped }.count, 1, "the detail page on screen spins")
            XCTAssertEqual(spinners.filter { $0.spinning && !$0.mapped }.count, 0, "the page left behind stopped")
        }
    }
}
