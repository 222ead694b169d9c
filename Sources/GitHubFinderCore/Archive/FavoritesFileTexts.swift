import Foundation

/// What the Export Favorites… and Import Favorites… file dialogs say.
public enum FavoritesFileTexts {
    public static var exportTitle: String { tr("Export Favorites") }
    public static var exportButton: String { tr("_Export") }
    public static var importTitle: String { tr("Import Favorites") }
    public static var importButton: String { tr("_Import") }
    public static var cancelButton: String { tr("_Cancel") }
    public static var filesFilter: String { tr("Favorites Files (JSON, CSV)") }
    public static var formatChoice: String { tr("Format") }
    public static let formats: [(id: String, label: String)] = [("json", "JSON"), ("csv", "CSV")]

    /// The name to write. The suggested name takes the chosen format's ending; a name typed
    /// with a `.json` or `.csv` ending keeps it (the format follows the name); any other gets
    /// the chosen format's ending ("backup" → "backup.csv").
    public static func name(_ name: String, in format: FavoritesArchive.FileFormat, suggested: String) -> String {
        let url = URL(fileURLWithPath: name)
        guard FavoritesArchive.FileFormat(url: url) != nil else { return name + "." + format.rawValue }
        return name == suggested ? url.deletingPathExtension().lastPathComponent + "." + format.rawValue : name
    }
}
