import CGtk
import Foundation
import GitHubFinderCore

/// The file dialogs of Export Favorites… and Import Favorites…: GtkFileChooserNative, so the
/// desktop's portal picks the file where there is one (in a sandbox too), GTK's own dialog
/// elsewhere. Each dialog is kept until it answers; `chosen` runs only for a file accepted.
@MainActor
enum FavoritesFileChooser {
    /// The dialogs waiting for an answer, with their response handlers.
    private static var waiting: [UnsafeMutableRawPointer: SignalConnection] = [:]

    /// A save dialog suggesting `suggestedName`, with a JSON / CSV choice that sets the ending.
    static func chooseExport(parent: UnsafeMutablePointer<GtkWindow>, suggestedName: String, chosen: @escaping @MainActor (URL) -> Void) {
        let native = gtk_file_chooser_native_new(FavoritesFileTexts.exportTitle, parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                                 FavoritesFileTexts.exportButton, FavoritesFileTexts.cancelButton)!
        let chooser = native
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        CStrings.withNullTerminated(FavoritesFileTexts.formats.map(\.id)) { ids in
            CStrings.withNullTerminated(FavoritesFileTexts.formats.map(\.label)) { labels in
                gtk_file_chooser_add_choice(chooser, "format", FavoritesFileTexts.formatChoice, ids, labels)
            }
        }
        gtk_file_chooser_set_choice(chooser, "format", "json")
        run(native) { url in
            let format = gtk_file_chooser_get_choice(chooser, "format").flatMap { FavoritesArchive.FileFormat(rawValue: String(cString: $0)) } ?? .json
            chosen(url.deletingLastPathComponent().appendingPathComponent(FavoritesFileTexts.name(url.lastPathComponent, in: format, suggested: suggestedName)))
        }
    }

    /// An open dialog showing JSON and CSV files.
    static func chooseImport(parent: UnsafeMutablePointer<GtkWindow>, chosen: @escaping @MainActor (URL) -> Void) {
        let native = gtk_file_chooser_native_new(FavoritesFileTexts.importTitle, parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                                 FavoritesFileTexts.importButton, FavoritesFileTexts.cancelButton)!
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, FavoritesFileTexts.filesFilter)
        for pattern in ["*.json", "*.JSON", "*.csv", "*.CSV"] { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
        run(native, chosen: chosen)
    }

    /// Shows the dialog modal over its parent; on Accept, the chosen file's path.
    private static func run(_ native: OpaquePointer, chosen: @escaping @MainActor (URL) -> Void) {
        let dialog = UnsafeMutableRawPointer(native)
        let nativeDialog = dialog.assumingMemoryBound(to: GtkNativeDialog.self)
        gtk_native_dialog_set_modal(nativeDialog, 1)
        waiting[dialog] = Signals.onIndex(dialog, "response") { response in
            defer {
                waiting[dialog] = nil
                g_object_unref(dialog)
            }
            guard Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(native) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            chosen(URL(fileURLWithPath: String(cString: path)))
        }
        gtk_native_dialog_show(nativeDialog)
    }
}
