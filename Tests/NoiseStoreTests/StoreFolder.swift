import Foundation

/// A store file in a folder of its own under the temporary directory, for tests that open real files; the test
/// removes the folder.
func temporaryStore(_ name: String) -> (folder: URL, path: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "noiseclock-\(name)-\(UUID().uuidString)")
    return (folder, folder.appendingPathComponent("noised.sqlite").path)
}
