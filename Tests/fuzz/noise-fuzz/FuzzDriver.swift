#if NOISE_FUZZING
import CFuzzer
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Picks the target, prepares it, and hands the rest of the command line to libFuzzer.
enum FuzzDriver {
    /// The target every input goes to. A global, because libFuzzer's callback is a C function pointer and cannot
    /// capture anything; set once before libFuzzer starts and only read after.
    nonisolated(unsafe) static var target: (any FuzzTarget)?

    /// The target named by the first argument (which is then removed, and exported so that libFuzzer's
    /// `-fork`/`-jobs` children, started with the remaining arguments, fuzz the same one), by
    /// `$NOISE_FUZZ_TARGET`, or `request`; built and ready. Nil, with a message, when it cannot be.
    static func select(arguments: inout [String]) -> (any FuzzTarget)? {
        var name = getenv("NOISE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        if arguments.count > 1, FuzzTargets.names.contains(arguments[1]) {
            name = arguments.remove(at: 1)
            setenv("NOISE_FUZZ_TARGET", name, 1)
        }
        if name.isEmpty { name = "request" }
        do {
            guard let target = try FuzzTargets.make(name) else {
                let names = FuzzTargets.names.joined(separator: ", ")
                printError("noise-fuzz: unknown target '\(name)'; targets: \(names)")
                return nil
            }
            return target
        } catch {
            printError("noise-fuzz: cannot set up target '\(name)': \(error)")
            return nil
        }
    }

    #if NOISE_FUZZING
    static func run(arguments: [String]) -> Int32 {
        var arguments = arguments
        guard let selected = select(arguments: &arguments) else { return 2 }
        target = selected
        // libFuzzer keeps (and may rewrite) argv for the whole run: the strings are never freed.
        var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var argc = Int32(arguments.count)
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
                FuzzDriver.target?.run(bytes)
                return 0
            }
        }
    }
    #endif
}

/// One thing to fuzz. `run` is called on libFuzzer's thread, once per input; it returns normally whatever the
/// input, and calls `FuzzFailure.report` (which aborts, so libFuzzer saves the input) when an invariant breaks.
protocol FuzzTarget: Sendable {
    var name: String { get }
    func run(_ bytes: [UInt8])
}

enum FuzzTargets {
    static let names = ["request", "toml", "catalog", "import"]

    /// The target called `name`, with what it shares between inputs set up; nil for an unknown name.
    static func make(_ name: String) throws -> (any FuzzTarget)? {
        switch name {
        case "request": try RequestTarget()
        case "toml": TOMLTarget()
        case "catalog": CatalogTarget()
        case "import": LegacyImportTarget()
        default: nil
        }
    }
}

/// A broken invariant: says which and aborts, so libFuzzer reports a crash and writes the input to a crash-* file.
enum FuzzFailure {
    static func report(_ target: String, _ message: String, input: [UInt8]) -> Never {
        let shown = String(decoding: input.prefix(400), as: UTF8.self)
        printError("noise-fuzz: \(target): invariant broken: \(message)\n  input (\(input.count) bytes): \(shown)")
        abort()
    }
}

/// Writes a line to standard error (with `write(2)`: the C `stderr` global is shared mutable state to Swift 6).
func printError(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
