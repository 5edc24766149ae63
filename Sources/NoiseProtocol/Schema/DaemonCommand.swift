import NoiseCore

/// One command of the socket protocol (docs/protocol.md): its name on the wire, who may send it, its arguments and
/// its reply. The type is the whole schema of the command: the daemon decodes a request into it through
/// `init(arguments:)`, the only place its rules live; a client builds one and sends it (`Encodable` writes the
/// `args` object), checked by the same decoder first so a mistake is refused before it leaves; the daemon
/// dispatches on it (`CommandRegistry`).
public protocol DaemonCommand: Sendable, Equatable, Encodable {
    /// The data of a successful reply.
    associatedtype Reply: Codable & Sendable
    /// `cmd` on the wire.
    static var name: String { get }
    /// Who besides this user's own programs on the control socket may send it: noiseweb relays a command only to the
    /// senders named here (docs/web.md, "Commands").
    static var senders: Senders { get }
    /// Reads and checks a request's `args`; every mistake is an `invalid_argument` naming what was wrong and what
    /// is accepted.
    init(arguments: [String: JSONValue]) throws(ProtocolError)
}

/// The web's principals a command is open to. A program of this user on the control socket (noisectl, the D-Bus
/// bridge, noiseweb itself) may send every command; these say which the pages may.
public struct Senders: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A signed-in page in a browser on this machine (loopback).
    public static let page = Senders(rawValue: 1 << 0)
    /// A paired device (a phone) over the LAN.
    public static let paired = Senders(rawValue: 1 << 1)
    /// An MQTT broker through noisehome (docs/home.md): Home Assistant and whoever else may publish there.
    public static let broker = Senders(rawValue: 1 << 2)
    /// Only this user's programs on the control socket.
    public static let localOnly: Senders = []
    /// The pages wherever they are open: on this machine and on paired devices.
    public static let pages: Senders = [.page, .paired]
    /// The pages, and a broker: what a bedside clock is asked from across the house (snooze, dismiss, a sound).
    public static let pagesAndBroker: Senders = [.page, .paired, .broker]
}

/// Who sends a request to the daemon, as noiseweb knows it.
public enum Principal: String, Sendable, CaseIterable {
    /// A program of this user on the control socket.
    case local
    /// A signed-in page on this machine.
    case page
    /// A paired device.
    case paired
    /// A message on the MQTT broker, relayed by noisehome.
    case broker

    /// Whether a command open to `senders` may come from this principal.
    public func may(send senders: Senders) -> Bool {
        switch self {
        case .local: true
        case .page: senders.contains(.page)
        case .paired: senders.contains(.paired)
        case .broker: senders.contains(.broker)
        }
    }
}

extension DaemonCommand {
    /// The `args` object this command sends, as JSON.
    public var arguments: [String: JSONValue] {
        get throws {
            guard case .object(let fields) = try JSONCoding.decode(JSONValue.self, from: JSONCoding.line(self)) else {
                return [:]
            }
            return fields
        }
    }
}

/// A command with no arguments: `{}` on the wire, any other key refused.
public protocol PlainCommand: DaemonCommand {
    init()
}

extension PlainCommand {
    public init(arguments: [String: JSONValue]) throws(ProtocolError) {
        _ = try ArgumentReader(command: Self.name, args: arguments, accepted: [])
        self.init()
    }

    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: NoKeys.self)
    }
}

enum NoKeys: CodingKey {}
