import Glibc
import NoisectlCommands
import NoisedCommand
import NoisehomeCommand
import NoisewebCommand

// One program with four names (docs/install.md, "One program"): noised, noisectl, noiseweb and noisehome are links to it,
// and the name it is started by (argv[0]'s last component) picks which one runs. So the Swift runtime and the
// libraries the three share are on disk once.
let invokedAs = CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
switch invokedAs {
case "noised":
    await NoisedMain.main()
case "noisectl":
    NoisectlMain.main(Array(CommandLine.arguments.dropFirst()))
case "noiseweb":
    await NoisewebMain.main()
case "noisehome":
    await NoisehomeMain.main()
default:
    var message =
        "noiseclock: run as noised, noisectl, noiseweb or noisehome (the links to this program), not as '\(invokedAs)'\n"
    message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}
