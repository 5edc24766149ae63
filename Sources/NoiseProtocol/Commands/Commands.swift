/// The protocol's commands, one type each (docs/protocol.md, "Commands"); `CommandRegistry.all` lists them.
public enum Commands {}
