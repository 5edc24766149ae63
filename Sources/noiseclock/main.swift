import Glibc
import NoisedCommand
import NoisewebCommand

// One program with two names (docs/install.md, "One program for noised and noiseweb"): noised and noiseweb are
// links to it, and the name it is started by (argv[0]'s last component) picks which one runs. So the Swift
// runtime, Foundation and ICU are on disk once for both. noisectl stays a program of its own: in here its start
// would load every library the daemon links and scan every conformance the daemon and the server have.
let invokedAs = CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
switch invokedAs {
case "noised":
    await NoisedMain.main()
case "noiseweb":
    await NoisewebMain.main()
default:
    var message = "noiseclock: run as noised or noiseweb (the links to this program), not as '\(invokedAs)'\n"
    message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}
