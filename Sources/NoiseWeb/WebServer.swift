import ClockFace
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseProtocol
import NoiseSystem
import NoiseWebCore
import ServiceLifecycle

/// noiseweb's HTTP server: the routes (`/login`, `/api/command`, `/ws`, the web root's files) behind the security
/// headers and the gate, on Hummingbird. The WebSocket upgrade goes through a router of its own with the same
/// gate: an upgrade the gate refuses is not upgraded, and the plain router then answers it with the refusal.
public struct WebServer: Sendable {
    public struct Configuration: Sendable {
        public var listen: ListenAddress
        public var socketPath: String
        public var webRoot: StaticFiles
        public var state: WebStateFolder
        /// config.toml, for the face's `[clock]` settings.
        public var config: ConfigStore
        /// The listening socket systemd passed (`noiseweb.socket`), bound to `listen`; nil to bind `listen`.
        public var adoptedSocket: Int32?

        public init(listen: ListenAddress, socketPath: String, webRoot: StaticFiles, state: WebStateFolder, config: ConfigStore,
                    adoptedSocket: Int32? = nil) {
            self.config = config
            self.adoptedSocket = adoptedSocket
            self.listen = listen
            self.socketPath = socketPath
            self.webRoot = webRoot
            self.state = state
        }
    }

    let configuration: Configuration
    let logger: Logger

