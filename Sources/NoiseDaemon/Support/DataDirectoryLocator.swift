import Foundation
import NoiseSystem

/// Finds the installed sounds: `$NOISECLOCK_DATA_DIR`, else `PREFIX/share/noiseclock` next to `PREFIX/bin`,
/// else (running from a build tree) the nearest folder above the binary that holds `sounds.json`.
public enum DataDirectoryLocator {
    public static func find(environment: [String: String]) -> String? {
        if let explicit = environment["NOISECLOCK_DATA_DIR"], !explicit.isEmpty { return explicit }
        guard let executable = ProcessEnvironment.executablePath() else { return nil }
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/noiseclock")
        if FileManager.default.fileExists(atPath: installed.appendingPathComponent("sounds.json").path) {
            return installed.path
        }
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("sounds.json").path) {
                return folder.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
