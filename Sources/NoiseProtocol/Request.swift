/// A request line, decoded and checked: its id and command.
public struct Request: Sendable, Equatable {
    public var id: RequestID
    public var command: Command
}
