import NoiseSystem

/// Finds the installed sounds: `$NOISECLOCK_DATA_DIR`, else `PREFIX/share/noiseclock` next to `PREFIX/bin`,
/// else (running from a build tree) the nearest folder above the binary that holds `sounds.json`.
public enum DataDirectoryLocator {
    public static func find(environment: [String: String]) -> String? {
        if let explicit = environment["NOISECLOCK_DATA_DIR"], !explicit.isEmpty { return explicit }
        guard let executable = ProcessEnvironment.executablePath() else { return nil }
        var folder = LocalFile.parentFolder(of: executable)
        let installed = LocalFile.parentFolder(of: folder) + "/share/noiseclock"
        if FileKind.of(installed + "/sounds.json") != nil { return installed }
        while folder != "/" {
            if FileKind.of(folder + "/sounds.json") != nil { return folder }
            folder = LocalFile.parentFolder(of: folder)
        }
        return nil
    }
}
