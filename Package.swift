// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
let pureCore: [Target.Dependency] = [
    "NoiseCore", "NoiseTime", "NoiseAlarms", "NoiseCatalog", "NoiseConfig", "NoiseProtocol",
    "ClockFace", "TimeScales", "MarsTime", "Orbits", "LifeCalendar", "NoiseHome",
]

let package = Package(
    name: "NoiseClock",
    platforms: [.macOS(.v15)],
    // noised, noisectl and noiseweb are one program with three names (docs/install.md): links to noiseclock, which
    // runs the one it is started as, so the Swift runtime and what the three share are on disk once.
    products: [
        .executable(name: "noiseclock", targets: ["noiseclock"])
    ],
    dependencies: [
        // 1.6: custom completions get the whole command line (noisectl passes its --socket on).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // The daemon's element downloads (docs/dependencies.md): timeouts, a size cap and TLS on the NIO it already runs.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // noiseweb's HTTP server and WebSocket (docs/dependencies.md, docs/web.md); noised links neither.
        // No default traits: `FullFoundation` would link all of Foundation and ICU's 34 MB of data into noiseweb
        // for a form coder's DateFormatter case we never use; `ConfigurationSupport` is for swift-configuration.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        // noiseweb's LAN mode (docs/web.md): its own certificate authority and server certificate (swift-certificates,
        // P-256 keys from swift-crypto), served with NIO's TLS (swift-nio-ssl, which AsyncHTTPClient already brings).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
    ],
    targets: [
        // C bridges to the system libraries (Debian: libasound2-dev, libmpg123-dev, libsndfile1-dev, libsoxr-dev).
        // CALSA carries a tiny C shim because libasound's error handler is variadic, which Swift cannot implement.
        .target(name: "CALSA", linkerSettings: [.linkedLibrary("asound")]),
        .target(name: "CLinux"),
        // libsystemd's sd-bus (Debian: libsystemd-dev), with the MPRIS object's vtables, which are C macros.
        .target(name: "CSystemd", linkerSettings: [.linkedLibrary("systemd")]),
        // Swift concurrency on SwiftNIO's threads, for the long-lived programs (noised, noiseweb): no libdispatch monitor.
        .target(
            name: "NoiseEventLoops",
            dependencies: [
                "CLinux", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict),
        // What noised and noiseweb take from systemd's side of a start: the socket passed to them and its address.
        .target(name: "NoiseSystemd", dependencies: ["CSystemd"], swiftSettings: strict),
        // libFuzzer's driver, declared for the fuzz harness; only the fuzz build (scripts/fuzz) links libFuzzer.
        // Both live with the tests they are (Tests/fuzz): Sources/ holds what ships.
        .target(name: "CFuzzer", path: "Tests/fuzz/CFuzzer"),
        .systemLibrary(name: "CMPG123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
        // WAV, FLAC, Ogg Vorbis and Opus (Debian: libsndfile1-dev), and resampling what is not at 44.1 kHz
        // (libsoxr-dev); MP3 stays with libmpg123, whose gapless decoding the shipped loops rely on.
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSoxr", pkgConfig: "soxr", providers: [.apt(["libsoxr-dev"])]),
        // QR codes for `noisectl web pair` (Debian: libqrencode-dev): the pairing URL drawn in the terminal.
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // SQLite (Debian: libsqlite3-dev): the alarm store's database, through NoiseSQLite.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // iCalendar (Debian: libical-dev, libical3): the holidays file alarms skip (`[alarms] holidays`), read by
        // noised. Loaded when first used (`noise_ical()`), not linked: it links ICU, which every start of the one
        // program (noisectl's too) would otherwise map and relocate, a millisecond each (docs/dependencies.md).
        .target(name: "CICal", dependencies: ["CLazyLibrary"]),
        // libmosquitto's header, its functions loaded by noisehome when it first connects to a broker (dlopen).
        .target(name: "CMosquitto", dependencies: ["CLazyLibrary"]),
        // dlopen and dlsym of a table of functions, for the two above.
        .target(name: "CLazyLibrary"),

        // The pure core, no I/O, one module per domain (docs/architecture.md has the map; a test checks it).
        // NoiseCore: limits, JSON, errors, parsing and path rules every other module uses.
        .target(name: "NoiseCore", swiftSettings: strict),
        // Time zones (TZif, POSIX rules), civil dates, ISO 8601.
        .target(name: "NoiseTime", dependencies: ["NoiseCore"], swiftSettings: strict),
        // Time scales: leap seconds (TAI − UTC), Terrestrial Time, Julian dates; shared by Mars time and satellites.
        .target(name: "TimeScales", dependencies: ["NoiseTime"], swiftSettings: strict),
        // Mars time: NASA GISS's Mars24 algorithm (docs/mars.md).
        .target(name: "MarsTime", dependencies: ["NoiseCore", "TimeScales"], swiftSettings: strict),
        // SGP4 and the sky's geometry: pure, no I/O (docs/satellites.md).
        .target(name: "Orbits", dependencies: ["NoiseCore", "NoiseTime", "TimeScales"], swiftSettings: strict),
        // The life calendar: weeks lived and left, habits' bonus minutes, the gratitude diary's formats (docs/life.md).
        .target(name: "LifeCalendar", dependencies: ["NoiseCore", "NoiseTime"], swiftSettings: strict),
        // Alarms: the model, repeat rules, the next trigger, the scheduler's state machine, the legacy import.
        .target(
            name: "NoiseAlarms", dependencies: ["NoiseCore", "NoiseTime", "TimeScales", "MarsTime", "Orbits"],
            swiftSettings: strict),
        // The sound catalog: its file format, its rules, the sound library.
        .target(name: "NoiseCatalog", dependencies: ["NoiseCore"], swiftSettings: strict),
        // config.toml: the TOML-subset parser, the keys, the settings, the editor.
        .target(
            name: "NoiseConfig",
            dependencies: ["NoiseCore", "NoiseTime", "NoiseAlarms", "NoiseCatalog", "MarsTime", "Orbits"],
            swiftSettings: strict),
        // The socket protocol: commands and their arguments, replies, events, the status types.
        .target(
            name: "NoiseProtocol",
            dependencies: [
                "NoiseCore", "NoiseTime", "NoiseAlarms", "NoiseCatalog", "MarsTime", "Orbits",
                "LifeCalendar",
            ],
            swiftSettings: strict),
        // noisehome's pure part (docs/home.md): which hook an event runs, with what; how many run at once.
        .target(
            name: "NoiseHome", dependencies: ["NoiseCore", "NoiseCatalog", "NoiseProtocol", "NoiseConfig"],
            swiftSettings: strict),
        // The terminal clocks' faces and the life grid's views, the poster too (noisectl only).
        .target(
            name: "ClockFace", dependencies: ["NoiseCore", "NoiseTime", "NoiseConfig", "LifeCalendar"],
            swiftSettings: strict),

        // The I/O edges both executables share (the system's tz database, peer credentials), kept out of the pure core.
        .target(
            name: "NoiseSystem", dependencies: ["NoiseCore", "NoiseTime", "TimeScales", "Orbits"], swiftSettings: strict
        ),

        // A small layer over SQLite's C API: connections, statements, rows, transactions, migrations (GRDB's table).
        .target(name: "NoiseSQLite", dependencies: ["CSQLite"], swiftSettings: strict),
        // Alarms, snoozes and missed alarms in SQLite.
        .target(
            name: "NoiseStore",
            dependencies: [
                "NoiseCore", "NoiseAlarms", "NoiseCatalog", "LifeCalendar", "NoiseTime", "NoiseSystem", "NoiseSQLite",
            ],
            swiftSettings: strict
        ),

        // Decoding, mixing and the output thread.
        .target(
            name: "NoiseAudio",
            dependencies: ["NoiseCore", "NoiseCatalog", "NoiseSystem", "CALSA", "CMPG123", "CSndfile", "CSoxr"],
            swiftSettings: strict
        ),

        // D-Bus: MPRIS, notifications and logind, on a thread of its own.
        .target(
            name: "NoiseDBus", dependencies: ["NoiseProtocol", "NoiseSystem", "CSystemd", "CLinux"],
            swiftSettings: strict),

        // What both ends of the control socket share below the protocol, on NIO's buffers: the line framer.
        .target(
            name: "NoiseWire", dependencies: ["NoiseCore", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strict),
        // The control socket: connections, lines, limits and the events' fan-out; what a request does is the daemon's.
        .target(
            name: "NoiseControl",
            dependencies: [
                "NoiseCore", "NoiseProtocol", "NoiseSystem", "NoiseWire",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // Actors and the services they run in.
        .target(
            name: "NoiseDaemon",
            dependencies: [
                "NoiseCore", "NoiseTime", "NoiseAlarms", "NoiseCatalog", "NoiseConfig", "NoiseProtocol", "NoiseControl",
                "NoiseAudio", "NoiseStore", "NoiseSystem", "NoiseDBus", "TimeScales", "Orbits", "LifeCalendar",
                "CLinux", "CSystemd", "CICal",
                "NoiseSystemd", "NoiseEventLoops",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),

        // The satellites' element downloads over HTTP(S) (`ElementFetcher`), which `noised` hands the daemon. Apart
        // because AsyncHTTPClient brings TLS (BoringSSL) and HTTP/2: the unit tests of the actors build without them.
        .target(
            name: "NoiseDownload",
            dependencies: [
                "NoiseCore", "NoiseDaemon", "NoiseEventLoops",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),

        // noised's command line: options → configuration → run (`NoisedMain`, which noiseclock runs as noised).
        .target(
            name: "NoisedCommand",
            dependencies: [
                "NoiseCore", "NoiseConfig", "NoiseSystem", "NoiseDaemon", "NoiseDownload", "NoiseEventLoops", "CLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // The client side of the socket protocol: connect (with the peer check), request and reply, events, the
        // failures with their exit codes. noisectl's, and the one a second client builds on.
        .target(
            name: "NoiseClient",
            dependencies: [
                "NoiseCore", "NoiseAlarms", "NoiseConfig", "NoiseProtocol", "NoiseSystem", "NoiseTime", "Orbits",
                "LifeCalendar",
            ],
            swiftSettings: strict),
        // The async client on SwiftNIO, for long-lived clients on an event loop (noiseweb): several requests in flight,
        // events as an async sequence. Apart so noisectl, which stays on the blocking connection, links no NIO.
        .target(
            name: "NoiseClientAsync",
            dependencies: [
                "NoiseClient", "NoiseCore", "NoiseProtocol", "NoiseSystem", "NoiseWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // noisectl's commands, options and output, over NoiseClient; a library so they are unit-tested.
        .target(
            name: "NoisectlCommands",
            dependencies: [
                "NoiseClient", "NoiseCore", "NoiseTime", "NoiseAlarms", "NoiseCatalog", "NoiseConfig", "NoiseProtocol",
                "ClockFace", "NoiseSystem", "CLinux", "TimeScales", "MarsTime", "Orbits", "LifeCalendar", "CQREncode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        // noiseweb's rules without the server (docs/web.md): the security checks as pure functions of a request's
        // facts, the login codes and sessions, the web root's files, `/api/clock`'s reading and saving. Apart from
        // NoiseWeb so its unit tests build without Hummingbird.
        .target(
            name: "NoiseWebCore",
            dependencies: [
                "NoiseCore", "NoiseConfig", "NoiseClient", "NoiseSystem", "NoiseTime", "TimeScales",
                "MarsTime", "NoiseProtocol", "ClockFace", "Orbits",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict),
        // noiseweb's LAN mode: the local certificate authority and the server certificate it signs, kept under
        // $XDG_STATE_HOME/noiseweb, and the TLS context made from them.
        .target(
            name: "NoiseWebTLS",
            dependencies: [
                "NoiseCore", "NoiseSystem",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
        // noiseweb's server on Hummingbird: the gate and headers as middleware, the routes, the WebSocket, the
        // listener; it relays to noised through `DaemonClient`, never a protocol of its own.
        .target(
            name: "NoiseWeb",
            dependencies: [
                "NoiseWebCore", "NoiseWebTLS", "NoiseCore", "NoiseConfig", "NoiseProtocol", "NoiseClient",
                "NoiseClientAsync", "ClockFace",
                "NoiseSystem", "NoiseEventLoops",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
        // noiseweb's command line and start-up (`NoisewebMain`, which noiseclock runs as noiseweb).
        .target(
            name: "NoisewebCommand",
            dependencies: [
                "NoiseWeb", "NoiseWebCore", "NoiseWebTLS", "NoiseCore", "NoiseConfig", "NoiseClient", "NoiseSystem",
                "NoiseSystemd",
                "NoiseEventLoops",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // noised, noisectl and noiseweb in one executable, run by the name it is started as (argv[0]).
        // noisehome's command line and its I/O: the connection to noised, the hooks run as child processes.
        .target(
            name: "NoisehomeCommand",
            dependencies: [
                "NoiseCore", "NoiseConfig", "NoiseProtocol", "NoiseSystem", "NoiseClient", "NoiseClientAsync",
                "NoiseEventLoops", "NoiseHome", "CMosquitto",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "noiseclock",
            dependencies: ["NoisedCommand", "NoisectlCommands", "NoisewebCommand", "NoisehomeCommand"],
            swiftSettings: strict),

        // The bench's floors for rows 1 and 2 (scripts/benchlib/control.py): a client made of noisectl's libraries
        // doing nothing else, and bare NIO servers beside noised. Not installed; kept out of Sources/, which holds
        // what ships.
        .executableTarget(
            name: "client-floor",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/client-floor",
            swiftSettings: strict
        ),
        // Row 10's in-process figure (scripts/benchlib/passes.py): the pass search timed inside one process, as
        // skyfield's side of that row is.
        .executableTarget(
            name: "pass-search", dependencies: ["Orbits"], path: "Benchmarks/pass-search",
            swiftSettings: strict),
        .executableTarget(
            name: "nio-floor",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/nio-floor",
            swiftSettings: strict
        ),

        // What the tests, the soak and the fuzz harness drive the daemon with (hand-moved clocks, an audio output
        // the test paces, sounds held in memory); linked into no product.
        // `TestDaemon` runs the real control server over the real request handler, wired in memory.
        .target(
            name: "NoiseTesting",
            dependencies: [
                "NoiseCore", "NoiseTime", "NoiseCatalog", "NoiseConfig", "NoiseDaemon", "NoiseAudio", "NoiseControl",
                "NoiseStore",
                "NoiseSystem", .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),

        // The fuzz harness (docs/reliability.md): a libFuzzer driver when built with -DNOISE_FUZZING by
        // `make fuzz`; any other build links a stub that says so.
        .executableTarget(
            name: "noise-fuzz",
            dependencies: [
                "NoiseCore", "NoiseTime", "NoiseAlarms", "NoiseCatalog", "NoiseConfig", "NoiseProtocol",
                "NoiseDaemon", "NoiseWire", "NoiseAudio", "NoiseStore", "NoiseSQLite", "NoiseSystem", "NoiseTesting",
                "CFuzzer", .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Tests/fuzz/noise-fuzz",
            swiftSettings: strict
        ),

        // Golden/ holds the terminal clocks' expected frames, read by path (GoldenFrame.swift), not as resources.
        .testTarget(name: "NoiseCoreTests", dependencies: pureCore, exclude: ["Golden"], swiftSettings: strict),
        .testTarget(name: "NoiseSystemTests", dependencies: pureCore + ["NoiseSystem"], swiftSettings: strict),
        .testTarget(
            name: "NoiseDaemonTests",
            dependencies: pureCore + [
                "NoiseDaemon", "NoiseControl", "NoiseWire", "NoiseAudio", "NoiseStore", "NoiseSystem", "NoiseTesting",
                "NoiseDBus",
                "NoiseSystemd", "NoiseSQLite",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "NoiseStoreTests",
            dependencies: pureCore + ["NoiseStore", "NoiseSQLite"], exclude: ["Fixtures"], swiftSettings: strict
        ),
        .testTarget(name: "NoiseSQLiteTests", dependencies: ["NoiseSQLite"], swiftSettings: strict),
        .testTarget(
            name: "NoiseAudioTests", dependencies: pureCore + ["NoiseAudio", "NoiseTesting"], swiftSettings: strict),
        // noisectl's commands parsed and checked with argument-parser's own parsing, no daemon needed.
        .testTarget(
            name: "NoisectlTests",
            dependencies: pureCore + [
                "NoisectlCommands", "NoiseClient", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // Both clients against an in-process daemon (the real control server and request handler, in memory): the
        // async `DaemonClient`, and noisectl's commands run in process.
        .testTarget(
            name: "NoiseClientTests",
            dependencies: pureCore + [
                "NoiseClient", "NoiseClientAsync", "NoisectlCommands", "NoiseTesting", "NoiseSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // noiseweb's pure checks: Host, Origin, the login code, the session cookie, the headers, static paths.
        .testTarget(
            name: "NoiseWebTests",
            dependencies: [
                "NoiseWebCore", "NoiseClient", "NoiseCore", "NoiseConfig", "NoiseSystem", "MarsTime",
                "TimeScales",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ], swiftSettings: strict),
        // Thirty days of alarms through the scheduler actor in seconds (`swift test --filter NoiseSoakTests`).
        .testTarget(
            name: "NoiseSoakTests",
            dependencies: pureCore + [
                "NoiseDaemon", "NoiseControl", "NoiseStore", "NoiseSystem", "NoiseTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
