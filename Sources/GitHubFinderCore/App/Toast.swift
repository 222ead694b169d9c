/// A short message at the bottom of the window, with an optional button.
public struct Toast: Sendable {
    public var message: String
    public var actionTitle: String?
    public var action: (@MainActor @Sendable () -> Void)?

    public init(message: String, actionTitle: String? = nil, action: (@MainActor @Sendable () -> Void)? = nil) {
        self.message = message
        self.actionTitle = actionTitle
        self.action = action
    }

    /// A removal that can be taken back.
    public static func undo(_ message: String, action: @escaping @MainActor @Sendable () -> Void) -> Toast {
        Toast(message: message, actionTitle: tr("Undo"), action: action)
    }

    /// A failure that trying again may mend.
    public static func retry(_ message: String, action: @escaping @MainActor @Sendable () -> Void) -> Toast {
        Toast(message: message, actionTitle: tr("Retry"), action: action)
    }

    /// Whether the message has a line too long for a narrow (360 px) window, so it must wrap.
    /// Lines that fit are shown as they are: a wrapping label is laid out again at every width
    /// GTK measures it at.
    public var messageWraps: Bool {
        message.split(separator: "\n").contains { StatePage.columns($0) > Self.messageColumns }
    }

    static let messageColumns = 44
}
