/// A notification through `org.freedesktop.Notifications`.
public struct DesktopNotification: Sendable, Equatable {
    public enum Urgency: UInt8, Sendable {
        case low = 0, normal = 1, critical = 2
    }

    public var summary: String
    public var body: String
    public var urgency: Urgency
    /// Buttons: the action key sent back in `ActionInvoked`, and the label shown.
    public var actions: [(key: String, label: String)]
    /// Milliseconds; 0 stays until closed, -1 is the server's default.
    public var expireMilliseconds: Int32

    public init(
        summary: String, body: String, urgency: Urgency, actions: [(key: String, label: String)] = [],
        expireMilliseconds: Int32 = -1
    ) {
        self.summary = summary
        self.body = body
        self.urgency = urgency
        self.actions = actions
        self.expireMilliseconds = expireMilliseconds
    }

    public static func == (lhs: DesktopNotification, rhs: DesktopNotification) -> Bool {
        lhs.summary == rhs.summary && lhs.body == rhs.body && lhs.urgency == rhs.urgency
            && lhs.actions.map(\.key) == rhs.actions.map(\.key) && lhs.actions.map(\.label) == rhs.actions.map(\.label)
            && lhs.expireMilliseconds == rhs.expireMilliseconds
    }
}
