/// A request line, decoded and checked: its id and command.
public struct Request: Sendable {
    public var id: RequestID
    public var command: any DaemonCommand

    public init(id: RequestID, command: any DaemonCommand) {
        self.id = id
        self.command = command
    }
}

extension Request: Equatable {
    public static func == (lhs: Request, rhs: Request) -> Bool {
        lhs.id == rhs.id && lhs.command.isEqual(to: rhs.command)
    }
}

extension DaemonCommand {
    /// The same command with the same arguments.
    public func isEqual(to other: any DaemonCommand) -> Bool {
        (other as? Self) == self
    }
}