    public init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Serves until SIGTERM or SIGINT; `onListening` is told the address once the socket listens.
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let gate = WebGate(hosts: AcceptedHosts(listen: configuration.listen))
        let sessions = SessionStore()
        let link = DaemonLink(socketPath: configuration.socketPath, logger: logger)
        let relay = CommandRelay(socketPath: configuration.socketPath)
        let codes = LoginCodes(folder: configuration.state)
        let files = configuration.webRoot

        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: GateMiddleware(gate: gate, sessions: sessions))
        router.get(RouterPath(WebRoute.loginPath)) { request, _ -> Response in
            if let refusal = codes.redeem(request.uri.queryParameters.get("code"), now: WallTime.seconds()) {
                return WebResponses.refusal(refusal, path: request.uri.path)
            }
            return WebResponses.loggedIn(cookie: SessionCookie.setCookie(sessions.open()))
        }
        // A command or a settings change: a JSON body of at most `maxWebCommandBytes`, answered by `answer`.
        func post(_ path: String, _ answer: @escaping @Sendable ([UInt8]) async -> WebReply) {
            router.post(RouterPath(path)) { request, _ -> Response in
                var request = request
                guard let body = try? await request.collectBody(upTo: Limits.maxWebCommandBytes) else {
                    return WebResponses.refusal(WebRefusal(status: 413, code: "too_large",
                                                           message: "A request is at most \(Limits.maxWebCommandBytes) bytes."),
                                                path: request.uri.path)
                }
                return await answer(Array(buffer: body)).response
            }
        }
        post(WebRoute.commandPath) { await relay.relay($0) }
        for (path, settings) in [(WebRoute.clockSettingsPath, SettingsTableAPI.clock(store: configuration.config)),
                                 (WebRoute.locationPath, SettingsTableAPI.location(store: configuration.config))] {
            router.get(RouterPath(path)) { _, _ -> Response in await settings.read().response }
            post(path) { await settings.save($0) }
        }
        let mars = MarsAPI(store: configuration.config)
        router.get(RouterPath(WebRoute.marsPath)) { request, _ -> Response in
            let query = request.uri.queryParameters
            return await mars.readings(places: query.getAll("place"), at: query.get("at"),
                                       now: WallTime.seconds()).response
        }
        router.get(RouterPath(WebRoute.marsSitesPath)) { _, _ -> Response in MarsAPI.sites().response }
        let iss = IssAPI(store: configuration.config, elements: ElementCache(environment: ProcessEnvironment.current),
                         zones: SystemTimeZoneSource(environment: ProcessEnvironment.current))
        // Each reads the elements and config.toml: off the event loops, as `/api/clock`'s reading is.
        func issRoute(_ path: String, _ answer: @escaping @Sendable (IssAPI.Query, Request) -> WebReply) {
            router.get(RouterPath(path)) { request, _ -> Response in
                let parameters = request.uri.queryParameters
                switch IssAPI.Query.read(at: parameters.get("at"), satellite: parameters.get("satellite"), now: WallTime.seconds()) {
                case .success(let query):
                    return await BlockingWork.run(name: "noiseweb-iss") { answer(query, request) }.response
                case .failure(let refusal):
                    return WebReply.failure(refusal).response
                }
            }
        }
        issRoute(WebRoute.issPath) { query, _ in iss.situation(query).reply }
        issRoute(WebRoute.issTrackPath) { query, _ in iss.track(query).reply }
        issRoute(WebRoute.issPassesPath) { query, request in iss.passes(query, days: request.uri.queryParameters.get("days")).reply }
        let world = WorldAPI(store: configuration.config, zones: SystemTimeZoneSource(environment: ProcessEnvironment.current))
        router.get(RouterPath(WebRoute.worldPath)) { request, _ -> Response in
            let at = request.uri.queryParameters.get("at")
            guard let unix = at.map({ Int64($0) }) ?? Int64(WallTime.seconds().rounded(.down)), abs(unix) < 100_000_000_000 else {
                return WebReply.failure(400, code: "invalid_argument", message: "'at' must be whole Unix seconds, e.g. 1700000000").response
            }
            return await BlockingWork.run(name: "noiseweb-world") { WebReply.success(world.answer(at: unix)) }.response
        }
        router.get(RouterPath(WebRoute.lifePosterPath)) { request, _ -> Response in
            let paper: LifePoster.Paper
            switch LifePosterAPI.paper(request.uri.queryParameters.get("paper")) {
            case .success(let chosen): paper = chosen
            case .failure(let refusal): return WebReply.failure(refusal).response
            }
            let poster = await relay.request("life_show", as: LifeInfo.self).flatMap { info in
                LifePosterAPI.poster(info, paper: paper).mapError { WebReply.failure($0) }
            }
            switch poster {
            case .success(let svg): return WebResponses.download(Array(svg.utf8), contentType: "image/svg+xml", name: "life.svg")
            case .failure(let reply): return reply.response
            }
        }
        router.get(RouterPath(WebRoute.eventsPath)) { request, _ -> Response in
            WebResponses.refusal(WebRefusal(status: 400, code: "upgrade_required", message: "/ws is a WebSocket."),
                                 path: request.uri.path)
        }
        let serveFile: @Sendable (Request, BasicWebSocketRequestContext) async throws -> Response = { request, _ in
            guard let file = files.file(at: request.uri.path) else {
                return WebResponses.refusal(WebRefusal(status: 404, code: "not_found", message: "There is no such page."),
                                            path: request.uri.path)
            }
            return WebResponses.file(file.bytes, contentType: file.contentType)
        }
        // HEAD as GET: the same head, and NIO sends no body with it.
        for path: RouterPath in ["/", "**"] {
            router.get(path, use: serveFile)
            router.head(path, use: serveFile)
        }

        let webSockets = Router(context: BasicWebSocketRequestContext.self)
        webSockets.add(middleware: GateMiddleware(gate: gate, sessions: sessions))
        webSockets.ws(RouterPath(WebRoute.eventsPath)) { inbound, outbound, _ in
            let (page, messages) = await link.join()
            await withTaskGroup(of: Void.self) { group in
                // The page sends nothing the server reads; this loop only notices it closing.
                group.addTask { do { for try await _ in inbound {} } catch {} }
                group.addTask {
                    for await text in messages {
                        do { try await outbound.write(.text(text)) } catch { return }
                    }
                }
                await group.next()
                group.cancelAll()
            }
            await link.leave(page)
        }

        let routes = router.buildResponder()
        let logger = logger
        let connection = HTTP1WebSocketUpgradeChannel(
            responder: { request, writer, channel in
                let context = BasicWebSocketRequestContext(source: .init(channel: channel, logger: logger))
                var response: Response
                do {
                    response = try await routes.respond(to: request, context: context)
                } catch {
                    logger.debug("a route failed: \(error)")
                    response = Response(status: .internalServerError)
                }
                response.headers[.date] = HTTPDate.now()
                try await writer.write(response: response.head, body: response.body)
            },
            webSocketResponder: webSockets.buildResponder(),
            // No automatic ping: its wait is a `Task.sleep`, which Swift 6.3 hands to libdispatch whatever executor
            // runs the tasks, and libdispatch's pool then wakes noiseweb every second for good. A page notices a
            // dead connection itself (its socket closes) and reconnects.
            configuration: .init(ws: .init(autoPing: .disabled)))
        let listen = configuration.listen
        let listener = WebListener(
            socket: configuration.adoptedSocket.map { .adopted($0) } ?? .bind(host: listen.host, port: listen.port),
            connection: connection, logger: logger, onListening: { onListening(listen.localURLBase) })
        var service = ServiceGroupConfiguration(services: [listener], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // A page left open holds its WebSocket; stopping must not wait on it for long.
        service.maximumGracefulShutdownDuration = .seconds(2)
        service.maximumCancellationDuration = .seconds(1)
        try await ServiceGroup(configuration: service).run()
    }
}
