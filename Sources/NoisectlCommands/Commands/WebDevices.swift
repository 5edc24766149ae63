import ArgumentParser
import NoiseClient
import NoiseCore
import NoiseSystem

/// `noisectl web devices`: the devices paired for the LAN mode (docs/web.md, "The phone on the LAN").
struct WebDevices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the devices paired with 'noisectl web pair'.",
        discussion: "Each with its id (for 'noisectl web revoke'), when it paired, and its name. No daemon needed.")

    @Flag(help: "Print {\"devices\": [{\"id\", \"name\", \"paired_unix\"}]} as JSON.")
    var json = false

    /// `--json`: one object, as every command prints.
    struct Listed: Encodable {
        var devices: [Shown]
    }

    /// One device for `--json`: never its secret.
    struct Shown: Encodable {
        var id: String
        var name: String
        var pairedUnix: Int64
    }

    func run() throws {
        let devices: [PairedDevice]
        do {
            devices = try WebRevoke.file().load()
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        if json {
            return Output.json(
                Listed(devices: devices.map { Shown(id: $0.id, name: $0.name, pairedUnix: $0.pairedUnix) }))
        }
        guard !devices.isEmpty else { return Output.line("No device is paired; 'noisectl web pair' pairs one.") }
        let rows =
            [["ID", "PAIRED", "NAME"]]
            + devices.map { device in
                [device.id, LocalTime.dateAndMinute(unix: device.pairedUnix), VisibleText.terminal(device.name)]
            }
        Output.table(rows).forEach(Output.line)
    }
}

/// `noisectl web revoke`: unpairs devices; each is refused at its next request.
struct WebRevoke: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Unpair devices (their ids from 'noisectl web devices'), or all of them.",
        discussion: "A revoked device gets 401 at its next request; pairing it again takes a new 'noisectl web pair'.")

    @Argument(help: "The devices' ids.")
    var ids: [String] = []

    @Flag(help: "Unpair every device.")
    var all = false

    @Flag(help: "Print {\"revoked\": N} as JSON.")
    var json = false

    /// `--json`.
    struct Revoked: Encodable {
        var revoked: Int
    }

    func validate() throws {
        if all == !ids.isEmpty { throw ValidationError("give the devices' ids or --all, not both and not neither") }
    }

    static func file() -> PairedDeviceFile {
        PairedDeviceFile(folder: XDGPaths(variable: ProcessEnvironment.variable).webLANDirectory)
    }

    func run() throws {
        do {
            let removed: Int = try Self.file().update { devices in
                let unknown = ids.filter { id in !devices.contains { $0.id == id } }
                if !unknown.isEmpty {
                    throw ConfigStore.Failure(
                        description:
                            "no paired device has the id \(unknown.map { "'\(VisibleText.terminal($0))'" }.joined(separator: ", ")); 'noisectl web devices' lists them; nothing was revoked"
                    )
                }
                let count = devices.count
                devices.removeAll { all || ids.contains($0.id) }
                return count - devices.count
            }
            if json {
                Output.json(Revoked(revoked: removed))
            } else {
                Output.line("Revoked \(Output.count(removed, "device")).")
            }
        } catch {
            Output.error("\(error)")
            throw ExitCode(1)
        }
    }
}
