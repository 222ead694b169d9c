import CGtk
import XCTest
@testable import GitHubFinderGTK

/// A row's star is a `RowButton`, which draws its icon itself (no GtkImage in it, see
/// `ghf_row_button_new`): what it draws is what a user sees, rendered here by the window's renderer.
final class RowButtonTests: GTKTestCase, @unchecked Sendable {
    func testTheStarDrawsItsIconAndFillsWhenStarred() {
        MainActor.assumeIsolated {
            searchFor("octocat")
            waitFor("rows") { visibleLogins.contains("octocat") }
            let row = search.list.boundRows.values.first { $0.login.text == "octocat" }!
            waitFor("the star laid out") { gtk_widget_get_width(row.star.pointer) > 0 }
            let outline = ink(of: row.star)
            XCTAssertGreaterThan(outline, 20 * 255, "the unstarred icon is drawn (an outline: at least 20 pixels' worth)")
            gtk_widget_activate(row.star.pointer)
            waitFor("the row starred") { row.isFavorite }
            XCTAssertEqual(row.star.icon, "starred-symbolic")
            // The paintable shows the widget as last drawn: the next frames draw it again.
            waitFor("the starred icon drawn filled: half as much again painted") { ink(of: row.star) > outline * 3 / 2 }
        }
    }

    /// How much `widget` paints, rendered alone by the window's renderer: the sum of its pixels'
    /// alpha (a pixel fully painted counts 255).
    @MainActor
    private func ink(of widget: Widget) -> Int {
        let paintable = gtk_widget_paintable_new(widget.pointer)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let width = gtk_widget_get_width(widget.pointer), height = gtk_widget_get_height(widget.pointer)
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return 0 }
        defer { gsk_render_node_unref(node) }
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget.pointer))!
        let texture = gsk_renderer_render_texture(renderer, node, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let textureWidth = Int(gdk_texture_get_width(texture)), textureHeight = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: textureWidth * textureHeight * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(textureWidth * 4)) }
        // gdk_texture_download writes CAIRO_FORMAT_ARGB32: B, G, R, A on little-endian machines.
        return stride(from: 3, to: bytes.count, by: 4).reduce(0) { $0 + Int(bytes[$1]) }
    }
}
